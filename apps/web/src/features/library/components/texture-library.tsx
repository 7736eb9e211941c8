import { useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTextures, type LibraryTexture, type TextureKind } from '../api/get-textures';
import type { LibraryPick } from '../model/library-item';
import { LibraryGrid } from './library-grid';

interface TextureLibraryProps {
  /** Floors, walls or materials; all of them without it. */
  kind?: TextureKind;
  selectedId: string | null;
  onSelect: (item: LibraryPick<LibraryTexture> | null) => void;
  zoomDisabled?: boolean;
  /** Offers the person's own texture image first (spec §5: image files only). */
  upload?: { maxFileSize: number };
}

/** The texture library (spec §2, Floors and Material change), with an optional own upload. */
export function TextureLibrary({
  kind,
  selectedId,
  onSelect,
  zoomDisabled,
  upload,
}: TextureLibraryProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const textures = useTextures({ query: query || undefined, kind });

  return (
    <LibraryGrid
      label={t('library.textures')}
      items={textures.data}
      loading={textures.isPending}
      updating={textures.isPlaceholderData}
      failed={textures.isError}
      onRetry={() => void textures.refetch()}
      selectedId={selectedId}
      onSelect={onSelect}
      onSearchChange={setQuery}
      preview={(item) => ({ kind: 'image', src: item.image_url })}
      caption={(item) => item.material_type || t(`library.kinds.${item.kind}`)}
      details={(item) => (
        <Text size="sm">
          {t(`library.kinds.${item.kind}`)} · {t('library.tileSize', { size: item.tile_size_cm })}
        </Text>
      )}
      zoomDisabled={zoomDisabled}
      upload={upload}
      minTileWidth={104}
    />
  );
}
