import type { Executor } from '../../db/database';
import type { NewCartItem } from '../../db/schema';

export function cartItemsOf(db: Executor, userId: number) {
  return db
    .selectFrom('cart_items')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function cartItemsOfDesign(db: Executor, userId: number, designId: number) {
  return db
    .selectFrom('cart_items')
    .selectAll()
    .where('user_id', '=', userId)
    .where('design_id', '=', designId)
    .orderBy('id')
    .execute();
}

/** The user's item that is the same thing from the same design, so adding it again adds to it. */
export function sameCartItem(db: Executor, item: NewCartItem) {
  let query = db
    .selectFrom('cart_items')
    .select(['id', 'quantity'])
    .where('user_id', '=', item.user_id)
    .where('kind', '=', item.kind)
    .where('name', '=', item.name);
  for (const column of ['product_id', 'texture_id', 'colour_hex', 'design_id'] as const) {
    const value = item[column] ?? null;
    query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
  }
  return query.executeTakeFirst();
}

export async function insertCartItem(db: Executor, item: NewCartItem) {
  await db.insertInto('cart_items').values(item).execute();
}

export async function setCartQuantity(
  db: Executor,
  userId: number,
  id: number,
  quantity: number,
  at: string,
) {
  const result = await db
    .updateTable('cart_items')
    .set({ quantity, updated_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteCartItem(db: Executor, userId: number, id: number) {
  const result = await db
    .deleteFrom('cart_items')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---------------------------------------------------------------- share links

export async function insertShareLink(
  db: Executor,
  link: { token: string; user_id: number; design_id: number; created_at: string },
) {
  await db.insertInto('share_links').values(link).execute();
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('token', '=', link.token)
    .executeTakeFirstOrThrow();
}

export function liveShareLinksOfDesign(db: Executor, userId: number, designId: number) {
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('user_id', '=', userId)
    .where('design_id', '=', designId)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function revokeShareLink(db: Executor, userId: number, id: number, at: string) {
  const result = await db
    .updateTable('share_links')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function liveShareLink(db: Executor, token: string) {
  return db
    .selectFrom('share_links')
    .selectAll()
    .where('token', '=', token)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}
