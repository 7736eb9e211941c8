/**
 * What a generated image used (issue 11's `used` record, built by issue 13): the products, paint
 * colours and floor or material textures it shows, each with the region it occupies. Every
 * generate answer carries one per image, and a design keeps it with the image.
 */
import { z } from 'zod';
import { CURRENCIES } from './library';

const hex = z.string().regex(/^#[0-9a-f]{6}$/);
/** Coerced: a design saved as a multipart form sends numbers as text. */
const number = () => z.coerce.number();

/** Where a pick shows in the image: its share of the pixels and its bounding box (image px). */
export const usedRegionSchema = z.object({
  /** 0–1: the share of the image's pixels the pick changed. */
  share: number().min(0).max(1),
  box: z.object({
    x: number().int().nonnegative(),
    y: number().int().nonnegative(),
    width: number().int().nonnegative(),
    height: number().int().nonnegative(),
  }),
  /** Surface in m², only where the room camera allows an estimate; always an estimate. */
  area_m2: number().nonnegative().optional(),
});
export type UsedRegion = z.infer<typeof usedRegionSchema>;

export const usedProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.object({ name: z.string().nullable(), hex }),
  /** In the currency's minor unit, as the library API gives it. */
  price: number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  region: usedRegionSchema,
});
export type UsedProduct = z.infer<typeof usedProductSchema>;

export const usedPaintSchema = z.object({
  /** The library colour's name when the hex is one; null for a custom colour or a swatch. */
  name: z.string().nullable(),
  hex,
  region: usedRegionSchema,
});
export type UsedPaint = z.infer<typeof usedPaintSchema>;

export const usedTextureSchema = z.object({
  /** The library texture's id; null for an uploaded texture. */
  id: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['floor', 'material']),
  /** The colour a material was tinted with, when it was. */
  colour: hex.optional(),
  region: usedRegionSchema,
});
export type UsedTexture = z.infer<typeof usedTextureSchema>;

/** What one generated image used. */
export const imageUsedSchema = z.object({
  // Defaults: a multipart form carries no entry for an empty list (see multipart.ts).
  products: z.array(usedProductSchema).max(20).default([]),
  paints: z.array(usedPaintSchema).max(20).default([]),
  textures: z.array(usedTextureSchema).max(20).default([]),
});
export type ImageUsed = z.infer<typeof imageUsedSchema>;

export const NOTHING_USED: ImageUsed = { products: [], paints: [], textures: [] };
