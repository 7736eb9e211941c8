/** A worker thread of the local engine's pool. */
import sharp from 'sharp';
import { workerData } from 'node:worker_threads';
import { runTask } from './dispatch';
import type { WorkerData, WorkerResult, WorkerTask } from './worker-protocol';

// One libvips thread per worker: the pool already uses every core.
sharp.concurrency(1);

const settings = workerData as WorkerData;

export default function handle(task: WorkerTask): Promise<WorkerResult> {
  return runTask(task, settings);
}
