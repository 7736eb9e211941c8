/**
 * Procedural surface texture at real size: cloth, leather, wood and brushed metal as a change of
 * albedo (`tone`) and a bump (a gradient that tilts the normal), from a point in the primitive's
 * own coordinates (cm), so the pattern sticks to the piece and its grain runs along it.
 *
 * Every feature has a real size (a wood ring 0.45 cm apart, a leather wrinkle 3 cm across) and is
 * faded out as the pixel's footprint approaches it, so a texture reads at the size it is drawn and
 * never aliases into moiré: what cannot be resolved is left at its mean.
 */
import type { Vec3 } from './vec';

export type SurfaceKind = 'plain' | 'fabric' | 'velvet' | 'boucle' | 'leather' | 'wood' | 'metal';

/** What a texture does to one shading point; reused between calls (no allocation per sample). */
export interface SurfaceResponse {
  /** Albedo multiplier. */
  tone: number;
  /** Extra darkening of blue and green over red (wood's darker streaks are richer), 0–1. */
  warmth: number;
  /** Gradient of the surface's height (local coordinates); the shader tilts the normal by it. */
  bump: [number, number, number];
}

/** Point hash to [−1, 1). */
function hash3(i: number, j: number, k: number): number {
  let h = Math.imul(i, 0x27d4eb2d) ^ Math.imul(j, 0x165667b1) ^ Math.imul(k, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h & 0xffff) / 32768 - 1;
}

/** Value noise in [−1, 1], one feature a unit, smooth (C1) between lattice points. */
export function valueNoise(x: number, y: number, z: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const zi = Math.floor(z);
  let tx = x - xi;
  let ty = y - yi;
  let tz = z - zi;
  tx = tx * tx * (3 - 2 * tx);
  ty = ty * ty * (3 - 2 * ty);
  tz = tz * tz * (3 - 2 * tz);
  const a = hash3(xi, yi, zi);
  const b = hash3(xi + 1, yi, zi);
  const c = hash3(xi, yi + 1, zi);
  const d = hash3(xi + 1, yi + 1, zi);
  const e = hash3(xi, yi, zi + 1);
  const f = hash3(xi + 1, yi, zi + 1);
  const g = hash3(xi, yi + 1, zi + 1);
  const h = hash3(xi + 1, yi + 1, zi + 1);
  const ab = a + (b - a) * tx;
  const cd = c + (d - c) * tx;
  const ef = e + (f - e) * tx;
  const gh = g + (h - g) * tx;
  const lo = ab + (cd - ab) * ty;
  const hi = ef + (gh - ef) * ty;
  return lo + (hi - lo) * tz;
}

/**
 * How much of a feature `size` cm across survives a pixel `footprint` cm wide: 1 from three
 * pixels a feature up, 0 below about one.
 */
export function resolved(size: number, footprint: number): number {
  const k = size / Math.max(1e-6, footprint);
  if (k <= 1.2) return 0;
  if (k >= 3) return 1;
  const t = (k - 1.2) / 1.8;
  return t * t * (3 - 2 * t);
}

/** Adds `amount` × the gradient of value noise at scale `size` (cm) to `out.bump`. */
function addBump(
  out: SurfaceResponse,
  x: number,
  y: number,
  z: number,
  size: number,
  amount: number,
): number {
  const s = 1 / size;
  const e = 0.25;
  const n = valueNoise(x * s, y * s, z * s);
  const k = amount / e;
  out.bump[0] += (valueNoise(x * s + e, y * s, z * s) - n) * k;
  out.bump[1] += (valueNoise(x * s, y * s + e, z * s) - n) * k;
  out.bump[2] += (valueNoise(x * s, y * s, z * s + e) - n) * k;
  return n;
}

/**
 * A sewn seam on a box-shaped cushion or panel: a narrow groove (`width` cm) set `inset` cm in from
 * the edges of the face the point lies on, as a darkening 0–1, blurred over the pixel footprint
 * (a seam thinner than a pixel darkens it by the share it covers).
 */
export function seamShade(
  p: Vec3,
  half: Vec3,
  rounding: number,
  footprint: number,
  width = 0.22,
): number {
  const e0 = half[0] - Math.abs(p[0]);
  const e1 = half[1] - Math.abs(p[1]);
  const e2 = half[2] - Math.abs(p[2]);
  // The face the point lies on is the axis with the least distance to the box's side; the seam
  // follows the face's nearest edge, i.e. the next least.
  let second: number;
  if (e0 <= e1 && e0 <= e2) second = Math.min(e1, e2);
  else if (e1 <= e2) second = Math.min(e0, e2);
  else second = Math.min(e0, e1);
  const inset = Math.max(0.8, 0.6 * rounding);
  const d = second - inset;
  const spread = Math.sqrt(width * width + 0.25 * footprint * footprint);
  return (width / spread) * Math.exp(-((d / spread) ** 2));
}

/**
 * The texture of `kind` at local point (x, y, z) with grain direction `g` (unit, local), for a
 * pixel `footprint` cm wide. Writes into `out` and returns it.
 */
export function surfaceTexture(
  kind: SurfaceKind,
  x: number,
  y: number,
  z: number,
  g: Vec3,
  footprint: number,
  out: SurfaceResponse,
): SurfaceResponse {
  out.tone = 1;
  out.warmth = 0;
  out.bump[0] = 0;
  out.bump[1] = 0;
  out.bump[2] = 0;
  if (kind === 'plain') return out;
  // Coordinates along the grain (u) and across it (v, w).
  const [gx, gy, gz] = g;
  const u = x * gx + y * gy + z * gz;
  // Any two axes perpendicular to g: g × (a non-parallel unit) and g × that.
  const ax = Math.abs(gy) < 0.9 ? 0 : 1;
  const ay = ax === 0 ? 1 : 0;
  let px = gy * 0 - gz * ay;
  let py = gz * ax - gx * 0;
  let pz = gx * ay - gy * ax;
  const pl = Math.sqrt(px * px + py * py + pz * pz) || 1;
  px /= pl;
  py /= pl;
  pz /= pl;
  const qx = gy * pz - gz * py;
  const qy = gz * px - gx * pz;
  const qz = gx * py - gy * px;
  const v = x * px + y * py + z * pz;
  const w = x * qx + y * qy + z * qz;
  const fp = footprint;

  if (kind === 'fabric' || kind === 'velvet' || kind === 'boucle') {
    // Large soft unevenness of stuffing and pile (creases that catch the light), the mottle of
    // the nap, slubs in the yarn (stretched along the weft) and the weave itself.
    const crease = addBump(out, x + 31, y, z, 10, kind === 'velvet' ? 0.07 : 0.05);
    let tone = 1 - 0.05 * Math.max(0, -crease);
    const pile = kind === 'velvet' ? 0.09 : 0.04;
    tone += pile * resolved(5, fp) * valueNoise(x / 5, y / 5 + 17, z / 5);
    tone += 0.035 * resolved(2.5, fp) * valueNoise(u / 2.5 + 5, v / 2.5, w / 2.5);
    tone += 0.035 * resolved(1.4, fp) * valueNoise(u / 1.4, v / 1.4, w / 1.4 + 9);
    const slub = resolved(0.35, fp);
    if (slub > 0) tone += 0.045 * slub * valueNoise(u / 2.5, v / 0.35, w / 0.35);
    if (kind === 'boucle') {
      // Looped yarn: knots about 0.6 cm across, strongly in relief.
      const loops = resolved(0.6, fp);
      if (loops > 0) tone += 0.08 * loops * addBump(out, x, y, z, 0.6, 0.3 * loops);
    }
    const weave = resolved(0.12, fp);
    if (weave > 0)
      tone +=
        0.05 * weave * Math.sin((2 * Math.PI * v) / 0.12) * Math.sin((2 * Math.PI * w) / 0.12);
    out.tone = tone;
    return out;
  }

  if (kind === 'leather') {
    // Patina (hide to hide), softer mottle, pebbled grain, and shallow wrinkles, darker in their
    // valleys; the finish's own highlight does the rest.
    let tone = 1 + 0.06 * valueNoise(x / 14, y / 14 + 5, z / 14);
    tone += 0.04 * resolved(1.6, fp) * valueNoise(x / 1.6, y / 1.6, z / 1.6 + 3);
    const wrinkleSeen = resolved(5, fp);
    const wrinkle = addBump(out, x + 11, y, z, 5, 0.035 * wrinkleSeen);
    tone -= 0.09 * wrinkleSeen * Math.max(0, -wrinkle);
    const pebble = resolved(0.25, fp);
    if (pebble > 0) tone += 0.05 * pebble * addBump(out, x, y, z, 0.25, 0.06 * pebble);
    out.tone = tone;
    return out;
  }

  if (kind === 'wood') {
    // Growth rings cut at a slant (a log's axis beside the board, warped along the grain),
    // long streaks of figure, and open pores; darker parts are richer (warmer).
    const warp = 1.6 * valueNoise(u / 22, v / 22 + 4, w / 22);
    const ringR = Math.sqrt((v + 23) ** 2 + (w + 41) ** 2) + warp;
    const ringSize = 0.45;
    const ringSeen = resolved(ringSize, fp);
    let dark = 0;
    if (ringSeen > 0) {
      const f = ringR / ringSize - Math.floor(ringR / ringSize);
      // Late wood: a narrow dark band at the end of each ring.
      dark += 0.2 * ringSeen * Math.max(0, (f - 0.6) / 0.4) ** 2;
    }
    // Rings too fine to see still leave bands of figure a few centimetres wide.
    dark += 0.16 * resolved(1.5, fp) * (0.5 + 0.5 * valueNoise(ringR / 1.5, u / 40, 7));
    dark += 0.12 * resolved(0.8, fp) * (0.5 + 0.5 * valueNoise(u / 30, v / 0.8, w / 0.8));
    const pores = resolved(0.15, fp);
    if (pores > 0) dark += 0.05 * pores * Math.max(0, valueNoise(u / 0.9, v / 0.15, w / 0.15));
    out.tone = 1.06 - dark;
    out.warmth = Math.min(1, 2.5 * dark);
    return out;
  }

  // Brushed metal: fine streaks along the piece.
  const streak = resolved(0.2, fp);
  out.tone = 1 + 0.05 * streak * valueNoise(u / 6, v / 0.2, w / 0.2);
  return out;
}
