import type { Executor } from '../../db/database';
import type { GenerationStatus } from '../../db/schema';

export function insertGeneration(
  db: Executor,
  generation: {
    reference: string;
    userId: number;
    cost: number;
    at: string;
    owner: string | null;
    leaseUntil: string | null;
  },
) {
  return db
    .insertInto('generations')
    .values({
      reference: generation.reference,
      user_id: generation.userId,
      cost: generation.cost,
      status: 'running',
      outcome: null,
      started_at: generation.at,
      finished_at: null,
      owner: generation.owner,
      lease_until: generation.leaseUntil,
    })
    .execute();
}

/**
 * Finishes a running generation, in one conditional statement: true for the one caller that
 * moved it out of `running`, false for every other (it was already finished or settled).
 */
export async function finishGeneration(
  db: Executor,
  reference: string,
  status: Exclude<GenerationStatus, 'running'>,
  outcome: string,
  at: string,
) {
  const result = await db
    .updateTable('generations')
    .set({ status, outcome, finished_at: at })
    .where('reference', '=', reference)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function unfinishedGenerations(db: Executor) {
  return db
    .selectFrom('generations')
    .selectAll()
    .where('status', '=', 'running')
    .orderBy('started_at')
    .execute();
}

export function findGeneration(db: Executor, reference: string) {
  return db
    .selectFrom('generations')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** The owner's heartbeat: its running generations stay its own until `leaseUntil`. */
export function renewLeases(db: Executor, owner: string, leaseUntil: string) {
  return db
    .updateTable('generations')
    .set({ lease_until: leaseUntil })
    .where('owner', '=', owner)
    .where('status', '=', 'running')
    .execute();
}
