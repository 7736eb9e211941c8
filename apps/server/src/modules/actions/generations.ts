/**
 * Paid generations from debit to settlement (docs/decisions/011). A generation is recorded as
 * running in its debit's transaction; it ends exactly once, either completed (its images stored)
 * or refunded through the credit ledger, by a conditional update that only one caller can win —
 * the request itself, a graceful shutdown, or the next start after a crash.
 */
import type { ActionId } from '@roomcraft/contracts';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/database';
import type { Clock } from '../../platform/clock';
import { changeCredits } from '../credits/credits.service';
import type { GenerationsTable } from '../../db/schema';
import {
  finishGeneration,
  insertGeneration,
  renewLeases,
  unfinishedGenerations,
} from './generations.repository';

/** How a refunded generation ended, and the words its ledger row keeps. */
export const REFUND_NOTES = {
  failed: 'The generation failed',
  timeout: 'The generation did not finish in time',
  shutdown: 'The server shut down before the generation finished',
  interrupted: 'The server stopped during the generation (refunded at the next start)',
} as const;
export type RefundOutcome = keyof typeof REFUND_NOTES;

/** Debits the cost and records the generation as running, in one transaction. */
export function startGeneration(
  db: Database,
  generation: {
    userId: number;
    cost: number;
    reference: string;
    /** What the debit paid for, so the credit history can say it in words. */
    action: ActionId;
    designs: number;
    at: Date;
    /** The process that runs it and how long it vouches for it (`GenerationLease`). */
    lease?: { owner: string; until: Date };
  },
) {
  const { action, designs, lease, ...row } = generation;
  return db.transaction().execute(async (trx) => {
    await changeCredits(trx, {
      userId: row.userId,
      delta: -row.cost,
      reason: 'generation',
      reference: row.reference,
      action,
      designs,
      at: row.at,
    });
    await insertGeneration(trx, {
      ...row,
      at: row.at.toISOString(),
      owner: lease?.owner ?? null,
      leaseUntil: lease?.until.toISOString() ?? null,
    });
  });
}

/**
 * Marks a generation completed; false when it was already settled (a shutdown or another
 * process refunded it meanwhile), and its images must then be discarded.
 */
export function completeGeneration(db: Database, reference: string, at: Date) {
  return finishGeneration(db, reference, 'completed', 'stored', at.toISOString());
}

/**
 * Refunds a running generation through the ledger, once: the conditional update and the refund
 * share a transaction, and the ledger's unique (user, reason, reference) is a second guard.
 * True when this call refunded it.
 */
export function refundGeneration(
  db: Database,
  generation: { reference: string; userId: number; cost: number },
  outcome: RefundOutcome,
  at: Date,
) {
  return db.transaction().execute(async (trx) => {
    const won = await finishGeneration(
      trx,
      generation.reference,
      'refunded',
      outcome,
      at.toISOString(),
    );
    if (!won) return false;
    await changeCredits(trx, {
      userId: generation.userId,
      delta: generation.cost,
      reason: 'refund',
      reference: generation.reference,
      note: REFUND_NOTES[outcome],
      at,
    });
    return true;
  });
}

/**
 * This process's claim on the generations it runs (decision 018): each row names its owner
 * (`host/pid/nonce`) and a lease the owner renews by a heartbeat. A row is another process's
 * business while its lease runs and its owner may be alive.
 */
export class GenerationLease {
  constructor(
    readonly leaseMs: number,
    readonly owner = `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`,
  ) {}

  until(now: Date) {
    return new Date(now.getTime() + this.leaseMs);
  }

  renew(db: Database, now: Date) {
    return renewLeases(db, this.owner, this.until(now).toISOString());
  }

  /**
   * Whether the process that owns a running row is gone: a row from before leases, a lease that
   * ran out, or an owner on this host whose process no longer lives (a kill -9 and a restart are
   * settled at once, without waiting for the lease).
   */
  ownerGone(row: Pick<GenerationsTable, 'owner' | 'lease_until'>, now: Date) {
    if (row.owner === this.owner) return false;
    if (!row.owner || !row.lease_until || row.lease_until <= now.toISOString()) return true;
    const [host, pid] = row.owner.split('/');
    const [myHost, myPid] = this.owner.split('/');
    if (host !== myHost) return false;
    // The same pid with another nonce is an earlier life of this process (a restarted container).
    return pid === myPid || !processAlive(Number(pid));
  }
}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Refunds every generation left running by a process that stopped without settling it (a crash,
 * kill -9). Run at start-up and then periodically; with a lease, rows of live processes are left
 * alone. Safe when several processes run it at once (each row is refunded by whichever wins its
 * conditional update). Answers how many this call refunded.
 */
export async function settleUnfinishedGenerations(deps: {
  db: Database;
  clock: Clock;
  lease?: GenerationLease;
}) {
  let refunded = 0;
  const now = deps.clock.now();
  for (const row of await unfinishedGenerations(deps.db)) {
    if (deps.lease && !deps.lease.ownerGone(row, now)) continue;
    const won = await refundGeneration(
      deps.db,
      { reference: row.reference, userId: row.user_id, cost: row.cost },
      'interrupted',
      deps.clock.now(),
    );
    if (won) refunded++;
  }
  return refunded;
}
