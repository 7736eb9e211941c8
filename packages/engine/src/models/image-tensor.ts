/**
 * Turns a decoded photo into a model's input tensor: resized to fit a square, padded, planar
 * (NCHW) float32, with per-channel normalisation. Both the detector (416², BGR, raw 0–255, pad
 * 114) and the SAM encoder (1024², RGB, mean/std, pad 0) use it.
 *
 * The resize is a separable tent filter whose support widens with the downscale factor (bilinear
 * with antialiasing, like PIL's BILINEAR): a 2 MP photo shrunk to 416 averages every source pixel
 * instead of sampling one in five, which is what the models saw in training. Weights are
 * precomputed per output column/row, so the hot loops are plain typed-array arithmetic.
 */
import type { Raster } from '../raster';

export interface TensorLayout {
  /** Side of the square input. */
  size: number;
  /** Channel order of the tensor's three planes. */
  order: 'rgb' | 'bgr';
  /** Subtracted per tensor plane (in plane order), then divided by `std`. */
  mean: readonly [number, number, number];
  std: readonly [number, number, number];
  /** Value of the padding, in tensor units (after normalisation). */
  pad: number;
}

export interface ImageTensor {
  /** [3, size, size] planar floats. */
  data: Float32Array;
  /** Scale from image pixels to tensor pixels. */
  scale: number;
  /** Size of the image inside the tensor (top-left aligned). */
  width: number;
  height: number;
}

/** Resampling taps for one axis: output `o` reads `count[o]` inputs from `start[o]`. */
interface Taps {
  start: Int32Array;
  count: Int32Array;
  /** `maxTaps` weights per output, normalised to sum 1. */
  weight: Float32Array;
  maxTaps: number;
}

function computeTaps(srcLength: number, dstLength: number): Taps {
  const scale = dstLength / srcLength;
  const support = scale < 1 ? 1 / scale : 1;
  const maxTaps = Math.ceil(support) * 2 + 1;
  const start = new Int32Array(dstLength);
  const count = new Int32Array(dstLength);
  const weight = new Float32Array(dstLength * maxTaps);
  for (let o = 0; o < dstLength; o++) {
    const centre = (o + 0.5) / scale;
    const lo = Math.max(0, Math.floor(centre - support));
    const hi = Math.min(srcLength - 1, Math.ceil(centre + support));
    let total = 0;
    let n = 0;
    const first = Math.max(lo, hi - maxTaps + 1);
    for (let i = first; i <= hi && n < maxTaps; i++, n++) {
      const w = Math.max(0, 1 - Math.abs(i + 0.5 - centre) / support);
      weight[o * maxTaps + n] = w;
      total += w;
    }
    if (total <= 0) {
      // Degenerate (image of one pixel): copy the nearest input.
      weight[o * maxTaps] = 1;
      total = 1;
      n = Math.max(n, 1);
    }
    for (let k = 0; k < n; k++) weight[o * maxTaps + k] = (weight[o * maxTaps + k] ?? 0) / total;
    start[o] = first;
    count[o] = n;
  }
  return { start, count, weight, maxTaps };
}

/**
 * Resizes an RGBA raster to `width`×`height` RGB floats (interleaved, 0–255), filtering both
 * axes. Exported for the detector's tests and for masks that need a downscaled copy.
 */
export function resizeRgb(raster: Raster, width: number, height: number): Float32Array {
  const src = raster.data;
  const sw = raster.width;
  const sh = raster.height;
  const tx = computeTaps(sw, width);
  const ty = computeTaps(sh, height);
  // Horizontal pass: every source row to `width` columns. Typed arrays are hoisted into locals
  // so the inner loops stay monomorphic.
  const xStart = tx.start;
  const xCount = tx.count;
  const xWeight = tx.weight;
  const xTaps = tx.maxTaps;
  const mid = new Float32Array(sh * width * 3);
  for (let y = 0; y < sh; y++) {
    const rowIn = y * sw * 4;
    let q = y * width * 3;
    for (let x = 0; x < width; x++, q += 3) {
      const n = xCount[x] ?? 0;
      let p = rowIn + (xStart[x] ?? 0) * 4;
      let wi = x * xTaps;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < n; k++, p += 4, wi++) {
        const w = xWeight[wi] ?? 0;
        r += w * (src[p] ?? 0);
        g += w * (src[p + 1] ?? 0);
        b += w * (src[p + 2] ?? 0);
      }
      mid[q] = r;
      mid[q + 1] = g;
      mid[q + 2] = b;
    }
  }
  // Vertical pass: accumulate whole weighted rows (cache-friendly).
  const yStart = ty.start;
  const yCount = ty.count;
  const yWeight = ty.weight;
  const yTaps = ty.maxTaps;
  const out = new Float32Array(width * height * 3);
  const rowLen = width * 3;
  for (let y = 0; y < height; y++) {
    const s = yStart[y] ?? 0;
    const n = yCount[y] ?? 0;
    const o = y * rowLen;
    for (let k = 0; k < n; k++) {
      const w = yWeight[y * yTaps + k] ?? 0;
      const m = (s + k) * rowLen;
      for (let i = 0; i < rowLen; i++) out[o + i] = (out[o + i] ?? 0) + w * (mid[m + i] ?? 0);
    }
  }
  return out;
}

/** The longest side scaled to `layout.size`, padded bottom/right, planar and normalised. */
export function rasterToTensor(raster: Raster, layout: TensorLayout): ImageTensor {
  const { size } = layout;
  const scale = Math.min(size / raster.width, size / raster.height);
  const width = Math.max(1, Math.min(size, Math.round(raster.width * scale)));
  const height = Math.max(1, Math.min(size, Math.round(raster.height * scale)));
  const rgb = resizeRgb(raster, width, height);
  const plane = size * size;
  const data = new Float32Array(plane * 3).fill(layout.pad);
  // Source channel (in RGB) feeding each tensor plane.
  const channels = layout.order === 'rgb' ? [0, 1, 2] : [2, 1, 0];
  for (let c = 0; c < 3; c++) {
    const from = channels[c] ?? 0;
    const mean = layout.mean[c] ?? 0;
    const inv = 1 / (layout.std[c] ?? 1);
    const base = c * plane;
    for (let y = 0; y < height; y++) {
      const row = base + y * size;
      const src = y * width * 3 + from;
      for (let x = 0; x < width; x++) data[row + x] = ((rgb[src + x * 3] ?? 0) - mean) * inv;
    }
  }
  return { data, scale, width, height };
}
