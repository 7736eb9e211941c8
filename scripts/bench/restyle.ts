import { DEMO_CATALOGUE, DEMO_LOADERS } from '../../apps/server/src/test-support/demo-catalogue';
// `node --import tsx scripts/bench/restyle.ts [--photos N] [--styles a,b,c] [--mode bold] [--mp 2]`:
// the redesigning restyle (docs/decisions/025) on shared room photos × styles, at 2 MP, on one
// thread as a pool worker runs it. For each photo × style it plans two variants as the server
// does (restyle-plan.ts, with the demo catalogue and a budget), carries them out with the engine's
// redesign op and prints per variant: the share of wall, floor and furniture pixels that changed
// (the input's room parse as the class map), the budget total of the products used, the pixel
// difference between the variants and whether their `used` differ (paint, floor, products each),
// how far the edges of windows, doors and the wall–ceiling line moved (the photo's own edges in
// bands along those lines of the input's parse, input against output, where no product was
// placed), and the time of each step (each swap and piece of decor on its own).
// Outputs go to .artifacts/restyle/ to be looked at. A JSON summary is printed last.
import {
  REDESIGN_GRADE_SHARE,
  findDesignMode,
  findStyle,
  type Product,
} from '@roomcraft/contracts';
import type { DetectedElement } from '@roomcraft/engine';
import { clearRoomParses, roomParseOf, runTask } from '@roomcraft/engine/dispatch';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  enginePlans,
  notAppliedNotices,
  planRestyle,
  swappablePieces,
} from '../../apps/server/src/modules/actions/restyle-plan';
import { openSegmenter } from '../../packages/engine/src/ops/open-ops';
import { redesign } from '../../packages/engine/src/ops/redesign';
import { wallCeilingLines } from '../../packages/engine/src/ops/walls-to-paint';
import { lumaAt, sobelMagnitudeAt, type Raster } from '../../packages/engine/src/raster';
import { ADE, type RoomParse } from '../../packages/engine/src/scene';

const root = fileURLToPath(new URL('../../', import.meta.url));
const shared = path.resolve(root, '../shared');
const settings = {
  modelsDir: process.env.MODELS_DIR ?? path.join(shared, 'models'),
  allowDownload: false,
};
const out = path.join(root, '.artifacts/restyle');

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const PHOTOS = Number(arg('photos', '10'));
const STYLES = arg('styles', 'scandinavian,industrial,bohemian').split(',');
const MODE = arg('mode', 'bold');
const MP = Number(arg('mp', '2'));
const BUDGET = Number(arg('budget', '3000'));
const VARIANTS = 2;

const products: Product[] = DEMO_CATALOGUE;

async function photoAt(file: string): Promise<{ raster: Raster; png: Buffer }> {
  const input = sharp(await readFile(path.join(shared, 'assets/rooms', file))).rotate();
  const meta = await input.metadata();
  const aspect = meta.width / meta.height;
  const height = Math.round(Math.sqrt((MP * 1e6) / aspect));
  const width = Math.round(height * aspect);
  const { data, info } = await input
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raster = { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
  return { raster, png: await sharp(data, { raw: info }).png().toBuffer() };
}

/** Share of the class's pixels (input parse) that changed by more than 8 levels. */
function changedShare(before: Raster, after: Raster, inClass: Uint8Array): number {
  let all = 0;
  let changed = 0;
  for (let i = 0; i < inClass.length; i++) {
    if (!inClass[i]) continue;
    all++;
    const p = i * 4;
    if (
      Math.abs((after.data[p] ?? 0) - (before.data[p] ?? 0)) > 8 ||
      Math.abs((after.data[p + 1] ?? 0) - (before.data[p + 1] ?? 0)) > 8 ||
      Math.abs((after.data[p + 2] ?? 0) - (before.data[p + 2] ?? 0)) > 8
    )
      changed++;
  }
  return all > 0 ? changed / all : Number.NaN;
}

function meanAbsDiff(a: Raster, b: Raster): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < a.data.length; p += 4) {
    for (let c = 0; c < 3; c++) sum += Math.abs((a.data[p + c] ?? 0) - (b.data[p + c] ?? 0));
    n += 3;
  }
  return sum / n;
}

/** Boundary pixels of a class mask (a pixel of the class with a 4-neighbour outside it). */
function boundary(mask: Uint8Array, width: number, height: number): Uint8Array {
  const edge = new Uint8Array(mask.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      if (!mask[i - 1] || !mask[i + 1] || !mask[i - width] || !mask[i + width]) edge[i] = 1;
    }
  }
  return edge;
}

/** For each edge pixel of `a`, the distance (px, capped at 10) to the nearest edge pixel of `b`. */
function edgeShifts(a: Uint8Array, b: Uint8Array, width: number, height: number): number[] {
  const cap = 10;
  const dist = new Float32Array(a.length).fill(cap);
  // Two-pass chamfer distance from b's edges.
  for (let i = 0; i < b.length; i++) if (b[i]) dist[i] = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let d = dist[i] ?? cap;
      if (x > 0) d = Math.min(d, (dist[i - 1] ?? cap) + 1);
      if (y > 0) d = Math.min(d, (dist[i - width] ?? cap) + 1);
      dist[i] = d;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      let d = dist[i] ?? cap;
      if (x < width - 1) d = Math.min(d, (dist[i + 1] ?? cap) + 1);
      if (y < height - 1) d = Math.min(d, (dist[i + width] ?? cap) + 1);
      dist[i] = d;
    }
  }
  const shifts: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i]) shifts.push(Math.min(cap, dist[i] ?? cap));
  return shifts;
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((p, q2) => p - q2);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** Luminance Sobel magnitude per pixel. */
function sobel(image: Raster): Float32Array {
  const { width, height, data } = image;
  const lum = new Float32Array(width * height);
  for (let i = 0; i < lum.length; i++) lum[i] = lumaAt(data, i);
  const out = new Float32Array(width * height);
  const at = (i: number) => lum[i] ?? 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++)
      out[y * width + x] = sobelMagnitudeAt(at, y * width + x, width);
  }
  return out;
}

/** Thin edges: magnitude ≥ `min` and a local maximum across the edge (horizontal or vertical). */
function edgeMap(magnitude: Float32Array, width: number, height: number, min: number): Uint8Array {
  const edge = new Uint8Array(magnitude.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const m = magnitude[i] ?? 0;
      if (m < min) continue;
      const horizontalMax = m >= (magnitude[i - 1] ?? 0) && m >= (magnitude[i + 1] ?? 0);
      const verticalMax = m >= (magnitude[i - width] ?? 0) && m >= (magnitude[i + width] ?? 0);
      if (horizontalMax || verticalMax) edge[i] = 1;
    }
  }
  return edge;
}

/** Input edges this strong count; an output edge may be weaker (paint can lower the contrast). */
const EDGE_IN = 48;
const EDGE_OUT = 20;
/** Half width (px) of the band along a parse boundary where edges are compared. */
const BAND = 4;

/**
 * Geometry kept, measured on the photo's own edges: in bands along the input parse's window and
 * door boundaries and its wall–ceiling lines, each clear input edge pixel's distance to the
 * nearest output edge pixel (capped at 10 px). Pixels under a placed product are left out (a
 * sofa in front of a window hides its edge, as it should). Reported per band: the median, the
 * 90th percentile and the share within 2 px.
 */
function geometryKept(
  input: Raster,
  output: Raster,
  parse: RoomParse,
  covered: readonly { x: number; y: number; width: number; height: number }[],
) {
  const { width, height } = parse;
  const hidden = new Uint8Array(width * height);
  for (const box of covered) {
    for (let y = box.y; y < box.y + box.height; y++)
      hidden.fill(1, y * width + box.x, y * width + box.x + box.width);
  }
  const a = edgeMap(sobel(input), width, height, EDGE_IN);
  const b = edgeMap(sobel(output), width, height, EDGE_OUT);
  const openings = boundary(parse.classMask([ADE.window, ADE.door]).data, width, height);
  const openingBand = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!openings[y * width + x]) continue;
      for (let dy = -BAND; dy <= BAND; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -BAND; dx <= BAND; dx++) {
          const xx = x + dx;
          if (xx >= 0 && xx < width) openingBand[yy * width + xx] = 1;
        }
      }
    }
  }
  const lineBand = new Uint8Array(width * height);
  const lines = wallCeilingLines(parse);
  for (let x = 0; x < width; x++) {
    for (const [plane, line] of lines) {
      const row = Math.round(line.at(x));
      // Only where that plane's wall is under the line in this column.
      const under = Math.min(height - 1, row + 2 * BAND);
      if (row < 0 || row >= height || parse.wallPlanes[under * width + x] !== plane) continue;
      for (let y = Math.max(0, row - BAND); y <= Math.min(height - 1, row + BAND); y++) {
        lineBand[y * width + x] = 1;
      }
    }
  }
  const measure = (band: Uint8Array) => {
    const inBand = new Uint8Array(width * height);
    for (let i = 0; i < inBand.length; i++) if (band[i] && a[i] && !hidden[i]) inBand[i] = 1;
    const shifts = edgeShifts(inBand, b, width, height);
    const within = shifts.filter((d) => d <= 2).length;
    return {
      median: quantile(shifts, 0.5),
      p90: quantile(shifts, 0.9),
      within2px: shifts.length > 0 ? Math.round((within / shifts.length) * 1000) / 1000 : null,
      n: shifts.length,
    };
  };
  return { openingEdgePx: measure(openingBand), wallCeilingPx: measure(lineBand) };
}

/** Shares of opening interiors and of the wall–ceiling line band whose pixels changed at all. */
function untouchedShares(before: Raster, after: Raster, parse: RoomParse) {
  const { width, height } = parse;
  const openings = parse.classMask([ADE.window, ADE.door]).data;
  const inset = 3;
  const interior = new Uint8Array(width * height);
  for (let y = inset; y < height - inset; y++) {
    for (let x = inset; x < width - inset; x++) {
      let all = true;
      for (let d = -inset; d <= inset && all; d++) {
        if (!openings[(y + d) * width + x] || !openings[y * width + x + d]) all = false;
      }
      if (all) interior[y * width + x] = 1;
    }
  }
  const line = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    let row = -1;
    for (let y = height - 1; y >= 0; y--) {
      if (parse.labels[y * width + x] === ADE.ceiling) {
        row = y;
        break;
      }
    }
    // The line only where wall meets the ceiling directly under it.
    if (row < 0 || parse.labels[Math.min(height - 1, row + 3) * width + x] !== ADE.wall) continue;
    // The ceiling's side of the line (its lowest 4 rows): the wall under it is repainted.
    for (let y = Math.max(0, row - 3); y <= row; y++) line[y * width + x] = 1;
  }
  const changedIn = (mask: Uint8Array) => {
    let n = 0;
    let changed = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      n++;
      const p = i * 4;
      if (
        after.data[p] !== before.data[p] ||
        after.data[p + 1] !== before.data[p + 1] ||
        after.data[p + 2] !== before.data[p + 2]
      )
        changed++;
    }
    return { pixels: n, changedShare: n > 0 ? changed / n : null };
  };
  return { openings: changedIn(interior), wallCeilingBand: changedIn(line) };
}

type Applied = Awaited<ReturnType<typeof redesign>>['applied'];

function differIn(a: Applied, b: Applied) {
  const of = (applied: Applied, kind: string) =>
    applied
      .filter((item) => item.kind === kind)
      .map((item) => (item.kind === 'paint' ? item.hex : item.id))
      .sort()
      .join(',');
  return {
    paint: of(a, 'paint') !== of(b, 'paint'),
    floor: of(a, 'floor') !== of(b, 'floor'),
    products: of(a, 'product') !== of(b, 'product'),
  };
}

async function main() {
  await mkdir(out, { recursive: true });
  const only = arg('only', '');
  const all = (await readdir(path.join(shared, 'assets/rooms'))).filter((f) =>
    /\.(jpe?g|webp|png)$/.test(f),
  );
  // Living rooms and bedrooms first (where a redesign has furniture to swap), then the rest.
  const rank = (f: string) => (/^living|^bedroom/.test(f) ? 0 : 1);
  const files = only
    ? only.split(',')
    : all.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).slice(0, PHOTOS);
  const mode = findDesignMode(MODE);
  const results: unknown[] = [];
  for (const file of files) {
    const { raster, png } = await photoAt(file);
    clearRoomParses();
    let t = performance.now();
    const parse = await roomParseOf(raster, settings);
    // What stands in front of a swapped piece whole where SAM sees it, as the dispatch asks.
    const segmenter = await openSegmenter({ modelsDir: settings.modelsDir, allowDownload: false });
    const parseMs = performance.now() - t;
    t = performance.now();
    const detected = await runTask({ kind: 'detect', image: png }, settings);
    const detectMs = performance.now() - t;
    const elements: DetectedElement[] = detected.kind === 'detect' ? detected.elements : [];
    const wall = parse.classMask([ADE.wall]).data;
    const floor = parse.classMask([ADE.floor, ADE.rug]).data;
    const furniture = new Uint8Array(raster.width * raster.height);
    for (const object of parse.objects) {
      for (let i = 0; i < furniture.length; i++) if (object.mask.data[i]) furniture[i] = 1;
    }
    for (const styleId of STYLES) {
      const style = findStyle(styleId);
      if (!style) throw new Error(`unknown style ${styleId}`);
      t = performance.now();
      const pieces = swappablePieces(elements, raster.width, raster.height);
      const { designs, notices } = planRestyle({
        styleId: style.id,
        modeId: mode?.id,
        quantity: VARIANTS,
        budgetMax: BUDGET,
        pieces,
        products,
      });
      const plans = await enginePlans(designs, DEMO_LOADERS);
      const planMs = performance.now() - t;
      const variants: {
        done: Awaited<ReturnType<typeof redesign>>;
        name: string;
        totalMs: number;
        productIds: string[];
        budgetUsed: number;
        changed: { wall: number; floor: number; furniture: number };
      }[] = [];
      for (let k = 0; k < VARIANTS; k++) {
        const plan = plans[k];
        if (!plan) continue;
        t = performance.now();
        const done = await redesign(
          raster,
          parse,
          plan,
          { id: style.id, name: style.name, palette: style.palette },
          (mode?.strength ?? 0.6) * REDESIGN_GRADE_SHARE,
          { variant: k, seed: 1234 + k * 7919 },
          undefined,
          segmenter,
        );
        const totalMs = performance.now() - t;
        const name = `${file.replace(/\.[^.]+$/, '')}-${style.id}-${k}.png`;
        await sharp(Buffer.from(done.image.data.buffer), {
          raw: { width: raster.width, height: raster.height, channels: 4 },
        })
          .png({ compressionLevel: 3 })
          .toFile(path.join(out, name));
        const priceOf = (id: string) => products.find((p) => p.id === id)?.price ?? 0;
        const productIds = done.applied.flatMap((a) => (a.kind === 'product' ? [a.id] : []));
        variants.push({
          done,
          name,
          totalMs,
          productIds,
          budgetUsed: productIds.reduce((sum, id) => sum + priceOf(id), 0) / 100,
          changed: {
            wall: changedShare(raster, done.image, wall),
            floor: changedShare(raster, done.image, floor),
            furniture: changedShare(raster, done.image, furniture),
          },
        });
      }
      const [v0, v1] = variants;
      // Geometry kept, directly: variant 0 again without the closing grade (a global colour
      // change); the share of window and door pixels (input parse, 3 px in from their edges)
      // that changed at all, and of the ceiling's pixels along the wall–ceiling line that did.
      const plan0 = plans[0];
      const ungraded = plan0
        ? await redesign(
            raster,
            parse,
            plan0,
            { id: style.id, name: style.name, palette: style.palette },
            0,
            { variant: 0, seed: 1234 },
            undefined,
            segmenter,
          )
        : undefined;
      const usedKey = (v: (typeof variants)[number]) =>
        JSON.stringify(
          v.done.applied.map((a) =>
            a.kind === 'product' ? a.id : a.kind === 'paint' ? a.hex : a.id,
          ),
        );
      const result = {
        photo: file,
        style: style.id,
        size: `${raster.width}x${raster.height}`,
        planned: designs.map((d) => ({
          walls: d.walls.name,
          floor: d.floor,
          swaps: d.swaps.map((s) => `${s.piece.label}→${s.choice.product.id}`),
          decor: d.decor.map((c) => c.product.id),
          total: d.total / 100,
        })),
        notices,
        // What the answer adds from the images: planned swaps and decor they do not show.
        notShown: notAppliedNotices(
          plans,
          variants.map((v) => v.done.applied),
        ),
        variants: variants.map((v) => ({
          file: v.name,
          applied: v.done.applied.map((a) =>
            a.kind === 'product'
              ? `${a.role}:${a.id}@${a.region.share}`
              : `${a.kind}:${a.kind === 'paint' ? a.hex : a.id}@${a.region.share}`,
          ),
          budgetUsed: v.budgetUsed,
          withinBudget: v.budgetUsed <= BUDGET,
          changed: v.changed,
          ms: {
            parse: Math.round(parseMs),
            detect: Math.round(detectMs),
            plan: Math.round(planMs),
            ...Object.fromEntries(
              Object.entries(v.done.times).map(([step, ms]) => [step, Math.round(ms ?? 0)]),
            ),
            redesign: Math.round(v.totalMs),
          },
          // CPU time (this process) of each step: its cost on a core of its own.
          cpuMs: Object.fromEntries(
            Object.entries(v.done.cpu).map(([step, ms]) => [step, Math.round(ms ?? 0)]),
          ),
        })),
        variantPixelDiff: v0 && v1 ? meanAbsDiff(v0.done.image, v1.done.image) : null,
        usedDiffer: v0 && v1 ? usedKey(v0) !== usedKey(v1) : null,
        // What differs between the two variants' records: paint, floor, products.
        differIn: v0 && v1 ? differIn(v0.done.applied, v1.done.applied) : null,
        geometry: variants.map((v) =>
          geometryKept(
            raster,
            v.done.image,
            parse,
            v.done.applied.flatMap((item) => (item.kind === 'product' ? [item.region.box] : [])),
          ),
        ),
        untouched: ungraded ? untouchedShares(raster, ungraded.image, parse) : null,
      };
      results.push(result);
      console.log(JSON.stringify(result));
    }
  }
  await writeFile(path.join(out, 'results.json'), JSON.stringify(results, null, 2));
}

await main();
