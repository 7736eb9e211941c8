import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaintColourItem } from '@roomcraft/contracts';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { UPLOADED_ITEM_ID, type LibraryPick } from '../model/library-item';
import { ColourLibrary } from './colour-library';

const MB = 1024 * 1024;
const palette: PaintColourItem[] = [
  { id: 'sage', name: 'Sage Green', hex: '#9caf88', collection: 'greens' },
  { id: 'chalk', name: 'Chalk White', hex: '#f4f1ea', collection: 'whites' },
  { id: 'deep-sea', name: 'Deep Sea', hex: '#1d3b53', collection: 'blues' },
];

const fetchMock = vi.fn<typeof fetch>();

/** The server's colour search: case-insensitive on the name, by collection. */
function serveColours() {
  fetchMock.mockImplementation((input) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://roomcraft.test');
    if (url.pathname !== '/api/library/colors') return Promise.resolve(jsonResponse(404, {}));
    const query = url.searchParams.get('query')?.toLowerCase() ?? '';
    const collection = url.searchParams.get('collection');
    const data = palette.filter(
      (colour) =>
        colour.name.toLowerCase().includes(query) &&
        (collection === null || colour.collection === collection),
    );
    return Promise.resolve(jsonResponse(200, { data }));
  });
}

function file(name: string, type: string, bytes = 1024): File {
  const made = new File(['bytes'], name, { type });
  Object.defineProperty(made, 'size', { value: bytes });
  return made;
}

/** The way a tool panel uses the library: it holds the pick. */
function Harness({
  onPick,
  zoomDisabled,
}: {
  onPick: (item: LibraryPick<PaintColourItem> | null) => void;
  zoomDisabled?: boolean;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <ColourLibrary
      selectedId={picked}
      onSelect={(item) => {
        setPicked(item?.id ?? null);
        onPick(item);
      }}
      zoomDisabled={zoomDisabled}
      upload={{ maxFileSize: 15 }}
    />
  );
}

function renderLibrary(zoomDisabled?: boolean) {
  const onPick = vi.fn();
  return {
    ...renderWithProviders(<Harness onPick={onPick} zoomDisabled={zoomDisabled} />),
    onPick,
  };
}

const tile = (name: string) => screen.findByRole('button', { name: new RegExp(`^${name}`) });
const uploadInput = () => screen.getByLabelText('Upload your own image');

const createObjectURL = vi.fn<(file: Blob) => string>();
const revokeObjectURL = vi.fn();
beforeEach(() => {
  serveColours();
  vi.stubGlobal('fetch', fetchMock);
  let previews = 0;
  revokeObjectURL.mockClear();
  createObjectURL.mockReset();
  createObjectURL.mockImplementation(() => `blob:upload-${++previews}`);
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('the colour library', () => {
  it('shows a skeleton while the first answer loads, then the swatches', async () => {
    renderLibrary();
    const list = screen.getByRole('list', { name: 'Colours' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(await tile('Sage Green')).toBeDefined();
    expect(list.getAttribute('aria-busy')).toBe('false');
    expect(within(list).getAllByRole('button', { pressed: false })).toHaveLength(3);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/library/colors');
  });

  it('filters on the name case-insensitively at once, then asks the server after 300 ms', async () => {
    const { user } = renderLibrary();
    await tile('Chalk White');

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'sAGE');
    // Filtered locally before the debounced call goes out.
    expect(screen.getByRole('button', { name: /^Sage Green/ })).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Chalk White/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Deep Sea/ })).toBeNull();

    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/library/colors?query=sAGE', expect.anything()),
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/library/colors?query=sA');
  });

  it('says so when nothing matches', async () => {
    const { user } = renderLibrary();
    await tile('Sage Green');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'mauve');
    expect(screen.getByText('Nothing matches “mauve”')).toBeDefined();
  });

  it('asks for a collection when a chip is chosen', async () => {
    const { user } = renderLibrary();
    await tile('Sage Green');
    await user.click(screen.getByRole('radio', { name: 'Blues' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/library/colors?collection=blues',
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Sage Green/ })).toBeNull());
    expect(screen.getByRole('button', { name: /^Deep Sea/ })).toBeDefined();
  });

  it('picks an item with a click and unpicks it with a second click', async () => {
    const { user, onPick } = renderLibrary();
    const sage = await tile('Sage Green');

    await user.click(sage);
    expect(sage.getAttribute('aria-pressed')).toBe('true');
    expect(onPick).toHaveBeenLastCalledWith(palette[0]);

    await user.click(await tile('Chalk White'));
    expect(sage.getAttribute('aria-pressed')).toBe('false');
    expect(onPick).toHaveBeenLastCalledWith(palette[1]);

    await user.click(await tile('Chalk White'));
    expect(screen.getByRole('button', { name: /^Chalk White/ }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(onPick).toHaveBeenLastCalledWith(null);
  });

  it('enlarges an item in a dialog, where it can be picked too', async () => {
    const { user, onPick } = renderLibrary();
    await tile('Sage Green');
    await user.click(screen.getByRole('button', { name: 'Enlarge Sage Green' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sage Green' });
    expect(within(dialog).getByText('#9caf88')).toBeDefined();
    expect(within(dialog).getByText('Greens')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Pick' }));
    expect(onPick).toHaveBeenLastCalledWith(palette[0]);
    expect(within(dialog).getByRole('button', { name: 'Unpick' })).toBeDefined();
  });

  it('has no enlarge buttons when zoom is disabled', async () => {
    renderLibrary(true);
    await tile('Sage Green');
    expect(screen.queryByRole('button', { name: /^Enlarge/ })).toBeNull();
  });
});

describe('the upload tile', () => {
  it('accepts image files only, with the spec message for anything else', async () => {
    const { onPick } = renderLibrary();
    await tile('Sage Green');
    expect(uploadInput().getAttribute('accept')).toBe('image/*');

    // The accept attribute is only a hint to the picker; the type is checked too.
    fireEvent.change(uploadInput(), { target: { files: [file('notes.txt', 'text/plain')] } });
    expect(await screen.findByText('Only image files are acceptable')).toBeDefined();
    expect(onPick).not.toHaveBeenCalled();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('says "Selected image is too large" above maxFileSize', async () => {
    const { onPick } = renderLibrary();
    await tile('Sage Green');
    fireEvent.change(uploadInput(), {
      target: { files: [file('huge.png', 'image/png', 15 * MB + 1)] },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Selected image too large' });
    expect(within(dialog).getByText('Selected image is too large')).toBeDefined();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('shows an accepted image first, picked, and frees its URL when replaced or gone', async () => {
    const { user, onPick, unmount } = renderLibrary();
    await tile('Sage Green');
    const swatch = file('my-paint.png', 'image/png');
    await user.upload(uploadInput(), swatch);

    const own = screen.getByRole('img', { name: 'my-paint.png' });
    expect(own.getAttribute('src')).toBe('blob:upload-1');
    const ownTile = screen.getByRole('button', { name: /^my-paint\.png/ });
    expect(ownTile.getAttribute('aria-pressed')).toBe('true');
    const list = screen.getByRole('list', { name: 'Colours' });
    expect(within(list).getAllByRole('button', { name: /^(?!Enlarge)/ })[0]).toBe(ownTile);
    expect(onPick).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: UPLOADED_ITEM_ID, file: swatch, url: 'blob:upload-1' }),
    );

    // A second click unpicks the upload like any item; it stays in the grid.
    await user.click(ownTile);
    expect(onPick).toHaveBeenLastCalledWith(null);

    await user.upload(uploadInput(), file('other.jpg', 'image/jpeg'));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:upload-1');
    expect(screen.getByRole('img', { name: 'other.jpg' }).getAttribute('src')).toBe(
      'blob:upload-2',
    );
    expect(screen.queryByRole('img', { name: 'my-paint.png' })).toBeNull();

    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:upload-2');
  });
});
