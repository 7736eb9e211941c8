/**
 * Wall paint: a luminance-preserving recolour of the masked surface in CIELAB.
 *
 * Paint replaces the wall's albedo; what the camera sees is albedo × irradiance. So the photo's
 * shading is kept as a ratio: each pixel's luminance relative to the wall's median luminance
 * multiplies the target paint's luminance. The median pixel lands exactly on the target's L*
 * (a white paint on a dark wall reads white, navy on a white wall reads navy) while shadows,
 * light falloff and fine detail keep their relative strength. Hue and chroma come from the
 * target (scaled with lightness as a real shaded surface's are), plus a fraction of the photo's
 * own colour variation around the wall's mean, so coloured light and bounce keep some life.
 *
 * A selection can hold two albedos: a dark panelled wall beside a light one, an accent wall. One
 * median between them would push the light wall towards white and the dark one towards black,
 * where paint gives both the same colour. So when the surface's lightness falls into two
 * separate regions far apart ({@link albedoSplit}), each takes its own reference, blended across
 * the edge between them.
 */
import {
  SRGB_TO_LINEAR,
  labToLinearRgbInto,
  lightnessToLuminance,
  linearRgbToLabInto,
  linearToByte,
  luminanceToLightness,
  parseHex,
  rgbToLab,
  type Lab,
  type Rgb,
} from '../colour';
import { boxMean, cloneRaster, featherMask, maskBounds, type Mask, type Raster } from '../raster';
import { matteWeights, surfaceColours } from './matte';
import { paintVariant, type VariantOptions } from './variants';

/** How far the painted edge blends outward, in pixels (the spec allows up to 4). */
export const PAINT_FEATHER_PX = 3;

/** Tuning of {@link recolourMasked}. */
export interface RecolourOptions {
  /** Added to the target's L*. */
  lightnessShift: number;
  /** 0 matt; > 0 lifts highlights as a slightly glossy finish would. */
  sheen: number;
  /**
   * How much of the photo's own a* and b* variation around the surface's mean survives (0–1):
   * low for paint (the old colour must go), higher for materials (grain and veining stay).
   */
  chromaDetail: number;
  /** Edge feather in pixels (≤ 4). */
  feather: number;
  /**
   * The room parse's soft share (0–255 a pixel) of the surface being painted, already limited to
   * the user's region; `mask` is its pixels ≥ 128. Edges then blend by it, with the old colour
   * taken out of mixed pixels (ops/matte.ts), instead of by the fixed feather.
   */
  matte?: Uint8Array;
}

/**
 * Paints the masked walls `hex`. Pixels outside the mask dilated by {@link PAINT_FEATHER_PX}
 * keep their exact bytes. Variant k changes the finish (see variants.ts). With `surface` (from
 * {@link paintableSurface}) only the wall and ceiling pixels of the region are painted, with
 * soft, decontaminated edges.
 */
export function paintWalls(
  image: Raster,
  mask: Mask,
  hex: string,
  options: VariantOptions,
  surface?: PaintSurface,
): Raster {
  const finish = paintVariant(options);
  return recolourMasked(image, surface?.mask ?? mask, parseHex(hex), {
    lightnessShift: finish.lightnessShift,
    sheen: finish.sheen,
    chromaDetail: 0.2,
    feather: PAINT_FEATHER_PX,
    ...(surface ? { matte: surface.matte } : {}),
  });
}

/** What paint may cover in a region the user gave: its wall (or ceiling) pixels, softly edged. */
export interface PaintSurface {
  mask: Mask;
  matte: Uint8Array;
}

/** Where less of the user's region than this is wall or ceiling, the region is painted as given. */
const MIN_REGION_ON_WALL = 0.2;
/** A region covering this share of one wall (or the ceiling) paints all of it. */
const WHOLE_SURFACE = 0.6;

/**
 * The paintable part of the user's region: the room parse's walls (so paintings, lamps,
 * furniture and windows in front are left out) — or its ceiling, when the region holds more
 * ceiling than wall (the Ceiling chip) — as a matte: the parse's soft share of that surface,
 * times the region feathered by {@link PAINT_FEATHER_PX} where the user's stroke ends in the
 * middle of a wall. A region that is mostly neither (a cabinet the user wants painted) is
 * painted as given.
 */
export function paintableSurface(
  region: Mask,
  walls: Uint8Array,
  ceiling: Uint8Array,
  planes?: Uint8Array,
): PaintSurface | undefined {
  const { width, height } = region;
  const n = width * height;
  const bounds = maskBounds(region);
  if (!bounds) return undefined;
  let inRegion = 0;
  let onWall = 0;
  let onCeiling = 0;
  let wallsTotal = 0;
  let ceilingTotal = 0;
  for (let i = 0; i < n; i++) {
    const wall = (walls[i] ?? 0) >= 128;
    const ceil = (ceiling[i] ?? 0) >= 128;
    wallsTotal += wall ? 1 : 0;
    ceilingTotal += ceil ? 1 : 0;
    if (!region.data[i]) continue;
    inRegion++;
    if (wall) onWall++;
    if (ceil) onCeiling++;
  }
  // The region aims at a surface when that surface fills a good part of it, or when it takes
  // in most of that surface (a whole-photo stroke over a bedroom whose walls are a sliver).
  const aims = (on: number, total: number) =>
    on >= MIN_REGION_ON_WALL * inRegion || (total > 0 && on >= 0.5 * total);
  const aimsWalls = aims(onWall, wallsTotal);
  const aimsCeiling = aims(onCeiling, ceilingTotal);
  if (!aimsWalls && !aimsCeiling) return undefined;
  // The ceiling only when the region is about the ceiling (the Ceiling chip), not the walls.
  const paintCeiling = aimsCeiling && (!aimsWalls || onWall < 0.2 * onCeiling);
  const target = paintCeiling ? ceiling : walls;
  // A region that takes in most of one wall (or of the ceiling) means that whole surface: a
  // click-selected or brushed region rarely reaches exactly into the corners and up to the
  // ceiling, and the strip it misses would stay the old colour.
  const whole = new Uint8Array(4);
  if (paintCeiling) {
    whole[0] = onCeiling >= WHOLE_SURFACE * ceilingTotal ? 1 : 0;
  } else if (planes) {
    const total = new Float64Array(4);
    const covered = new Float64Array(4);
    for (let i = 0; i < n; i++) {
      const p = planes[i] ?? 0;
      if (p === 0) continue;
      total[p] = (total[p] ?? 0) + 1;
      if (region.data[i]) covered[p] = (covered[p] ?? 0) + 1;
    }
    for (let p = 1; p <= 3; p++) {
      whole[p] =
        (total[p] ?? 0) > 0 && (covered[p] ?? 0) >= WHOLE_SURFACE * (total[p] ?? 0) ? 1 : 0;
    }
  }
  const wholeAt = (i: number) =>
    paintCeiling ? whole[0] === 1 : planes !== undefined && whole[planes[i] ?? 0] === 1;
  const anyWhole = whole.some((v) => v === 1);
  const win: Window = anyWhole
    ? { x0: 0, y0: 0, x1: width - 1, y1: height - 1 }
    : {
        x0: Math.max(0, bounds.x0 - PAINT_FEATHER_PX),
        y0: Math.max(0, bounds.y0 - PAINT_FEATHER_PX),
        x1: Math.min(width - 1, bounds.x1 + PAINT_FEATHER_PX),
        y1: Math.min(height - 1, bounds.y1 + PAINT_FEATHER_PX),
      };
  const stroke = featherWithin(region, win, PAINT_FEATHER_PX);
  const matte = new Uint8Array(n);
  const data = new Uint8Array(n);
  for (let y = win.y0; y <= win.y1; y++) {
    for (let x = win.x0; x <= win.x1; x++) {
      const i = y * width + x;
      const w = wholeAt(i)
        ? 1
        : (stroke.weight[(y - stroke.y0) * stroke.width + x - stroke.x0] ?? 0);
      const a = Math.round((target[i] ?? 0) * w);
      matte[i] = a;
      data[i] = a >= 128 ? 1 : 0;
    }
  }
  return { mask: { width, height, data }, matte };
}

/** The statistics of the surface under the mask that the recolour is anchored to. */
interface SurfaceStats {
  /** Median luminance Y (0–1): the pixel that should land exactly on the target. */
  medianY: number;
  meanA: number;
  meanB: number;
  /** Two albedos under the mask, each with its own reference; null for one. */
  split: AlbedoSplit | null;
}

/** One albedo's reference: median luminance and mean a*, b*. */
interface Albedo {
  y: number;
  a: number;
  b: number;
}

/** See {@link albedoSplit}. */
interface AlbedoSplit {
  dark: Albedo;
  light: Albedo;
  /** Per pixel of the window: 0 on the darker albedo, 1 on the lighter, between across the edge. */
  share: Float32Array;
}

/** A pixel window of the image (inclusive bounds), e.g. the mask's bounds grown by the feather. */
export interface Window {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The shared recolour behind paint and colour-only material changes: the surface under `mask`
 * takes the `target` colour, keeping the photo's shading as a luminance ratio.
 */
export function recolourMasked(
  image: Raster,
  mask: Mask,
  target: Rgb,
  options: RecolourOptions,
): Raster {
  const out = cloneRaster(image);
  const bounds = maskBounds(mask);
  if (!bounds) return out;
  const feather = Math.min(4, Math.max(0, Math.round(options.feather)));
  const win: Window = {
    x0: Math.max(0, bounds.x0 - feather),
    y0: Math.max(0, bounds.y0 - feather),
    x1: Math.min(image.width - 1, bounds.x1 + feather),
    y1: Math.min(image.height - 1, bounds.y1 + feather),
  };
  const soft: SoftMask = options.matte
    ? {
        x0: win.x0,
        y0: win.y0,
        width: win.x1 - win.x0 + 1,
        height: win.y1 - win.y0 + 1,
        weight: matteWeights(options.matte, image.width, win),
      }
    : featherWithin(mask, win, feather);
  // Mixed edge pixels are recoloured from the surface colour beside them (ops/matte.ts).
  const base = options.matte ? surfaceColours(image, soft.weight, win) : null;
  const stats = surfaceStats(image, mask, win);
  const targetLab = rgbToLab(target);
  const targetL = Math.min(100, Math.max(0, targetLab[0] + options.lightnessShift));
  const targetY = lightnessToLuminance(targetL);

  const { width } = image;
  const src = image.data;
  const dst = out.data;
  const lab: Lab = [0, 0, 0];
  const rgb: Rgb = [0, 0, 0];
  const invRef = 1 / Math.max(1e-4, stats.medianY);
  const detail = options.chromaDetail;
  const split = stats.split;
  const lnDark = split ? Math.log(Math.max(1e-4, split.dark.y)) : 0;
  const lnLight = split ? Math.log(Math.max(1e-4, split.light.y)) : 0;
  for (let y = win.y0; y <= win.y1; y++) {
    for (let x = win.x0; x <= win.x1; x++) {
      const i = y * width + x;
      const k = (y - soft.y0) * soft.width + x - soft.x0;
      const w = soft.weight[k] ?? 0;
      if (w <= 0) continue;
      const p = i * 4;
      const r0 = src[p] ?? 0;
      const g0 = src[p + 1] ?? 0;
      const b0 = src[p + 2] ?? 0;
      // The colour the change is computed from: the pixel's own, or on a mixed edge pixel the
      // surface's beside it (so the foreground's share of the pixel stays as it was).
      const mixed = base !== null && w < 1;
      const sr = mixed ? (base[k * 3] ?? r0) : r0;
      const sg = mixed ? (base[k * 3 + 1] ?? g0) : g0;
      const sb = mixed ? (base[k * 3 + 2] ?? b0) : b0;
      linearRgbToLabInto(
        SRGB_TO_LINEAR[Math.round(sr)] ?? 0,
        SRGB_TO_LINEAR[Math.round(sg)] ?? 0,
        SRGB_TO_LINEAR[Math.round(sb)] ?? 0,
        lab,
      );
      let inv = invRef;
      let meanA = stats.meanA;
      let meanB = stats.meanB;
      if (split) {
        const t = split.share[k] ?? 0;
        inv = Math.exp(-(lnDark + t * (lnLight - lnDark)));
        meanA = split.dark.a + t * (split.light.a - split.dark.a);
        meanB = split.dark.b + t * (split.light.b - split.dark.b);
      }
      const shading = lightnessToLuminance(lab[0]) * inv;
      const outY = shoulder(targetY * withSheen(shading, options.sheen));
      const outL = luminanceToLightness(outY);
      // A shaded surface's chroma scales with Y^(1/3), i.e. with L* + 16.
      const chromaScale = Math.min(1.25, (outL + 16) / (targetL + 16));
      const outA = targetLab[1] * chromaScale + detail * (lab[1] - meanA);
      const outB = targetLab[2] * chromaScale + detail * (lab[2] - meanB);
      labToLinearRgbInto(outL, outA, outB, rgb);
      intoGamut(rgb, outY);
      dst[p] = r0 + w * (linearToByte(rgb[0]) - sr);
      dst[p + 1] = g0 + w * (linearToByte(rgb[1]) - sg);
      dst[p + 2] = b0 + w * (linearToByte(rgb[2]) - sb);
    }
  }
  return out;
}

/** A feather weight map over a window of the image (the rest of the image has weight 0). */
export interface SoftMask {
  x0: number;
  y0: number;
  width: number;
  height: number;
  weight: Float32Array;
}

/**
 * featherMask over just a window (the mask's bounds grown by `feather`): the same weights as on
 * the whole image — the feather never reaches past the window — at the cost of the surface rather
 * than the photo. A window clipped by the image edge is safe too: featherMask treats the crop's
 * edge as the image edge, as it would.
 */
export function featherWithin(mask: Mask, win: Window, feather: number): SoftMask {
  const width = win.x1 - win.x0 + 1;
  const height = win.y1 - win.y0 + 1;
  const crop = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = (y + win.y0) * mask.width + win.x0;
    crop.set(mask.data.subarray(row, row + width), y * width);
  }
  return {
    x0: win.x0,
    y0: win.y0,
    width,
    height,
    weight: featherMask({ width, height, data: crop }, feather),
  };
}

/**
 * Median luminance (from a 1024-bin L* histogram) and mean a*, b* of the masked pixels, and the
 * two albedos when there are two ({@link albedoSplit}).
 */
function surfaceStats(image: Raster, mask: Mask, win: Window): SurfaceStats {
  const bins = new Uint32Array(1024);
  const binA = new Float64Array(1024);
  const binB = new Float64Array(1024);
  const ww = win.x1 - win.x0 + 1;
  const wh = win.y1 - win.y0 + 1;
  // L* of the masked pixels over the window (0 elsewhere) and the mask itself, for the split.
  const lightness = new Float32Array(ww * wh);
  const inside = new Float32Array(ww * wh);
  const lab: Lab = [0, 0, 0];
  const src = image.data;
  let count = 0;
  for (let y = win.y0; y <= win.y1; y++) {
    for (let x = win.x0; x <= win.x1; x++) {
      const i = y * image.width + x;
      if (!mask.data[i]) continue;
      const p = i * 4;
      linearRgbToLabInto(
        SRGB_TO_LINEAR[src[p] ?? 0] ?? 0,
        SRGB_TO_LINEAR[src[p + 1] ?? 0] ?? 0,
        SRGB_TO_LINEAR[src[p + 2] ?? 0] ?? 0,
        lab,
      );
      const bin = Math.min(1023, Math.max(0, Math.floor(lab[0] * 10.23)));
      bins[bin] = (bins[bin] ?? 0) + 1;
      binA[bin] = (binA[bin] ?? 0) + lab[1];
      binB[bin] = (binB[bin] ?? 0) + lab[2];
      const k = (y - win.y0) * ww + x - win.x0;
      lightness[k] = lab[0];
      inside[k] = 1;
      count++;
    }
  }
  const all = albedoOf(bins, binA, binB, 0, 1024);
  return {
    medianY: all.y,
    meanA: all.a,
    meanB: all.b,
    split: albedoSplit(bins, binA, binB, count, lightness, inside, ww, wh),
  };
}

/** The median luminance and mean a*, b* of the histogram's bins [from, to). */
function albedoOf(
  bins: Uint32Array,
  binA: Float64Array,
  binB: Float64Array,
  from: number,
  to: number,
): Albedo {
  let count = 0;
  let sumA = 0;
  let sumB = 0;
  for (let b = from; b < to; b++) {
    count += bins[b] ?? 0;
    sumA += binA[b] ?? 0;
    sumB += binB[b] ?? 0;
  }
  let seen = 0;
  let medianL = 50;
  for (let b = from; b < to; b++) {
    seen += bins[b] ?? 0;
    if (seen * 2 >= count) {
      medianL = (b + 0.5) / 10.23;
      break;
    }
  }
  return {
    y: lightnessToLuminance(medianL),
    a: count ? sumA / count : 0,
    b: count ? sumB / count : 0,
  };
}

/** 0 below `lo`, 1 above `hi`, smooth between. */
function ramp(l: number, lo: number, hi: number): number {
  const t = Math.min(1, Math.max(0, (l - lo) / (hi - lo)));
  return t * t * (3 - 2 * t);
}

/** Two albedos' references must differ at least this much in luminance (a ratio) to split. */
const ALBEDO_RATIO = 3;
/** …each must hold at least this share of the surface… */
const ALBEDO_MIN_SHARE = 0.12;
/** …and at most this share may lie between them once smoothed (texture, not two regions). */
const ALBEDO_MAX_BETWEEN = 0.15;
/** The smoothing radius (pixels) that tells two regions from a texture of light and dark. */
const ALBEDO_RADIUS = 4;

/**
 * Two albedos under the mask, or null. Otsu's threshold splits the L* histogram; it is a split
 * of two surfaces, not of light and shadow on one, when the two halves' medians are at least
 * {@link ALBEDO_RATIO} apart in luminance (a wall's own light falloff rarely is), each holds a fair
 * share, and the halves are regions: smoothed over a few pixels, little of the surface lies between
 * them (a texture of light and dark — grain, brick and mortar — smooths into the middle). Each
 * pixel's share of the lighter albedo then comes from its smoothed L*, ramping across the middle
 * half between the two medians, and on the edge between the regions from its own L*, so the edge
 * between the walls has no seam.
 */
function albedoSplit(
  bins: Uint32Array,
  binA: Float64Array,
  binB: Float64Array,
  count: number,
  lightness: Float32Array,
  inside: Float32Array,
  ww: number,
  wh: number,
): AlbedoSplit | null {
  if (count < 64) return null;
  // Otsu: the threshold bin that maximises the between-class variance.
  let total = 0;
  for (let b = 0; b < 1024; b++) total += b * (bins[b] ?? 0);
  let below = 0;
  let sumBelow = 0;
  let best = -1;
  let threshold = 0;
  for (let b = 0; b < 1024; b++) {
    below += bins[b] ?? 0;
    sumBelow += b * (bins[b] ?? 0);
    const above = count - below;
    if (below === 0 || above === 0) continue;
    const diff = sumBelow / below - (total - sumBelow) / above;
    const between = below * above * diff * diff;
    if (between > best) {
      best = between;
      threshold = b + 1;
    }
  }
  let darkCount = 0;
  for (let b = 0; b < threshold; b++) darkCount += bins[b] ?? 0;
  const darkShare = darkCount / count;
  if (darkShare < ALBEDO_MIN_SHARE || darkShare > 1 - ALBEDO_MIN_SHARE) return null;
  const dark = albedoOf(bins, binA, binB, 0, threshold);
  const light = albedoOf(bins, binA, binB, threshold, 1024);
  if (light.y < ALBEDO_RATIO * dark.y) return null;

  const smoothL = boxMean(lightness, ww, wh, ALBEDO_RADIUS);
  const smoothIn = boxMean(inside, ww, wh, ALBEDO_RADIUS);
  const darkL = luminanceToLightness(dark.y);
  const lightL = luminanceToLightness(light.y);
  const lo = darkL + (lightL - darkL) / 4;
  const hi = lightL - (lightL - darkL) / 4;
  const loThird = darkL + (lightL - darkL) / 3;
  const hiThird = lightL - (lightL - darkL) / 3;
  const share = new Float32Array(ww * wh);
  let between = 0;
  for (let k = 0; k < ww * wh; k++) {
    const n = smoothIn[k] ?? 0;
    // Off the mask (the feathered rim) the nearby masked pixels decide; with none, the middle.
    const l = n > 1e-6 ? (smoothL[k] ?? 0) / n : (darkL + lightL) / 2;
    if (inside[k] && l > loThird && l < hiThird) between++;
    const near = ramp(l, lo, hi);
    // Inside one albedo the neighbourhood decides (a glint on dark wood stays a glint); across
    // the edge between them, where the neighbourhood is mixed, the pixel's own L* does, so the
    // edge has neither a bright nor a dark seam.
    share[k] = near <= 0 || near >= 1 || !inside[k] ? near : ramp(lightness[k] ?? 0, lo, hi);
  }
  if (between > ALBEDO_MAX_BETWEEN * count) return null;
  return { dark, light, share };
}

/** Sheen: a glossier finish brightens the already bright parts (shading ratio above 1). */
function withSheen(shading: number, sheen: number): number {
  return shading > 1 ? shading * (1 + sheen * Math.min(1, shading - 1)) : shading;
}

const KNEE = 0.82;
/** Rolls luminance above the knee smoothly toward 1, so a white on a lit wall does not clip flat. */
function shoulder(y: number): number {
  if (y <= KNEE) return y;
  const span = 1 - KNEE;
  return KNEE + span * (1 - Math.exp(-(y - KNEE) / span));
}

/** Pulls an out-of-gamut linear colour toward the grey of the same luminance until it fits. */
function intoGamut(rgb: Rgb, y: number): void {
  const lo = Math.min(rgb[0], rgb[1], rgb[2]);
  const hi = Math.max(rgb[0], rgb[1], rgb[2]);
  if (lo >= 0 && hi <= 1) return;
  let t = 1;
  if (lo < 0) t = Math.min(t, y / (y - lo));
  if (hi > 1) t = Math.min(t, (1 - y) / (hi - y));
  t = Math.max(0, t);
  rgb[0] = y + (rgb[0] - y) * t;
  rgb[1] = y + (rgb[1] - y) * t;
  rgb[2] = y + (rgb[2] - y) * t;
}
