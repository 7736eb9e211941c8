/**
 * Render-and-composite for products with a parametric model: the catalogue's ray marcher draws the
 * product (and its shadow catcher) over the allowed window only, from the photo's camera zoomed as
 * the pose asks; the layer is split into the product's coverage and its floor shadow, its edges
 * softened, graded to the photo's light and composited (the shadow as a multiply of the photo).
 */
import type { PhotoEnvironment, ProductModel } from '@roomcraft/catalog';
import { renderPlaced, SHADOW_MASK_BIT, slotIndex } from '@roomcraft/catalog';
import { linearToByte, SRGB_TO_LINEAR } from '../../colour';
import type { RoomCamera, Vec3 } from '../../geometry/room-camera';
import type { Mask, Raster } from '../../raster';
import {
  blurBinomial3,
  boxBlurChannels,
  cloneRaster,
  dilateMask,
  seededRandom,
} from '../../raster';
import type { PlacementProduct } from '../../types';
import type { Grade } from './light';
import { lightingGrade, roomShading, saturationOf, swapLightSlope, toneOf } from './light';
import type { Box, Placement } from './pose';

/**
 * Pixels the renderer draws at most; larger windows render scaled down and are resampled. Sized so
 * a sofa filling a 600×400 region of a 2 MP photo renders in about 1.5 s of one core.
 */
const MAX_RENDER_PIXELS = 250_000;

/**
 * Models that cost clearly more per pixel than a sofa (measured: books on every shelf, leaves,
 * quilted bedding) get a proportionally smaller pixel budget, so no category blows the time
 * budget. A fixed table rather than a timed probe keeps outputs reproducible.
 */
const RENDER_COST: Partial<Record<string, number>> = {
  bookshelf: 2,
  plant: 2,
  bed: 1.3,
  sectional: 1.3,
};

/**
 * How soft the photo is, as passes of the 3×3 binomial blur to give the product: 0 for a crisp
 * photo, 1 or 2 for a soft one. Measured at strong edges as the steepest one-pixel step over the
 * mean step across three pixels: about 2 for a sharp photo (measured 1.9–2.1 on the shared room
 * photos), towards 1 as edges widen (1.42 on an upscaled one).
 */
function photoSoftness(image: Raster): number {
  const { width: w, height: h, data } = image;
  const lum = (x: number, y: number): number => {
    const p = (y * w + x) * 4;
    return 0.299 * (data[p] ?? 0) + 0.587 * (data[p + 1] ?? 0) + 0.114 * (data[p + 2] ?? 0);
  };
  const ratios: number[] = [];
  const step = Math.max(2, Math.round(Math.sqrt((w * h) / 150_000)));
  for (let y = 2; y < h - 2; y += step) {
    for (let x = 2; x < w - 2; x += step) {
      for (const [dx, dy] of [
        [1, 0],
        [0, 1],
      ] as const) {
        const a = lum(x - dx, y - dy);
        const b = lum(x, y);
        const c = lum(x + dx, y + dy);
        const d = lum(x + 2 * dx, y + 2 * dy);
        const across = Math.abs(d - a);
        if (across < 30) continue;
        const steepest = Math.max(Math.abs(b - a), Math.abs(c - b), Math.abs(d - c));
        ratios.push(steepest / (across / 3));
      }
    }
  }
  if (ratios.length < 200) return 0;
  ratios.sort((m, n) => m - n);
  const median = ratios[Math.floor(ratios.length / 2)] ?? 2;
  return median < 1.35 ? 2 : median < 1.6 ? 1 : 0;
}

/** `passes` binomial blurs of the product's colour (premultiplied; its coverage unchanged). */
function soften(rgba: Uint8Array, alpha: Float32Array, w: number, h: number, passes: number): void {
  if (passes <= 0) return;
  let a: Float32Array = alpha.slice();
  const channels = [0, 1, 2].map((c) => {
    const out = new Float32Array(w * h);
    for (let i = 0; i < w * h; i++) out[i] = (rgba[i * 4 + c] ?? 0) * (alpha[i] ?? 0);
    return out;
  });
  let blurred: Float32Array[] = channels;
  for (let k = 0; k < passes; k++) {
    blurred = blurred.map((channel) => blurBinomial3(channel, w, h));
    a = blurBinomial3(a, w, h);
  }
  for (let i = 0; i < w * h; i++) {
    const cover = a[i] ?? 0;
    if ((alpha[i] ?? 0) <= 0 || cover <= 1e-4) continue;
    for (let c = 0; c < 3; c++) {
      rgba[i * 4 + c] = Math.min(255, Math.round((blurred[c]?.[i] ?? 0) / cover));
    }
  }
}

/** A standard normal sample (Box–Muller). */
function gaussian(random: () => number): number {
  const u = Math.max(1e-9, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A rendered product over its window, graded and finished, ready to composite on a photo. */
export interface ProductLayer {
  window: Box;
  rgba: Uint8Array;
  /** The product's coverage (0–1) a window pixel. */
  objectAlpha: Float32Array;
  shadowAlpha: Float32Array;
  glass: Uint8Array;
  grade: Grade;
  reflection: Float32Array | null;
  finish: Finish;
}

/**
 * Renders the product over the window and prepares it against `image` (its light, its grain,
 * its occluders); `compositeLayer` lays it on a photo, which may be `image` with the old piece
 * removed under it.
 */
export function renderLayer(
  image: Raster,
  region: Mask,
  box: Box,
  window: Box,
  product: PlacementProduct,
  model: ProductModel<object>,
  camera: RoomCamera,
  placement: Placement,
  context: RenderContext = { foreground: null, lightFrom: null, contactRow: null, seed: 1 },
): ProductLayer {
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  // Render at a reduced resolution when the window is large, then resample; the renderer's cost
  // is per pixel, and a product filling a 2 MP photo's quarter needs no more detail than that.
  const budget = MAX_RENDER_PIXELS / (RENDER_COST[product.category] ?? 1);
  const q = Math.min(1, Math.sqrt(budget / (ww * wh)));
  const rw = Math.max(1, Math.round(ww * q));
  const rh = Math.max(1, Math.round(wh * q));
  const sx = rw / ww;
  const sy = rh / wh;
  const k = camera.intrinsics;
  const z = placement.zoom;
  const [zu, zv] = placement.zoomCentre;
  const f = k[0] * z;
  const cx = zu + (k[2] - zu) * z;
  const cy = zv + (k[5] - zv) * z;
  const params = {
    ...model.fromDimensions(placement.dimensions ?? product.dimensions),
    ...(product.model ?? {}),
    ...placement.extra,
  };
  const layer = renderPlaced(model, params, {
    intrinsics: [f * sx, 0, (cx - window.x0) * sx, 0, f * sy, (cy - window.y0) * sy, 0, 0, 1],
    pose: camera.pose,
    width: rw,
    height: rh,
    colour: product.colour,
    ...(product.materials ? { materials: product.materials } : {}),
    environment: roomEnvironment(image, camera),
    position: placement.position,
    yawDeg: placement.yawDeg,
    keyLight:
      context.lightFrom === null ? keyLightFor(image) : [0.4 * context.lightFrom, 0.9, 0.38],
    seed: placement.position[0] * 7 + placement.yawDeg,
  });
  const rgba = rw === ww && rh === wh ? layer.rgba : resampleLayer(layer.rgba, rw, rh, ww, wh);
  const objectAlpha = new Float32Array(ww * wh);
  const shadowAlpha = new Float32Array(ww * wh);
  const glass = new Uint8Array(ww * wh);
  const cushion = new Uint8Array(ww * wh);
  splitLayer(
    layer.materialMask,
    layer.rgba,
    rgba,
    rw,
    rh,
    ww,
    wh,
    objectAlpha,
    shadowAlpha,
    glass,
    cushion,
  );
  puffCushions(rgba, cushion, objectAlpha, ww, wh);
  // A render drawn at full size is crisper than a soft (upscaled, smoothed) photo around it.
  if (q >= 0.75) soften(rgba, objectAlpha, ww, wh, photoSoftness(image));
  softenEdges(rgba, objectAlpha, ww, wh);
  if (context.foreground) {
    // What stands nearer the camera stays in front: neither the product nor its shadow over it.
    for (let i = 0; i < ww * wh; i++) {
      const keep = 1 - (context.foreground[i] ?? 0);
      objectAlpha[i] = (objectAlpha[i] ?? 0) * keep;
      shadowAlpha[i] = (shadowAlpha[i] ?? 0) * keep;
    }
  }
  const grade = lightingGrade(image, region, box, window);
  const reflection = glass.includes(1) ? mirroredRoom(image, window) : null;
  const ao = ambientOcclusion(objectAlpha, ww, wh, window, context.contactRow);
  if (ao && context.foreground) {
    for (let i = 0; i < ww * wh; i++) {
      const keep = 1 - (context.foreground[i] ?? 0);
      ao.occlusion[i] = (ao.occlusion[i] ?? 0) * keep;
      if (ao.under) ao.under[i] = (ao.under[i] ?? 0) * keep;
    }
  }
  const finish: Finish = {
    occlusion: ao?.occlusion ?? null,
    under: ao?.under ?? null,
    grain: photoNoise(image, region, box, window),
    random: seededRandom(context.seed >>> 0),
    shading: roomShading(
      objectAlpha,
      ww,
      wh,
      context.oldPiece
        ? swapLightSlope(image, context.oldPiece, box, window, rgba, objectAlpha)
        : 0,
      context.contactRow === null ? 0 : BASE_SHADE,
    ),
  };
  return { window, rgba, objectAlpha, shadowAlpha, glass, grade, reflection, finish };
}

/** Lays a rendered product (and its shadow and occlusion) over a copy of `background`. */
export function compositeLayer(background: Raster, layer: ProductLayer): Raster {
  return composite(
    background,
    layer.window,
    layer.rgba,
    layer.objectAlpha,
    layer.shadowAlpha,
    layer.grade,
    layer.glass,
    layer.reflection,
    layer.finish,
  );
}

/** What the room parse adds to a render: occluders, the light's side, the floor contact. */
export interface RenderContext {
  /** Soft matte over the window: 1 where a nearer object of the photo stays in front. */
  foreground: Float32Array | null;
  /** The side daylight comes from (−1 left, +1 right), or null to judge it from the photo. */
  lightFrom: -1 | 1 | null;
  /** Image row where a grounded product meets the floor, or null (hung, on a wall, on a shelf). */
  contactRow: number | null;
  /** Seeds the grain. */
  seed: number;
  /** A swap's old piece in the photo: the room's light across it is the new one's (light.ts). */
  oldPiece?: Mask | null;
}

/** The photo's own finish, laid over the product after its light. */
export interface Finish {
  /** Darkening (0–1) of the photo around the product: ambient occlusion. */
  occlusion: Float32Array | null;
  /** The part of it on the floor under the product's body and feet (0–1), or none. */
  under?: Float32Array | null;
  /** The photo's noise, standard deviation in 8-bit levels. */
  grain: number;
  random: () => number;
  /** The room's light over the product (a gain a window pixel, `roomShading`), or none. */
  shading?: Float32Array | null;
}

/** How much darker a grounded product's lowest rows are than its upper part (`roomShading`). */
const BASE_SHADE = 0.12;

/**
 * Ambient occlusion where the product meets the room: the light a product blocks near its
 * silhouette, strongest in a band at its floor contact (the photo's own furniture sits in a soft
 * darkening where it meets the floor and the wall behind), weaker around the rest of it. Built
 * from the product's coverage blurred over a few percent of its height; 0–1 a window pixel.
 */
function ambientOcclusion(
  alpha: Float32Array,
  ww: number,
  wh: number,
  window: Box,
  contactRow: number | null,
): { occlusion: Float32Array; under: Float32Array | null } | null {
  let top = wh;
  let bottom = -1;
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      if ((alpha[y * ww + x] ?? 0) < 0.5) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      break;
    }
  }
  if (bottom < top) return null;
  const height = bottom - top + 1;
  const near = alpha.slice();
  boxBlurChannels(near, ww, wh, 1, Math.max(2, Math.round(0.025 * height)));
  const wide = alpha.slice();
  boxBlurChannels(wide, ww, wh, 1, Math.max(3, Math.round(0.07 * height)));
  const contact = contactRow === null ? null : contactRow - window.y0;
  const band = Math.max(4, 0.12 * height);
  const out = new Float32Array(ww * wh);
  // Under the product: between its body's underside and the floor (a sofa's legs, a table's
  // frame) the floor is in deep shade, darkest where the body is lowest.
  const under = new Float32Array(ww * wh);
  if (contact !== null) {
    const footReach = Math.max(3, Math.round(0.025 * height));
    for (let x = 0; x < ww; x++) {
      let lowest = -1;
      for (let y = Math.min(wh - 1, Math.ceil(contact)); y >= top; y--) {
        if ((alpha[y * ww + x] ?? 0) >= 0.5) {
          lowest = y;
          break;
        }
      }
      if (lowest < 0) continue;
      // A foot (a leg's tip at the contact): the floor right under it is in its deepest shade,
      // fading over a few pixels, so the leg ends on its shadow and does not hover over it.
      if (Math.abs(contact - lowest) <= footReach) {
        for (let d = 1; d <= footReach && lowest + d < wh; d++) {
          const i = (lowest + d) * ww + x;
          under[i] = Math.max(under[i] ?? 0, 0.7 * (1 - (d - 1) / footReach));
        }
      }
      // Weaker the higher the body stands over the floor (a table's top shades less than a
      // sofa's base): a smooth falloff, so neighbouring columns never differ by a step.
      const gap = Math.max(1, contact - lowest);
      const depth = Math.max(0, 1 - gap / (0.8 * height));
      for (let y = lowest + 1; y <= Math.min(wh - 1, Math.ceil(contact) + 1); y++) {
        const i = y * ww + x;
        under[i] = Math.max(under[i] ?? 0, 0.9 * depth * (1 - 0.4 * ((y - lowest) / gap)));
      }
    }
    boxBlurChannels(under, ww, wh, 1, Math.max(2, Math.round(0.012 * height)));
  }
  for (let y = 0; y < wh; y++) {
    // 1 in the band just above the contact row, fading out above it and below it.
    let inBand = 0;
    if (contact !== null) {
      const d = y <= contact ? (contact - y) / band : (y - contact) / (0.3 * band);
      inBand = d >= 1 ? 0 : 1 - d * d;
    }
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      out[i] = 0.12 * (wide[i] ?? 0) + 0.4 * inBand * (near[i] ?? 0) + (under[i] ?? 0);
    }
  }
  return { occlusion: out, under: contact === null ? null : under };
}

/**
 * The photo's noise around the region (8-bit levels): the median absolute difference of each
 * pixel's luminance from its four neighbours' mean, scaled to a standard deviation (robust to
 * edges, which are few among the samples). A rendered product is noiseless, which is part of what
 * makes it look pasted; the same grain is laid over it.
 */
function photoNoise(image: Raster, region: Mask, box: Box, window: Box): number {
  const { width, data } = image;
  const residuals: number[] = [];
  const step = Math.max(
    1,
    Math.round(Math.sqrt(((window.x1 - window.x0) * (window.y1 - window.y0)) / 8000)),
  );
  const lum = (p: number) =>
    0.299 * (data[p] ?? 0) + 0.587 * (data[p + 1] ?? 0) + 0.114 * (data[p + 2] ?? 0);
  for (let y = Math.max(1, window.y0); y <= Math.min(image.height - 2, window.y1); y += step) {
    for (let x = Math.max(1, window.x0); x <= Math.min(width - 2, window.x1); x += step) {
      const inBox = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      if (inBox && region.data[y * width + x]) continue;
      const p = (y * width + x) * 4;
      const around = (lum(p - 4) + lum(p + 4) + lum(p - width * 4) + lum(p + width * 4)) / 4;
      residuals.push(Math.abs(lum(p) - around));
    }
  }
  if (residuals.length < 50) return 0;
  residuals.sort((a, b) => a - b);
  const median = residuals[Math.floor(residuals.length / 2)] ?? 0;
  // MAD → σ (×1.4826), and the residual's σ is √(1 + 1/4) times the pixel's.
  return Math.min(6, (median * 1.4826) / Math.sqrt(1.25));
}

/**
 * The key light comes from the brighter side of the room (windows), so the product's lit side and
 * its shadow agree with the photo's: the renderer's default light from front-left, mirrored when
 * the upper right of the photo is clearly brighter than the upper left. World x is the camera's
 * right (RoomCamera looks along −z).
 */
function keyLightFor(image: Raster): Vec3 {
  const { width, height, data } = image;
  let left = 0;
  let right = 0;
  const rows = Math.floor(height * 0.6);
  const step = Math.max(1, Math.floor(Math.sqrt((width * rows) / 40000)));
  for (let y = 0; y < rows; y += step) {
    for (let x = 0; x < width; x += step) {
      const p = (y * width + x) * 4;
      const l = (data[p] ?? 0) + (data[p + 1] ?? 0) + (data[p + 2] ?? 0);
      if (x < width / 2) left += l;
      else right += l;
    }
  }
  return right > left * 1.08 ? [0.4, 0.9, 0.38] : [-0.4, 0.9, 0.38];
}

/** One axis of a bilinear resampling: per destination pixel, its two source samples and the
 * second's weight (pixel centres aligned, clamped at the ends). */
interface BilinearAxis {
  lo: Int32Array;
  hi: Int32Array;
  t: Float64Array;
}

/** The bilinear taps along one axis from `srcSize` samples to `dstSize` pixels. */
function bilinearAxis(srcSize: number, dstSize: number): BilinearAxis {
  const lo = new Int32Array(dstSize);
  const hi = new Int32Array(dstSize);
  const t = new Float64Array(dstSize);
  const f = srcSize / dstSize;
  for (let d = 0; d < dstSize; d++) {
    const s = Math.max(0, Math.min(srcSize - 1, (d + 0.5) * f - 0.5));
    const s0 = Math.floor(s);
    lo[d] = s0;
    hi[d] = Math.min(srcSize - 1, s0 + 1);
    t[d] = s - s0;
  }
  return { lo, hi, t };
}

/** Bilinear resampling of a straight-alpha layer (premultiplied while filtering). */
function resampleLayer(
  src: Uint8Array,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
): Uint8Array {
  const out = new Uint8Array(dw * dh * 4);
  const xs = bilinearAxis(sw, dw);
  const ys = bilinearAxis(sh, dh);
  for (let y = 0; y < dh; y++) {
    const y0 = ys.lo[y] ?? 0;
    const y1 = ys.hi[y] ?? 0;
    const ty = ys.t[y] ?? 0;
    for (let x = 0; x < dw; x++) {
      const x0 = xs.lo[x] ?? 0;
      const x1 = xs.hi[x] ?? 0;
      const tx = xs.t[x] ?? 0;
      const w00 = (1 - tx) * (1 - ty);
      const w10 = tx * (1 - ty);
      const w01 = (1 - tx) * ty;
      const w11 = tx * ty;
      const i00 = (y0 * sw + x0) * 4;
      const i10 = (y0 * sw + x1) * 4;
      const i01 = (y1 * sw + x0) * 4;
      const i11 = (y1 * sw + x1) * 4;
      const a00 = (src[i00 + 3] ?? 0) * w00;
      const a10 = (src[i10 + 3] ?? 0) * w10;
      const a01 = (src[i01 + 3] ?? 0) * w01;
      const a11 = (src[i11 + 3] ?? 0) * w11;
      const a = a00 + a10 + a01 + a11;
      const o = (y * dw + x) * 4;
      if (a <= 0) continue;
      for (let c = 0; c < 3; c++) {
        out[o + c] = Math.round(
          ((src[i00 + c] ?? 0) * a00 +
            (src[i10 + c] ?? 0) * a10 +
            (src[i01 + c] ?? 0) * a01 +
            (src[i11 + c] ?? 0) * a11) /
            a,
        );
      }
      out[o + 3] = Math.round(a);
    }
  }
  return out;
}

const MIRROR_BIT = 1 << slotIndex('mirror');
/** The loose cushions' slot (a sofa's pillows, a bed's throw cushions). */
const CUSHION_BIT = 1 << slotIndex('fabric2');

/**
 * Loose cushions in the same room light as the body: their brightest part no brighter than 1.8×
 * the body's lit quartile (the body is graded to the photo; a white pillow is pale, not glowing),
 * and a little of a plump cushion's falloff towards its outline (to about 90% at the edge, from
 * its blurred coverage). The renderer now draws them stuffed, their faces turning away from the
 * light towards the seams (docs/decisions/085); the deeper screen-space falloff this once had
 * (78%) on top of that drew a dark outline round each pillow.
 */
function puffCushions(
  rgba: Uint8Array,
  cushion: Uint8Array,
  alpha: Float32Array,
  w: number,
  h: number,
): void {
  if (!cushion.includes(1)) return;
  const lumOf = (i: number): number =>
    0.2126 * (SRGB_TO_LINEAR[rgba[i * 4] ?? 0] ?? 0) +
    0.7152 * (SRGB_TO_LINEAR[rgba[i * 4 + 1] ?? 0] ?? 0) +
    0.0722 * (SRGB_TO_LINEAR[rgba[i * 4 + 2] ?? 0] ?? 0);
  let top = h;
  let bottom = -1;
  const cushionLums: number[] = [];
  const bodyLums: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if ((alpha[i] ?? 0) < 0.95) continue;
    if (cushion[i]) {
      const y = Math.floor(i / w);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      cushionLums.push(lumOf(i));
    } else bodyLums.push(lumOf(i));
  }
  if (cushionLums.length < 20) return;
  // The size of one cushion, roughly: a third of the rows they span (they sit side by side).
  const radius = Math.max(
    2,
    Math.round(0.18 * Math.min(bottom - top + 1, Math.sqrt(cushionLums.length / 2))),
  );
  const cover = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) cover[i] = cushion[i] ?? 0;
  boxBlurChannels(cover, w, h, 1, radius);
  cushionLums.sort((a, b) => a - b);
  bodyLums.sort((a, b) => a - b);
  const cushionHigh = cushionLums[Math.floor(cushionLums.length * 0.9)] ?? 0;
  const bodyLit = bodyLums.length > 20 ? (bodyLums[Math.floor(bodyLums.length * 0.75)] ?? 0) : 0;
  const tone = bodyLit > 0 && cushionHigh > 1.8 * bodyLit ? (1.8 * bodyLit) / cushionHigh : 1;
  // Also the 2 px around them: the resampled render mixes their pale cloth into the body there,
  // and the seam where a cushion meets the body is in its shade.
  const seam = dilateMask({ width: w, height: h, data: cushion }, 2).data;
  for (let i = 0; i < w * h; i++) {
    if (!seam[i]) continue;
    const inside = Math.min(1, Math.max(0, ((cover[i] ?? 0) - 0.5) / 0.45));
    const k = tone * (0.9 + 0.1 * inside * (2 - inside));
    for (let c = 0; c < 3; c++) {
      rgba[i * 4 + c] = linearToByte((SRGB_TO_LINEAR[rgba[i * 4 + c] ?? 0] ?? 0) * k);
    }
  }
}

/** Long side of the photo as the environment a product's metal reflects: only its colours. */
const ENVIRONMENT_SIZE = 64;

/**
 * The photo, small and blurred in linear light, with its camera's intrinsics at that size: what
 * the renderer's metal reflects (the room's colours and its bright windows) instead of a studio.
 */
function roomEnvironment(image: Raster, camera: RoomCamera): PhotoEnvironment {
  const scale = ENVIRONMENT_SIZE / Math.max(image.width, image.height);
  const width = Math.max(2, Math.round(image.width * scale));
  const height = Math.max(2, Math.round(image.height * scale));
  const rgb = new Float32Array(width * height * 3);
  const counts = new Float32Array(width * height);
  const step = Math.max(1, Math.floor(1 / scale / 3));
  for (let y = 0; y < image.height; y += step) {
    const ty = Math.min(height - 1, Math.floor(y * scale));
    for (let x = 0; x < image.width; x += step) {
      const t = ty * width + Math.min(width - 1, Math.floor(x * scale));
      const p = (y * image.width + x) * 4;
      rgb[t * 3] = (rgb[t * 3] ?? 0) + (SRGB_TO_LINEAR[image.data[p] ?? 0] ?? 0);
      rgb[t * 3 + 1] = (rgb[t * 3 + 1] ?? 0) + (SRGB_TO_LINEAR[image.data[p + 1] ?? 0] ?? 0);
      rgb[t * 3 + 2] = (rgb[t * 3 + 2] ?? 0) + (SRGB_TO_LINEAR[image.data[p + 2] ?? 0] ?? 0);
      counts[t] = (counts[t] ?? 0) + 1;
    }
  }
  for (let i = 0; i < width * height; i++) {
    const n = counts[i] || 1;
    for (let c = 0; c < 3; c++) rgb[i * 3 + c] = (rgb[i * 3 + c] ?? 0) / n;
  }
  boxBlurChannels(rgb, width, height, 3, 1);
  const k = camera.intrinsics;
  return {
    width,
    height,
    rgb,
    intrinsics: [k[0] * scale, 0, k[2] * scale, 0, k[4] * scale, k[5] * scale, 0, 0, 1],
  };
}

/**
 * What a mirror on the wall shows, approximately: the room mirrored left to right and softly
 * blurred (linear RGB, 3 floats a window pixel). The renderer's mirror reflects its studio, a flat
 * grey that reads as a painted panel in a photo; the room behind the camera is unknown, and its
 * mirror image is the usual stand-in.
 */
function mirroredRoom(image: Raster, window: Box): Float32Array {
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  const out = new Float32Array(ww * wh * 3);
  for (let y = 0; y < wh; y++) {
    const row = (window.y0 + y) * image.width;
    for (let x = 0; x < ww; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, image.width - 1 - (window.x0 + x)));
      const p = (row + sx) * 4;
      const o = (y * ww + x) * 3;
      out[o] = SRGB_TO_LINEAR[image.data[p] ?? 0] ?? 0;
      out[o + 1] = SRGB_TO_LINEAR[image.data[p + 1] ?? 0] ?? 0;
      out[o + 2] = SRGB_TO_LINEAR[image.data[p + 2] ?? 0] ?? 0;
    }
  }
  const radius = Math.max(2, Math.round(0.006 * image.width));
  boxBlurChannels(out, ww, wh, 3, radius);
  return out;
}

/**
 * Splits the layer's alpha into the product's own coverage and the floor shadow's, using the
 * renderer's material mask (resampled nearest when the layer was rendered smaller).
 */
function splitLayer(
  materialMask: Uint16Array,
  source: Uint8Array,
  rgba: Uint8Array,
  rw: number,
  rh: number,
  ww: number,
  wh: number,
  objectAlpha: Float32Array,
  shadowAlpha: Float32Array,
  glass: Uint8Array,
  cushion: Uint8Array = new Uint8Array(0),
): void {
  const objectBits = SHADOW_MASK_BIT - 1;
  /** Whether rendered sample j is the product's (not its shadow), and its alpha. */
  const isObject = (j: number): boolean => {
    const m = materialMask[j] ?? 0;
    if ((m & objectBits) === 0) return false;
    if ((m & SHADOW_MASK_BIT) === 0) return true;
    // Shadow samples are black: a sample that is mostly shadow is dark and translucent.
    const lum = (source[j * 4] ?? 0) + (source[j * 4 + 1] ?? 0) + (source[j * 4 + 2] ?? 0);
    return (source[j * 4 + 3] ?? 0) > 0.85 * 255 || lum > 24;
  };
  // The same four samples the bilinear resampling mixed (one when not resampled).
  const xs = bilinearAxis(rw, ww);
  const ys = bilinearAxis(rh, wh);
  for (let y = 0; y < wh; y++) {
    const y0 = ys.lo[y] ?? 0;
    const y1 = ys.hi[y] ?? 0;
    const ty = ys.t[y] ?? 0;
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      const a = (rgba[i * 4 + 3] ?? 0) / 255;
      if (a <= 0) continue;
      const x0 = xs.lo[x] ?? 0;
      const x1 = xs.hi[x] ?? 0;
      const tx = xs.t[x] ?? 0;
      let all = 0;
      let object = 0;
      const samples: [number, number][] = [
        [y0 * rw + x0, (1 - tx) * (1 - ty)],
        [y0 * rw + x1, tx * (1 - ty)],
        [y1 * rw + x0, (1 - tx) * ty],
        [y1 * rw + x1, tx * ty],
      ];
      let nearest = samples[0]?.[0] ?? 0;
      let nearestWeight = -1;
      for (const [j, w] of samples) {
        const weight = w * (source[j * 4 + 3] ?? 0);
        all += weight;
        if (isObject(j)) object += weight;
        if (w > nearestWeight) {
          nearestWeight = w;
          nearest = j;
        }
      }
      const share = all > 0 ? object / all : 0;
      // A pixel mixing product and shadow samples: the product's share of its coverage, its
      // colour unmixed from the black shadow samples (so the silhouette stays smooth where the
      // render was drawn smaller and resampled).
      objectAlpha[i] = a * share;
      shadowAlpha[i] = a * (1 - share);
      if (share > 0 && share < 1) {
        for (let c = 0; c < 3; c++) {
          rgba[i * 4 + c] = Math.min(255, Math.round((rgba[i * 4 + c] ?? 0) / share));
        }
      }
      if (((materialMask[nearest] ?? 0) & objectBits) === MIRROR_BIT) glass[i] = 1;
      if (((materialMask[nearest] ?? 0) & objectBits) === CUSHION_BIT && share > 0.5)
        cushion[i] = 1;
    }
  }
}

/**
 * A light blur of the product's coverage at its silhouette (premultiplied, so no dark fringes):
 * the renderer's edges are crisper than a photo's, which makes a placed product look cut out.
 */
function softenEdges(rgba: Uint8Array, alpha: Float32Array, w: number, h: number): void {
  const src = new Float32Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i] ?? 0;
    src[i * 4] = (rgba[i * 4] ?? 0) * a;
    src[i * 4 + 1] = (rgba[i * 4 + 1] ?? 0) * a;
    src[i * 4 + 2] = (rgba[i * 4 + 2] ?? 0) * a;
    src[i * 4 + 3] = a;
  }
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const a = alpha[i] ?? 0;
      const l = alpha[i - 1] ?? 0;
      const r = alpha[i + 1] ?? 0;
      const u = alpha[i - w] ?? 0;
      const d = alpha[i + w] ?? 0;
      const lo = Math.min(a, l, r, u, d);
      const hi = Math.max(a, l, r, u, d);
      if (hi - lo < 0.2) continue;
      // Half the pixel, half a 3×3 binomial blur around it.
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let sa = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const wgt = (dx === 0 ? 2 : 1) * (dy === 0 ? 2 : 1);
          const j = ((y + dy) * w + x + dx) * 4;
          sr += (src[j] ?? 0) * wgt;
          sg += (src[j + 1] ?? 0) * wgt;
          sb += (src[j + 2] ?? 0) * wgt;
          sa += (src[j + 3] ?? 0) * wgt;
        }
      }
      const o = i * 4;
      const pr = 0.5 * (src[o] ?? 0) + (0.5 * sr) / 16;
      const pg = 0.5 * (src[o + 1] ?? 0) + (0.5 * sg) / 16;
      const pb = 0.5 * (src[o + 2] ?? 0) + (0.5 * sb) / 16;
      const pa = 0.5 * (src[o + 3] ?? 0) + (0.5 * sa) / 16;
      alpha[i] = pa;
      if (pa > 1e-4) {
        rgba[o] = Math.round(pr / pa);
        rgba[o + 1] = Math.round(pg / pa);
        rgba[o + 2] = Math.round(pb / pa);
      }
    }
  }
}

/**
 * The fill light's colour: a fraction of the product's lit colour (its brighter quartile), more in
 * a bright room. The renderer's studio has almost no fill, so creases and the shaded side go near
 * black, which in a daylit photo reads as a cut-out.
 */
function fillLight(
  rgba: Uint8Array,
  alpha: Float32Array,
  grade: Grade,
): { r: number; g: number; b: number; lum: number } {
  const lums: number[] = [];
  const step = Math.max(1, Math.floor(alpha.length / 40000));
  for (let i = 0; i < alpha.length; i += step) {
    if ((alpha[i] ?? 0) < 0.95) continue;
    const l =
      0.2126 * (SRGB_TO_LINEAR[rgba[i * 4] ?? 0] ?? 0) +
      0.7152 * (SRGB_TO_LINEAR[rgba[i * 4 + 1] ?? 0] ?? 0) +
      0.0722 * (SRGB_TO_LINEAR[rgba[i * 4 + 2] ?? 0] ?? 0);
    lums.push(l);
  }
  if (lums.length === 0) return { r: 0, g: 0, b: 0, lum: 1 };
  lums.sort((a, b) => a - b);
  const threshold = lums[Math.floor(lums.length * 0.75)] ?? 0;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < alpha.length; i += step) {
    if ((alpha[i] ?? 0) < 0.95) continue;
    const lr = SRGB_TO_LINEAR[rgba[i * 4] ?? 0] ?? 0;
    const lg = SRGB_TO_LINEAR[rgba[i * 4 + 1] ?? 0] ?? 0;
    const lb = SRGB_TO_LINEAR[rgba[i * 4 + 2] ?? 0] ?? 0;
    if (0.2126 * lr + 0.7152 * lg + 0.0722 * lb < threshold) continue;
    r += lr;
    g += lg;
    b += lb;
    n++;
  }
  const brightness = (grade.r + grade.g + grade.b) / 3;
  const k = 0.16 * brightness;
  r = (r / n) * grade.r;
  g = (g / n) * grade.g;
  b = (b / n) * grade.b;
  return {
    r: r * k,
    g: g * k,
    b: b * k,
    lum: Math.max(1e-3, 0.2126 * r + 0.7152 * g + 0.0722 * b),
  };
}

/**
 * How the graded product's tone moves to the photo's surroundings (issue 11, "colour and light"):
 * the renderer's studio makes colours purer and shadows deeper than a photographed room, whose
 * lens flare, haze and JPEG lift the blacks and mute the colours. The product's saturation is
 * scaled down (to at most 0.7×) where it exceeds its surroundings' by more than a margin that
 * lets a chosen colour stay that colour, and its black point is lifted towards theirs.
 */
export function toneMatch(
  rgba: Uint8Array,
  alpha: Float32Array,
  grade: Grade,
): { saturation: number; lift: number } {
  if (!grade.tone) return { saturation: 1, lift: 0 };
  const lums: number[] = [];
  const sats: number[] = [];
  const step = Math.max(1, Math.floor(alpha.length / 40000));
  for (let i = 0; i < alpha.length; i += step) {
    if ((alpha[i] ?? 0) < 0.95) continue;
    const r = rgba[i * 4] ?? 0;
    const g = rgba[i * 4 + 1] ?? 0;
    const b = rgba[i * 4 + 2] ?? 0;
    lums.push(
      0.2126 * (SRGB_TO_LINEAR[r] ?? 0) * grade.r +
        0.7152 * (SRGB_TO_LINEAR[g] ?? 0) * grade.g +
        0.0722 * (SRGB_TO_LINEAR[b] ?? 0) * grade.b,
    );
    sats.push(saturationOf(r, g, b));
  }
  if (lums.length < 20) return { saturation: 1, lift: 0 };
  const product = toneOf(lums, sats);
  const photo = grade.tone;
  const saturation = Math.min(
    1,
    Math.max(0.7, (photo.saturation + 0.2) / Math.max(1e-3, product.saturation)),
  );
  // Up to 80% of the way to the photo's black point, never darker than the product's own.
  const lift = Math.min(0.08, Math.max(0, 0.8 * (photo.black - product.black)));
  return { saturation, lift };
}

/**
 * The least share of the photo's linear light a shadow keeps: 0.33 linear is about 0.6 of its
 * 8-bit luminance. A daylit room's contact shadows are soft; deeper than that, the shadow under a
 * swapped sofa read as a black smear on the engine sheet.
 */
export const SHADOW_FLOOR = 0.33;

/**
 * The least share of the photo's light the floor keeps right under a product's body and feet,
 * and how deep the under-shade goes below the shadow's own keep there. Measured on the shared
 * living rooms (ln of nothing: the floor 1–3% of a piece's height below its lowest pixel over the
 * floor 25% below, linear): 0.05–0.6 under real sofas, median about 0.2; ours kept 0.55–0.8.
 */
export const UNDER_FLOOR = 0.12;
const UNDER_DEPTH = 0.6;

/**
 * What share of the photo's light each window pixel keeps under the product's cast shadow and its
 * occlusion: the two darkenings combined, mapped softly into [SHADOW_FLOOR, 1] (no clipped
 * plateau), faded out over the window's last pixels, and, below the product's lowest pixel in each
 * column, never darker than the row above: darkest at the contact, lighter away from it, no bands.
 */
export function shadowKeep(
  ww: number,
  wh: number,
  objectAlpha: Float32Array,
  shadowAlpha: Float32Array,
  occlusion: Float32Array | null,
  under: Float32Array | null = null,
): Float32Array {
  const fade = Math.max(4, Math.round(Math.min(ww, wh) * 0.04));
  const keep = new Float32Array(ww * wh);
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      let sa = shadowAlpha[i] ?? 0;
      let ao = occlusion ? (occlusion[i] ?? 0) : 0;
      const edge = Math.min(x, y, ww - 1 - x, wh - 1 - y) / fade;
      if (edge < 1) {
        const smooth = edge <= 0 ? 0 : edge * edge * (3 - 2 * edge);
        sa *= smooth;
        ao *= smooth;
      }
      // A touch stronger than the studio catcher: photos of rooms have deep contact shadows.
      const raw = (1 - Math.min(1, sa * 1.25)) * (1 - Math.min(1, ao));
      keep[i] = SHADOW_FLOOR + (1 - SHADOW_FLOOR) * raw ** 1.6;
      // Right under the body and its feet the floor sees almost no sky: deeper, to UNDER_FLOOR.
      const u = under ? Math.min(1, under[i] ?? 0) * (edge < 1 ? Math.max(0, edge) : 1) : 0;
      if (u > 0) keep[i] = Math.max(UNDER_FLOOR, (keep[i] ?? 1) * (1 - UNDER_DEPTH * u));
    }
  }
  // Smoothed along rows over about 1% of the window (the occlusion is built a column at a time;
  // not across rows, which would mix the unshaded inside of the product into its contact), then
  // monotonic down each column.
  const smoothed = new Float32Array(ww * wh);
  const radius = Math.max(2, Math.round(0.008 * Math.max(ww, wh)));
  for (let y = 0; y < wh; y++) {
    let sum = 0;
    let n = 0;
    for (let x = -radius; x < ww + radius; x++) {
      if (x + radius < ww) {
        sum += keep[y * ww + x + radius] ?? 1;
        n++;
      }
      if (x - radius - 1 >= 0) {
        sum -= keep[y * ww + x - radius - 1] ?? 1;
        n--;
      }
      if (x >= 0 && x < ww) smoothed[y * ww + x] = sum / n;
    }
  }
  for (let x = 0; x < ww; x++) {
    let lowest = -1;
    for (let y = wh - 1; y >= 0; y--) {
      if ((objectAlpha[y * ww + x] ?? 0) >= 0.5) {
        lowest = y;
        break;
      }
    }
    // The darkest row below the product (its contact), then lighter row by row away from it.
    let darkest = -1;
    for (let y = lowest + 1; y < wh; y++) {
      if (darkest < 0 || (smoothed[y * ww + x] ?? 1) < (smoothed[darkest * ww + x] ?? 1))
        darkest = y;
    }
    // The photo seen through the product's soft bottom rim is the floor at its contact: as dark
    // as the contact row, or the rim's partly covered pixels show a lighter floor than the shadow
    // just below them, a string of pale beads along the base. Only the rim: where the product
    // does not cover the pixel at all (the open floor and wall under a plant's low leaves or a
    // lamp's shade), the contact's darkness filled the columns down to it as a grey box.
    const contact = darkest >= 0 ? (smoothed[darkest * ww + x] ?? 1) : 1;
    for (let y = 0; y < wh; y++) {
      const i = y * ww + x;
      const rim = lowest >= 0 && y >= lowest && y < darkest && (objectAlpha[i] ?? 0) > 0;
      keep[i] =
        y > darkest && darkest >= 0
          ? Math.max(smoothed[i] ?? 1, keep[i - ww] ?? 1)
          : rim
            ? Math.min(smoothed[i] ?? 1, contact)
            : (smoothed[i] ?? 1);
    }
  }
  return keep;
}

/**
 * Straight-alpha "over" for the product (graded) and a multiply for its shadow (the photo
 * darkened, never painted grey), fading the shadow out over the window's last pixels.
 */
function composite(
  image: Raster,
  window: Box,
  rgba: Uint8Array,
  objectAlpha: Float32Array,
  shadowAlpha: Float32Array,
  grade: Grade,
  glass: Uint8Array,
  reflection: Float32Array | null,
  finish: Finish = { occlusion: null, grain: 0, random: () => 0.5 },
): Raster {
  const out = cloneRaster(image);
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  const fill = fillLight(rgba, objectAlpha, grade);
  const match = toneMatch(rgba, objectAlpha, grade);
  const shade = shadowKeep(ww, wh, objectAlpha, shadowAlpha, finish.occlusion, finish.under);
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      const oa = objectAlpha[i] ?? 0;
      const keep = shade[i] ?? 1;
      if (oa <= 0 && keep >= 0.999) continue;
      const p = ((window.y0 + y) * image.width + window.x0 + x) * 4;
      const photoR = (SRGB_TO_LINEAR[image.data[p] ?? 0] ?? 0) * keep;
      const photoG = (SRGB_TO_LINEAR[image.data[p + 1] ?? 0] ?? 0) * keep;
      const photoB = (SRGB_TO_LINEAR[image.data[p + 2] ?? 0] ?? 0) * keep;
      let pr = (SRGB_TO_LINEAR[rgba[i * 4] ?? 0] ?? 0) * grade.r;
      let pg = (SRGB_TO_LINEAR[rgba[i * 4 + 1] ?? 0] ?? 0) * grade.g;
      let pb = (SRGB_TO_LINEAR[rgba[i * 4 + 2] ?? 0] ?? 0) * grade.b;
      // Fill: the room's bounce light reaching the crevices the studio key leaves black.
      const lum = 0.2126 * pr + 0.7152 * pg + 0.0722 * pb;
      const lift = Math.max(0, 1 - lum / fill.lum);
      pr += fill.r * lift;
      pg += fill.g * lift;
      pb += fill.b * lift;
      // The room's light: darker on the side away from it and towards the floor.
      const light = finish.shading ? (finish.shading[i] ?? 1) : 1;
      pr *= light;
      pg *= light;
      pb *= light;
      // The photo's tone: its saturation and its black point (the studio's are purer and deeper).
      const l = 0.2126 * pr + 0.7152 * pg + 0.0722 * pb;
      pr = match.lift + (1 - match.lift) * (l + match.saturation * (pr - l));
      pg = match.lift + (1 - match.lift) * (l + match.saturation * (pg - l));
      pb = match.lift + (1 - match.lift) * (l + match.saturation * (pb - l));
      if (reflection && glass[i]) {
        // Mostly the room's reflection, a little of the rendered glass (its sheen and tint).
        pr = 0.85 * (reflection[i * 3] ?? 0) + 0.15 * pr;
        pg = 0.85 * (reflection[i * 3 + 1] ?? 0) + 0.15 * pg;
        pb = 0.85 * (reflection[i * 3 + 2] ?? 0) + 0.15 * pb;
      }
      out.data[p] = linearToByte(pr * oa + photoR * (1 - oa));
      out.data[p + 1] = linearToByte(pg * oa + photoG * (1 - oa));
      out.data[p + 2] = linearToByte(pb * oa + photoB * (1 - oa));
      if (finish.grain > 0 && oa > 0) {
        // The photo's grain over the product: mostly luminance, a little per channel.
        const n = gaussian(finish.random) * finish.grain * oa;
        for (let c = 0; c < 3; c++) {
          const own = gaussian(finish.random) * 0.35 * finish.grain * oa;
          out.data[p + c] = (out.data[p + c] ?? 0) + n + own;
        }
      }
    }
  }
  return out;
}
