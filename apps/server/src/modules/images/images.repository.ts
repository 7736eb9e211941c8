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

/** Gives images that belong to no design yet to this one. */
export function attachImages(
  db: Executor,
  userId: number,
  designId: number,
  ids: readonly string[],
) {
  if (ids.length === 0) return Promise.resolve();
  return db
    .updateTable('images')
    .set({ design_id: designId })
    .where('user_id', '=', userId)
    .where('design_id', 'is', null)
    .where('id', 'in', ids)
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
