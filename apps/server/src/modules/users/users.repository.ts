import type { Executor } from '../../db/database';
import type { NewUser, UserRow, UserUpdate } from '../../db/schema';

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's credit balance, as stored on the user. */
export async function availableCredits(db: Executor, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('available_credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.available_credits;
}

export function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Executor, id: number, changes: UserUpdate): Promise<UserRow> {
  return db
    .updateTable('users')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Marks the address verified if it is still the one the link was for and not yet verified;
 * answers whether this call did it (of concurrent calls, exactly one does).
 */
export async function markEmailVerified(db: Executor, id: number, email: string, at: string) {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: at, updated_at: at })
    .where('id', '=', id)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteUser(db: Executor, id: number) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}
