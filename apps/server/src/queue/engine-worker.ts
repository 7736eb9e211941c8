import type { ImageEngine } from '@roomcraft/engine';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  GENERATION_QUEUE,
  decode,
  encode,
  failureMessage,
  runTask,
  type EngineTask,
  type TaskData,
  type TaskResult,
} from './engine-tasks';

export interface EngineWorkerOptions {
  connection: Redis;
  /** The Redis key prefix shared with the API processes (REDIS_PREFIX). */
  prefix: string;
  engine: ImageEngine;
  /** Jobs run at once: the engine's worker processes. */
  concurrency: number;
  /** A job running longer is stopped and fails (its API process refunds it). */
  timeoutMs: number;
  /**
   * How long a job's lock lasts without renewal; a worker that dies (kill -9) loses its jobs to
   * the stalled-job check after about this long, and they run again once, then fail.
   */
  lockMs: number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** An engine worker (decision 018): takes jobs off the generation queue and runs them. */
export function startEngineWorker(options: EngineWorkerOptions) {
  const { engine, log } = options;
  const worker = new Worker<TaskData, TaskResult>(
    GENERATION_QUEUE,
    async (job) => {
      const task = decode(job.data.task) as EngineTask;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), options.timeoutMs);
      try {
        const result = await runTask(engine, task, controller.signal);
        return { result: encode(result) };
      } catch (error) {
        log.warn({ job: job.id, kind: task.kind, err: error }, 'engine job failed');
        throw new UnrecoverableError(failureMessage(error));
      } finally {
        clearTimeout(timer);
      }
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
      maxStalledCount: 1,
      autorun: true,
    },
  );
  worker.on('error', (error) => log.warn({ err: error }, 'engine worker error'));
  return worker;
}
