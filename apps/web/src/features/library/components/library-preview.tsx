import type { LibraryPreview as Preview } from '../model/library-item';
import classes from './library-grid.module.css';

interface LibraryPreviewProps {
  preview: Preview;
  /** A tile in the grid, or the big view in the enlarge dialog. */
  size: 'tile' | 'large';
  alt?: string;
}

/** A colour swatch or an image, square in the grid and wide in the dialog. */
export function LibraryPreview({ preview, size, alt = '' }: LibraryPreviewProps) {
  const className =
    size === 'large' ? `${classes.preview} ${classes.previewLarge}` : classes.preview;
  if (preview.kind === 'swatch') {
    return <span className={className} style={{ background: preview.hex }} aria-hidden />;
  }
  return (
    <img
      className={className}
      src={preview.src}
      alt={alt}
      loading={size === 'tile' ? 'lazy' : undefined}
      draggable={false}
    />
  );
}
