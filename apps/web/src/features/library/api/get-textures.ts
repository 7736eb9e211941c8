import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  TEXTURE_KINDS,
  dataOf,
  libraryTextureSchema,
  type LibraryTexture,
} from '@roomcraft/contracts';
import { z } from 'zod';
import { request } from '@/lib/api-client';
import { searchOf } from '../model/library-search';

export type { LibraryTexture };
export { TEXTURE_KINDS };
export type TextureKind = (typeof TEXTURE_KINDS)[number];

export interface TextureFilters {
  query?: string;
  kind?: TextureKind;
}

export async function getTextures(
  filters: TextureFilters,
  signal?: AbortSignal,
): Promise<LibraryTexture[]> {
  const { data } = await request(
    'GET',
    `/library/textures${searchOf({ ...filters })}`,
    dataOf(z.array(libraryTextureSchema)),
    { signal, silent: true },
  );
  return data;
}

/** Floor, wall and material textures; the last answer stays while the next loads. */
export function useTextures(filters: TextureFilters = {}) {
  return useQuery({
    queryKey: ['library', 'textures', filters],
    queryFn: ({ signal }) => getTextures(filters, signal),
    placeholderData: keepPreviousData,
  });
}
