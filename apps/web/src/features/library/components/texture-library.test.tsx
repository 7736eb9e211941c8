import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import type { LibraryTexture } from '../api/get-textures';
import { TextureLibrary } from './texture-library';

const oak: LibraryTexture = {
  id: 'oak-herringbone',
  name: 'Oak herringbone',
  kind: 'floor',
  material_type: 'Parquet',
  image_url: '/api/library/images/oakOakOakOakOakOak01.jpg',
  tile_size_cm: 60,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the texture library', () => {
  it('asks for one kind and shows each texture as an image with its details', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(jsonResponse(200, { data: [oak] })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderWithProviders(
      <TextureLibrary kind="floor" selectedId={null} onSelect={vi.fn()} />,
    );

    const tile = await screen.findByRole('button', { name: /^Oak herringbone/ });
    expect(within(tile).getByText('Parquet')).toBeDefined();
    expect(tile.querySelector('img')?.getAttribute('src')).toBe(oak.image_url);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/library/textures?kind=floor');

    await user.click(screen.getByRole('button', { name: 'Enlarge Oak herringbone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oak herringbone' });
    expect(within(dialog).getByRole('img', { name: 'Oak herringbone' })).toBeDefined();
    expect(within(dialog).getByText('Floor · Tile size 60 cm')).toBeDefined();
  });
});
