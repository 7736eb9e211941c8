import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Design } from '@roomcraft/contracts';
import { command } from '@/lib/api-client';
import { withoutDesign } from '../model/designs-list';
import { designsQueryKey } from './get-designs';

export async function deleteDesign(id: number): Promise<void> {
  await command('DELETE', `/designs/${id}`);
}

/** Deletes a design and takes it out of the cached list. */
export function useDeleteDesign() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: deleteDesign,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Design[]>(designsQueryKey, (list) =>
        list === undefined ? undefined : withoutDesign(list, id),
      ),
  });
  return (id: number): Promise<void> => mutateAsync(id);
}
