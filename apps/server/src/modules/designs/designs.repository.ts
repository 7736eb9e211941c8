import type { Insertable, Updateable } from 'kysely';
import type { Executor } from '../../db/database';
import type { DesignRow, DesignsTable } from '../../db/schema';

export function listDesigns(db: Executor, userId: number): Promise<DesignRow[]> {
  return db
    .selectFrom('designs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Only the owner's design: another user's id reads as absent. */
export function findOwnedDesign(
  db: Executor,
  userId: number,
  id: number,
): Promise<DesignRow | undefined> {
  return db
    .selectFrom('designs')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function insertDesign(db: Executor, design: Insertable<DesignsTable>): Promise<DesignRow> {
  return db.insertInto('designs').values(design).returningAll().executeTakeFirstOrThrow();
}

export function updateDesign(
  db: Executor,
  id: number,
  changes: Updateable<DesignsTable>,
): Promise<DesignRow> {
  return db
    .updateTable('designs')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteDesign(db: Executor, id: number) {
  return db.deleteFrom('designs').where('id', '=', id).execute();
}
