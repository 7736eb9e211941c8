import { skipToken, useQuery } from '@tanstack/react-query';
import { dataOf, designSchema, type Design } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';

export async function getDesign(id: number, signal?: AbortSignal): Promise<Design> {
  const { data } = await request('GET', `/designs/${id}`, dataOf(designSchema), { signal });
  return data;
}

/** One design by id, read fresh each time it is opened (the editor then holds it). */
export function useDesign(id: number | undefined) {
  return useQuery({
    queryKey: ['design', id],
    queryFn: id === undefined ? skipToken : ({ signal }) => getDesign(id, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
