/**
 * The cart (spec §1, §3 Cart item): one per user. What an item is called and costs comes from the
 * library when it is added, never from the client; totals are whole minor units per currency.
 */
import type { cartAdditionsSchema } from '@roomcraft/contracts';
import {
  CURRENCIES,
  MAX_CART_ITEMS,
  MAX_CART_QUANTITY,
  cartTotals,
  type Cart,
  type CartItem,
} from '@roomcraft/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database';
import type { CartItemRow, NewCartItem } from '../../db/schema';
import { notFound, validationFailed } from '../../http/errors';
import { iso, type Clock } from '../../platform/clock';
import { findOwnedDesign } from '../designs/designs.repository';
import type { ImagesService } from '../images/images.service';
import { paintColourByHex, productById, textureById } from '../library/library.repository';
import { catalogueImageUrl } from '../library/library.service';
import {
  cartItemsOf,
  deleteCartItem,
  insertCartItem,
  sameCartItem,
  setCartQuantity,
} from './cart.repository';

type Additions = z.output<typeof cartAdditionsSchema>['items'];
type Addition = Additions[number];

export function toCartItem(row: CartItemRow): CartItem {
  return {
    id: row.id,
    kind: row.kind,
    product_id: row.product_id,
    texture_id: row.texture_id,
    name: row.name,
    colour: row.colour_hex ? { name: row.colour_name, hex: row.colour_hex } : null,
    quantity: row.quantity,
    dimensions: row.dimensions ? (JSON.parse(row.dimensions) as CartItem['dimensions']) : null,
    materials: JSON.parse(row.materials) as string[],
    distributor: row.distributor,
    price: row.price,
    currency: CURRENCIES.find((code) => code === row.currency) ?? null,
    image_url: row.image,
    product_url: row.product_url,
    design_id: row.design_id,
    design_image: row.design_image,
    area_m2: row.area_m2,
  };
}

export function cartOf(rows: readonly CartItemRow[]): Cart {
  const items = rows.map(toCartItem);
  return { items, totals: cartTotals(items) };
}

export class CartService {
  constructor(private readonly deps: { db: Database; images: ImagesService; clock: Clock }) {}

  async cart(userId: number): Promise<Cart> {
    return cartOf(await cartItemsOf(this.deps.db, userId));
  }

  /** Adds every item (or none: one unknown product or foreign design refuses them all). */
  async add(userId: number, additions: Additions): Promise<Cart> {
    const at = iso(this.deps.clock.now());
    await this.deps.db.transaction().execute(async (trx) => {
      const rows: NewCartItem[] = [];
      for (const [index, addition] of additions.entries()) {
        rows.push(await this.resolve(trx, userId, addition, `items.${index}`, at));
      }
      const existing = await cartItemsOf(trx, userId);
      for (const row of rows) {
        const same = await sameCartItem(trx, row);
        if (same) {
          const quantity = Math.min(MAX_CART_QUANTITY, same.quantity + row.quantity);
          await setCartQuantity(trx, userId, same.id, quantity, at);
        } else if (existing.length >= MAX_CART_ITEMS) {
          throw validationFailed({ items: [`A cart holds at most ${MAX_CART_ITEMS} items`] });
        } else {
          await insertCartItem(trx, row);
        }
      }
    });
    return this.cart(userId);
  }

  async setQuantity(userId: number, id: number, quantity: number): Promise<Cart> {
    const at = iso(this.deps.clock.now());
    if (!(await setCartQuantity(this.deps.db, userId, id, quantity, at))) throw notFound();
    return this.cart(userId);
  }

  async remove(userId: number, id: number): Promise<Cart> {
    if (!(await deleteCartItem(this.deps.db, userId, id))) throw notFound();
    return this.cart(userId);
  }

  /** The row an addition becomes, with the library's name, price and pictures. */
  private async resolve(
    db: Executor,
    userId: number,
    addition: Addition,
    field: string,
    at: string,
  ): Promise<NewCartItem> {
    const link = await this.designLink(db, userId, addition, field);
    const base = {
      user_id: userId,
      quantity: addition.quantity,
      ...link,
      created_at: at,
      updated_at: at,
      product_id: null,
      texture_id: null,
      colour_name: null,
      colour_hex: null,
      dimensions: null,
      materials: '[]',
      distributor: null,
      price: null,
      currency: null,
      image: null,
      product_url: null,
      area_m2: null,
    };
    switch (addition.kind) {
      case 'product': {
        const product = await productById(db, addition.product_id);
        if (!product) throw validationFailed({ [`${field}.product_id`]: ['Unknown product'] });
        const colours = JSON.parse(product.colors) as { name: string; hex: string }[];
        const colour =
          colours.find((candidate) => candidate.hex.toLowerCase() === addition.colour_hex) ??
          (addition.colour_hex ? undefined : colours[0]);
        if (addition.colour_hex && !colour) {
          throw validationFailed({ [`${field}.colour_hex`]: ['Not a colour of this product'] });
        }
        return {
          ...base,
          kind: 'product',
          product_id: product.id,
          name: product.name,
          colour_name: colour?.name ?? null,
          colour_hex: colour?.hex.toLowerCase() ?? null,
          dimensions: JSON.stringify({
            width: product.width_cm,
            depth: product.depth_cm,
            height: product.height_cm,
          }),
          materials: product.materials,
          distributor: product.distributor,
          price: product.price,
          currency: product.currency,
          image: catalogueImageUrl(product.image),
          product_url: product.product_url,
        };
      }
      case 'paint': {
        const named = await paintColourByHex(db, addition.hex);
        return {
          ...base,
          kind: 'paint',
          name: named?.name ?? `Paint ${addition.hex}`,
          colour_name: named?.name ?? null,
          colour_hex: addition.hex,
          area_m2: addition.area_m2 ?? null,
        };
      }
      case 'texture': {
        const texture = addition.texture_id
          ? await textureById(db, addition.texture_id)
          : undefined;
        if (addition.texture_id && !texture) {
          throw validationFailed({ [`${field}.texture_id`]: ['Unknown texture'] });
        }
        return {
          ...base,
          kind: 'texture',
          texture_id: texture?.id ?? null,
          name: texture?.name ?? addition.name ?? 'Uploaded texture',
          image: texture ? catalogueImageUrl(texture.image) : null,
          area_m2: addition.area_m2 ?? null,
        };
      }
    }
  }

  /** The design (and image in it) an item came from; both must be the user's. */
  private async designLink(db: Executor, userId: number, addition: Addition, field: string) {
    if (addition.design_id === undefined) {
      if (addition.design_image) {
        throw validationFailed({ [`${field}.design_id`]: ['Name the design of the image'] });
      }
      return { design_id: null, design_image: null };
    }
    if (!(await findOwnedDesign(db, userId, addition.design_id))) throw notFound();
    if (addition.design_image) {
      await this.deps.images.requireOwned(db, userId, {
        [`${field}.design_image`]: addition.design_image,
      });
    }
    return { design_id: addition.design_id, design_image: addition.design_image ?? null };
  }
}
