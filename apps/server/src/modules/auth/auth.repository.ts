import type { Executor } from '../../db/database';
import type { SessionRow, SessionsTable, UserRow } from '../../db/schema';

export function insertSession(db: Executor, session: SessionsTable) {
  return db.insertInto('sessions').values(session).execute();
}

/** The live session with its user, in one indexed read. */
export async function findLiveSession(
  db: Executor,
  id: string,
  now: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.password_confirmed_at',
      'sessions.created_at as session_created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.ip',
      'sessions.user_agent',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_id,
    password_confirmed_at,
    session_created_at,
    last_seen_at,
    expires_at,
    ip,
    user_agent,
    ...user
  } = row;
  return {
    session: {
      id: session_id,
      user_id: user.id,
      password_confirmed_at,
      created_at: session_created_at,
      last_seen_at,
      expires_at,
      ip,
      user_agent,
    },
    user,
  };
}

export function touchSession(db: Executor, id: string, lastSeenAt: string, expiresAt: string) {
  return db
    .updateTable('sessions')
    .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export function markPasswordConfirmed(db: Executor, id: string, at: string) {
  return db
    .updateTable('sessions')
    .set({ password_confirmed_at: at })
    .where('id', '=', id)
    .execute();
}

export function deleteSession(db: Executor, id: string) {
  return db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Signs the user out everywhere, except the session given. */
export function deleteUserSessions(db: Executor, userId: number, exceptId?: string) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return query.execute();
}

export function deleteExpiredSessions(db: Executor, now: string) {
  return db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export async function saveResetToken(db: Executor, email: string, tokenHash: string, at: string) {
  await db.deleteFrom('password_reset_tokens').where('email', '=', email).execute();
  await db
    .insertInto('password_reset_tokens')
    .values({ email, token_hash: tokenHash, created_at: at })
    .execute();
}

export function findResetToken(db: Executor, email: string) {
  return db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Deletes the token only if it is still the one given: exactly one reset can consume it. */
export async function consumeResetToken(db: Executor, email: string, tokenHash: string) {
  const result = await db
    .deleteFrom('password_reset_tokens')
    .where('email', '=', email)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
