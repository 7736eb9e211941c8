import { useState, type ReactNode } from 'react';
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
 * enlarges to its description, colour swatches (a click picks the colour) and product link. A
 * colour picked on a product that is not the chosen one waits on its card and comes with the
 * product once the person picks it; picking never happens silently. Another product starts with
 * its own colour choice.
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
  /** Colours picked on cards of products not (yet) chosen, by product id. */
  const [waiting, setWaiting] = useState<Record<string, string>>({});
  const colourOf = (product: Product) => {
    const hex = product.id === selectedId ? selectedColour : (waiting[product.id] ?? null);
    return product.colors.find((colour) => colour.hex === hex) ?? null;
  };

  return (
    <LibraryGrid
      label={t('library.products')}
      items={products}
      selectedId={selectedId}
      onSelect={(item) => {
        const product = item === null || isUploadedItem(item) ? null : item;
        onSelect(product);
        onColourSelect(product === null ? null : (waiting[product.id] ?? null));
      }}
      preview={(product) => ({ kind: 'image', src: product.image_url })}
      renderTile={(product) => <ReplacementCard product={product} />}
      renderEnlarged={(product) => (
        <EnlargedReplacementCard
          product={product}
          selectedColour={colourOf(product)}
          onColourSelect={(colour) => {
            const picked = colourOf(product)?.hex === colour.hex ? null : colour.hex;
            if (product.id === selectedId) onColourSelect(picked);
            setWaiting((all) => {
              const others = Object.entries(all).filter(([id]) => id !== product.id);
              return Object.fromEntries(
                picked === null ? others : [...others, [product.id, picked]],
              );
            });
          }}
          action={renderAction?.(product, colourOf(product)?.hex ?? null)}
        />
      )}
      minTileWidth={150}
    />
  );
}
