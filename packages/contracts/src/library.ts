import { z } from 'zod';

/** The furniture and decor categories the catalogue sells (one parametric model each). */
export const PRODUCT_CATEGORIES = [
  'sofa',
  'sectional',
  'armchair',
  'dining_chair',
  'stool',
  'coffee_table',
  'dining_table',
  'side_table',
  'bed',
  'nightstand',
  'dresser',
  'wardrobe',
  'bookshelf',
  'tv_unit',
  'floor_lamp',
  'table_lamp',
  'pendant',
  'rug',
  'plant',
  'mirror',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** ISO 4217 codes the catalogue accepts; prices are integers in the currency's minor unit. */
export const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CAD',
  'AUD',
] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency a design's budget is entered in: the shipped catalogue's (prices in euros). */
export const BUDGET_CURRENCY: Currency = 'EUR';

const hex = z.string().regex(/^#[0-9a-f]{6}$/);

export const productColourSchema = z.object({
  name: z.string().min(1).max(60),
  hex,
  /** The product shot in this colour, where one was made. */
  image_url: z.string().optional(),
});
export const dimensionsSchema = z.object({
  width: z.number().positive(),
  depth: z.number().positive(),
  height: z.number().positive(),
});

export const productSchema = z.object({
  id: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  maker: z.string(),
  name: z.string(),
  /** In the currency's minor unit (cents). */
  price: z.number().int().nonnegative(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  colors: z.array(productColourSchema),
  /** Centimetres. */
  dimensions: dimensionsSchema,
  materials: z.array(z.string()),
  distributor: z.string(),
  image_url: z.string(),
  cutout_url: z.string().nullable(),
  /** The maker's product page; none for the demo catalogue's fictional products. */
  product_url: z.string().nullable(),
  styles: z.array(z.string()),
  space_types: z.array(z.string()),
});
export type Product = z.infer<typeof productSchema>;

const optionalText = z.string().trim().max(100).optional();
const optionalAmount = z.coerce.number().int().nonnegative().optional();

/** GET /api/library/products: every filter optional; the price range is the design's budget. */
export const productQuerySchema = z.object({
  query: optionalText,
  category: z.enum(PRODUCT_CATEGORIES).optional(),
  style: optionalText,
  space_type: optionalText,
  /** Whole currency units, as budgets are entered. */
  min_price: optionalAmount,
  max_price: optionalAmount,
  limit: z.coerce.number().int().min(1).max(200).default(60),
});
export type ProductQuery = z.input<typeof productQuerySchema>;

export const paintColourSchema = z.object({
  id: z.string(),
  name: z.string(),
  hex,
  collection: z.string(),
});
export type PaintColourItem = z.infer<typeof paintColourSchema>;

export const colourQuerySchema = z.object({
  query: optionalText,
  collection: optionalText,
});

export const TEXTURE_KINDS = ['floor', 'wall', 'material'] as const;

export const libraryTextureSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TEXTURE_KINDS),
  material_type: z.string(),
  image_url: z.string(),
  /** The real-world width one tile of the image covers. */
  tile_size_cm: z.number().positive(),
});
export type LibraryTexture = z.infer<typeof libraryTextureSchema>;

export const textureQuerySchema = z.object({
  query: optionalText,
  kind: z.enum(TEXTURE_KINDS).optional(),
});
