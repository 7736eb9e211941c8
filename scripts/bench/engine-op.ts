// One engine operation timed in its own process (so its peak memory is its own), called by
// scripts/bench/engine.ts: `node --import tsx scripts/bench/engine-op.ts <op> <megapixels> <runs>`.
// Runs the worker's task (bytes in, PNG bytes out: decode, operation, encode) on one thread, as a
// pool worker does, and prints one JSON line: { op, megapixels, width, height, runs, medianMs,
// minMs, peakRssMb }.
import { findTexture, renderTexture } from '@roomcraft/catalog';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';
import { DESIGN_MODES, STYLES } from '@roomcraft/contracts';
import type { GenerateRequest } from '@roomcraft/engine';
import { placementFromDemo } from '@roomcraft/engine';
import { clearRoomParses, roomParseOf, runTask } from '@roomcraft/engine/dispatch';
import type { WorkerTask } from '@roomcraft/engine/worker-protocol';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
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
  const variant = (request: GenerateRequest): WorkerTask => ({
    kind: 'variant',
    request: { ...request, seed: 7 },
    variant: 0,
  });
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
      cpu.push(process.cpuUsage(cpuStarted).user / 1000);
    }
  }
  cpu.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      op: 'room_parse',
      // CPU time of this (one-threaded) process: what the parse costs when the machine is shared.
      cpuMs: Math.round(cpu[Math.floor(cpu.length / 2)] ?? NaN),
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

async function main() {
  const [op = 'wall_paint', mpArg = '2', runsArg = '5', mode = ''] = process.argv.slice(2);
  const megapixels = Number(mpArg);
  const runs = Number(runsArg);
  const uncached = mode === 'uncached';
  sharp.concurrency(1);
  if (op === 'room_parse') return timeParse(megapixels, runs);
  const tasks = await taskFor(op, megapixels);
  const first = tasks[0];
  const repeated = tasks.at(-1);
  if (!first || !repeated) throw new Error('no task');
  const times: number[] = [];
  let width = 0;
  let height = 0;
  let firstMs = 0;
  // Warm-up (models load, JIT) counts as the first-use figure; the median is over later runs.
  {
    const started = performance.now();
    const result = await runTask(first, settings);
    firstMs = performance.now() - started;
    if (result.kind === 'error') throw new Error(`${op}: ${result.message}`);
  }
  for (let i = 0; i < runs; i++) {
    if (uncached) clearRoomParses();
    const started = performance.now();
    const result = await runTask(repeated, settings);
    times.push(performance.now() - started);
    if (result.kind === 'error') throw new Error(`${op}: ${result.message}`);
    if (result.kind === 'variant') ({ width, height } = result);
  }
  if (width === 0) ({ width, height } = await photoAt(megapixels));
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      op: uncached ? `${op} (uncached)` : op,
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

await main();
