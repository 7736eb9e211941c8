import { useMutation, useQuery } from '@tanstack/react-query';
import { dataOf, testCheckoutSchema } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';

const path = (sessionId: string) => `/credits/test-checkout/${encodeURIComponent(sessionId)}`;

/** The test-mode provider's session, shown on its checkout page. */
export function useTestCheckout(sessionId: string) {
  return useQuery({
    queryKey: ['credits', 'test-checkout', sessionId],
    queryFn: async ({ signal }) => {
      const { data } = await request('GET', path(sessionId), dataOf(testCheckoutSchema), {
        signal,
        silent: true,
        notify: false,
      });
      return data;
    },
    retry: false,
  });
}

/** Pay or Cancel: no money moves; the session is settled and the browser goes on. */
export function useSettleTestCheckout(sessionId: string) {
  return useMutation({
    mutationFn: async (outcome: 'pay' | 'cancel') => {
      const { data } = await request(
        'POST',
        `${path(sessionId)}/${outcome}`,
        dataOf(testCheckoutSchema),
      );
      return data;
    },
  });
}
