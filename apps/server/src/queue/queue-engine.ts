import type { ClickPoint, GenerateRequest, ImageEngine, SurfaceName } from '@roomcraft/engine';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  GENERATION_QUEUE,
  decode,
  encode,
  failureOf,
  type EngineTask,
  type TaskData,
  type TaskResult,
} from './engine-tasks';

/**
 * The image engine as seen by an API process when REDIS_URL is set (decision 018): every call is
 * a job on the BullMQ queue, run by an engine worker process (`npm run worker`), and this process
 * waits for its answer. Admission is decided in Redis before the debit, so `hasCapacity` is true;
 * the caller's deadline and signal still bound the wait.
 */
export class QueueEngine implements ImageEngine {
  readonly name = 'queue';

  private constructor(
    private readonly queue: Queue<TaskData, TaskResult>,
    private readonly events: QueueEvents,
    private readonly waitMs: number,
  ) {}

  /** Opens the queue and its event stream (ready before the first job is added). */
  static async open(connection: Redis, options: { waitMs: number; prefix: string }) {
    const { prefix } = options;
    const queue = new Queue<TaskData, TaskResult>(GENERATION_QUEUE, { connection, prefix });
    const events = new QueueEvents(GENERATION_QUEUE, {
      connection: connection.duplicate(),
      prefix,
    });
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    // Every waiting call listens on the queue and its events: as many as admission allows.
    queue.setMaxListeners(0);
    events.setMaxListeners(0);
    return new QueueEngine(queue, events, options.waitMs);
  }

  hasCapacity() {
    return true;
  }

  detectElements(image: Buffer, signal?: AbortSignal) {
    return this.run<Awaited<ReturnType<ImageEngine['detectElements']>>>(
      { kind: 'detect', image },
      signal,
    );
  }

  segment(image: Buffer, points: ClickPoint[], signal?: AbortSignal) {
    return this.run<Buffer>({ kind: 'segment', image, points }, signal);
  }

  surface(image: Buffer, surface: SurfaceName, signal?: AbortSignal) {
    return this.run<Buffer>({ kind: 'surface', image, surface }, signal);
  }

  generate(request: GenerateRequest, signal?: AbortSignal) {
    return this.run<Awaited<ReturnType<ImageEngine['generate']>>>(
      { kind: 'generate', request },
      signal,
    );
  }

  /** Waiting, active and failed-in-the-last-hour counts, for the readiness answer. */
  async counts() {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
  }

  /** How many engine workers are connected to the queue. */
  async workers() {
    return (await this.queue.getWorkers()).length;
  }

  async close() {
    await this.events.close();
    await this.queue.close();
  }

  private async run<T>(task: EngineTask, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const job = await this.queue.add(
      task.kind,
      { task: encode(task) },
      {
        // A job that fails is not tried again: its credits are refunded. A job whose worker died
        // (stalled) goes back to the queue once (the workers' maxStalledCount), then fails.
        attempts: 1,
        // Kept a little: a job removed the moment it completes can vanish before
        // waitUntilFinished looks at it ("Missing key for job"), which a fast job did.
        removeOnComplete: { age: 60 },
        removeOnFail: { age: 3600 },
      },
    );
    const abandoned = new Promise<never>((_, reject) => {
      const onAbort = () => {
        // A job no worker has taken yet is withdrawn; one under way runs to its end, unused.
        job.remove().catch(() => undefined);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    abandoned.catch(() => undefined);
    try {
      const answer = await Promise.race([
        job.waitUntilFinished(this.events, this.waitMs),
        abandoned,
      ]);
      return decode(answer.result) as T;
    } catch (error) {
      if (signal?.aborted) throw error;
      throw failureOf(error instanceof Error ? error.message : String(error));
    }
  }
}
