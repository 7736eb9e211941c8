import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataOf, productSchema, type Product, type ProductCategory } from '@roomcraft/contracts';
import { z } from 'zod';
import { request } from '@/lib/api-client';
import { searchOf } from '../model/library-search';

/** The filters of GET /api/library/products (productQuerySchema), all optional. */
export interface ProductFilters {
  query?: string;
  category?: ProductCategory;
  style?: string;
  space_type?: string;
  /** Whole currency units, as the design's budget is entered (not cents). */
  min_price?: number;
  max_price?: number;
  limit?: number;
}

export async function getProducts(
  filters: ProductFilters,
  signal?: AbortSignal,
): Promise<Product[]> {
  const { data } = await request(
    'GET',
    `/library/products${searchOf({ ...filters })}`,
    dataOf(z.array(productSchema)),
    { signal, silent: true },
  );
  return data;
}

/** Catalogue products for the replacement cards; the last answer stays while the next loads. */
export function useProducts(filters: ProductFilters = {}) {
  return useQuery({
    queryKey: ['library', 'products', filters],
    queryFn: ({ signal }) => getProducts(filters, signal),
    placeholderData: keepPreviousData,
  });
}
