import type { ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database';
import type { DB, NewProduct, PaintColoursTable, ProductRow, TexturesTable } from '../../db/schema';

/** Adds the colours that are not there yet; existing rows keep their values. */
export async function insertMissingPaintColours(
  db: Executor,
  colours: readonly PaintColoursTable[],
) {
  if (colours.length === 0) return;
  await db
    .insertInto('paint_colours')
    .values([...colours])
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export function searchPaintColours(
  db: Executor,
  filter: { query?: string | undefined; collection?: string | undefined },
) {
  let query = db
    .selectFrom('paint_colours')
    .select(['id', 'name', 'hex', 'collection'])
    .orderBy('position');
  if (filter.query)
    query = query.where((eb) =>
      eb(eb.fn('lower', ['name']), 'like', likePattern(filter.query ?? '')),
    );
  if (filter.collection) query = query.where('collection', '=', filter.collection);
  return query.execute();
}

export interface ProductFilter {
  query?: string | undefined;
  category?: string | undefined;
  style?: string | undefined;
  spaceType?: string | undefined;
  /** Minor units. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  limit: number;
}

export function searchProducts(db: Executor, filter: ProductFilter): Promise<ProductRow[]> {
  let query = db.selectFrom('products').selectAll('products');
  if (filter.query)
    query = query.where((eb) =>
      eb(eb.fn('lower', ['products.name']), 'like', likePattern(filter.query ?? '')),
    );
  if (filter.category) query = query.where('products.category', '=', filter.category);
  if (filter.minPrice !== undefined) query = query.where('products.price', '>=', filter.minPrice);
  if (filter.maxPrice !== undefined) query = query.where('products.price', '<=', filter.maxPrice);
  // Styles and space types are stored lower-cased, one row per tag (see insertProduct).
  if (filter.style) query = query.where(hasTag('product_styles', 'style', filter.style));
  if (filter.spaceType) {
    query = query.where(hasTag('product_space_types', 'space_type', filter.spaceType));
  }
  return query.orderBy('products.price').orderBy('products.id').limit(filter.limit).execute();
}

export async function tagsOf(db: Executor, productIds: readonly string[]) {
  if (productIds.length === 0) return { styles: [], spaceTypes: [] };
  const [styles, spaceTypes] = await Promise.all([
    db.selectFrom('product_styles').selectAll().where('product_id', 'in', productIds).execute(),
    db
      .selectFrom('product_space_types')
      .selectAll()
      .where('product_id', 'in', productIds)
      .execute(),
  ]);
  return { styles, spaceTypes };
}

export async function insertProduct(
  db: Executor,
  product: NewProduct,
  styles: readonly string[],
  spaceTypes: readonly string[],
) {
  await db.insertInto('products').values(product).execute();
  if (styles.length > 0) {
    await db
      .insertInto('product_styles')
      .values(styles.map((style) => ({ product_id: product.id, style })))
      .execute();
  }
  if (spaceTypes.length > 0) {
    await db
      .insertInto('product_space_types')
      .values(spaceTypes.map((space_type) => ({ product_id: product.id, space_type })))
      .execute();
  }
}

export function findProductIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(['id', 'image', 'cutout'])
    .where('id', 'in', ids)
    .execute();
}

export function deleteProducts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve();
  return db.deleteFrom('products').where('id', 'in', ids).execute();
}

/** The product has this tag in one of its tag tables. */
function hasTag(
  table: 'product_styles' | 'product_space_types',
  column: 'style' | 'space_type',
  tag: string,
) {
  return (eb: ExpressionBuilder<DB, 'products'>) =>
    eb.exists(
      eb
        .selectFrom(table)
        .select('product_id')
        .whereRef('product_id', '=', 'products.id')
        .where(column, '=', tag.toLowerCase()),
    );
}

/** A LIKE pattern matching the text anywhere; the text's own wildcard characters are dropped. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '')}%`;

export function searchTextures(
  db: Executor,
  filter: { query?: string | undefined; kind?: string | undefined },
) {
  let query = db
    .selectFrom('textures')
    .select(['id', 'name', 'kind', 'material_type', 'image', 'tile_size_cm'])
    .orderBy('position');
  if (filter.query)
    query = query.where((eb) =>
      eb(eb.fn('lower', ['name']), 'like', likePattern(filter.query ?? '')),
    );
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  return query.execute();
}

/** Catalogue products by id, with what placing them needs. */
export function productRowsByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

export function productById(db: Executor, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

const TEXTURE_COLUMNS = ['id', 'name', 'kind', 'material_type', 'image', 'tile_size_cm'] as const;

/** The library texture whose image is this catalogue key. */
export function textureByImage(db: Executor, image: string) {
  return db
    .selectFrom('textures')
    .select(TEXTURE_COLUMNS)
    .where('image', '=', image)
    .executeTakeFirst();
}

export function textureById(db: Executor, id: string) {
  return db.selectFrom('textures').select(TEXTURE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The library paint colour with exactly this hex (#rrggbb, lower case), if there is one. */
export function paintColourByHex(db: Executor, hex: string) {
  return db
    .selectFrom('paint_colours')
    .select(['id', 'name', 'hex'])
    .where('hex', '=', hex)
    .orderBy('position')
    .executeTakeFirst();
}

const SHIPPED_VERSION_KEY = 'shipped_catalogue_version';

/** The version of the shipped catalogue last brought into the database, if any. */
export async function shippedCatalogueVersion(db: Executor) {
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', SHIPPED_VERSION_KEY)
    .executeTakeFirst();
  return row?.value;
}

export async function recordShippedCatalogueVersion(db: Executor, version: string) {
  await db.deleteFrom('app_settings').where('key', '=', SHIPPED_VERSION_KEY).execute();
  await db
    .insertInto('app_settings')
    .values({ key: SHIPPED_VERSION_KEY, value: version })
    .execute();
}

/** Replaces every texture with these, in this order. */
export async function replaceTextures(
  db: Executor,
  textures: readonly Omit<TexturesTable, 'position'>[],
) {
  await db.deleteFrom('textures').execute();
  if (textures.length === 0) return;
  await db
    .insertInto('textures')
    .values(textures.map((texture, position) => ({ ...texture, position })))
    .execute();
}

/** The ids of the operator's imported products (a shipped product never replaces one). */
export async function importedProductIds(db: Executor) {
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('source', '=', 'import')
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function deleteShippedProducts(db: Executor) {
  await db.deleteFrom('products').where('source', '=', 'shipped').execute();
}
