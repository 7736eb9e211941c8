import { Button, Group, Stack, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/hooks/use-screen';
import { stripImages } from '../model/design-flow';
import { selectShownImage, useEditorStore } from '../store/editor-store';
import { ImageStrip } from './image-strip';
import classes from './tweak-design.module.css';

/**
 * The tweak step's main area (spec §2): the way back to the upload step, the selected image large
 * (the work image when none is selected) and the strip of the design's images.
 */
export function TweakDesign() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const name = useEditorStore((state) => state.draft.name);
  const generated = useEditorStore((state) => state.draft.generated_images);
  const workImage = useEditorStore(selectShownImage);
  const selected = useEditorStore((state) => state.selectedImage);
  const toggleImage = useEditorStore((state) => state.toggleImage);
  const previousStep = useEditorStore((state) => state.previousStep);
  if (workImage === null) return null;

  const images = stripImages(workImage, generated);
  const shown = images[selected ?? 0] ?? images[0];

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Button
          variant="subtle"
          color="sand.8"
          px="xs"
          leftSection={<IconChevronLeft size={18} />}
          onClick={previousStep}
        >
          {t('design.goBack')}
        </Button>
        <Title order={1} size="h3" ta="right" lineClamp={1}>
          {name || t('design.newDesign')}
        </Title>
      </Group>
      <figure className={classes.stage}>
        <img
          className={classes.stageImage}
          src={shown?.url}
          alt={shown?.name ?? t('design.workImage')}
        />
      </figure>
      <ImageStrip images={images} selected={selected} onToggle={toggleImage} compact={isMobile} />
    </Stack>
  );
}
