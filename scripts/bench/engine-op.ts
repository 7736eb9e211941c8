// One engine operation timed in its own process (so its peak memory is its own), called by
// scripts/bench/engine.ts:
// `node --import tsx scripts/bench/engine-op.ts <op> <megapixels> <runs> [uncached]`.
// Runs the worker's task (bytes in, PNG bytes out: decode, operation, encode) on one thread, as a
// pool worker does — for the assistant, the tasks the server runs for one instruction (find the
// surface, then the planned action) — and prints one JSON line: { op, megapixels, width, height,
// runs, firstMs, medianMs, minMs, cpuMs, peakRssMb }. `cpuMs` is the median CPU time (user +
// system) of a run: the bench machine is shared, and CPU time does not swing with its load as
// wall-clock does. With `uncached`, the room parse cache is emptied before each timed run.
import { findTexture, renderTexture } from '@roomcraft/catalog';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';
import { DESIGN_MODES, STYLES } from '@roomcraft/contracts';
import type { GenerateRequest } from '@roomcraft/engine';
import {
  decodeMask,
  defaultAssistantContext,
  encodeMask,
  interpretInstruction,
  locateTarget,
  placementFromDemo,
} from '@roomcraft/engine';
import { clearRoomParses, roomParseOf, runTask } from '@roomcraft/engine/dispatch';
import type { WorkerTask } from '@roomcraft/engine/worker-protocol';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_CATALOGUE, DEMO_LOADERS } from '../../apps/server/src/test-support/demo-catalogue';
import {
  enginePlans,
  planRestyle,
  swappablePieces,
} from '../../apps/server/src/modules/actions/restyle-plan';
import { fractionRectShape, maskPng } from '../../packages/engine/src/test-support/photos';

const shared = fileURLToPath(new URL('../../../shared/', import.meta.url));
const settings = {
  modelsDir: process.env.MODELS_DIR ?? path.join(shared, 'models'),
  allowDownload: false,
};

/** Rectangles as fractions of the photo (living-room-1.jpg): the wall, the sofa, free floor. */
const WALL: Rect = [0.02, 0.04, 0.6, 0.34];
const SOFA: Rect = [0.2, 0.57, 0.72, 0.86];
const FREE_FLOOR: Rect = [0.56, 0.42, 0.7, 0.9];
const FLOOR: Rect = [0, 0.66, 1, 1];
type Rect = [number, number, number, number];

/** A hole of 10% of the image, centred on the sofa. */
const TEN_PERCENT: Rect = [0.46 - 0.158, 0.72 - 0.158, 0.46 + 0.158, 0.72 + 0.158];

async function photoAt(megapixels: number) {
  const input = sharp(await readFile(path.join(shared, 'assets/rooms/living-room-1.jpg'))).rotate();
  const meta = await input.metadata();
  const aspect = meta.width / meta.height;
  const height = Math.round(Math.sqrt((megapixels * 1e6) / aspect));
  const width = Math.round(height * aspect);
  const png = await input
    .resize(width, height, { fit: 'fill' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, width, height };
}

function rectMask(width: number, height: number, rect: Rect) {
  return maskPng(width, height, fractionRectShape(rect, width, height));
}

async function taskFor(op: string, megapixels: number): Promise<WorkerTask[]> {
  const { png: image, width, height } = await photoAt(megapixels);
  const variant = variantTask;
  const style = STYLES.find((s) => s.id === 'japandi');
  const mode = DESIGN_MODES.find((m) => m.id === 'balanced');
  const texture = async (id: string) => {
    const definition = findTexture(id);
    if (!definition) throw new Error(`no texture ${id}`);
    return {
      image: await renderTexture(definition, { size: 512, format: 'png' }),
      tileSizeCm: definition.tileSizeCm,
    };
  };
  const product = (id: string) => {
    const found = DEMO_PRODUCTS.find((p) => p.id === id);
    if (!found) throw new Error(`no product ${id}`);
    return placementFromDemo(found);
  };
  switch (op) {
    case 'wall_paint':
      return [
        variant({
          op,
          image,
          quantity: 1,
          mask: await rectMask(width, height, WALL),
          colour: { hex: '#9caf88' },
        }),
      ];
    case 'change_material':
      return [
        variant({
          op,
          image,
          quantity: 1,
          mask: await rectMask(width, height, SOFA),
          colour: '#1f6b4f',
          texture: await texture('emerald-velvet'),
        }),
      ];
    case 'floors':
      // The fill alone, on a given floor region (the optional masked_image).
      return [
        variant({
          op,
          image,
          quantity: 1,
          mask: await rectMask(width, height, FLOOR),
          texture: await texture('oak-herringbone'),
        }),
      ];
    case 'floors_auto':
      // As the app sends it: no mask, so the floor is found first (detection, colour, SAM).
      return [
        variant({ op: 'floors', image, quantity: 1, texture: await texture('oak-herringbone') }),
      ];
    case 'detect':
      return [{ kind: 'detect', image }];
    case 'segment':
      // The first click computes the image's embedding; the second is what each further click costs.
      return [
        { kind: 'segment', image, points: [{ x: width * 0.15, y: height * 0.2, label: 1 }] },
        { kind: 'segment', image, points: [{ x: width * 0.45, y: height * 0.68, label: 1 }] },
      ];
    case 'architectural_style':
      if (!style || !mode) throw new Error('style or mode missing');
      return [variant({ op, image, quantity: 1, style, strength: mode.strength })];
    case 'restyle': {
      // The redesigning restyle as the server plans it (decision 025): walls, floor, swaps and
      // decor for the style, from the photo's space elements and the demo catalogue.
      if (!style || !mode) throw new Error('style or mode missing');
      const detected = await runTask({ kind: 'detect', image }, settings);
      if (detected.kind !== 'detect') throw new Error('restyle: detection failed');
      const { designs } = planRestyle({
        styleId: style.id,
        modeId: mode.id,
        quantity: 1,
        budgetMax: 3000,
        pieces: swappablePieces(detected.elements, width, height),
        products: DEMO_CATALOGUE,
      });
      const plans = await enginePlans(designs, DEMO_LOADERS);
      return [
        variant({
          op: 'architectural_style',
          image,
          quantity: 1,
          style,
          strength: mode.strength,
          plans,
        }),
      ];
    }
    case 'remove_elements':
      return [
        variant({ op, image, quantity: 1, mask: await rectMask(width, height, TEN_PERCENT) }),
      ];
    case 'add_elements':
      return [
        variant({
          op,
          image,
          quantity: 1,
          mask: await rectMask(width, height, FREE_FLOOR),
          products: [product('plant-fig')],
        }),
      ];
    case 'change_furniture':
      return [
        variant({
          op,
          image,
          quantity: 1,
          mask: await rectMask(width, height, SOFA),
          products: [product('sofa-arco')],
        }),
      ];
    default:
      throw new Error(`unknown op ${op}`);
  }
}

async function peakRssMb() {
  const status = await readFile('/proc/self/status', 'utf8');
  return Math.round(Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN) / 1024);
}

/** The room parse alone: decode, network, refinement, wall planes (objects are lazy). */
async function timeParse(megapixels: number, runs: number) {
  const { png, width, height } = await photoAt(megapixels);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const image = { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
  const times: number[] = [];
  const cpu: number[] = [];
  let firstMs = 0;
  for (let i = 0; i <= runs; i++) {
    clearRoomParses();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await roomParseOf(image, settings);
    const ms = performance.now() - started;
    if (i === 0) firstMs = ms;
    else {
      times.push(ms);
      cpu.push(cpuMsSince(cpuStarted));
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      op: 'room_parse',
      // CPU time of this (one-threaded) process: what the parse costs when the machine is shared.
      cpuMs: Math.round(median(cpu)),
      megapixels,
      width,
      height,
      runs,
      firstMs: Math.round(firstMs),
      medianMs: Math.round(times[Math.floor(times.length / 2)] ?? NaN),
      minMs: Math.round(times[0] ?? NaN),
      peakRssMb: await peakRssMb(),
    }),
  );
}

/** A run's output size when it made an image. */
type Size = { width: number; height: number } | undefined;
/** One timed unit of work: what one request costs the engine. */
type Job = () => Promise<Size>;

const runJob =
  (op: string, task: WorkerTask): Job =>
  async () => {
    const result = await runTask(task, settings);
    if (result.kind === 'error') throw new Error(`${op}: ${result.message}`);
    return result.kind === 'variant' ? { width: result.width, height: result.height } : undefined;
  };

/** The instruction the assistant bench gives: a surface found in the room parse, then paint. */
const ASSISTANT_INSTRUCTION = 'paint the walls sage green';

/**
 * The assistant as the server runs it (apps/server …/ai-assistant.ts): the instruction is
 * interpreted, its surface found by a free surface task, and the planned wall paint run on it.
 */
async function assistantJob(megapixels: number): Promise<Job> {
  const { png: image, width, height } = await photoAt(megapixels);
  return async () => {
    const interpretation = interpretInstruction(ASSISTANT_INSTRUCTION, defaultAssistantContext());
    if (!interpretation.ok) throw new Error(`assistant: ${interpretation.reason}`);
    const { plan, target } = interpretation;
    if (plan.action !== 'paints' || target.kind !== 'surface')
      throw new Error(`assistant: unexpected plan ${plan.action} on ${target.kind}`);
    const found = await runTask({ kind: 'surface', image, surface: target.surface }, settings);
    if (found.kind !== 'surface') throw new Error('assistant: no surface');
    const surface = await decodeMask(Buffer.from(found.mask), width, height);
    const located = locateTarget(target, { width, height, surface });
    if (!located.ok || !located.mask) throw new Error('assistant: target not found');
    const paint = variantTask({
      op: 'wall_paint',
      image,
      quantity: 1,
      mask: await encodeMask(located.mask),
      colour: { hex: plan.hex },
    });
    return runJob('assistant', paint)();
  };
}

function variantTask(request: GenerateRequest): WorkerTask {
  return { kind: 'variant', request: { ...request, seed: 7 }, variant: 0 };
}

async function jobsFor(op: string, megapixels: number): Promise<{ first: Job; repeated: Job }> {
  if (op === 'assistant') {
    const job = await assistantJob(megapixels);
    return { first: job, repeated: job };
  }
  const tasks = await taskFor(op, megapixels);
  const first = tasks[0];
  const repeated = tasks.at(-1);
  if (!first || !repeated) throw new Error('no task');
  return { first: runJob(op, first), repeated: runJob(op, repeated) };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** CPU time (user + system) since `since`, in ms. */
function cpuMsSince(since: NodeJS.CpuUsage) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

async function main() {
  const [op = 'wall_paint', mpArg = '2', runsArg = '5', mode = ''] = process.argv.slice(2);
  const megapixels = Number(mpArg);
  const runs = Number(runsArg);
  const uncached = mode === 'uncached';
  sharp.concurrency(1);
  if (op === 'room_parse') return timeParse(megapixels, runs);
  const { first, repeated } = await jobsFor(op, megapixels);
  const times: number[] = [];
  const cpu: number[] = [];
  let size: Size;
  // Warm-up (models load, JIT) counts as the first-use figure; the median is over later runs.
  const warmStarted = performance.now();
  await first();
  const firstMs = performance.now() - warmStarted;
  for (let i = 0; i < runs; i++) {
    if (uncached) clearRoomParses();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    size = (await repeated()) ?? size;
    cpu.push(cpuMsSince(cpuStarted));
    times.push(performance.now() - started);
  }
  const { width, height } = size ?? (await photoAt(megapixels));
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      op: uncached ? `${op} (uncached)` : op,
      megapixels,
      width,
      height,
      runs,
      firstMs: Math.round(firstMs),
      medianMs: Math.round(median(times)),
      minMs: Math.round(times[0] ?? NaN),
      cpuMs: Math.round(median(cpu)),
      peakRssMb: await peakRssMb(),
    }),
  );
}

await main();
