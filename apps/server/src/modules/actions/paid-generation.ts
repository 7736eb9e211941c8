/**
 * Paying for a generation and running it (ARCHITECTURE §5), in the order a reader can audit:
 * admission → debit (recorded as running) → engine (with a deadline) → store → completed. Any
 * failure after the debit refunds it, and so does a shutdown that cannot wait for it.
 */
import {
  generationCost,
  messages,
  type GenerationAnswer,
  type ImageUsed,
} from '@roomcraft/contracts';
import { EngineError, type ImageEngine } from '@roomcraft/engine';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import type { ImageRow } from '../../db/schema';
import { HttpError, engineBusy, isEngineTimeout, refundedGenerationError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { imageUrl, storageKey, type ImagesService } from '../images/images.service';
import { availableCredits } from '../users/users.repository';
import type { GenerationAdmission } from '../../platform/admission';
import { withDeadline } from './engine-deadline';
import type { Job } from './generation-job';
import { findGeneration } from './generations.repository';
import {
  completeGeneration,
  refundGeneration,
  startGeneration,
  type GenerationLease,
  type RefundOutcome,
} from './generations';
import { notAppliedNotices } from './restyle-plan';
import { usedRecords } from './used-record';

export interface PaidGenerationDeps {
  db: Database;
  engine: ImageEngine;
  images: ImagesService;
  clock: Clock;
  timeoutMs: number;
  admission: GenerationAdmission;
  lease?: GenerationLease | undefined;
  log: FastifyBaseLogger;
}

/** A debited generation: its ledger reference, who paid and how much. */
interface Debit {
  reference: string;
  userId: number;
  cost: number;
}

export class PaidGenerations {
  /** Set at shutdown: no new engine work is taken. */
  private draining = false;
  /** This process's generations between debit and settlement, by ledger reference. */
  private readonly running = new Map<
    string,
    { generation: Debit; stop: AbortController; done: Promise<void> }
  >();

  constructor(private readonly deps: PaidGenerationDeps) {}

  /** Whether new engine work is taken (false once shutdown has begun). */
  get open() {
    return !this.draining;
  }

  async run(userId: number, job: Job): Promise<GenerationAnswer> {
    if (this.draining) throw engineBusy();
    const leave = await this.deps.admission.enter();
    if (!leave) throw engineBusy();
    try {
      return await this.debitAndRun(userId, job);
    } finally {
      await leave().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'could not leave generation admission'),
      );
    }
  }

  private async debitAndRun(userId: number, job: Job): Promise<GenerationAnswer> {
    const { db, clock, lease } = this.deps;
    const cost = generationCost(job.chargedAction, job.quantity);
    const generation = { reference: `gen_${randomUUID()}`, userId, cost };
    const at = clock.now();
    await startGeneration(db, {
      ...generation,
      action: job.chargedAction,
      designs: job.quantity,
      at,
      ...(lease ? { lease: { owner: lease.owner, until: lease.until(at) } } : {}),
    });
    const stop = new AbortController();
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    this.running.set(generation.reference, { generation, stop, done });
    try {
      return await this.runPaid(generation, job, stop.signal);
    } finally {
      this.running.delete(generation.reference);
      finished();
    }
  }

  /** Engine → store → completed; on any failure the outputs go and the debit is refunded. */
  private async runPaid(generation: Debit, job: Job, stop: AbortSignal): Promise<GenerationAnswer> {
    const { db, engine, clock, timeoutMs } = this.deps;
    const { reference, userId } = generation;
    const stored: ImageRow[] = [];
    let used: ImageUsed[] = [];
    let notices = job.notices ?? [];
    try {
      const result = await withDeadline(
        timeoutMs,
        (signal) => engine.generate(job.request, signal),
        stop,
      );
      if (result.images.length !== job.quantity) {
        throw new EngineError(
          'failed',
          `The engine made ${result.images.length} of ${job.quantity} images`,
        );
      }
      for (const png of result.images) {
        stored.push(await this.deps.images.storeGenerated(userId, png, result));
      }
      // What a redesign planned but could not show is said too (the used record leaves it out).
      if (job.request.op === 'architectural_style' && job.request.plans) {
        notices = [...notices, ...notAppliedNotices(job.request.plans, result.applied)];
      }
      used = await usedRecords(
        db,
        job.request,
        job.texture,
        result.images,
        result.applied,
        result.areasM2,
      );
      if (!(await completeGeneration(db, reference, clock.now()))) {
        // Settled meanwhile (a shutdown refunded it): the credits are back, the images go.
        throw new GenerationSettled();
      }
    } catch (error) {
      const outcome = refundOutcome(error, stop);
      this.deps.log.warn({ err: error, reference, outcome }, 'generation failed; refunding');
      await this.discard(stored).catch((cleanup: unknown) =>
        this.deps.log.error({ err: cleanup, reference }, 'could not remove partial outputs'),
      );
      if (!(error instanceof GenerationSettled)) {
        try {
          await refundGeneration(db, generation, outcome, clock.now());
        } catch (refundError) {
          // The generation stays running in the database: the next start refunds it.
          this.deps.log.error(
            { err: refundError, reference, userId, cost: generation.cost },
            'REFUND FAILED',
          );
          throw new HttpError(500, messages.somethingWentWrong);
        }
      }
      throw refundedGenerationError(error, outcome === 'shutdown');
    }
    return {
      images: stored.map((row) => imageUrl(storageKey(row))),
      used,
      remainingCredits: await availableCredits(db, userId),
      ...(notices.length > 0 ? { notices } : {}),
    };
  }

  /**
   * Graceful shutdown: no new generation or engine call is taken (503), running ones may finish
   * within `graceMs`; the rest are stopped and refunded. Answers how many were refunded.
   */
  async drain(graceMs: number): Promise<number> {
    this.draining = true;
    const all = () => Promise.all([...this.running.values()].map((entry) => entry.done));
    if (this.running.size === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, graceMs, 'late')));
    const result = await Promise.race([all().then(() => 'done' as const), waited]);
    clearTimeout(timer);
    if (result === 'done') return 0;
    const late = [...this.running.values()];
    this.deps.log.warn({ count: late.length }, 'stopping generations still running at shutdown');
    for (const entry of late) entry.stop.abort(new EngineError('timeout', 'shutdown'));
    // Each stopped generation refunds itself; any that cannot within a moment is refunded here.
    await Promise.race([all(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    let refunded = 0;
    for (const { generation } of late) {
      const row = await findGeneration(this.deps.db, generation.reference);
      if (row?.status === 'refunded') refunded++;
      else if (
        row?.status === 'running' &&
        (await refundGeneration(this.deps.db, generation, 'shutdown', this.deps.clock.now()))
      ) {
        refunded++;
      }
    }
    return refunded;
  }

  private async discard(rows: ImageRow[]) {
    if (rows.length === 0) return;
    await this.deps.images.deleteRows(this.deps.db, rows);
    await this.deps.images.deleteFiles(rows);
  }
}

/** The generation was refunded by someone else (a shutdown) while its result was being stored. */
class GenerationSettled extends Error {
  constructor() {
    super('The generation was settled before its result was stored');
  }
}

/** Why a paid generation is refunded, for its ledger row. */
function refundOutcome(error: unknown, stop: AbortSignal): RefundOutcome {
  if (stop.aborted || error instanceof GenerationSettled) return 'shutdown';
  return isEngineTimeout(error) ? 'timeout' : 'failed';
}
