import { skipToken, useQuery } from '@tanstack/react-query';
import {
  furnitureReplacementsAnswerSchema,
  type FurnitureReplacementsRequest,
  type Product,
} from '@roomcraft/contracts';
import { request } from '@/lib/api-client';

/** Catalogue products that could replace a detected element, best style match first. */
export async function getFurnitureReplacements(
  body: FurnitureReplacementsRequest,
  signal?: AbortSignal,
): Promise<Product[]> {
  const { data } = await request(
    'POST',
    '/actions/get/furniture-replacements',
    furnitureReplacementsAnswerSchema,
    // The editor reports a failure itself (a 402 leads to "Buy more").
    { body, notify: false, signal },
  );
  return data;
}

/** The replacements for one request, asked for once it is given (spec §2 "Load options"). */
export function useFurnitureReplacements(body: FurnitureReplacementsRequest | null) {
  return useQuery({
    queryKey: ['furniture-replacements', body],
    queryFn: body === null ? skipToken : ({ signal }) => getFurnitureReplacements(body, signal),
  });
}
