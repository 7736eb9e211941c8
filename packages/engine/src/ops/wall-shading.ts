/**
 * The wall's own shading carried into a removal's fill (issue 11, decision 043). The exemplar
 * fill copies the wall's grain but not its light: a hole filled from the brighter wall higher up
 * stays a paler blob in the old piece's outline. Here, in linear light and per channel, the fill's
 * own low frequencies (a normalised box mean over the filled wall pixels) are replaced by the
 * wall's: a plane fitted (robustly) to a ring of wall pixels round the hole, plus the ring's
 * residual from that plane carried a short way in (so the seam meets the wall as it is there,
 * and the plane takes over deeper in). The fill's grain — its ratio to its own mean — is kept.
 */
import { linearToByte, SRGB_TO_LINEAR } from '../colour';
import type { Mask, Raster } from '../raster';
import { dilateMask, maskBounds } from '../raster';

/** Box sums of `values` (weighted by `weights`) over (2r+1)² windows, via an integral image. */
function boxSums(values: Float64Array, w: number, h: number, r: number): Float64Array {
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += values[y * w + x] ?? 0;
      integral[(y + 1) * (w + 1) + x + 1] = (integral[y * (w + 1) + x + 1] ?? 0) + row;
    }
  }
  const out = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      out[y * w + x] =
        (integral[y1 * (w + 1) + x1] ?? 0) -
        (integral[y0 * (w + 1) + x1] ?? 0) -
        (integral[y1 * (w + 1) + x0] ?? 0) +
        (integral[y0 * (w + 1) + x0] ?? 0);
    }
  }
  return out;
}

/** Least-squares plane v = a + b·x + c·y through weighted points, or null when degenerate. */
function fitPlane(xs: number[], ys: number[], vs: number[], keep: boolean[]): number[] | null {
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const r = [0, 0, 0];
  for (let k = 0; k < xs.length; k++) {
    if (!keep[k]) continue;
    const f = [1, xs[k] ?? 0, ys[k] ?? 0];
    for (let i = 0; i < 3; i++) {
      r[i] = (r[i] ?? 0) + (f[i] ?? 0) * (vs[k] ?? 0);
      for (let j = 0; j < 3; j++) m[i * 3 + j] = (m[i * 3 + j] ?? 0) + (f[i] ?? 0) * (f[j] ?? 0);
    }
  }
  // Cramer's rule on the 3×3 normal equations.
  const det3 = (a: number[]): number =>
    (a[0] ?? 0) * ((a[4] ?? 0) * (a[8] ?? 0) - (a[5] ?? 0) * (a[7] ?? 0)) -
    (a[1] ?? 0) * ((a[3] ?? 0) * (a[8] ?? 0) - (a[5] ?? 0) * (a[6] ?? 0)) +
    (a[2] ?? 0) * ((a[3] ?? 0) * (a[7] ?? 0) - (a[4] ?? 0) * (a[6] ?? 0));
  const d = det3(m);
  if (!Number.isFinite(d) || Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((c) => {
    const a = [...m];
    for (let i = 0; i < 3; i++) a[i * 3 + c] = r[i] ?? 0;
    return det3(a) / d;
  });
}

/**
 * Re-shades the wall part of a fill. `filled` is `inpaint`'s output for `hole` (which `inpaint`
 * grew by `growth` px); `surfaces` is the per-pixel surface plan (`wall` marks the wall). Returns
 * `filled` itself when there is too little wall round the hole to say how it is lit.
 */
export function shadeWallFill(
  original: Raster,
  filled: Raster,
  hole: Mask,
  surfaces: Uint8Array,
  wall: number,
  growth: number,
): Raster {
  const { width, height } = original;
  const grown = dilateMask(hole, growth);
  const bounds = maskBounds(grown);
  if (!bounds) return filled;
  const size = Math.sqrt((bounds.x1 - bounds.x0 + 1) * (bounds.y1 - bounds.y0 + 1));
  const ring = Math.round(Math.min(48, Math.max(12, 0.12 * size)));
  const cx0 = Math.max(0, bounds.x0 - ring);
  const cy0 = Math.max(0, bounds.y0 - ring);
  const cw = Math.min(width - 1, bounds.x1 + ring) - cx0 + 1;
  const ch = Math.min(height - 1, bounds.y1 + ring) - cy0 + 1;
  const n = cw * ch;
  // Crop-local: 1 = filled wall pixel, 2 = known wall pixel within `ring` of the hole.
  const holeCrop = new Uint8Array(n);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++)
      holeCrop[y * cw + x] = grown.data[(y + cy0) * width + x + cx0] ?? 0;
  }
  const near = boxSums(Float64Array.from(holeCrop), cw, ch, ring);
  const kind = new Uint8Array(n);
  const xs: number[] = [];
  const ys: number[] = [];
  const lin: number[][] = [[], [], []];
  let filledWall = 0;
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const k = y * cw + x;
      const i = (y + cy0) * width + x + cx0;
      if (surfaces[i] !== wall) continue;
      if (holeCrop[k]) {
        kind[k] = 1;
        filledWall++;
      } else if ((near[k] ?? 0) > 0) {
        kind[k] = 2;
        xs.push(x / cw);
        ys.push(y / ch);
        for (let c = 0; c < 3; c++)
          lin[c]?.push(SRGB_TO_LINEAR[original.data[i * 4 + c] ?? 0] ?? 0);
      }
    }
  }
  if (filledWall < 64 || xs.length < 200) return filled;
  // Robust plane per channel: two rounds dropping ring pixels far from the luminance plane
  // (a frame, a switch, a shadow the parse left as wall).
  const luma = xs.map(
    (_, k) =>
      0.2126 * (lin[0]?.[k] ?? 0) + 0.7152 * (lin[1]?.[k] ?? 0) + 0.0722 * (lin[2]?.[k] ?? 0),
  );
  let keep = xs.map(() => true);
  for (let round = 0; round < 2; round++) {
    const p = fitPlane(xs, ys, luma, keep);
    if (!p) return filled;
    const res = luma.map((v, k) =>
      Math.abs(v - ((p[0] ?? 0) + (p[1] ?? 0) * (xs[k] ?? 0) + (p[2] ?? 0) * (ys[k] ?? 0))),
    );
    const sorted = res.filter((_, k) => keep[k]).sort((a, b) => a - b);
    const mad = Math.max(0.004, sorted[sorted.length >> 1] ?? 0);
    keep = res.map((r) => r <= 3 * mad);
  }
  // …and those of another hue (a wooden frame or curtain the parse left as wall): their colour
  // carried into the fill reads as a stain.
  const hue = luma.map((l, k) => ((lin[0]?.[k] ?? 0) - (lin[2]?.[k] ?? 0)) / (l + 0.02));
  const hues = hue.filter((_, k) => keep[k]).sort((a, b) => a - b);
  const hueMid = hues[hues.length >> 1] ?? 0;
  const hueDev = hues.map((v) => Math.abs(v - hueMid)).sort((a, b) => a - b);
  const hueTol = Math.max(0.08, 3 * (hueDev[hueDev.length >> 1] ?? 0));
  keep = keep.map((k, i) => k && Math.abs((hue[i] ?? 0) - hueMid) <= hueTol);
  // Trust the plane only where it describes the wall round the hole: enough wall kept round it
  // (a chair's back against other chairs has little) and a median residual within 30% of the
  // wall's mean (a wall broken by windows and lamps is not one smoothly lit plane).
  const kept = keep.filter(Boolean).length;
  const fit = fitPlane(xs, ys, luma, keep);
  if (!fit) return filled;
  const residual = luma.map((v, k) =>
    Math.abs(v - ((fit[0] ?? 0) + (fit[1] ?? 0) * (xs[k] ?? 0) + (fit[2] ?? 0) * (ys[k] ?? 0))),
  );
  residual.sort((a, b) => a - b);
  const meanLuma = luma.reduce((a, b) => a + b, 0) / luma.length;
  if (kept < 0.4 * filledWall || (residual[residual.length >> 1] ?? 0) > 0.3 * meanLuma)
    return filled;
  const planes = [0, 1, 2].map((c) => fitPlane(xs, ys, lin[c] ?? [], keep));
  if (planes.some((p) => !p)) return filled;
  const plane = (c: number, x: number, y: number): number => {
    const p = planes[c] ?? [0, 0, 0];
    return (p[0] ?? 0) + (p[1] ?? 0) * (x / cw) + (p[2] ?? 0) * (y / ch);
  };
  // The ring's residual from the plane and the fill's own values, each box-averaged.
  const reach = Math.max(6, Math.round(ring / 2));
  const ringW = new Float64Array(n);
  const fillW = new Float64Array(n);
  let kk = 0;
  const keptAt = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    if (kind[k] === 2) {
      if (keep[kk]) keptAt[k] = 1;
      kk++;
    }
  }
  for (let k = 0; k < n; k++) {
    ringW[k] = keptAt[k] ? 1 : 0;
    fillW[k] = kind[k] === 1 ? 1 : 0;
  }
  const ringWSum = boxSums(ringW, cw, ch, reach);
  const fillWSum = boxSums(fillW, cw, ch, reach);
  const out: Raster = { width, height, data: new Uint8ClampedArray(filled.data) };
  const fills: Float64Array[] = [];
  const residuals: Float64Array[] = [];
  for (let c = 0; c < 3; c++) {
    const res = new Float64Array(n);
    const fv = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const x = k % cw;
      const y = (k - x) / cw;
      const i = (y + cy0) * width + x + cx0;
      if (keptAt[k]) res[k] = (SRGB_TO_LINEAR[original.data[i * 4 + c] ?? 0] ?? 0) - plane(c, x, y);
      if (kind[k] === 1) fv[k] = SRGB_TO_LINEAR[filled.data[i * 4 + c] ?? 0] ?? 0;
    }
    residuals.push(boxSums(res, cw, ch, reach));
    fills.push(boxSums(fv, cw, ch, reach));
  }
  const full = (2 * reach + 1) * (2 * reach + 1);
  for (let k = 0; k < n; k++) {
    if (kind[k] !== 1) continue;
    const x = k % cw;
    const y = (k - x) / cw;
    const i = (y + cy0) * width + x + cx0;
    const rw = ringWSum[k] ?? 0;
    const fw = fillWSum[k] ?? 0;
    if (fw <= 0) continue;
    // The residual counts fully where a fifth of the window is ring, fading to the plane deeper.
    const trust = Math.min(1, rw / (0.2 * full));
    for (let c = 0; c < 3; c++) {
      const residual = rw > 0 ? ((residuals[c]?.[k] ?? 0) / rw) * trust : 0;
      const target = Math.max(1e-4, plane(c, x, y) + residual);
      const own = Math.max(1e-4, (fills[c]?.[k] ?? 0) / fw);
      const ratio = Math.min(1.4, Math.max(0.7, target / own));
      const v = (SRGB_TO_LINEAR[filled.data[i * 4 + c] ?? 0] ?? 0) * ratio;
      out.data[i * 4 + c] = linearToByte(Math.min(1, v));
    }
  }
  matchSeam(original, out, { x0: cx0, y0: cy0, width: cw, height: ch }, kind);
  return out;
}

/** Per-pixel correction (log ratio) allowed at most: a fill is never taken further than this. */
const MAX_SEAM_LOG = 0.6;

/**
 * Meets the wall at the hole's edge without a step. The plane and the box-averaged residual give
 * the wall's light in the large, but where the wall's light turns within a few pixels of the hole
 * (the old sofa's own shade above it, the spill of a window beside it), the fill's edge stayed a
 * step brighter or darker, and the paint, which keeps the light it paints over, showed the old
 * piece's outline as a ghost (plants-bright's redesign). Here, per channel and in log linear light,
 * the ratio between the wall (a 5×5 mean over the wall round the hole) and the fill (a 5×5 mean over
 * the fill) across each edge of the hole is carried into the fill as a membrane: a harmonic field,
 * fixed at those edges, with no flux across edges to what is not wall (a window, the floor). The
 * fill's grain, a ratio to that smooth field, is kept. `kind` is 1 on the fill and 2 on the wall
 * round it, crop-local. Changes `out` in place, within `crop`.
 */
function matchSeam(
  original: Raster,
  out: Raster,
  crop: { x0: number; y0: number; width: number; height: number },
  kind: Uint8Array,
): void {
  const { width } = original;
  const { x0, y0, width: cw, height: ch } = crop;
  const n = cw * ch;
  const cells: number[] = [];
  for (let k = 0; k < n; k++) if (kind[k] === 1) cells.push(k);
  if (cells.length === 0) return;
  const isFill = new Float64Array(n);
  const isWall = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    isFill[k] = kind[k] === 1 ? 1 : 0;
    isWall[k] = kind[k] === 2 ? 1 : 0;
  }
  const fillCount = boxSums(isFill, cw, ch, 2);
  const wallCount = boxSums(isWall, cw, ch, 2);
  const steps = [-1, 1, -cw, cw];
  const inCrop = (k: number, step: number): boolean => {
    const x = k % cw;
    if (step === -1) return x > 0;
    if (step === 1) return x < cw - 1;
    return k + step >= 0 && k + step < n;
  };
  for (let c = 0; c < 3; c++) {
    const wallLin = new Float64Array(n);
    const fillLin = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const x = k % cw;
      const i = ((k - x) / cw + y0) * width + x + x0;
      if (isWall[k]) wallLin[k] = SRGB_TO_LINEAR[original.data[i * 4 + c] ?? 0] ?? 0;
      if (isFill[k]) fillLin[k] = SRGB_TO_LINEAR[out.data[i * 4 + c] ?? 0] ?? 0;
    }
    const wallMean = boxSums(wallLin, cw, ch, 2);
    const fillMean = boxSums(fillLin, cw, ch, 2);
    // Per fill pixel: the sum of fixed neighbour values and the count of neighbours that count.
    const fixedSum = new Float64Array(n);
    const weight = new Float64Array(n);
    let anyFixed = false;
    for (const k of cells) {
      const own = Math.max(1e-4, (fillMean[k] ?? 0) / Math.max(1, fillCount[k] ?? 0));
      for (const step of steps) {
        if (!inCrop(k, step)) continue;
        const q = k + step;
        if (isFill[q]) {
          weight[k] = (weight[k] ?? 0) + 1;
        } else if (isWall[q]) {
          const wall = Math.max(1e-4, (wallMean[q] ?? 0) / Math.max(1, wallCount[q] ?? 0));
          const log = Math.max(-MAX_SEAM_LOG, Math.min(MAX_SEAM_LOG, Math.log(wall / own)));
          fixedSum[k] = (fixedSum[k] ?? 0) + log;
          weight[k] = (weight[k] ?? 0) + 1;
          anyFixed = true;
        }
      }
    }
    if (!anyFixed) return;
    // Successive over-relaxation of the membrane; the field is smooth, so a loose tolerance.
    const field = new Float64Array(n);
    const maxRounds = Math.min(2000, 20 + 4 * Math.ceil(Math.sqrt(cells.length)));
    for (let round = 0; round < maxRounds; round++) {
      let change = 0;
      for (const k of cells) {
        const w = weight[k] ?? 0;
        if (w === 0) continue;
        let sum = fixedSum[k] ?? 0;
        for (const step of steps)
          if (inCrop(k, step) && isFill[k + step]) sum += field[k + step] ?? 0;
        const next = (field[k] ?? 0) + 1.9 * (sum / w - (field[k] ?? 0));
        change = Math.max(change, Math.abs(next - (field[k] ?? 0)));
        field[k] = next;
      }
      if (change < 2e-4) break;
    }
    for (const k of cells) {
      const x = k % cw;
      const i = ((k - x) / cw + y0) * width + x + x0;
      const gain = Math.exp(Math.max(-MAX_SEAM_LOG, Math.min(MAX_SEAM_LOG, field[k] ?? 0)));
      out.data[i * 4 + c] = linearToByte(Math.min(1, (fillLin[k] ?? 0) * gain));
    }
  }
}
