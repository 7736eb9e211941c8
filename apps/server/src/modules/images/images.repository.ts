import type { Executor } from '../../db/database';
import type { ImageRow, ImagesTable } from '../../db/schema';

export function insertImage(db: Executor, image: ImagesTable) {
  return db.insertInto('images').values(image).execute();
}

export function findOwnedImage(
  db: Executor,
  userId: number,
  id: string,
): Promise<ImageRow | undefined> {
  return db
    .selectFrom('images')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findOwnedImages(db: Executor, userId: number, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('images')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/**
 * Gives images that belong to no design yet to this one, and answers how many of `ids` now
 * belong to it (fewer than asked when one was deleted or taken by another design meanwhile).
 */
export async function attachImages(
  db: Executor,
  userId: number,
  designId: number,
  ids: readonly string[],
) {
  if (ids.length === 0) return 0;
  await db
    .updateTable('images')
    .set({ design_id: designId })
    .where('user_id', '=', userId)
    .where('design_id', 'is', null)
    .where('id', 'in', ids)
    .execute();
  const row = await db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('design_id', '=', designId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Up to `limit` images no design uses, stored before `before`. */
export function orphanImagesBefore(db: Executor, before: string, limit: number) {
  return db
    .selectFrom('images')
    .select(['id', 'ext'])
    .where('design_id', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Deletes those of `ids` that are still orphans stored before `before`, in one statement, and
 * answers the ones this call deleted: a design that took one meanwhile keeps it, and of two
 * sweeps at once each row is deleted by exactly one.
 */
export function deleteOrphanImages(db: Executor, ids: readonly string[], before: string) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .deleteFrom('images')
    .where('id', 'in', ids)
    .where('design_id', 'is', null)
    .where('created_at', '<', before)
    .returning(['id', 'ext'])
    .execute();
}

export function imagesOfDesign(db: Executor, designId: number) {
  return db.selectFrom('images').selectAll().where('design_id', '=', designId).execute();
}

export function imagesOfUser(db: Executor, userId: number) {
  return db.selectFrom('images').selectAll().where('user_id', '=', userId).execute();
}

export function deleteImageRows(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve();
  return db.deleteFrom('images').where('id', 'in', ids).execute();
}
