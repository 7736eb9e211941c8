import type {
  DesignConfig,
  LibraryTexture,
  PaintColourItem,
  Product,
  ProductQuery,
} from '@roomcraft/contracts';
import { SPACES, productQuerySchema } from '@roomcraft/contracts';
import { PAINT_COLOURS } from '@roomcraft/catalog/paint-colours';
import type { Database } from '../../db/database';
import type { ProductRow } from '../../db/schema';
import {
  insertMissingPaintColours,
  searchPaintColours,
  searchProducts,
  searchTextures,
  tagsOf,
} from './library.repository';

export const catalogueImageUrl = (key: string) => `/api/library/images/${key}`;

/** The design config with each style's rendered preview, where the catalogue has one. */
export function withStylePreviews(
  config: DesignConfig,
  previews: Record<string, string>,
): DesignConfig {
  return {
    ...config,
    styles: config.styles.map((style) => {
      const key = previews[style.id];
      return key ? { ...style, preview_url: catalogueImageUrl(key) } : style;
    }),
  };
}

export class LibraryService {
  constructor(private readonly deps: { db: Database }) {}

  /** The shipped paint library is in the database after start-up; an operator's edits stay. */
  async syncShippedData() {
    await insertMissingPaintColours(
      this.deps.db,
      PAINT_COLOURS.map((colour, position) => ({ ...colour, position })),
    );
  }

  colours(filter: {
    query?: string | undefined;
    collection?: string | undefined;
  }): Promise<PaintColourItem[]> {
    return searchPaintColours(this.deps.db, filter);
  }

  async textures(filter: {
    query?: string | undefined;
    kind?: string | undefined;
  }): Promise<LibraryTexture[]> {
    const rows = await searchTextures(this.deps.db, filter);
    return rows.map(({ image, ...texture }) => ({
      ...texture,
      kind: texture.kind as LibraryTexture['kind'],
      image_url: catalogueImageUrl(image),
    }));
  }

  /** Every material type with its materials, across all kinds of space. */
  materials(): Record<string, string[]> {
    const byType: Record<string, Set<string>> = {};
    for (const space of SPACES) {
      for (const [type, materials] of Object.entries(space.material_types)) {
        const set = (byType[type] ??= new Set());
        for (const material of materials) set.add(material);
      }
    }
    return Object.fromEntries(Object.entries(byType).map(([type, set]) => [type, [...set]]));
  }

  async products(input: ProductQuery): Promise<Product[]> {
    const query = productQuerySchema.parse(input);
    const rows = await searchProducts(this.deps.db, {
      query: query.query,
      category: query.category,
      style: query.style,
      spaceType: query.space_type,
      // Budgets are whole units; prices are kept in minor units.
      minPrice: query.min_price === undefined ? undefined : query.min_price * 100,
      maxPrice: query.max_price === undefined ? undefined : query.max_price * 100,
      limit: query.limit,
    });
    const { styles, spaceTypes } = await tagsOf(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toProductResource(
        row,
        styles.filter((tag) => tag.product_id === row.id).map((tag) => tag.style),
        spaceTypes.filter((tag) => tag.product_id === row.id).map((tag) => tag.space_type),
      ),
    );
  }
}

function toProductResource(row: ProductRow, styles: string[], spaceTypes: string[]): Product {
  return {
    id: row.id,
    category: row.category as Product['category'],
    maker: row.maker,
    name: row.name,
    price: row.price,
    currency: row.currency as Product['currency'],
    description: row.description,
    colors: (JSON.parse(row.colors) as { name: string; hex: string; image?: string }[]).map(
      ({ image, ...colour }) =>
        image ? { ...colour, image_url: catalogueImageUrl(image) } : colour,
    ),
    dimensions: { width: row.width_cm, depth: row.depth_cm, height: row.height_cm },
    materials: JSON.parse(row.materials) as string[],
    distributor: row.distributor,
    image_url: catalogueImageUrl(row.image),
    cutout_url: row.cutout ? catalogueImageUrl(row.cutout) : null,
    product_url: row.product_url,
    styles,
    space_types: spaceTypes,
  };
}
