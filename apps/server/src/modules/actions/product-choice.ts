/**
 * Which catalogue products an add or replace places: the one the user picked, or the best fits
 * for the category, style, space type and the design's budget (one per variant when several fit).
 */
import {
  CATALOGUE_IMAGE_PATTERN,
  findStyle,
  type Product,
  type ProductCategory,
} from '@roomcraft/contracts';
import { demoProduct, placementFromDemo, type PlacementProduct } from '@roomcraft/engine';
import type { Database } from '../../db/database';
import type { ProductRow } from '../../db/schema';
import type { ObjectStorage } from '../../platform/storage';
import { readStream } from '../images/images.service';
import type { LibraryService } from '../library/library.service';
import { productRowsByIds } from '../library/library.repository';

/** What to add when the prompt names nothing: things that fit almost any room. */
export const DEFAULT_ADD_CATEGORIES: readonly ProductCategory[] = [
  'plant',
  'floor_lamp',
  'armchair',
  'side_table',
  'bookshelf',
];

export interface ProductWish {
  categories: readonly ProductCategory[];
  /** A style id or name; products tagged with it come first. */
  style?: string | undefined;
  spaceType?: string | undefined;
  /** Whole currency units. */
  budgetMin?: number | null | undefined;
  budgetMax?: number | null | undefined;
  /** A material asked for ("a leather one"): products made of it come first, when any are. */
  material?: string | undefined;
}

const NEUTRAL = '#9a9a96';

export class ProductChoice {
  constructor(
    private readonly deps: {
      db: Database;
      library: LibraryService;
      catalogueStorage: ObjectStorage;
    },
  ) {}

  /**
   * Products of the categories within the budget, best match first: those of the style and space
   * type, then those of the space type, then the rest. The budget is never relaxed.
   */
  async ranked(wish: ProductWish, limit = 60): Promise<Product[]> {
    const styleId = wish.style
      ? (findStyle(wish.style)?.id ?? wish.style.toLowerCase())
      : undefined;
    const budget = {
      min_price: wish.budgetMin ?? undefined,
      max_price: wish.budgetMax ?? undefined,
    };
    const passes = [
      { style: styleId, space_type: wish.spaceType },
      { style: undefined, space_type: wish.spaceType },
      { style: undefined, space_type: undefined },
    ];
    const found = new Map<string, Product>();
    for (const pass of passes) {
      for (const category of wish.categories) {
        const products = await this.deps.library.products({ category, ...pass, ...budget, limit });
        for (const product of products) if (!found.has(product.id)) found.set(product.id, product);
      }
      if (found.size >= limit) break;
    }
    return [...found.values()].slice(0, limit);
  }

  /** Up to `count` different placeable products for the wish; empty when none fits. */
  async placements(wish: ProductWish, count: number, colour?: string) {
    const chosen: PlacementProduct[] = [];
    for (const product of byMaterial(await this.ranked(wish), wish.material)) {
      const [row] = await productRowsByIds(this.deps.db, [product.id]);
      const placement = row ? await this.placement(row, colour) : undefined;
      if (placement) chosen.push(placement);
      if (chosen.length >= count) break;
    }
    return chosen;
  }

  /** The product with this id, ready to place; undefined when it is unknown or has no image to place. */
  async byId(id: string, colour?: string) {
    const [row] = await productRowsByIds(this.deps.db, [id]);
    return row ? this.placement(row, colour) : undefined;
  }

  /** A demo product renders from its parametric model; an imported one is composited from its cut-out. */
  private async placement(row: ProductRow, colour?: string): Promise<PlacementProduct | undefined> {
    const demo = demoProduct(row.id);
    if (demo) return placementFromDemo(demo, colour);
    if (!row.cutout) return undefined;
    const key = CATALOGUE_IMAGE_PATTERN.exec(`/api/library/images/${row.cutout}`)?.[1];
    const object = key ? await this.deps.catalogueStorage.get(key) : undefined;
    if (!object) return undefined;
    const colours = JSON.parse(row.colors) as { hex: string }[];
    return {
      id: row.id,
      category: row.category as ProductCategory,
      name: row.name,
      dimensions: { width: row.width_cm, depth: row.depth_cm, height: row.height_cm },
      colour: colour ?? colours[0]?.hex ?? NEUTRAL,
      cutout: await readStream(object.body),
    };
  }
}

/** Products of `material` first (in their order), then the rest; all of them when none is. */
export function byMaterial(products: readonly Product[], material: string | undefined): Product[] {
  if (!material) return [...products];
  const wanted = material.toLowerCase();
  const made = (product: Product) =>
    product.materials.some((name) => name.toLowerCase().includes(wanted));
  return [...products.filter(made), ...products.filter((product) => !made(product))];
}
