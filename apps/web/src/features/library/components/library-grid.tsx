import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  CloseButton,
  Group,
  Loader,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  IconArrowsMaximize,
  IconCheck,
  IconPhotoPlus,
  IconSearch,
  IconSearchOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  isUploadedItem,
  UPLOADED_ITEM_ID,
  type LibraryItem,
  type LibraryPick,
  type LibraryPreview as Preview,
  type UploadedLibraryItem,
} from '../model/library-item';
import { matchesName, queryOf } from '../model/library-search';
import { LibraryPreview } from './library-preview';
import { acceptImageFile } from '@/lib/image-file-feedback';
import classes from './library-grid.module.css';

/** Spec-free but felt: how long typing settles before the server is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;
const SKELETON_TILES = 8;

export interface LibraryGridProps<T extends LibraryItem> {
  /** What the server answered; undefined until the first answer. */
  items: readonly T[] | undefined;
  /** The first answer is on its way: the grid shows a skeleton. */
  loading?: boolean;
  /** An older answer is shown while the next one loads. */
  updating?: boolean;
  /** The call failed (the client has already said why). */
  failed?: boolean;
  onRetry?: () => void;
  /** Names the list for assistive technology, e.g. "Colours". */
  label: string;
  selectedId: string | null;
  /** A click picks an item; a click on the picked one unpicks it (null). */
  onSelect: (item: LibraryPick<T> | null) => void;
  /** The trimmed search, 300 ms after typing stops, for the server-side filter. */
  onSearchChange?: (query: string) => void;
  preview: (item: T) => Preview;
  /** A second line under the name, e.g. the collection. */
  caption?: (item: T) => string | null | undefined;
  /** Replaces the swatch, name and caption of a tile (the picking button stays the grid's). */
  renderTile?: (item: T) => ReactNode;
  /** Replaces the big preview and details of the enlarge dialog. */
  renderEnlarged?: (item: T) => ReactNode;
  /** Extra lines under the big preview of the default enlarge dialog. */
  details?: (item: T) => ReactNode;
  /** No enlarge buttons and no dialog (spec §2). */
  zoomDisabled?: boolean;
  /** An "Upload" tile accepting image files only, up to maxFileSize MB (spec §5). */
  upload?: { maxFileSize: number };
  /** Filters shown under the search box, e.g. collection chips. */
  toolbar?: ReactNode;
  /** The narrowest a tile may get; the grid fits as many columns as the width allows. */
  minTileWidth?: number;
}

/**
 * A library of spec §2 (colours, textures, materials, popular and uploaded items): a search on
 * the name, a responsive grid where a click picks or unpicks an item, an enlarge dialog unless
 * zoom is disabled, and optionally the person's own image as the first item.
 */
export function LibraryGrid<T extends LibraryItem>({
  items,
  loading = false,
  updating = false,
  failed = false,
  onRetry,
  label,
  selectedId,
  onSelect,
  onSearchChange,
  preview,
  caption,
  renderTile,
  renderEnlarged,
  details,
  zoomDisabled = false,
  upload,
  toolbar,
  minTileWidth = 96,
}: LibraryGridProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [uploaded, setUploaded] = useState<UploadedLibraryItem | null>(null);
  const [enlarged, setEnlarged] = useState<LibraryPick<T> | null>(null);
  const announceSearch = useDebouncedCallback(
    (value: string) => onSearchChange?.(queryOf(value) ?? ''),
    SEARCH_DEBOUNCE_MS,
  );

  // The upload's object URL lives as long as it is shown: freed when replaced or unmounted.
  useEffect(() => {
    if (uploaded === null) return;
    return () => URL.revokeObjectURL(uploaded.url);
  }, [uploaded]);

  const changeSearch = (value: string) => {
    setSearch(value);
    announceSearch(value);
  };

  const toggle = (item: LibraryPick<T>) => onSelect(item.id === selectedId ? null : item);

  const chooseFile = (file: File | undefined) => {
    if (!upload || !acceptImageFile(file, upload.maxFileSize)) return;
    const item: UploadedLibraryItem = {
      id: UPLOADED_ITEM_ID,
      name: file.name,
      file,
      url: URL.createObjectURL(file),
    };
    setUploaded(item);
    // Uploading an image is choosing it.
    onSelect(item);
  };

  // The server filters too; filtering what is loaded makes typing feel instant.
  const shown = (items ?? []).filter((item) => matchesName(item.name, search));
  const showUploaded = uploaded !== null && matchesName(uploaded.name, search);
  const firstLoad = items === undefined && loading;
  const nothing = !firstLoad && !failed && shown.length === 0 && !showUploaded;

  const tileFor = (item: LibraryPick<T>) => {
    const selected = item.id === selectedId;
    const own = isUploadedItem(item);
    const tileCaption = own ? t('library.uploadedItem') : caption?.(item);
    return (
      <li key={item.id} className={classes.tile}>
        <UnstyledButton
          className={classes.pick}
          aria-pressed={selected}
          onClick={() => toggle(item)}
          data-own={own || undefined}
        >
          {!own && renderTile ? (
            renderTile(item)
          ) : (
            <>
              <LibraryPreview
                preview={own ? { kind: 'image', src: item.url } : preview(item)}
                size="tile"
                alt={own ? item.name : ''}
              />
              <span className={classes.text}>
                <Text
                  component="span"
                  size="xs"
                  fw={600}
                  lineClamp={2}
                  className={classes.name}
                  title={item.name}
                >
                  {item.name}
                </Text>
                {tileCaption ? (
                  <Text component="span" size="xs" c="dimmed" truncate="end">
                    {tileCaption}
                  </Text>
                ) : null}
              </span>
            </>
          )}
          {selected ? (
            <span className={classes.check} aria-hidden>
              <IconCheck size={14} stroke={3} />
            </span>
          ) : null}
        </UnstyledButton>
        {zoomDisabled ? null : (
          <ActionIcon
            className={classes.enlarge}
            variant="white"
            color="sand.9"
            radius="xl"
            size="md"
            aria-label={t('library.enlarge', { name: item.name })}
            onClick={() => setEnlarged(item)}
          >
            <IconArrowsMaximize size={16} stroke={1.8} />
          </ActionIcon>
        )}
      </li>
    );
  };

  const enlargedSelected = enlarged !== null && enlarged.id === selectedId;

  return (
    <Stack gap="sm" className={classes.library}>
      <TextInput
        value={search}
        onChange={(event) => changeSearch(event.currentTarget.value)}
        placeholder={t('library.search')}
        aria-label={t('library.search')}
        type="search"
        size="sm"
        radius="xl"
        leftSection={<IconSearch size={16} stroke={1.8} aria-hidden />}
        rightSection={
          updating ? (
            <Loader size={14} aria-label={t('library.updating')} />
          ) : search === '' ? null : (
            <CloseButton
              size="sm"
              aria-label={t('library.clearSearch')}
              onClick={() => changeSearch('')}
            />
          )
        }
        classNames={{ input: classes.searchInput }}
      />
      {toolbar}

      {failed && items === undefined ? (
        <Stack align="center" gap="xs" py="lg" ta="center">
          <Text size="sm" c="dimmed">
            {t('library.loadFailed')}
          </Text>
          {onRetry ? (
            <Button size="xs" variant="light" onClick={onRetry}>
              {t('library.retry')}
            </Button>
          ) : null}
        </Stack>
      ) : null}

      <ul
        className={classes.grid}
        style={{ '--library-tile-min': `${minTileWidth}px` } as CSSProperties}
        aria-label={label}
        aria-busy={firstLoad || updating}
      >
        {upload ? (
          <li className={classes.tile}>
            <label className={classes.upload}>
              <input
                type="file"
                accept="image/*"
                aria-label={t('library.uploadInput')}
                className={classes.fileInput}
                onChange={(event) => {
                  chooseFile(event.currentTarget.files?.[0]);
                  // Choosing the same file again must still count as a choice.
                  event.currentTarget.value = '';
                }}
              />
              <IconPhotoPlus size={26} stroke={1.5} aria-hidden />
              <Text component="span" size="xs" fw={600}>
                {t('library.upload')}
              </Text>
              <Text component="span" size="xs" c="dimmed" className={classes.uploadHint}>
                {t('library.uploadHint')}
              </Text>
            </label>
          </li>
        ) : null}
        {showUploaded ? tileFor(uploaded) : null}
        {firstLoad
          ? Array.from({ length: SKELETON_TILES }, (_, index) => (
              <li key={index} className={classes.tile} aria-hidden>
                <Skeleton className={classes.skeleton} />
                <Skeleton height={10} mt={8} width="70%" radius="xl" />
              </li>
            ))
          : shown.map(tileFor)}
      </ul>

      {nothing ? (
        <Stack align="center" gap={6} py="lg" px="md" ta="center" className={classes.empty}>
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconSearchOff size={22} stroke={1.6} />
          </ThemeIcon>
          <Text size="sm" fw={600}>
            {search.trim() === ''
              ? t('library.nothingHere')
              : t('library.empty', { query: search.trim() })}
          </Text>
          {search.trim() === '' ? null : (
            <Text size="xs" c="dimmed">
              {t('library.emptyHint')}
            </Text>
          )}
        </Stack>
      ) : null}

      {zoomDisabled ? null : (
        <Modal
          opened={enlarged !== null}
          onClose={() => setEnlarged(null)}
          title={enlarged?.name}
          size="lg"
          classNames={{ title: classes.dialogTitle }}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          {enlarged === null ? null : (
            <Stack gap="md">
              {!isUploadedItem(enlarged) && renderEnlarged ? (
                renderEnlarged(enlarged)
              ) : (
                <>
                  <LibraryPreview
                    preview={
                      isUploadedItem(enlarged)
                        ? { kind: 'image', src: enlarged.url }
                        : preview(enlarged)
                    }
                    size="large"
                    alt={enlarged.name}
                  />
                  <Stack gap={4}>
                    {isUploadedItem(enlarged) ? (
                      <Text size="sm" c="dimmed">
                        {t('library.uploadedDetails')}
                      </Text>
                    ) : (
                      <>
                        {caption?.(enlarged) ? (
                          <Text size="sm" c="dimmed">
                            {caption(enlarged)}
                          </Text>
                        ) : null}
                        {details?.(enlarged)}
                      </>
                    )}
                  </Stack>
                </>
              )}
              <Group justify="flex-end">
                <Button
                  variant={enlargedSelected ? 'light' : 'filled'}
                  leftSection={enlargedSelected ? <IconCheck size={16} /> : null}
                  onClick={() => toggle(enlarged)}
                >
                  {enlargedSelected ? t('library.unpick') : t('library.pick')}
                </Button>
              </Group>
            </Stack>
          )}
        </Modal>
      )}
    </Stack>
  );
}
