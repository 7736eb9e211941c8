import type { ReactNode } from 'react';
import type { Product } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { isUploadedItem } from '../model/library-item';
import { LibraryGrid } from './library-grid';
import { EnlargedReplacementCard, ReplacementCard } from './replacement-card';

interface ReplacementListProps {
  /** The replacements the server proposed for one element, best match first. */
  products: readonly Product[];
  selectedId: string | null;
  onSelect: (product: Product | null) => void;
  /** The hex of the colour picked on the selected product's card. */
  selectedColour: string | null;
  onColourSelect: (hex: string | null) => void;
  /** What the enlarged card also offers for the product in the picked colour. */
  renderAction?: (product: Product, colourHex: string | null) => ReactNode;
}

/**
 * Spec §2 Change furniture: the loaded options as replacement cards, searchable by name; a card
 * enlarges to its description, colour swatches (a click picks the colour and its product) and
 * product link. Picking another product clears the colour.
 */
export function ReplacementList({
  products,
  selectedId,
  onSelect,
  selectedColour,
  onColourSelect,
  renderAction,
}: ReplacementListProps) {
  const { t } = useTranslation();
  const colourOf = (product: Product) =>
    product.id === selectedId
      ? (product.colors.find(({ hex }) => hex === selectedColour) ?? null)
      : null;

  return (
    <LibraryGrid
      label={t('library.products')}
      items={products}
      selectedId={selectedId}
      onSelect={(item) => {
        onSelect(item === null || isUploadedItem(item) ? null : item);
        onColourSelect(null);
      }}
      preview={(product) => ({ kind: 'image', src: product.image_url })}
      renderTile={(product) => <ReplacementCard product={product} />}
      renderEnlarged={(product) => (
        <EnlargedReplacementCard
          product={product}
          selectedColour={colourOf(product)}
          onColourSelect={(colour) => {
            if (product.id !== selectedId) onSelect(product);
            onColourSelect(colour.hex);
          }}
          action={renderAction?.(product, colourOf(product)?.hex ?? null)}
        />
      )}
      minTileWidth={150}
    />
  );
}
