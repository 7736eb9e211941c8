/**
 * A worker process of the local engine's pool (see process-pool.ts): runs one task at a time and
 * keeps its models loaded between tasks. It exits when the server goes (its IPC channel closes),
 * so a killed server never leaves workers behind.
 */
import sharp from 'sharp';
import { runTask } from './dispatch';
import {
  WORKER_SETTINGS_ENV,
  type ChildMessage,
  type ParentMessage,
  type WorkerData,
} from './worker-protocol';

// One libvips thread per worker: the pool already uses every core.
sharp.concurrency(1);

const settings = JSON.parse(process.env[WORKER_SETTINGS_ENV] ?? '{}') as WorkerData;
const running = new Map<number, AbortController>();

process.on('message', (message: ParentMessage) => {
  if (message.kind === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  void runTask(message.task, settings, controller.signal).then((result) => {
    running.delete(message.id);
    const answer: ChildMessage = { kind: 'result', id: message.id, result };
    process.send?.(answer);
  });
});

process.on('disconnect', () => process.exit(0));
