import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataOf, paintColourSchema, type PaintColourItem } from '@roomcraft/contracts';
import { z } from 'zod';
import { request } from '@/lib/api-client';
import { searchOf } from '../model/library-search';

export interface ColourFilters {
  query?: string;
  collection?: string;
}

export async function getColours(
  filters: ColourFilters,
  signal?: AbortSignal,
): Promise<PaintColourItem[]> {
  // The grid shows its own skeleton, so no global working indicator while the person types.
  const { data } = await request(
    'GET',
    `/library/colors${searchOf({ ...filters })}`,
    dataOf(z.array(paintColourSchema)),
    { signal, silent: true },
  );
  return data;
}

/** The paint library, filtered on the server; the last answer stays while the next loads. */
export function useColours(filters: ColourFilters = {}) {
  return useQuery({
    queryKey: ['library', 'colours', filters],
    queryFn: ({ signal }) => getColours(filters, signal),
    placeholderData: keepPreviousData,
  });
}
