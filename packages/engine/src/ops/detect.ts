/**
 * Detects the furniture and fixtures in a room photo with YOLOX-nano (COCO, 416² input) on
 * onnxruntime's CPU provider, one thread: the engine's worker pool runs one op per thread.
 */
import * as ort from 'onnxruntime-node';
import { COCO_CLASSES, INTERIOR_LABELS } from '../models/coco-classes';
import { rasterToTensor, type TensorLayout } from '../models/image-tensor';
import { boxIou } from '../geometry/outline';
import type { Raster } from '../raster';
import type { DetectedElement } from '../types';

export const YOLOX_INPUT = 416;
const STRIDES = [8, 16, 32] as const;
const NUM_CLASSES = 80;
const ROW = 5 + NUM_CLASSES;

/** YOLOX ≥ 0.1.1: BGR, raw 0–255 (no normalisation), letterbox padded with 114. */
const LAYOUT: TensorLayout = {
  size: YOLOX_INPUT,
  order: 'bgr',
  mean: [0, 0, 0],
  std: [1, 1, 1],
  pad: 114,
};

export interface DetectorOptions {
  /**
   * Minimum objectness × class score. 0.3 keeps the sofas, beds, tables and chairs of the test
   * photos while dropping the duplicate low-score boxes YOLOX-nano puts on cushions and frames.
   */
  scoreThreshold?: number;
  /** IoU above which a lower-scored box of the same class is suppressed. */
  nmsIou?: number;
}

export interface Detector {
  detect(image: Raster): Promise<DetectedElement[]>;
  dispose(): Promise<void>;
}

/** A box in image pixels before it becomes a DetectedElement. */
interface Candidate {
  cls: number;
  score: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Options every ONNX session in the engine uses: one thread (the pool runs one op per worker
 * thread), full graph optimisation, and no CPU memory arena — with the arena a worker that ran
 * the SAM encoder twice held ~600 MB; without it ~350 MB, at the same speed (measured).
 */
export const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  executionProviders: ['cpu'],
  enableCpuMemArena: false,
  enableMemPattern: false,
};

/** Class indices the detector reports (interior things only). */
const INTERIOR_CLASS_IDS: ReadonlySet<number> = new Set(
  COCO_CLASSES.flatMap((name, i) => (INTERIOR_LABELS.has(name) ? [i] : [])),
);

/**
 * Decodes YOLOX's raw [1, anchors, 85] output: grid offsets and exp-sizes per stride, score =
 * objectness × best class. Only anchors whose best class is an interior class pass, so a person
 * is never relabelled as the chair they sit on.
 */
export function decodeYolox(
  output: Float32Array,
  inputSize: number,
  scale: number,
  imageWidth: number,
  imageHeight: number,
  threshold: number,
): Candidate[] {
  const found: Candidate[] = [];
  let anchor = 0;
  for (const stride of STRIDES) {
    const grid = inputSize / stride;
    for (let gy = 0; gy < grid; gy++) {
      for (let gx = 0; gx < grid; gx++, anchor++) {
        const p = anchor * ROW;
        const objectness = output[p + 4] ?? 0;
        if (objectness < threshold) continue;
        let best = 0;
        let bestScore = -1;
        for (let k = 0; k < NUM_CLASSES; k++) {
          const s = output[p + 5 + k] ?? 0;
          if (s > bestScore) {
            bestScore = s;
            best = k;
          }
        }
        const score = objectness * bestScore;
        if (score < threshold || !INTERIOR_CLASS_IDS.has(best)) continue;
        const cx = ((output[p] ?? 0) + gx) * stride;
        const cy = ((output[p + 1] ?? 0) + gy) * stride;
        const w = Math.exp(output[p + 2] ?? 0) * stride;
        const h = Math.exp(output[p + 3] ?? 0) * stride;
        found.push({
          cls: best,
          score,
          x0: clamp((cx - w / 2) / scale, 0, imageWidth),
          y0: clamp((cy - h / 2) / scale, 0, imageHeight),
          x1: clamp((cx + w / 2) / scale, 0, imageWidth),
          y1: clamp((cy + h / 2) / scale, 0, imageHeight),
        });
      }
    }
  }
  return found;
}

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * Greedy non-maximum suppression: within a class above `threshold` IoU, and across classes
 * above `crossClassIou` — YOLOX-nano often reports one armchair as both a chair and a couch
 * from neighbouring anchors; the user should see one element, the likelier one.
 */
export function nonMaxSuppression(
  candidates: Candidate[],
  threshold: number,
  crossClassIou = 0.7,
): Candidate[] {
  const sorted = [...candidates].sort((a, b) => b.score - a.score);
  const kept: Candidate[] = [];
  for (const c of sorted) {
    const suppressed = kept.some(
      (k) => boxIou(k, c) > (k.cls === c.cls ? threshold : crossClassIou),
    );
    if (!suppressed) kept.push(c);
  }
  return kept;
}

function toElement(c: Candidate): DetectedElement | null {
  const category = COCO_CLASSES[c.cls] ?? '';
  const label = INTERIOR_LABELS.get(category);
  if (label === undefined) return null;
  const x0 = Math.round(c.x0);
  const y0 = Math.round(c.y0);
  const x1 = Math.round(c.x1);
  const y1 = Math.round(c.y1);
  if (x1 - x0 < 2 || y1 - y0 < 2) return null;
  return {
    label,
    category,
    score: Math.round(c.score * 1000) / 1000,
    // Clockwise on screen (y grows downwards): top-left, top-right, bottom-right, bottom-left.
    box: [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ],
  };
}

/** Stable order for the UI: by label, then left to right, then by score. */
function compareElements(a: DetectedElement, b: DetectedElement): number {
  if (a.label !== b.label) return a.label < b.label ? -1 : 1;
  const ax = a.box[0]?.x ?? 0;
  const bx = b.box[0]?.x ?? 0;
  return ax !== bx ? ax - bx : b.score - a.score;
}

/**
 * A detector over one ONNX session, created on first use and reused for every call. The caller
 * resolves `modelPath` through the model store (verified sha256) first.
 */
export function createDetector(modelPath: string, options: DetectorOptions = {}): Detector {
  const threshold = options.scoreThreshold ?? 0.3;
  const nmsIou = options.nmsIou ?? 0.45;
  let session: Promise<ort.InferenceSession> | null = null;
  const getSession = () => (session ??= ort.InferenceSession.create(modelPath, SESSION_OPTIONS));

  return {
    async detect(image: Raster): Promise<DetectedElement[]> {
      const s = await getSession();
      const tensor = rasterToTensor(image, LAYOUT);
      const input = new ort.Tensor('float32', tensor.data, [1, 3, YOLOX_INPUT, YOLOX_INPUT]);
      const inputName = s.inputNames[0] ?? 'images';
      const outputName = s.outputNames[0] ?? 'output';
      const result = await s.run({ [inputName]: input });
      const output = result[outputName];
      if (!output || !(output.data instanceof Float32Array)) {
        throw new Error('The detector returned no float output');
      }
      const candidates = decodeYolox(
        output.data,
        YOLOX_INPUT,
        tensor.scale,
        image.width,
        image.height,
        threshold,
      );
      return nonMaxSuppression(candidates, nmsIou)
        .map(toElement)
        .filter((e): e is DetectedElement => e !== null)
        .sort(compareElements);
    },
    async dispose() {
      if (session) await (await session).release();
      session = null;
    },
  };
}
