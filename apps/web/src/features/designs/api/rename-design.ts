import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf, designSchema, type Design } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';
import { withSavedDesign } from '../model/designs-list';
import { designsQueryKey } from './get-designs';

/** PUT /designs/{id} with the name only; an empty name gets the default one (spec §3). */
export async function renameDesign(id: number, name: string): Promise<Design> {
  const { data } = await request('PUT', `/designs/${id}`, dataOf(designSchema), {
    body: { name },
    notify: false,
  });
  return data;
}

/** Renames a design and puts the answer into the cached list. */
export function useRenameDesign() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameDesign(id, name),
    onSuccess: (design) =>
      queryClient.setQueryData<Design[]>(designsQueryKey, (list) =>
        list === undefined ? undefined : withSavedDesign(list, design),
      ),
  });
  return (id: number, name: string): Promise<Design> => mutateAsync({ id, name });
}
