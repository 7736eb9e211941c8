import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, designSchema, type Design } from '@roomcraft/contracts';
import { z } from 'zod';
import { request } from '@/lib/api-client';
import { withSavedDesign } from '../model/designs-list';

export const designsQueryKey = ['designs'] as const;

export async function getDesigns(signal?: AbortSignal): Promise<Design[]> {
  const { data } = await request('GET', '/designs', dataOf(z.array(designSchema)), { signal });
  return data;
}

/** The signed-in user's designs, newest first. */
export function useDesigns() {
  return useQuery({ queryKey: designsQueryKey, queryFn: ({ signal }) => getDesigns(signal) });
}

/** Puts a saved design into the cached list, if the list was read (spec §4, Saving). */
export function useRecordSavedDesign() {
  const queryClient = useQueryClient();
  return (design: Design) =>
    queryClient.setQueryData<Design[]>(designsQueryKey, (list) =>
      list === undefined ? undefined : withSavedDesign(list, design),
    );
}
