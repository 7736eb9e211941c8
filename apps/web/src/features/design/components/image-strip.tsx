import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StripImage } from '../model/design-flow';
import classes from './image-strip.module.css';

interface ImageStripProps {
  images: StripImage[];
  selected: number | null;
  onToggle: (index: number) => void;
  /** Mobile: a compact numbered list instead of thumbnails. */
  compact: boolean;
}

/** The work image and the generated images (spec §2, tweak step); a click (de)selects one. */
export function ImageStrip({ images, selected, onToggle, compact }: ImageStripProps) {
  const { t } = useTranslation();
  const nameOf = (image: StripImage) => image.name ?? t('design.workImage');

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
        </li>
      ))}
    </ul>
  );
}
