import { useState } from 'react';
import { Anchor, Button, Group, Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import type { Design } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefFor } from '@/config/paths';
import { generatedImagesOf } from '../model/designs-list';
import classes from './design-renders.module.css';

interface RenderImage {
  url: string;
  name: string;
}

/** A render that opens full size, and its full-resolution download named "<design> - <render>". */
function Render({
  url,
  name,
  designName,
  onOpen,
}: RenderImage & { designName: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <figure className={classes.render}>
      <UnstyledButton
        className={classes.renderButton}
        onClick={onOpen}
        aria-label={t('designs.openFullSize', { name })}
      >
        <img className={classes.renderImage} src={url} alt={name} loading="lazy" />
      </UnstyledButton>
      <Group component="figcaption" justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} truncate>
          {name}
        </Text>
        <Anchor
          href={`${url}?download=${encodeURIComponent(`${designName} - ${name}`)}`}
          download
          size="sm"
          aria-label={t('designs.download', { name })}
        >
          <IconDownload size={16} aria-hidden />
        </Anchor>
      </Group>
    </figure>
  );
}

/** One render at full size: its own pixels, scaled down only to fit the screen. */
function FullSizeRender({ render, onClose }: { render: RenderImage | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={render !== null}
      onClose={onClose}
      title={render?.name}
      fullScreen
      classNames={{ body: classes.fullSizeBody }}
    >
      {render === null ? null : (
        <>
          <img className={classes.fullSizeImage} src={render.url} alt={render.name} />
          <Anchor
            href={render.url}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            className={classes.original}
          >
            <IconExternalLink size={14} /> {t('designs.openOriginal')}
          </Anchor>
        </>
      )}
    </Modal>
  );
}

interface DesignRendersProps {
  /** Kept after closing, so the dialog keeps its content while it fades out. */
  design: Design | null;
  opened: boolean;
  onClose: () => void;
}

/** Design detail (spec §2): the saved renders of a design, and the way to open it. */
export function DesignRenders({ design, opened, onClose }: DesignRendersProps) {
  const { t } = useTranslation();
  const [fullSize, setFullSize] = useState<RenderImage | null>(null);
  const renders: RenderImage[] =
    design === null
      ? []
      : [
          { url: design.base_image, name: t('designs.baseImage') },
          { url: design.state_image, name: t('designs.workImage') },
          ...generatedImagesOf(design).map(({ name, imageUrl }) => ({ url: imageUrl, name })),
        ];
  return (
    <>
      <Modal opened={opened && design !== null} onClose={onClose} title={design?.name} size="xl">
        {design === null ? null : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {renders.map((render, index) => (
                <Render
                  key={`${index}:${render.url}`}
                  {...render}
                  designName={design.name}
                  onOpen={() => setFullSize(render)}
                />
              ))}
            </SimpleGrid>
            <Group justify="flex-end" mt="lg">
              <Button component={Link} to={hrefFor('design', { id: String(design.id) })}>
                {t('designs.open')}
              </Button>
            </Group>
          </>
        )}
      </Modal>
      <FullSizeRender render={fullSize} onClose={() => setFullSize(null)} />
    </>
  );
}
