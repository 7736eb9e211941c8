import { useMutation } from '@tanstack/react-query';
import { checkoutSessionSchema, dataOf } from '@roomcraft/contracts';
import { request } from '@/lib/api-client';

/** Opens a checkout for a package; the answer says where to send the browser. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (packageId: string) => {
      const { data } = await request('POST', '/credits/checkout', dataOf(checkoutSessionSchema), {
        body: { package_id: packageId },
      });
      return data;
    },
  });
}
