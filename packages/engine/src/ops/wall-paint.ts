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
import { cloneRaster, featherMask, maskBounds, type Mask, type Raster } from '../raster';
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
): PaintSurface | undefined {
  const { width, height } = region;
  const n = width * height;
  const bounds = maskBounds(region);
  if (!bounds) return undefined;
  let inRegion = 0;
  let onWall = 0;
  let onCeiling = 0;
  for (let i = 0; i < n; i++) {
    if (!region.data[i]) continue;
    inRegion++;
    if ((walls[i] ?? 0) >= 128) onWall++;
    if ((ceiling[i] ?? 0) >= 128) onCeiling++;
  }
  const target = onCeiling > onWall ? ceiling : walls;
  if (Math.max(onWall, onCeiling) < MIN_REGION_ON_WALL * inRegion) return undefined;
  const win: Window = {
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
      const w = stroke.weight[(y - stroke.y0) * stroke.width + x - stroke.x0] ?? 0;
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
      const shading = lightnessToLuminance(lab[0]) * invRef;
      const outY = shoulder(targetY * withSheen(shading, options.sheen));
      const outL = luminanceToLightness(outY);
      // A shaded surface's chroma scales with Y^(1/3), i.e. with L* + 16.
      const chromaScale = Math.min(1.25, (outL + 16) / (targetL + 16));
      const outA = targetLab[1] * chromaScale + detail * (lab[1] - stats.meanA);
      const outB = targetLab[2] * chromaScale + detail * (lab[2] - stats.meanB);
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

/** Median luminance (from a 1024-bin L* histogram) and mean a*, b* of the masked pixels. */
function surfaceStats(image: Raster, mask: Mask, win: Window): SurfaceStats {
  const bins = new Uint32Array(1024);
  const lab: Lab = [0, 0, 0];
  const src = image.data;
  let sumA = 0;
  let sumB = 0;
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
      sumA += lab[1];
      sumB += lab[2];
      count++;
    }
  }
  let seen = 0;
  let medianL = 50;
  for (let b = 0; b < 1024; b++) {
    seen += bins[b] ?? 0;
    if (seen * 2 >= count) {
      medianL = (b + 0.5) / 10.23;
      break;
    }
  }
  return {
    medianY: lightnessToLuminance(medianL),
    meanA: count ? sumA / count : 0,
    meanB: count ? sumB / count : 0,
  };
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
