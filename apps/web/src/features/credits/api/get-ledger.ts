import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ledgerPageSchema } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';

export const ledgerQueryKey = ['credits', 'ledger'] as const;

/** One page of the person's credit history, newest first. */
export function useLedger(page: number) {
  return useQuery({
    queryKey: [...ledgerQueryKey, page],
    queryFn: ({ signal }) =>
      request('GET', `/credits/ledger?page=${page}`, ledgerPageSchema, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}
