/**
 * Vanishing points from line segments: length-weighted RANSAC over pairs of segment lines, then a
 * least-squares refinement over the inliers. Points are homogeneous unit 3-vectors in normalised
 * image coordinates (origin at the image centre, half the longer side = 1), so a vanishing point
 * at infinity (parallel image lines) is as representable as a finite one.
 */
import { seededRandom } from '../raster';
import type { LineSegment } from './line-segments';

export type Homogeneous = [number, number, number];

/** A segment in normalised coordinates with its homogeneous line (unit normal). */
export interface NormalisedSegment {
  mx: number;
  my: number;
  /** Unit direction. */
  dx: number;
  dy: number;
  length: number;
  line: Homogeneous;
}

export interface VanishingPoint {
  point: Homogeneous;
  /** Indices (into the segment array given) of the segments that point at it. */
  inliers: number[];
  /** Summed inlier length (normalised units): how much evidence the point has. */
  support: number;
}

/** Normalised-coordinate frame of an image: centre and half the longer side. */
export interface Frame {
  cx: number;
  cy: number;
  scale: number;
}

export function frameOf(width: number, height: number): Frame {
  return { cx: width / 2, cy: height / 2, scale: Math.max(width, height) / 2 };
}

export function normaliseSegments(segments: LineSegment[], frame: Frame): NormalisedSegment[] {
  return segments.map((s) => {
    const x1 = (s.x1 - frame.cx) / frame.scale;
    const y1 = (s.y1 - frame.cy) / frame.scale;
    const x2 = (s.x2 - frame.cx) / frame.scale;
    const y2 = (s.y2 - frame.cy) / frame.scale;
    const len = Math.hypot(x2 - x1, y2 - y1) || 1e-9;
    const dx = (x2 - x1) / len;
    const dy = (y2 - y1) / len;
    // The line through both ends with a unit normal (a, b): a·x + b·y + c = 0.
    const a = -dy;
    const b = dx;
    return {
      mx: (x1 + x2) / 2,
      my: (y1 + y2) / 2,
      dx,
      dy,
      length: len,
      line: [a, b, -(a * x1 + b * y1)],
    };
  });
}

function cross(a: Homogeneous, b: Homogeneous): Homogeneous {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function unit(v: Homogeneous): Homogeneous | null {
  const n = Math.hypot(v[0], v[1], v[2]);
  return n < 1e-12 ? null : [v[0] / n, v[1] / n, v[2] / n];
}

/** |sin| of the angle between a segment and the direction from its midpoint to `v`. */
export function angularError(s: NormalisedSegment, v: Homogeneous): number {
  const ex = v[0] - s.mx * v[2];
  const ey = v[1] - s.my * v[2];
  const n = Math.hypot(ex, ey);
  if (n < 1e-12) return 0;
  return Math.abs(s.dx * ey - s.dy * ex) / n;
}

/**
 * The vanishing point most segments of `indices` agree on within `toleranceDeg`; null when fewer
 * than `minInliers` segments support the best candidate.
 */
export function findVanishingPoint(
  segments: NormalisedSegment[],
  indices: number[],
  options: { toleranceDeg: number; iterations: number; seed: number; minInliers: number },
): VanishingPoint | null {
  if (indices.length < Math.max(2, options.minInliers)) return null;
  const random = seededRandom(options.seed);
  const cumulative = new Float64Array(indices.length);
  let total = 0;
  for (let k = 0; k < indices.length; k++) {
    total += segments[indices[k] ?? 0]?.length ?? 0;
    cumulative[k] = total;
  }
  const pick = (): number => {
    const r = random() * total;
    let lo = 0;
    let hi = indices.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < r) lo = mid + 1;
      else hi = mid;
    }
    return indices[lo] ?? 0;
  };
  const sinTol = Math.sin((options.toleranceDeg * Math.PI) / 180);
  let best: Homogeneous | null = null;
  let bestScore = 0;
  for (let it = 0; it < options.iterations; it++) {
    const a = segments[pick()];
    const b = segments[pick()];
    if (!a || !b || a === b) continue;
    const v = unit(cross(a.line, b.line));
    if (!v) continue;
    const score = scoreOf(segments, indices, v, sinTol);
    if (score > bestScore) {
      bestScore = score;
      best = v;
    }
  }
  if (!best) return null;
  // Refine twice: the refined point can gather inliers the sampled pair just missed.
  let point = best;
  for (let round = 0; round < 2; round++) {
    const inliers = inliersOf(segments, indices, point, sinTol);
    if (inliers.length < 2) break;
    point = refine(segments, inliers) ?? point;
  }
  const inliers = inliersOf(segments, indices, point, sinTol);
  if (inliers.length < options.minInliers) return null;
  let support = 0;
  for (const i of inliers) support += segments[i]?.length ?? 0;
  return { point, inliers, support };
}

function scoreOf(
  segments: NormalisedSegment[],
  indices: number[],
  v: Homogeneous,
  sinTol: number,
): number {
  let score = 0;
  for (const i of indices) {
    const s = segments[i];
    if (!s) continue;
    const e = angularError(s, v) / sinTol;
    if (e < 1) score += s.length * (1 - e * e);
  }
  return score;
}

function inliersOf(
  segments: NormalisedSegment[],
  indices: number[],
  v: Homogeneous,
  sinTol: number,
): number[] {
  return indices.filter((i) => {
    const s = segments[i];
    return s !== undefined && angularError(s, v) < sinTol;
  });
}

/** The unit v minimising Σ length·(line·v)²: the smallest eigenvector of the lines' scatter. */
function refine(segments: NormalisedSegment[], inliers: number[]): Homogeneous | null {
  const m = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const i of inliers) {
    const s = segments[i];
    if (!s) continue;
    const [a, b, c] = s.line;
    const w = s.length;
    const l = [a, b, c];
    for (let r = 0; r < 3; r++) {
      for (let k = 0; k < 3; k++)
        m[r * 3 + k] = (m[r * 3 + k] ?? 0) + w * (l[r] ?? 0) * (l[k] ?? 0);
    }
  }
  return unit(smallestEigenvector(m));
}

/** Smallest eigenvector of a symmetric 3×3 matrix (row-major) by cyclic Jacobi rotations. */
export function smallestEigenvector(matrix: number[]): Homogeneous {
  const a = matrix.slice();
  const v = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const at = (r: number, c: number): number => a[r * 3 + c] ?? 0;
  for (let sweep = 0; sweep < 30; sweep++) {
    const off = Math.abs(at(0, 1)) + Math.abs(at(0, 2)) + Math.abs(at(1, 2));
    if (off < 1e-14) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = at(p, q);
      if (Math.abs(apq) < 1e-18) continue;
      const theta = (at(q, q) - at(p, p)) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = at(k, p);
        const akq = at(k, q);
        a[k * 3 + p] = c * akp - s * akq;
        a[k * 3 + q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = at(p, k);
        const aqk = at(q, k);
        a[p * 3 + k] = c * apk - s * aqk;
        a[q * 3 + k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k * 3 + p] ?? 0;
        const vkq = v[k * 3 + q] ?? 0;
        v[k * 3 + p] = c * vkp - s * vkq;
        v[k * 3 + q] = s * vkp + c * vkq;
      }
    }
  }
  let best = 0;
  for (let k = 1; k < 3; k++) if (at(k, k) < at(best, best)) best = k;
  return [v[best] ?? 0, v[3 + best] ?? 0, v[6 + best] ?? 0];
}
