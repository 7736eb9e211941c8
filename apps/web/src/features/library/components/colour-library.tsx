import { useState } from 'react';
import { Chip, Group, ScrollArea, Text } from '@mantine/core';
import type { PaintColourItem } from '@roomcraft/contracts';
import { useTranslation } from 'react-i18next';
import { useColours } from '../api/get-colours';
import { COLOUR_COLLECTIONS, isColourCollection } from '../model/colour-collections';
import type { LibraryPick } from '../model/library-item';
import { LibraryGrid } from './library-grid';
import classes from './colour-library.module.css';

const ALL = 'all';

interface ColourLibraryProps {
  selectedId: string | null;
  onSelect: (item: LibraryPick<PaintColourItem> | null) => void;
  zoomDisabled?: boolean;
  /** Offers the person's own colour image first (spec §5: image files only). */
  upload?: { maxFileSize: number };
}

/** The paint library (spec §2, Wall paint and Material change): swatches by collection. */
export function ColourLibrary({ selectedId, onSelect, zoomDisabled, upload }: ColourLibraryProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [collection, setCollection] = useState<string>(ALL);
  const colours = useColours({
    query: query || undefined,
    collection: collection === ALL ? undefined : collection,
  });
  const collectionName = (item: PaintColourItem) =>
    isColourCollection(item.collection)
      ? t(`library.collections.${item.collection}`)
      : item.collection;

  return (
    <LibraryGrid
      label={t('library.colours')}
      items={colours.data}
      loading={colours.isPending}
      updating={colours.isPlaceholderData}
      failed={colours.isError}
      onRetry={() => void colours.refetch()}
      selectedId={selectedId}
      onSelect={onSelect}
      onSearchChange={setQuery}
      preview={(item) => ({ kind: 'swatch', hex: item.hex })}
      caption={collectionName}
      details={(item) => (
        <Text size="sm" ff="monospace" tt="uppercase">
          {item.hex}
        </Text>
      )}
      zoomDisabled={zoomDisabled}
      upload={upload}
      minTileWidth={84}
      toolbar={
        <ScrollArea type="never" scrollbars="x" className={classes.collections}>
          <Chip.Group
            value={collection}
            onChange={(value) => setCollection(typeof value === 'string' ? value : ALL)}
          >
            <Group gap={6} wrap="nowrap" role="radiogroup" aria-label={t('library.collection')}>
              <Chip value={ALL} size="xs" variant="light">
                {t('library.allCollections')}
              </Chip>
              {COLOUR_COLLECTIONS.map((name) => (
                <Chip key={name} value={name} size="xs" variant="light">
                  {t(`library.collections.${name}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </ScrollArea>
      }
    />
  );
}
