/**
 * The cart (spec §1, §3 Cart item): products, and the paint colours and floor or material
 * textures a design used. Money is in the currency's minor unit, never a float; totals are per
 * currency. Also the design summary the PDF and the share page show.
 */
import { z } from 'zod';
import { CURRENCIES, dimensionsSchema, type Currency } from './library';

const hex = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/)
  .transform((value) => value.toLowerCase());

export const MAX_CART_QUANTITY = 99;
export const MAX_CART_ITEMS = 200;

export const CART_ITEM_KINDS = ['product', 'paint', 'texture'] as const;
export type CartItemKind = (typeof CART_ITEM_KINDS)[number];

/** Coats a repaint takes: the usual advice for a colour change on a sound wall. */
export const PAINT_COATS = 2;
/**
 * m² one litre of interior emulsion covers per coat. Manufacturers print 10–13 m²/L for a matt
 * emulsion on a smooth, primed wall (e.g. Dulux and Crown trade data sheets); the low end is
 * taken, as real walls are rarely smooth and primed.
 */
export const PAINT_COVERAGE_M2_PER_LITRE = 10;
/** Litres of paint per m² of wall for all coats: coats ÷ coverage (0.2 L/m²). */
export const PAINT_LITRES_PER_M2 = PAINT_COATS / PAINT_COVERAGE_M2_PER_LITRE;

export const cartItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CART_ITEM_KINDS),
  /** The catalogue product or library texture it links to; null for paints and uploads. */
  product_id: z.string().nullable(),
  texture_id: z.string().nullable(),
  name: z.string(),
  colour: z.object({ name: z.string().nullable(), hex: z.string() }).nullable(),
  quantity: z.number().int().min(1).max(MAX_CART_QUANTITY),
  dimensions: dimensionsSchema.nullable(),
  materials: z.array(z.string()),
  distributor: z.string().nullable(),
  /** Minor units of `currency`; null for paints and textures, which the catalogue does not sell. */
  price: z.number().int().nonnegative().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  image_url: z.string().nullable(),
  product_url: z.string().nullable(),
  /** The design (and the image in it) that used it. */
  design_id: z.number().int().nullable(),
  design_image: z.string().nullable(),
  /** The surface it covers, an estimate from the room camera; null where none could be made. */
  area_m2: z.number().nonnegative().nullable(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const moneySchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Minor units. */
  amount: z.number().int().nonnegative(),
});
export type Money = z.infer<typeof moneySchema>;

export const cartSchema = z.object({
  items: z.array(cartItemSchema),
  /** totalPrice per currency, in the order the currencies first appear. */
  totals: z.array(moneySchema),
});
export type Cart = z.infer<typeof cartSchema>;

const designLink = {
  design_id: z.number().int().positive().optional(),
  design_image: z.string().max(200).optional(),
};
const quantity = z.number().int().min(1).max(MAX_CART_QUANTITY).default(1);
const area = z.number().nonnegative().max(100_000).optional();

/** POST /api/cart/items: what to add; names, prices and images come from the library, never the client. */
export const cartAdditionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('product'),
    product_id: z.string().min(1).max(100),
    colour_hex: hex.optional(),
    quantity,
    ...designLink,
  }),
  z.object({ kind: z.literal('paint'), hex, quantity, area_m2: area, ...designLink }),
  z.object({
    kind: z.literal('texture'),
    texture_id: z.string().min(1).max(100).nullable(),
    /** Only for an uploaded texture (no library id). */
    name: z.string().trim().min(1).max(100).optional(),
    quantity,
    area_m2: area,
    ...designLink,
  }),
]);
export type CartAddition = z.input<typeof cartAdditionSchema>;
export const cartAdditionsSchema = z.object({
  items: z.array(cartAdditionSchema).min(1).max(50),
});

export const cartQuantitySchema = z.object({
  quantity: z.number().int().min(1).max(MAX_CART_QUANTITY),
});

/** totalPrice = Σ price × quantity, in minor units, one total per currency. */
export function cartTotals(
  items: readonly Pick<CartItem, 'price' | 'currency' | 'quantity'>[],
): Money[] {
  const totals = new Map<Currency, number>();
  for (const item of items) {
    if (item.price === null || item.currency === null) continue;
    if (!Number.isSafeInteger(item.price) || !Number.isSafeInteger(item.quantity)) {
      throw new Error('Cart amounts must be whole minor units');
    }
    totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.price * item.quantity);
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

/** Paint for a surface: area × coats ÷ coverage in litres, rounded up to the half litre. */
export function paintLitres(areaM2: number) {
  return Math.ceil(areaM2 * PAINT_LITRES_PER_M2 * 2) / 2;
}

/** A design's summary: what the PDF and the public share page show. */
export const designSummarySchema = z.object({
  name: z.string(),
  before_url: z.string(),
  after_url: z.string(),
  items: z.array(cartItemSchema),
  totals: z.array(moneySchema),
});
export type DesignSummary = z.infer<typeof designSummarySchema>;

export const PAPER_SIZES = ['a4', 'letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

export const shareLinkSchema = z.object({
  id: z.number().int(),
  design_id: z.number().int(),
  /** The public page's path, e.g. /shared/<token>. */
  url: z.string(),
  created_at: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/**
 * A catalogue price in a currency's minor unit as a person reads it (every catalogue currency has
 * two minor digits). Whole amounts drop the ".00" ("€1,299"); an amount being paid keeps them
 * (`formatMoney`). Only display divides; sums stay integers.
 */
export function formatPrice(minor: number, currency: Currency, locale = 'en'): string {
  const whole = minor % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(minor / 100);
}
