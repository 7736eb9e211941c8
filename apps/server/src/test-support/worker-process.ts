/**
 * An engine worker (src/worker.ts run with tsx) as a child process, as `npm run worker` runs it
 * minus the build; resolves once it has connected to the queue.
 */
import path from 'node:path';
import { spawnWatched, type WatchedProcess } from './server-process';

const WORKER_ENTRY = path.resolve(import.meta.dirname, '../worker.ts');

export type WorkerProcess = WatchedProcess;

export async function startWorkerProcess(options: {
  dataDir: string;
  env: Record<string, string>;
}): Promise<WorkerProcess> {
  const worker = spawnWatched(WORKER_ENTRY, {
    DATA_DIR: options.dataDir,
    // The ready line is logged at info.
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const deadline = Date.now() + 60_000;
  while (!worker.output().includes('engine worker ready')) {
    if (worker.child.exitCode !== null) {
      throw new Error(`The worker exited at start:\n${worker.output()}`);
    }
    if (Date.now() > deadline) {
      await worker.stop();
      throw new Error(`The worker did not start in time:\n${worker.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return worker;
}
