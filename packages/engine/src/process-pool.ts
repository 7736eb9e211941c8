/**
 * The local engine's workers are child processes (docs/decisions/011): a worker that must be
 * abandoned mid-task (its deadline passed while native code — libvips, onnxruntime — runs) is
 * ended with SIGKILL, which can never take the server down with it, unlike terminating a worker
 * thread under a native call. Workers persist between tasks, so model sessions and per-image
 * caches stay warm; one is replaced only when it was killed or died.
 *
 * Each worker runs one task at a time; tasks beyond the workers wait in a FIFO queue (the local
 * engine bounds how many may wait). Aborting a task asks its worker to stop at its next
 * checkpoint; a worker that has not answered within the grace period is killed and replaced.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type {
  ChildMessage,
  ParentMessage,
  WorkerData,
  WorkerResult,
  WorkerTask,
} from './worker-protocol';
import { EngineError } from './types';

export interface ProcessPoolOptions {
  /** The worker script (`worker.ts` from source, `engine-worker.js` beside the server bundle). */
  script: URL;
  /** Node options for the workers (e.g. `--import tsx` for a TypeScript script). */
  execArgv: string[];
  size: number;
  settings: WorkerData;
  /** How long an aborted task's worker may take to stop by itself before it is killed. */
  cancelGraceMs?: number;
}

interface Pending {
  id: number;
  task: WorkerTask;
  signal: AbortSignal | undefined;
  resolve: (result: WorkerResult) => void;
  reject: (error: unknown) => void;
  onAbort?: () => void;
  settled: boolean;
}

interface Worker {
  child: ChildProcess;
  /** The task it runs now. */
  current: Pending | undefined;
  /** Set once the worker is being ended; it takes no further task. */
  ending: boolean;
  exited: Promise<void>;
}

const cancelled = () => new EngineError('timeout', 'The generation was cancelled');

export class ProcessPool {
  private readonly workers = new Set<Worker>();
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: ProcessPoolOptions) {}

  /** The process ids of the live workers (for tests and diagnostics). */
  get pids(): number[] {
    return [...this.workers].flatMap((worker) => (worker.child.pid ? [worker.child.pid] : []));
  }

  run(task: WorkerTask, signal?: AbortSignal): Promise<WorkerResult> {
    if (this.closed) return Promise.reject(new EngineError('busy', 'The image engine is closed'));
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<WorkerResult>((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        task,
        signal,
        resolve,
        reject,
        settled: false,
      };
      if (signal) {
        pending.onAbort = () => this.abort(pending);
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.queue.push(pending);
      this.dispatch();
    });
  }

  /** Ends every worker (SIGKILL after a short grace) and fails what is still queued. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) {
      this.settle(pending, () =>
        pending.reject(new EngineError('busy', 'The image engine closed')),
      );
    }
    await Promise.all([...this.workers].map((worker) => this.end(worker)));
  }

  private dispatch() {
    while (this.queue.length > 0) {
      const idle = [...this.workers].find((worker) => !worker.current && !worker.ending);
      const busy = [...this.workers].filter((worker) => !worker.ending).length;
      const worker = idle ?? (busy < this.options.size ? this.spawn() : undefined);
      if (!worker) return;
      const pending = this.queue.shift();
      if (!pending) return;
      worker.current = pending;
      const message: ParentMessage = { kind: 'task', id: pending.id, task: pending.task };
      worker.child.send(message, (error) => {
        if (error && worker.current === pending) this.lost(worker, error);
      });
    }
  }

  private spawn(): Worker {
    const child = fork(fileURLToPath(this.options.script), [], {
      execArgv: this.options.execArgv,
      serialization: 'advanced',
      env: { ...process.env, ROOMCRAFT_ENGINE_SETTINGS: JSON.stringify(this.options.settings) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const worker: Worker = { child, current: undefined, ending: false, exited };
    this.workers.add(worker);
    child.on('message', (message: ChildMessage) => this.received(worker, message));
    child.on('error', (error) => this.lost(worker, error));
    child.once('exit', (code, signal) => {
      this.workers.delete(worker);
      if (worker.current) {
        this.lost(worker, new Error(`The engine worker exited (${signal ?? code ?? '?'})`));
      }
      if (!this.closed) this.dispatch();
    });
    return worker;
  }

  private received(worker: Worker, message: ChildMessage) {
    const pending = worker.current;
    if (!pending || pending.id !== message.id) return;
    worker.current = undefined;
    this.settle(pending, () => pending.resolve(message.result));
    if (!worker.ending) this.dispatch();
  }

  /** A worker failed under a task: the task fails, the worker goes (and is replaced on demand). */
  private lost(worker: Worker, error: unknown) {
    const pending = worker.current;
    worker.current = undefined;
    if (pending) {
      this.settle(pending, () =>
        pending.reject(
          new EngineError('failed', error instanceof Error ? error.message : String(error)),
        ),
      );
    }
    void this.end(worker);
  }

  private abort(pending: Pending) {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(pending, () => pending.reject(cancelled()));
      return;
    }
    const worker = [...this.workers].find((candidate) => candidate.current === pending);
    // The caller hears at once; the worker gets the grace period to stop, then is killed.
    this.settle(pending, () => pending.reject(cancelled()));
    if (!worker) return;
    const cancel: ParentMessage = { kind: 'cancel', id: pending.id };
    worker.child.send(cancel, () => undefined);
    const kill = setTimeout(() => {
      if (worker.current === pending) {
        worker.current = undefined;
        void this.end(worker);
        this.dispatch();
      }
    }, this.options.cancelGraceMs ?? 250);
    kill.unref();
  }

  /** Kills a worker (it holds nothing worth a graceful exit) and waits until it is gone. */
  private async end(worker: Worker) {
    worker.ending = true;
    if (worker.child.exitCode === null && worker.child.signalCode === null) {
      worker.child.kill('SIGKILL');
    }
    await worker.exited;
  }

  /** Resolves or rejects a task once, and forgets its abort listener. */
  private settle(pending: Pending, finish: () => void) {
    if (pending.settled) return;
    pending.settled = true;
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    finish();
  }
}
