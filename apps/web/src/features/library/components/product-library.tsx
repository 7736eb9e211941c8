import { useState } from 'react';
import type { Product } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useProducts, type ProductFilters } from '../api/get-products';
import { isUploadedItem } from '../model/library-item';
import { LibraryGrid } from './library-grid';
import { EnlargedReplacementCard, ReplacementCard, type ProductColour } from './replacement-card';

interface ProductLibraryProps {
  /** Category, style, space type and the budget (whole units); the search is the grid's. */
  filters?: Omit<ProductFilters, 'query'>;
  selectedId: string | null;
  onSelect: (product: Product | null) => void;
  /** The colour picked on the selected product's enlarged card. */
  selectedColour: ProductColour | null;
  onColourSelect: (colour: ProductColour | null) => void;
  zoomDisabled?: boolean;
}

/**
 * The replacements of spec §2, Change furniture, as replacement cards. Picking another product
 * clears the colour; picking a colour on a card picks its product too.
 */
export function ProductLibrary({
  filters = {},
  selectedId,
  onSelect,
  selectedColour,
  onColourSelect,
  zoomDisabled,
}: ProductLibraryProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const products = useProducts({ ...filters, query: query || undefined });

  const select = (product: Product | null) => {
    onSelect(product);
    onColourSelect(null);
  };

  return (
    <LibraryGrid
      label={t('library.products')}
      items={products.data}
      loading={products.isPending}
      updating={products.isPlaceholderData}
      failed={products.isError}
      onRetry={() => void products.refetch()}
      selectedId={selectedId}
      onSelect={(item) => select(item === null || isUploadedItem(item) ? null : item)}
      onSearchChange={setQuery}
      preview={(product) => ({ kind: 'image', src: product.image_url })}
      renderTile={(product) => <ReplacementCard product={product} />}
      renderEnlarged={(product) => (
        <EnlargedReplacementCard
          product={product}
          selectedColour={product.id === selectedId ? selectedColour : null}
          onColourSelect={(colour) => {
            if (product.id !== selectedId) onSelect(product);
            onColourSelect(colour);
          }}
        />
      )}
      zoomDisabled={zoomDisabled}
      minTileWidth={150}
    />
  );
}
