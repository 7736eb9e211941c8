import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataOf,
  designSummarySchema,
  shareLinkSchema,
  type Cart,
  type CartAddition,
  cartSchema,
} from '@roomcraft/contracts';
import { z } from 'zod';
import { command, request } from '@/lib/api-client';

export const cartQueryKey = ['cart'] as const;

export async function getCart(signal?: AbortSignal): Promise<Cart> {
  return (await request('GET', '/cart', dataOf(cartSchema), { signal, silent: true })).data;
}

/** The signed-in person's cart; nothing is fetched for a guest. */
export function useCart(enabled = true) {
  return useQuery({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal), enabled });
}

/** Every cart change answers the whole cart, which replaces the cached one. */
function useCartChange<T>(change: (input: T) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryKey, cart),
  });
}

export function useAddToCart() {
  return useCartChange(async (items: CartAddition[]) => {
    return (await request('POST', '/cart/items', dataOf(cartSchema), { body: { items } })).data;
  });
}

export function useSetCartQuantity() {
  return useCartChange(async ({ id, quantity }: { id: number; quantity: number }) => {
    return (
      await request('PATCH', `/cart/items/${id}`, dataOf(cartSchema), {
        body: { quantity },
        silent: true,
      })
    ).data;
  });
}

export function useRemoveFromCart() {
  return useCartChange(async (id: number) => {
    return (await request('DELETE', `/cart/items/${id}`, dataOf(cartSchema))).data;
  });
}

export const summaryPdfUrl = (designId: number, paper: 'a4' | 'letter') =>
  `/api/designs/${designId}/summary.pdf?paper=${paper}`;

const shareLinksKey = (designId: number) => ['share-links', designId] as const;

export function useShareLinks(designId: number, enabled: boolean) {
  return useQuery({
    queryKey: shareLinksKey(designId),
    queryFn: async ({ signal }) =>
      (
        await request('GET', `/designs/${designId}/share-links`, dataOf(z.array(shareLinkSchema)), {
          signal,
          silent: true,
        })
      ).data,
    enabled,
  });
}

export function useCreateShareLink(designId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await request('POST', `/designs/${designId}/share-links`, dataOf(shareLinkSchema))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(designId) }),
  });
}

export function useRevokeShareLink(designId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => command('DELETE', `/share-links/${linkId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksKey(designId) }),
  });
}

/** The public summary behind a share link (no session needed). */
export function useSharedSummary(token: string) {
  return useQuery({
    queryKey: ['shared', token],
    queryFn: async ({ signal }) =>
      (
        await request('GET', `/shared/${encodeURIComponent(token)}`, dataOf(designSummarySchema), {
          signal,
          silent: true,
          notify: false,
        })
      ).data,
    retry: false,
  });
}
