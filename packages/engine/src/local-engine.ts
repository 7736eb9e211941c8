/**
 * The local engine (ARCHITECTURE §6): every operation runs in a pool of worker processes
 * (process-pool.ts, docs/decisions/011), so a generation never blocks the server's event loop and
 * an abandoned one can be killed without harming the server. Each variant of a generation is its
 * own task, so two cores make two variants at once. Admission is bounded: `hasCapacity()` turns
 * false when `threads + maxQueue` generations are already under way, and the caller answers 503.
 */
import { availableParallelism } from 'node:os';
import { ProcessPool } from './process-pool';
import type { WorkerData, WorkerResult, WorkerTask } from './worker-protocol';
import type {
  ClickPoint,
  DetectedElement,
  GenerateRequest,
  GenerateResult,
  ImageEngine,
  SurfaceName,
} from './types';
import { EngineError } from './types';

export interface LocalEngineOptions {
  /** Where model weights live (MODELS_DIR). */
  modelsDir: string;
  /** Download a missing model from its upstream URL on first use (sha256-checked). */
  allowDownload?: boolean;
  /** Worker processes; defaults to one less than the cores, at least one. */
  threads?: number;
  /** Generations that may wait for a thread before new ones are refused. */
  maxQueue?: number;
  /** The worker script; by default found next to this module (source) or the bundle (dist). */
  workerUrl?: URL;
  /** How long a cancelled task's worker may take to stop by itself before it is killed. */
  cancelGraceMs?: number;
}

const toBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Worker processes run this module's source when run from TypeScript (tests, tsx) and need tsx to
 * load it; the server bundle ships the worker as `engine-worker.js` beside itself.
 */
function defaultWorker(): { url: URL; execArgv: string[] } {
  const self = import.meta.url;
  if (self.endsWith('.ts')) {
    return { url: new URL('./worker.ts', self), execArgv: ['--import', 'tsx'] };
  }
  return { url: new URL('./engine-worker.js', self), execArgv: [] };
}

export function createLocalEngine(options: LocalEngineOptions): ImageEngine & {
  /** Generations running or waiting now. */
  readonly inFlight: number;
  /** The process ids of the live worker processes. */
  readonly workerPids: number[];
} {
  const threads = options.threads ?? Math.max(1, availableParallelism() - 1);
  const limit = threads + (options.maxQueue ?? 8);
  const worker = options.workerUrl
    ? {
        url: options.workerUrl,
        execArgv: options.workerUrl.href.endsWith('.ts') ? ['--import', 'tsx'] : [],
      }
    : defaultWorker();
  const workerData: WorkerData = {
    modelsDir: options.modelsDir,
    allowDownload: options.allowDownload ?? false,
  };
  const pool = new ProcessPool({
    script: worker.url,
    execArgv: worker.execArgv,
    size: threads,
    settings: workerData,
    ...(options.cancelGraceMs !== undefined ? { cancelGraceMs: options.cancelGraceMs } : {}),
  });
  let inFlight = 0;

  async function run<T extends WorkerResult['kind']>(
    task: WorkerTask,
    kind: T,
    signal?: AbortSignal,
  ): Promise<Extract<WorkerResult, { kind: T }>> {
    const result = await pool.run(task, signal);
    if (result.kind === 'error') {
      throw new EngineError(result.errorKind, result.message, result.refusal);
    }
    if (result.kind !== kind) throw new EngineError('failed', `Unexpected ${result.kind} result`);
    return result as Extract<WorkerResult, { kind: T }>;
  }

  async function admitted<T>(work: () => Promise<T>): Promise<T> {
    if (inFlight >= limit) throw new EngineError('busy', 'The image engine is busy');
    inFlight++;
    try {
      return await work();
    } finally {
      inFlight--;
    }
  }

  return {
    name: 'local',
    get inFlight() {
      return inFlight;
    },
    get workerPids() {
      return pool.pids;
    },
    hasCapacity: () => inFlight < limit,
    detectElements(image: Buffer, signal?: AbortSignal): Promise<DetectedElement[]> {
      return admitted(
        async () => (await run({ kind: 'detect', image }, 'detect', signal)).elements,
      );
    },
    segment(image: Buffer, points: ClickPoint[], signal?: AbortSignal): Promise<Buffer> {
      return admitted(async () =>
        toBuffer((await run({ kind: 'segment', image, points }, 'segment', signal)).mask),
      );
    },
    surface(image: Buffer, surface: SurfaceName, signal?: AbortSignal): Promise<Buffer> {
      return admitted(async () =>
        toBuffer((await run({ kind: 'surface', image, surface }, 'surface', signal)).mask),
      );
    },
    generate(request: GenerateRequest, signal?: AbortSignal): Promise<GenerateResult> {
      if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > 4) {
        return Promise.reject(new EngineError('invalid_input', 'quantity must be 1 to 4'));
      }
      return admitted(async () => {
        const seed = request.seed ?? Math.floor(Math.random() * 2 ** 31);
        const variants = await Promise.all(
          Array.from({ length: request.quantity }, (_, variant) =>
            run({ kind: 'variant', request: { ...request, seed }, variant }, 'variant', signal),
          ),
        );
        const first = variants[0];
        if (!first) throw new EngineError('failed', 'No image was made');
        const areas = variants.map((v) => v.areaM2 ?? null);
        const applied = variants.some((v) => v.applied)
          ? { applied: variants.map((v) => v.applied) }
          : {};
        return {
          images: variants.map((v) => toBuffer(v.png)),
          width: first.width,
          height: first.height,
          ...(areas.some((area) => area !== null) ? { areasM2: areas } : {}),
          ...applied,
        };
      });
    },
    close() {
      return pool.close();
    },
  };
}
