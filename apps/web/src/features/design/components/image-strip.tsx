import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronLeft,
  IconChevronRight,
  IconChevronUp,
  IconDownload,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  CAROUSEL_SCROLL_MS,
  SCROLL_INTO_VIEW_DELAY_MS,
  carouselStep,
  scrollIntoViewTarget,
  type StripImage,
} from '../model/design-flow';
import classes from './image-strip.module.css';

interface ImageStripProps {
  images: StripImage[];
  selected: number | null;
  onToggle: (index: number) => void;
  /** Mobile: a compact numbered list instead of thumbnails. */
  compact: boolean;
  /** Names the downloaded files ("<design> - <image>.png"). */
  designName?: string;
}

/** A stored image's full-resolution download, named after the design and the image. */
export const downloadHref = (url: string, name: string) =>
  `${url}?download=${encodeURIComponent(name)}`;

/** Scrolls `element` to `left` with an ease-in-out over `duration` ms (spec §9: 400 ms). */
function animateScroll(element: HTMLElement, left: number, duration: number): () => void {
  const start = element.scrollLeft;
  const distance = left - start;
  const began = performance.now();
  let frame = 0;
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / duration);
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    element.scrollLeft = start + distance * eased;
    if (t < 1) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

/**
 * The desktop strip (spec §2): a minimizable carousel whose arrows scroll by 75 percent of the
 * visible width in 400 ms, and which brings the selected image into view 1500 ms after it changes.
 */
function Carousel({
  images,
  selected,
  onToggle,
  fileNameOf,
}: Omit<ImageStripProps, 'compact' | 'designName'> & {
  fileNameOf: (image: StripImage) => string;
}) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const [minimized, setMinimized] = useState(false);
  const [ends, setEnds] = useState({ start: true, end: true });
  const stopScroll = useRef<() => void>(() => undefined);

  const measure = () => {
    const element = track.current;
    if (element === null) return;
    setEnds({
      start: element.scrollLeft <= 1,
      end: element.scrollLeft + element.clientWidth >= element.scrollWidth - 1,
    });
  };

  const scrollTo = (left: number) => {
    const element = track.current;
    if (element === null) return;
    stopScroll.current();
    // Kept within the content, so a scroll that reaches an end still takes the whole 400 ms.
    const end = Math.max(0, element.scrollWidth - element.clientWidth);
    const target = Math.min(Math.max(left, 0), end);
    stopScroll.current = animateScroll(element, target, CAROUSEL_SCROLL_MS);
  };

  const scrollBy = (direction: -1 | 1) => {
    const element = track.current;
    if (element !== null)
      scrollTo(element.scrollLeft + carouselStep(element.clientWidth, direction));
  };

  useEffect(() => {
    measure();
    const element = track.current;
    if (element === null) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [images.length, minimized]);

  useEffect(() => {
    if (selected === null || minimized) return;
    const timer = window.setTimeout(() => {
      const element = track.current;
      const item = element?.children[selected] as HTMLElement | undefined;
      if (!element || !item) return;
      const target = scrollIntoViewTarget(
        { left: element.scrollLeft, width: element.clientWidth },
        { left: item.offsetLeft - element.offsetLeft, width: item.offsetWidth },
      );
      if (target !== element.scrollLeft) scrollTo(target);
    }, SCROLL_INTO_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [selected, images.length, minimized]);

  useEffect(() => () => stopScroll.current(), []);

  const nameOf = (image: StripImage) => image.name ?? t('design.workImage');

  return (
    <section className={classes.carousel}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c="sand.8">
          {t('design.imagesCount', { count: images.length })}
        </Text>
        <Group gap={4} wrap="nowrap">
          {minimized ? null : (
            <>
              <Tooltip label={t('design.scrollLeft')}>
                <ActionIcon
                  variant="default"
                  radius="xl"
                  aria-label={t('design.scrollLeft')}
                  disabled={ends.start}
                  onClick={() => scrollBy(-1)}
                >
                  <IconChevronLeft size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('design.scrollRight')}>
                <ActionIcon
                  variant="default"
                  radius="xl"
                  aria-label={t('design.scrollRight')}
                  disabled={ends.end}
                  onClick={() => scrollBy(1)}
                >
                  <IconChevronRight size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Tooltip label={minimized ? t('design.showImages') : t('design.minimizeImages')}>
            <ActionIcon
              variant="subtle"
              color="sand.8"
              radius="xl"
              aria-label={minimized ? t('design.showImages') : t('design.minimizeImages')}
              aria-expanded={!minimized}
              onClick={() => setMinimized((value) => !value)}
            >
              {minimized ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {minimized ? null : (
        <ul
          ref={track}
          className={classes.strip}
          aria-label={t('design.images')}
          onScroll={measure}
        >
          {images.map((image, index) => (
            <li key={`${index}:${image.url}`} className={classes.item}>
              <UnstyledButton
                className={classes.thumb}
                aria-pressed={selected === index}
                onClick={() => onToggle(index)}
              >
                <img className={classes.thumbImage} src={image.url} alt="" />
                <Text size="xs" fw={500} truncate>
                  {nameOf(image)}
                </Text>
              </UnstyledButton>
              <ActionIcon
                component="a"
                href={downloadHref(image.url, fileNameOf(image))}
                download
                className={classes.download}
                variant="white"
                color="sand.9"
                radius="xl"
                size="sm"
                aria-label={t('design.downloadImage', { name: nameOf(image) })}
              >
                <IconDownload size={14} />
              </ActionIcon>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The work image and the generated images (spec §2, tweak step); a click (de)selects one. */
export function ImageStrip({ images, selected, onToggle, compact, designName }: ImageStripProps) {
  const { t } = useTranslation();
  const nameOf = (image: StripImage) => image.name ?? t('design.workImage');
  const fileNameOf = (image: StripImage) =>
    designName ? `${designName} - ${nameOf(image)}` : nameOf(image);

  if (compact) {
    return (
      <ol className={classes.numbered} aria-label={t('design.images')}>
        {images.map((image, index) => (
          <li key={`${index}:${image.url}`}>
            <UnstyledButton
              className={classes.number}
              aria-pressed={selected === index}
              onClick={() => onToggle(index)}
            >
              <span className={classes.index}>{index + 1}</span>
              {nameOf(image)}
            </UnstyledButton>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Carousel images={images} selected={selected} onToggle={onToggle} fileNameOf={fileNameOf} />
  );
}
