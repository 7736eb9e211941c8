import type { Executor } from '../../db/database';

/** Catalogue products by id, with what placing them needs. */
export function productRowsByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

/** The library texture whose image is this catalogue key. */
export function textureByImage(db: Executor, image: string) {
  return db
    .selectFrom('textures')
    .select(['id', 'name', 'kind', 'material_type', 'image', 'tile_size_cm'])
    .where('image', '=', image)
    .executeTakeFirst();
}

export function textureById(db: Executor, id: string) {
  return db
    .selectFrom('textures')
    .select(['id', 'name', 'kind', 'material_type', 'image', 'tile_size_cm'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The first material texture whose name mentions the material (e.g. "Oak" → "Oak planks"). */
export function materialTexture(db: Executor, material: string) {
  return db
    .selectFrom('textures')
    .select(['id', 'name', 'kind', 'material_type', 'image', 'tile_size_cm'])
    .where((eb) =>
      eb(eb.fn('lower', ['name']), 'like', `%${material.toLowerCase().replace(/[\\%_]/g, '')}%`),
    )
    .orderBy('position')
    .executeTakeFirst();
}

export async function creditBalance(db: Executor, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('available_credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.available_credits;
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
