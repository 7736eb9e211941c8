import { useEffect, useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/hooks/use-screen';
import { getSpaceElements } from '../api/actions';
import { updateDesign } from '../api/save-design';
import { reportActionError, useNotEnoughCredits } from '../hooks/use-action-error';
import { stripImages } from '../model/design-flow';
import type { Size } from '../model/mask';
import { usesMask } from '../model/tools';
import { selectSelectedImageUrl, selectShownImage, useEditorStore } from '../store/editor-store';
import { Comparison } from './comparison';
import { useEditorPorts } from './editor-ports';
import { FurnitureOverlay } from './furniture-overlay';
import { ImageStrip } from './image-strip';
import { MaskCanvas } from './mask-canvas';
import classes from './tweak-design.module.css';

/** Base images whose elements were asked for on this page load (asked once each). */
const detected = new Set<string>();

/**
 * Spec §4 Space elements: on page mount, a design without elements has them detected in its base
 * image; they are stored in the design (a saved design at once, so detecting them is no change
 * to save) and the credits updated.
 */
function useSpaceElements() {
  const { onCreditsChanged } = useEditorPorts();
  const notEnoughCredits = useNotEnoughCredits();
  const base = useEditorStore((state) => state.draft.base);
  const hasElements = useEditorStore((state) => state.draft.space_elements.length > 0);
  const detecting = useEditorStore((state) => state.detecting);
  const setDetecting = useEditorStore((state) => state.setDetecting);

  useEffect(() => {
    if (base === null || hasElements || detecting || detected.has(base.url)) return;
    detected.add(base.url);
    setDetecting(true);
    const session = useEditorStore.getState().designSession;
    getSpaceElements(base.source)
      .then(async (answer) => {
        // Still the same design, even when a save has meanwhile stored its photo.
        if (useEditorStore.getState().designSession !== session) return;
        // Detection stored the chosen photo: generation and saving send its URL, not the file.
        useEditorStore.getState().adoptStoredBase(base.url, answer.baseImage);
        useEditorStore.getState().adoptSpaceElements(answer.elements);
        onCreditsChanged(answer.remainingCredits);
        const { draft, saved } = useEditorStore.getState();
        if (saved === null || draft.id !== saved.id) return;
        const stored = await updateDesign(saved.id, { space_elements: draft.space_elements });
        useEditorStore.getState().adoptSavedSpaceElements(stored);
      })
      .catch((error: unknown) => reportActionError(error, notEnoughCredits))
      .finally(() => setDetecting(false));
    // Asked once per base image; the callbacks change identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [base, hasElements, detecting]);
}

/** The large image with its overlays: comparison, mask, furniture outlines, loading state. */
function Stage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const work = useEditorStore(selectShownImage);
  const base = useEditorStore((state) => state.draft.base?.url ?? null);
  const generated = useEditorStore((state) => state.draft.generated_images);
  const elements = useEditorStore((state) => state.draft.space_elements);
  const selected = useEditorStore((state) => state.selectedImage);
  const action = useEditorStore((state) => state.tweak.action);
  const generating = useEditorStore((state) => state.generating);
  const detecting = useEditorStore((state) => state.detecting);
  const setWorkSize = useEditorStore((state) => state.setWorkSize);
  const [natural, setNatural] = useState<Size | null>(null);
  if (work === null) return null;

  const images = stripImages(work, generated);
  const index = selected ?? 0;
  const shown = images[index] ?? images[0];
  const onWorkImage = index === 0;
  const masking = onWorkImage && usesMask(action);
  const furniture = onWorkImage && action === 'furniture';
  // Spec §2: the work image is compared with the photo, a generated image with the work image.
  const before = onWorkImage ? base : work;
  const compares = !isMobile && !masking && !furniture && before !== null && before !== shown?.url;

  return (
    <figure className={classes.stage} aria-busy={generating}>
      <div className={classes.frame}>
        <img
          className={classes.stageImage}
          src={shown?.url}
          alt={shown?.name ?? t('design.workImage')}
          draggable={false}
          onLoad={(event) => {
            const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
            setNatural({ width, height });
            if (onWorkImage) setWorkSize({ width, height });
          }}
        />
        {compares && shown ? (
          <Comparison
            // A new pair, or the same pair once the result became the work image (applied),
            // starts where spec §2 says.
            key={`${onWorkImage}|${before}|${shown.url}`}
            before={before}
            workImageSelected={onWorkImage}
          />
        ) : null}
        {masking && natural ? <MaskCanvas key={work} natural={natural} workImage={work} /> : null}
        {furniture && natural ? <FurnitureOverlay elements={elements} natural={natural} /> : null}
        {generating || (furniture && detecting) ? (
          <div className={classes.loading} role="status">
            <Loader color="white" type="dots" />
            <Text size="sm" fw={600} c="white">
              {generating ? t('tweak.generating') : t('tweak.detecting')}
            </Text>
          </div>
        ) : null}
      </div>
    </figure>
  );
}

/** "In this design": what the selected image used, once the design is saved (spec §1 cart). */
function InThisDesignSlot() {
  const { InThisDesign } = useEditorPorts();
  const designId = useEditorStore((state) => state.draft.id);
  const imageUrl = useEditorStore(selectSelectedImageUrl);
  const generated = useEditorStore((state) => state.draft.generated_images);
  const used = Object.values(generated)
    .flat()
    .find((image) => image.imageUrl === imageUrl)?.used;
  const count = used ? used.products.length + used.paints.length + used.textures.length : 0;
  if (!used || count === 0 || imageUrl === null || designId <= 0) return null;
  return <InThisDesign used={used} designId={designId} imageUrl={imageUrl} />;
}

/**
 * The tweak step's main area (spec §2): the way back to the upload step, the selected image large
 * (the work image when none is selected) with the tools' overlays, and the strip of the design's
 * images.
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
  useSpaceElements();
  if (workImage === null) return null;

  const images = stripImages(workImage, generated);

  return (
    <Stack gap="lg">
      {/* On a phone the title gets its own line, so a long name wraps instead of being cut. */}
      <Group
        justify="space-between"
        wrap={isMobile ? 'wrap' : 'nowrap'}
        gap={isMobile ? 4 : 'sm'}
        align="center"
      >
        <Button
          variant="subtle"
          color="sand.8"
          px="xs"
          leftSection={<IconChevronLeft size={18} />}
          onClick={previousStep}
        >
          {t('design.goBack')}
        </Button>
        <Title
          order={1}
          size={isMobile ? 'h4' : 'h3'}
          ta={isMobile ? 'left' : 'right'}
          lineClamp={isMobile ? 2 : 1}
          w={isMobile ? '100%' : undefined}
          px={isMobile ? 'xs' : undefined}
          title={name || undefined}
        >
          {name || t('design.newDesign')}
        </Title>
      </Group>
      <Stage />
      <ImageStrip
        images={images}
        selected={selected}
        onToggle={toggleImage}
        compact={isMobile}
        designName={name}
      />
      <InThisDesignSlot />
    </Stack>
  );
}
