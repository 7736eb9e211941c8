import { ActionIcon, Text, UnstyledButton } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StripImage } from '../model/design-flow';
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
    <ul className={classes.strip} aria-label={t('design.images')}>
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
  );
}
