/**
 * Architectural style, locally: a global restyle of the photo toward a style's palette and
 * character. It is a colour grade, so it is built as a 33³ colour lookup table (a pure function of
 * the pixel's colour, evaluated once per grid point in CIELAB) applied with trilinear
 * interpolation, plus a smooth vignette and fine grain. Being per-pixel, it cannot halo.
 *
 * The grade, scaled by `strength`:
 * - tone: the photo's shadows (5th percentile of L*), mid-tones (median) and highlights (95th)
 *   move toward the palette's darkest, middle and lightest tones, then the style's contrast
 *   S-curve and exposure lift;
 * - colour: Reinhard-style transfer per luminance band — each band's mean a*, b* moves toward
 *   its palette tone (shadows → darkest, mids → a mid tone, highlights → lightest), then the
 *   style's saturation and warmth;
 * - palette: finally every colour moves part of the way toward a soft-min blend of the palette
 *   colours nearest it, so the room's colours gather around the style's (measured: the mean Lab
 *   distance to the palette falls as strength rises, restyle.test.ts).
 * Variant k reads the palette differently (variants.ts): neutral, accent, airy, moody.
 */
import {
  SRGB_TO_LINEAR,
  labToLinearRgbInto,
  linearRgbToLabInto,
  linearToSrgb,
  parseHex,
  rgbToLab,
  type Lab,
  type Rgb,
} from '../colour';
import type { Raster } from '../raster';
import type { StyleTarget } from '../types';
import { restyleVariant, variantRandom, type VariantOptions } from './variants';

/** A style's character beyond its palette. */
export interface StyleCharacter {
  /** S-curve strength on L* (negative flattens). */
  contrast: number;
  /** Chroma multiplier at full strength. */
  saturation: number;
  /** b* shift at full strength (positive warmer). */
  warmth: number;
  /** Mid-tone lift in L* at full strength. */
  exposure: number;
  /** Corner darkening at full strength (0–1). */
  vignette: number;
  /** Grain amplitude in sRGB levels at full strength. */
  grain: number;
}

const NEUTRAL: StyleCharacter = {
  contrast: 0.05,
  saturation: 1,
  warmth: 0,
  exposure: 0,
  vignette: 0,
  grain: 0,
};

/** The 14 styles of DESIGN_CONFIG.styles; an unknown id gets a neutral character. */
export const STYLE_CHARACTER: Readonly<Record<string, StyleCharacter>> = {
  modern: { contrast: 0.15, saturation: 0.9, warmth: -1.5, exposure: 1, vignette: 0, grain: 0 },
  scandinavian: {
    contrast: -0.05,
    saturation: 0.85,
    warmth: 2,
    exposure: 4,
    vignette: 0,
    grain: 0,
  },
  industrial: {
    contrast: 0.28,
    saturation: 0.72,
    warmth: -1,
    exposure: -3,
    vignette: 0.28,
    grain: 2,
  },
  mid_century: {
    contrast: 0.12,
    saturation: 1.15,
    warmth: 5,
    exposure: 0,
    vignette: 0.12,
    grain: 0,
  },
  minimalist: { contrast: -0.05, saturation: 0.7, warmth: 0, exposure: 5, vignette: 0, grain: 0 },
  bohemian: { contrast: 0.06, saturation: 1.2, warmth: 6, exposure: 0, vignette: 0.14, grain: 0 },
  japandi: { contrast: -0.04, saturation: 0.8, warmth: 3, exposure: 2, vignette: 0.05, grain: 0 },
  coastal: { contrast: 0, saturation: 1, warmth: -5, exposure: 4, vignette: 0, grain: 0 },
  farmhouse: { contrast: 0.06, saturation: 0.9, warmth: 4, exposure: 1, vignette: 0.1, grain: 0 },
  traditional: {
    contrast: 0.16,
    saturation: 1.05,
    warmth: 5,
    exposure: -2,
    vignette: 0.2,
    grain: 0,
  },
  art_deco: { contrast: 0.3, saturation: 1.15, warmth: 1, exposure: -3, vignette: 0.15, grain: 0 },
  mediterranean: {
    contrast: 0.1,
    saturation: 1.15,
    warmth: 6,
    exposure: 2,
    vignette: 0.06,
    grain: 0,
  },
  rustic: { contrast: 0.16, saturation: 0.9, warmth: 6, exposure: -2, vignette: 0.22, grain: 1.5 },
  contemporary: {
    contrast: 0.08,
    saturation: 0.95,
    warmth: 1,
    exposure: 1,
    vignette: 0.04,
    grain: 0,
  },
};

/** Grid points per axis of the colour LUT. */
const LUT_N = 33;
/** How far a band's mean colour moves toward its palette tone at full strength. */
const COLOUR_TRANSFER = 0.45;
/** Fraction of a palette tone's chroma used as the band's target (a tone, not a paint bucket). */
const PALETTE_CHROMA = 0.65;
/**
 * At full strength every colour finally moves this fraction of the way toward the palette
 * (a soft-min blend of the palette colours near it), so the room's colours gather around the
 * style's. Smooth in colour space, so no posterisation.
 */
const PALETTE_PULL = 0.45;
/** Softness (ΔE) of the palette blend in the pull. */
const PULL_SOFTNESS = 18;
/** Largest tone move (L*) toward the palette at full strength. */
const MAX_TONE_SHIFT = 14;

/**
 * Restyles `image` toward `style` by `strength` (0 = unchanged, 1 = fully). Variant k reads the
 * palette differently (which mid tone leads, warmth, contrast); see variants.ts.
 */
export function restyle(
  image: Raster,
  style: StyleTarget,
  strength: number,
  options: VariantOptions,
): Raster {
  const s = Math.max(0, Math.min(1, strength));
  const out: Raster = {
    width: image.width,
    height: image.height,
    data: new Uint8ClampedArray(image.data),
  };
  if (s === 0 || style.palette.length === 0) return out;
  const character = STYLE_CHARACTER[style.id] ?? NEUTRAL;
  const stats = photoStats(image);
  const grade = buildGrade(
    stats,
    style.palette.map((hex) => rgbToLab(parseHex(hex))),
    character,
    s,
    options,
  );
  const lut = buildLut(grade);
  applyLut(image, out, lut);
  applyVignetteAndGrain(out, character.vignette * s, character.grain * s, options);
  return out;
}

/* ------------------------------------------------------------------------------------------ */
/* Statistics                                                                                 */
/* ------------------------------------------------------------------------------------------ */

/** The photo's tone percentiles and each luminance band's mean a*, b*. */
interface PhotoStats {
  lo: number;
  mid: number;
  hi: number;
  /** Mean [a, b] of shadows (below the 33rd percentile), mids and highlights (above the 67th). */
  bands: [number, number][];
}

/** Statistics from ~40k pixels on a regular grid (fast and stable at any size). */
function photoStats(image: Raster): PhotoStats {
  const step = Math.max(1, Math.floor(Math.sqrt((image.width * image.height) / 40_000)));
  const ls: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  const lab: Lab = [0, 0, 0];
  const d = image.data;
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const p = (y * image.width + x) * 4;
      linearRgbToLabInto(
        SRGB_TO_LINEAR[d[p] ?? 0] ?? 0,
        SRGB_TO_LINEAR[d[p + 1] ?? 0] ?? 0,
        SRGB_TO_LINEAR[d[p + 2] ?? 0] ?? 0,
        lab,
      );
      ls.push(lab[0]);
      as.push(lab[1]);
      bs.push(lab[2]);
    }
  }
  const sorted = Float64Array.from(ls).sort();
  const at = (q: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 50;
  const p33 = at(0.33);
  const p67 = at(0.67);
  const sums = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < ls.length; i++) {
    const l = ls[i] ?? 0;
    const band = sums[l < p33 ? 0 : l > p67 ? 2 : 1];
    if (!band) continue;
    band[0] = (band[0] ?? 0) + (as[i] ?? 0);
    band[1] = (band[1] ?? 0) + (bs[i] ?? 0);
    band[2] = (band[2] ?? 0) + 1;
  }
  const bands = sums.map((b): [number, number] => {
    const n = Math.max(1, b[2] ?? 0);
    return [(b[0] ?? 0) / n, (b[1] ?? 0) / n];
  });
  return { lo: at(0.05), mid: at(0.5), hi: at(0.95), bands };
}

/* ------------------------------------------------------------------------------------------ */
/* The grade: a function of colour                                                           */
/* ------------------------------------------------------------------------------------------ */

/** Everything the per-colour grade needs, precomputed. */
interface Grade {
  /** L* in → L* out, 1001 entries over 0–100. */
  tone: Float32Array;
  /** Band centres (L*) for the colour transfer weights. */
  lo: number;
  mid: number;
  hi: number;
  /** a*, b* shift per band (shadows, mids, highlights). */
  shifts: [number, number][];
  saturation: number;
  warmth: number;
  /** The palette in CIELAB, and how far each colour is finally pulled toward it. */
  palette: Lab[];
  pull: number;
}

function buildGrade(
  stats: PhotoStats,
  palette: Lab[],
  character: StyleCharacter,
  s: number,
  options: VariantOptions,
): Grade {
  const variant = restyleVariant(options);
  const byLightness = [...palette].sort((p, q) => p[0] - q[0]);
  const darkest = byLightness[0] ?? [20, 0, 0];
  const lightest = byLightness[byLightness.length - 1] ?? [95, 0, 0];
  // Mid tones, most neutral first: variant 0 leads with the structural tone, later variants
  // with the style's accents.
  const mids = (byLightness.length > 2 ? byLightness.slice(1, -1) : [darkest, lightest]).sort(
    (p, q) => Math.hypot(p[1], p[2]) - Math.hypot(q[1], q[2]),
  );
  const leading =
    variant.midTone === 'accent'
      ? (mids[mids.length - 1] ?? darkest)
      : variant.midTone === 'light'
        ? lightest
        : variant.midTone === 'dark'
          ? darkest
          : (mids[0] ?? darkest);
  // The mid-tones' lightness goes mostly toward the palette tone nearest it in lightness (a pale
  // room stays pale in a style with a pale tone), leaning on the variant's leading tone.
  const nearestL = byLightness.reduce(
    (best, p) => (Math.abs(p[0] - stats.mid) < Math.abs(best - stats.mid) ? p[0] : best),
    leading[0],
  );
  const midTarget = 0.7 * nearestL + 0.3 * leading[0];

  const toward = (from: number, to: number, k: number): number =>
    from + Math.max(-MAX_TONE_SHIFT, Math.min(MAX_TONE_SHIFT, (to - from) * k));
  const lo = toward(stats.lo, darkest[0], 0.5 * s);
  // Highlights go toward the lightest tone too, but only a little darker (a cream palette should
  // not grey a white room).
  const hi = toward(stats.hi, Math.max(lightest[0], stats.hi - 6), 0.5 * s);
  const exposure = (character.exposure + variant.exposureShift) * s;
  const mid = Math.min(hi - 5, Math.max(lo + 5, toward(stats.mid, midTarget, 0.35 * s) + exposure));
  const tone = toneCurve(stats, lo, mid, hi, character.contrast * variant.contrastScale * s);

  const targets = [darkest, leading, lightest];
  const shifts = stats.bands.map((band, k): [number, number] => {
    const t = targets[k] ?? leading;
    return [
      COLOUR_TRANSFER * s * (PALETTE_CHROMA * t[1] - band[0]),
      COLOUR_TRANSFER * s * (PALETTE_CHROMA * t[2] - band[1]),
    ];
  });
  return {
    tone,
    lo: stats.lo,
    mid: stats.mid,
    hi: stats.hi,
    shifts,
    saturation: Math.pow(character.saturation, s),
    warmth: (character.warmth + variant.warmthShift) * s,
    palette,
    pull: PALETTE_PULL * s,
  };
}

/**
 * L* → L* through (lo, mid, hi) mapped to the targets, smoothed (no kinks, so no banding), then
 * an S-curve about the new mid: L = mid + r·(t + c·t·(1 − |t|)), monotone for |c| < 1.
 */
function toneCurve(
  stats: PhotoStats,
  lo: number,
  mid: number,
  hi: number,
  contrast: number,
): Float32Array {
  const xs = [0, stats.lo, stats.mid, stats.hi, 100];
  const ys = [0, lo, mid, hi, 100];
  const raw = new Float32Array(1001);
  for (let i = 0; i <= 1000; i++) {
    const l = i / 10;
    let k = 0;
    while (k < xs.length - 2 && l > (xs[k + 1] ?? 100)) k++;
    const x0 = xs[k] ?? 0;
    const x1 = xs[k + 1] ?? 100;
    const t = x1 > x0 ? (l - x0) / (x1 - x0) : 0;
    raw[i] = (ys[k] ?? 0) + t * ((ys[k + 1] ?? 100) - (ys[k] ?? 0));
  }
  const smoothed = new Float32Array(1001);
  const radius = 40;
  for (let i = 0; i <= 1000; i++) {
    let sum = 0;
    let n = 0;
    for (let j = i - radius; j <= i + radius; j++) {
      // Reflect about the ends so 0 → 0 and 100 → 100 hold.
      const jj = j < 0 ? -j : j > 1000 ? 2000 - j : j;
      const v = raw[jj] ?? 0;
      sum += j < 0 ? -v : j > 1000 ? 200 - v : v;
      n++;
    }
    smoothed[i] = sum / n;
  }
  const c = Math.max(-0.9, Math.min(0.9, contrast));
  for (let i = 0; i <= 1000; i++) {
    const l = smoothed[i] ?? 0;
    const range = l >= mid ? 100 - mid : mid;
    const t = range > 0 ? (l - mid) / range : 0;
    smoothed[i] = Math.max(0, Math.min(100, mid + range * (t + c * t * (1 - Math.abs(t)))));
  }
  return smoothed;
}

/** The grade of one colour (CIELAB in, CIELAB out, in place). */
function gradeLab(g: Grade, lab: Lab): void {
  const l = lab[0];
  // Triangular band weights: shadows below the median, highlights above, mids in between.
  const ws = l <= g.lo ? 1 : l >= g.mid ? 0 : (g.mid - l) / Math.max(1e-3, g.mid - g.lo);
  const wh = l >= g.hi ? 1 : l <= g.mid ? 0 : (l - g.mid) / Math.max(1e-3, g.hi - g.mid);
  const wm = 1 - ws - wh;
  const sh = g.shifts;
  const da = ws * (sh[0]?.[0] ?? 0) + wm * (sh[1]?.[0] ?? 0) + wh * (sh[2]?.[0] ?? 0);
  const db = ws * (sh[0]?.[1] ?? 0) + wm * (sh[1]?.[1] ?? 0) + wh * (sh[2]?.[1] ?? 0);
  // Near black and white there is no room for colour: fade the shifts out at the ends.
  const room = Math.min(1, l / 12, (100 - l) / 6);
  lab[0] = g.tone[Math.max(0, Math.min(1000, Math.round(l * 10)))] ?? l;
  lab[1] = (lab[1] + da * room + 0.25 * g.warmth * room) * g.saturation;
  lab[2] = (lab[2] + db * room + g.warmth * room) * g.saturation;
  pullTowardPalette(g, lab);
}

/** Moves `lab` part of the way toward a soft-min blend of the palette colours nearest it. */
function pullTowardPalette(g: Grade, lab: Lab): void {
  if (g.pull <= 0) return;
  let wSum = 0;
  let tl = 0;
  let ta = 0;
  let tb = 0;
  let nearest = Infinity;
  for (const p of g.palette)
    nearest = Math.min(nearest, Math.hypot(lab[0] - p[0], lab[1] - p[1], lab[2] - p[2]));
  for (const p of g.palette) {
    const d = Math.hypot(lab[0] - p[0], lab[1] - p[1], lab[2] - p[2]) - nearest;
    const w = Math.exp(-(d * d) / (PULL_SOFTNESS * PULL_SOFTNESS));
    wSum += w;
    tl += w * p[0];
    ta += w * p[1];
    tb += w * p[2];
  }
  lab[0] += g.pull * (tl / wSum - lab[0]);
  lab[1] += g.pull * (ta / wSum - lab[1]);
  lab[2] += g.pull * (tb / wSum - lab[2]);
}

/* ------------------------------------------------------------------------------------------ */
/* LUT                                                                                        */
/* ------------------------------------------------------------------------------------------ */

/** sRGB (0–255 grid) → sRGB out (0–255 floats), LUT_N³ × 3, r fastest. */
function buildLut(grade: Grade): Float32Array {
  const lut = new Float32Array(LUT_N * LUT_N * LUT_N * 3);
  const lab: Lab = [0, 0, 0];
  const rgb: Rgb = [0, 0, 0];
  const toLinear = (i: number): number => {
    const v = i / (LUT_N - 1);
    return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
  };
  for (let bi = 0; bi < LUT_N; bi++) {
    for (let gi = 0; gi < LUT_N; gi++) {
      for (let ri = 0; ri < LUT_N; ri++) {
        linearRgbToLabInto(toLinear(ri), toLinear(gi), toLinear(bi), lab);
        gradeLab(grade, lab);
        labToLinearRgbInto(lab[0], lab[1], lab[2], rgb);
        const o = ((bi * LUT_N + gi) * LUT_N + ri) * 3;
        lut[o] = 255 * linearToSrgb(Math.max(0, Math.min(1, rgb[0])));
        lut[o + 1] = 255 * linearToSrgb(Math.max(0, Math.min(1, rgb[1])));
        lut[o + 2] = 255 * linearToSrgb(Math.max(0, Math.min(1, rgb[2])));
      }
    }
  }
  return lut;
}

/** Trilinear LUT lookup for every pixel (alpha kept). */
function applyLut(src: Raster, dst: Raster, lut: Float32Array): void {
  const n = src.width * src.height;
  const s = src.data;
  const d = dst.data;
  const scale = (LUT_N - 1) / 255;
  const sy = LUT_N * 3;
  const sz = LUT_N * LUT_N * 3;
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const fr = (s[p] ?? 0) * scale;
    const fg = (s[p + 1] ?? 0) * scale;
    const fb = (s[p + 2] ?? 0) * scale;
    const r0 = Math.min(LUT_N - 2, fr | 0);
    const g0 = Math.min(LUT_N - 2, fg | 0);
    const b0 = Math.min(LUT_N - 2, fb | 0);
    const tr = fr - r0;
    const tg = fg - g0;
    const tb = fb - b0;
    const o = b0 * sz + g0 * sy + r0 * 3;
    for (let c = 0; c < 3; c++) {
      const c000 = lut[o + c] ?? 0;
      const c100 = lut[o + 3 + c] ?? 0;
      const c010 = lut[o + sy + c] ?? 0;
      const c110 = lut[o + sy + 3 + c] ?? 0;
      const c001 = lut[o + sz + c] ?? 0;
      const c101 = lut[o + sz + 3 + c] ?? 0;
      const c011 = lut[o + sz + sy + c] ?? 0;
      const c111 = lut[o + sz + sy + 3 + c] ?? 0;
      const x00 = c000 + (c100 - c000) * tr;
      const x10 = c010 + (c110 - c010) * tr;
      const x01 = c001 + (c101 - c001) * tr;
      const x11 = c011 + (c111 - c011) * tr;
      const y0 = x00 + (x10 - x00) * tg;
      const y1 = x01 + (x11 - x01) * tg;
      d[p + c] = y0 + (y1 - y0) * tb;
    }
  }
}

/**
 * A smooth radial vignette (darkening to `vignette` at the corners, none in the central half)
 * and seeded luminance grain of ±`grain` levels.
 */
function applyVignetteAndGrain(
  raster: Raster,
  vignette: number,
  grain: number,
  options: VariantOptions,
): void {
  if (vignette <= 0 && grain <= 0) return;
  const { width, height, data } = raster;
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const inv = 1 / (cx * cx + cy * cy);
  const random = variantRandom(options);
  const noise = new Float32Array(4096);
  for (let i = 0; i < noise.length; i++) noise[i] = (random() + random() - 1) * grain;
  const rowFalloff = new Float32Array(height);
  for (let y = 0; y < height; y++) rowFalloff[y] = (y - cy) * (y - cy) * inv;
  for (let y = 0; y < height; y++) {
    const ry = rowFalloff[y] ?? 0;
    for (let x = 0; x < width; x++) {
      const r2 = (x - cx) * (x - cx) * inv + ry;
      const t = r2 > 0.25 ? (r2 - 0.25) / 0.75 : 0;
      const gain = 1 - vignette * t * t;
      const n = grain > 0 ? (noise[(x * 7919 + y * 104729) & 4095] ?? 0) : 0;
      const p = (y * width + x) * 4;
      data[p] = (data[p] ?? 0) * gain + n;
      data[p + 1] = (data[p + 1] ?? 0) * gain + n;
      data[p + 2] = (data[p + 2] ?? 0) * gain + n;
    }
  }
}
