import { useQuery } from '@tanstack/react-query';
import { checkoutStatusSchema, dataOf } from '@roomcraft/contracts';
import { ApiError, request } from '@/lib/api-client';

export const checkoutQueryKey = (sessionId: string) => ['credits', 'checkout', sessionId] as const;

/** While a payment is pending the page asks again this often, the provider may still be busy. */
const PENDING_POLL_MS = 2_000;

/**
 * The outcome of a checkout on `credits/:sessionId`. A 404 (unknown, or someone else's) is an
 * answer the page shows, not an error to announce.
 */
export function useCheckout(sessionId: string | undefined) {
  return useQuery({
    queryKey: checkoutQueryKey(sessionId ?? ''),
    queryFn: async ({ signal }) => {
      const { data } = await request(
        'GET',
        `/credits/checkout/${encodeURIComponent(sessionId ?? '')}`,
        dataOf(checkoutStatusSchema),
        { signal, silent: true, notify: false },
      );
      return data;
    },
    enabled: sessionId !== undefined,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
