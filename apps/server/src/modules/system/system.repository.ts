import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/** Whether the database answers: the cheapest query there is. */
export async function pingDatabase(db: Executor) {
  await sql`select 1`.execute(db);
}
