import { useQuery } from '@tanstack/react-query';
import { creditPackagesAnswerSchema } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';

export const creditPackagesQueryKey = ['credits', 'packages'] as const;

/** The packages the operator sells, and which provider takes the payment. */
export function useCreditPackages() {
  return useQuery({
    queryKey: creditPackagesQueryKey,
    queryFn: ({ signal }) =>
      request('GET', '/credits/packages', creditPackagesAnswerSchema, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}
