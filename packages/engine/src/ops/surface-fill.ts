/**
 * Floors and change material: a perspective-mapped, shading-preserving texture (or colour) fill
 * of a masked surface.
 *
 * Each surface pixel is mapped to a point on the surface in centimetres — through the floor
 * plane's homography for floors, or a fronto-parallel mapping scaled to the region for other
 * surfaces — and the tile is sampled there with (bri)linear mip filtering plus up to 3 anisotropic
 * taps along the footprint's long axis, so the far floor neither shimmers (moiré) nor smears.
 * The photo's lighting is kept by multiplying with its shading: the low-passed luminance of the
 * surface relative to its median, which keeps shadows under furniture and light falloff but not
 * the old surface's pattern.
 */
import { SRGB_TO_LINEAR, linearToByte, parseHex, type Rgb } from '../colour';
import { blurBinomial3, cloneRaster, maskBounds, type Mask, type Raster } from '../raster';
import { matteWeights, surfaceColours } from './matte';
import { recolourMasked } from './wall-paint';
import { fillVariant, type FillVariant, type VariantOptions } from './variants';

/**
 * Where the floor plane is, seen from the camera. Conventions: image pixels, x right, y down;
 * world: the floor is the plane y = 0, the camera stands `cameraHeightCm` above it, world z points
 * away from the camera along its view direction projected onto the floor, x to the right.
 * A pinhole camera with square pixels, principal point (cx, cy), focal length `focalPx`, pitched
 * about its x axis so that the floor's vanishing line (the horizon) crosses the principal
 * vertical at `horizonY`: pitch = atan((cy − horizonY) / focalPx), positive looking down (with
 * roll, measured perpendicular to the rolled horizon).
 */
export interface FloorMapping {
  /** Image row of the horizon (px) at column `horizonX`. Above it nothing is floor. */
  horizonY: number;
  /**
   * The column at which `horizonY` is measured; cx when absent. (geometry/room-camera.ts gives
   * the horizon at the image's centre column, width / 2.) Matters only with roll.
   */
  horizonX?: number;
  /** Focal length in pixels. */
  focalPx: number;
  /** Principal point (px). */
  cx: number;
  /** Principal point row (px); the image centre for an uncropped photo. */
  cy: number;
  /** Camera height above the floor (cm). */
  cameraHeightCm: number;
  /** Camera roll (radians, positive = image content rotated clockwise); 0 when absent. */
  rollRad?: number;
}

/** A typical handheld interior photo: horizon at 42 % of the height, 55° vertical FOV, 140 cm. */
export function defaultFloorMapping(width: number, height: number): FloorMapping {
  const focalPx = height / 2 / Math.tan(((55 / 2) * Math.PI) / 180);
  return {
    horizonY: 0.42 * height,
    focalPx,
    cx: width / 2,
    cy: height / 2,
    cameraHeightCm: 140,
  };
}

/** What to lay on the surface. */
export interface SurfaceFill {
  /** A seamless tile; when absent, `colour` recolours the surface keeping its texture. */
  texture?: Raster;
  /** Real-world width of one tile (cm). */
  tileSizeCm: number;
  /** `#rrggbb`: the tint of the texture (texture × colour), or the colour itself. */
  colour?: string;
}

/** Fill edge feather (px): a surface boundary is an edge in the photo, so keep it crisp. */
export const FILL_FEATHER_PX = 2;
/** Longest tile side kept for sampling; larger uploads are box-reduced first. */
const MAX_TILE_SIDE = 1024;
/** Most anisotropic taps per pixel. */
const MAX_ANISO = 3;
/** Width of the wall a fronto-parallel surface's image is assumed to span, when unknown (cm). */
const ASSUMED_VIEW_WIDTH_CM = 400;

/**
 * Fills the masked surface with `fill`. `camera` maps floors; null for any other surface
 * (fronto-parallel mapping). Pixels outside the mask dilated by {@link FILL_FEATHER_PX} keep
 * their exact bytes. With `matte` (the room parse's soft share of the surface, 0–255 per pixel,
 * `mask` being its pixels ≥ 128), edges blend by the matte with the old surface's colour taken
 * out of mixed pixels (ops/matte.ts) instead of a fixed feather.
 */
export function fillSurface(
  image: Raster,
  mask: Mask,
  fill: SurfaceFill,
  camera: FloorMapping | null,
  options: VariantOptions,
  matte?: Uint8Array,
): Raster {
  const variant = fillVariant(options);
  if (!fill.texture) {
    const tint = fill.colour === undefined ? undefined : parseHex(fill.colour);
    if (!tint) return cloneRaster(image);
    // Colour alone: a recolour that keeps the material's own grain and shading.
    return recolourMasked(image, mask, tint, {
      lightnessShift: [0, 3, -3, 1.5][options.variant % 4] ?? 0,
      sheen: options.variant % 2 ? 0.2 : 0,
      chromaDetail: 0.5,
      feather: FILL_FEATHER_PX,
    });
  }
  const bounds = maskBounds(mask);
  if (!bounds) return cloneRaster(image);
  const tile = cachedPyramid(fill.texture, fill.colour);
  const shading = surfaceShading(image, mask, bounds);
  const tileCm = fill.tileSizeCm * variant.scale;
  const homography = camera
    ? floorTexels(camera, tileCm, tile, variant)
    : frontalTexels(image, bounds, tileCm, tile, variant);
  return compose(
    image,
    mask,
    bounds,
    tile,
    shading,
    homography,
    roomGain(image, tile, shading),
    matte,
  );
}

/* ------------------------------------------------------------------------------------------ */
/* Texture pyramid                                                                            */
/* ------------------------------------------------------------------------------------------ */

/**
 * The tile's mip levels in linear light, 3 floats a texel, all in one array, finest first. Level
 * 0 is resampled to power-of-two sides so wrapping is a bit mask; level k is 2^k times coarser.
 */
interface TilePyramid {
  data: Float32Array;
  /** Per level: offset (in floats) into `data`, and log2 of its width and height. */
  offsets: number[];
  widthLog2: number[];
  heightLog2: number[];
  /** Level 0's size in texels: texel coordinates are in level-0 texels. */
  width: number;
  height: number;
  /** Real-world height of the tile over its width (the source's aspect, before resampling). */
  aspect: number;
}

/**
 * Pyramids of the textures in use, per tint: variants of one request (and the floors of
 * consecutive requests with one library texture) reuse the decoded tile's pyramid.
 */
const pyramids = new WeakMap<Raster, Map<string, TilePyramid>>();

function cachedPyramid(texture: Raster, colour: string | undefined): TilePyramid {
  let byTint = pyramids.get(texture);
  if (!byTint) {
    byTint = new Map();
    pyramids.set(texture, byTint);
  }
  const key = colour ?? '';
  let pyramid = byTint.get(key);
  if (!pyramid) {
    pyramid = buildPyramid(texture, colour === undefined ? undefined : parseHex(colour));
    byTint.set(key, pyramid);
  }
  return pyramid;
}

/** Linear-light mip pyramid of the tile (tinted: texture × colour / texture mean). */
function buildPyramid(texture: Raster, tint: Rgb | undefined): TilePyramid {
  const wLog = potLog2(texture.width);
  const hLog = potLog2(texture.height);
  const base = resampleLinear(texture, 1 << wLog, 1 << hLog);
  if (tint) applyTint(base, tint);
  const levels: Float32Array[] = [base];
  const widthLog2 = [wLog];
  const heightLog2 = [hLog];
  for (let k = 1; (widthLog2[k - 1] ?? 0) > 0 || (heightLog2[k - 1] ?? 0) > 0; k++) {
    const pw = widthLog2[k - 1] ?? 0;
    const ph = heightLog2[k - 1] ?? 0;
    const prev = levels[k - 1] ?? base;
    levels.push(halve(prev, 1 << pw, 1 << ph));
    widthLog2.push(Math.max(0, pw - 1));
    heightLog2.push(Math.max(0, ph - 1));
  }
  const offsets: number[] = [];
  let total = 0;
  for (const level of levels) {
    offsets.push(total);
    total += level.length;
  }
  const data = new Float32Array(total);
  levels.forEach((level, k) => data.set(level, offsets[k] ?? 0));
  return {
    data,
    offsets,
    widthLog2,
    heightLog2,
    width: 1 << wLog,
    height: 1 << hLog,
    aspect: texture.height / texture.width,
  };
}

/** log2 of the power of two nearest to `side` (in log terms), at most MAX_TILE_SIDE. */
function potLog2(side: number): number {
  return Math.max(0, Math.min(Math.log2(MAX_TILE_SIDE), Math.round(Math.log2(Math.max(1, side)))));
}

/** The texture in linear light, box/bilinear-resampled to w × h texels. */
function resampleLinear(texture: Raster, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h * 3);
  const d = texture.data;
  const tw = texture.width;
  const th = texture.height;
  if (tw === w && th === h) {
    // Already power-of-two sided (library textures are): a straight conversion.
    for (let i = 0, p = 0; i < w * h; i++, p += 4) {
      out[i * 3] = SRGB_TO_LINEAR[d[p] ?? 0] ?? 0;
      out[i * 3 + 1] = SRGB_TO_LINEAR[d[p + 1] ?? 0] ?? 0;
      out[i * 3 + 2] = SRGB_TO_LINEAR[d[p + 2] ?? 0] ?? 0;
    }
    return out;
  }
  // Each output texel averages the source texels it covers (at least a bilinear 2×2).
  const fx = tw / w;
  const fy = th / h;
  for (let y = 0; y < h; y++) {
    const sy0 = Math.floor(y * fy);
    const sy1 = Math.max(sy0 + 1, Math.min(th, Math.floor((y + 1) * fy)));
    for (let x = 0; x < w; x++) {
      const sx0 = Math.floor(x * fx);
      const sx1 = Math.max(sx0 + 1, Math.min(tw, Math.floor((x + 1) * fx)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = sy0; yy < sy1; yy++) {
        for (let xx = sx0; xx < sx1; xx++) {
          const p = (Math.min(th - 1, yy) * tw + Math.min(tw - 1, xx)) * 4;
          r += SRGB_TO_LINEAR[d[p] ?? 0] ?? 0;
          g += SRGB_TO_LINEAR[d[p + 1] ?? 0] ?? 0;
          b += SRGB_TO_LINEAR[d[p + 2] ?? 0] ?? 0;
        }
      }
      const n = (sy1 - sy0) * (sx1 - sx0);
      const o = (y * w + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}

/** 2×2 box reduction of a w × h level (a 1-texel side stays 1). */
function halve(src: Float32Array, w: number, h: number): Float32Array {
  const nw = Math.max(1, w >> 1);
  const nh = Math.max(1, h >> 1);
  const out = new Float32Array(nw * nh * 3);
  const sx = w > 1 ? 1 : 0;
  const sy = h > 1 ? w : 0;
  for (let y = 0; y < nh; y++) {
    for (let x = 0; x < nw; x++) {
      const a = ((h > 1 ? 2 * y : y) * w + (w > 1 ? 2 * x : x)) * 3;
      const b = a + sx * 3;
      const c = a + sy * 3;
      const d = c + sx * 3;
      const o = (y * nw + x) * 3;
      for (let k = 0; k < 3; k++) {
        out[o + k] =
          0.25 * ((src[a + k] ?? 0) + (src[b + k] ?? 0) + (src[c + k] ?? 0) + (src[d + k] ?? 0));
      }
    }
  }
  return out;
}

/** Scales each channel so the tile's mean becomes the tint: the material's grain in that colour. */
function applyTint(rgb: Float32Array, tint: Rgb): void {
  const n = rgb.length / 3;
  const mean = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) mean[k] = (mean[k] ?? 0) + (rgb[i * 3 + k] ?? 0);
  }
  const gain = [0, 1, 2].map(
    (k) => (SRGB_TO_LINEAR[tint[k] ?? 0] ?? 0) / Math.max(1e-4, (mean[k] ?? 0) / n),
  );
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++)
      rgb[i * 3 + k] = Math.min(1, (rgb[i * 3 + k] ?? 0) * (gain[k] ?? 1));
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Mappings: image pixel → tile texel, as a homography                                        */
/* ------------------------------------------------------------------------------------------ */

/**
 * Row-major 3×3 homography from image pixels (x, y, 1) to homogeneous level-0 texel coordinates
 * (U, V, W): u = U / W, v = V / W. Both a floor seen in perspective and a fronto-parallel surface
 * are homographies, so one sampler serves both, and the footprint's derivatives are analytic:
 * ∂u/∂x = (h0 − u·h6) / W, ∂u/∂y = (h1 − u·h7) / W, and the same for v with h3, h4.
 */
type Homography = Float64Array;

/** Image pixel → floor-plane point (cm): the floor's homography from the camera model. */
export function floorHomography(camera: FloorMapping): Homography {
  const f = camera.focalPx;
  const h = camera.cameraHeightCm;
  const roll = camera.rollRad ?? 0;
  const cosR = Math.cos(roll);
  const sinR = Math.sin(roll);
  // The horizon's row above the principal point, then the principal point's perpendicular
  // distance to that (rolled) line, which is f·tan(pitch).
  const horizonAtCx =
    camera.horizonY + (camera.cx - (camera.horizonX ?? camera.cx)) * Math.tan(roll);
  const pitch = Math.atan2((camera.cy - horizonAtCx) * cosR, f);
  const sinP = Math.sin(pitch);
  const cosP = Math.cos(pitch);
  // Normalised, un-rolled ray: dx = (cosR·(x−cx) + sinR·(y−cy)) / f, dy = (−sinR·(x−cx) + cosR·(y−cy)) / f.
  const dx: [number, number, number] = [
    cosR / f,
    sinR / f,
    -(cosR * camera.cx + sinR * camera.cy) / f,
  ];
  const dy: [number, number, number] = [
    -sinR / f,
    cosR / f,
    (sinR * camera.cx - cosR * camera.cy) / f,
  ];
  // The ray meets the floor at t = h / (dy·cosP + sinP): X = t·dx, Z = t·(cosP − dy·sinP).
  return Float64Array.from([
    h * dx[0],
    h * dx[1],
    h * dx[2],
    -h * sinP * dy[0],
    -h * sinP * dy[1],
    h * (cosP - sinP * dy[2]),
    cosP * dy[0],
    cosP * dy[1],
    cosP * dy[2] + sinP,
  ]);
}

/** Left-multiplies a homography by the affine surface-cm → texel map of a variant. */
function toTexels(
  surface: Homography,
  texPerCm: number,
  tile: TilePyramid,
  variant: FillVariant,
): Homography {
  const c = Math.cos(variant.rotation) * texPerCm;
  const s = Math.sin(variant.rotation) * texPerCm;
  const ou = variant.offsetU * tile.width;
  const ov = variant.offsetV * tile.height;
  const out = new Float64Array(9);
  for (let k = 0; k < 3; k++) {
    const x = surface[k] ?? 0;
    const z = surface[3 + k] ?? 0;
    const w = surface[6 + k] ?? 0;
    out[k] = c * x - s * z + ou * w;
    out[3 + k] = (s * x + c * z) / tile.aspect + ov * w;
    out[6 + k] = w;
  }
  return out;
}

/** The floor, in tile texels, for variant k. */
function floorTexels(
  camera: FloorMapping,
  tileCm: number,
  tile: TilePyramid,
  variant: FillVariant,
): Homography {
  return toTexels(floorHomography(camera), tile.width / tileCm, tile, variant);
}

/** A fronto-parallel surface: the tile's real size against an assumed view width, rotated. */
function frontalTexels(
  image: Raster,
  bounds: { x0: number; y0: number },
  tileCm: number,
  tile: TilePyramid,
  variant: FillVariant,
): Homography {
  const cmPerPx = ASSUMED_VIEW_WIDTH_CM / image.width;
  const surface = Float64Array.from([
    cmPerPx,
    0,
    -bounds.x0 * cmPerPx,
    0,
    cmPerPx,
    -bounds.y0 * cmPerPx,
    0,
    0,
    1,
  ]);
  return toTexels(surface, tile.width / tileCm, tile, variant);
}

/* ------------------------------------------------------------------------------------------ */
/* Shading                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** The surface's low-passed luminance relative to its median, on a coarse grid over the bounds. */
interface Shading {
  /** The surface's median luminance (linear): how brightly the room lights it. */
  medianLum: number;
  grid: Float32Array;
  gw: number;
  gh: number;
  /** Full-resolution pixels per grid cell. */
  cell: number;
  x0: number;
  y0: number;
}

/** Grid cells are about this many pixels: fine enough for a chair leg's shadow, coarse enough to
 * drop plank joints and tile grout of the old surface. */
const SHADING_CELL_PX = 6;

/**
 * Masked normalised convolution of the photo's luminance over the surface (cells averaged, then
 * a small blur), divided by the surface's median luminance: 1 where the surface is typically lit,
 * below 1 in shadow. Outside-mask pixels never leak in (they are not averaged).
 */
function surfaceShading(
  image: Raster,
  mask: Mask,
  bounds: { x0: number; y0: number; x1: number; y1: number },
): Shading {
  const cell = SHADING_CELL_PX;
  const gw = Math.ceil((bounds.x1 - bounds.x0 + 1) / cell) + 1;
  const gh = Math.ceil((bounds.y1 - bounds.y0 + 1) / cell) + 1;
  const sum = new Float32Array(gw * gh);
  const count = new Float32Array(gw * gh);
  const d = image.data;
  const hist = new Uint32Array(1024);
  let total = 0;
  // Every other pixel each way: the result is a 6 px low-pass, a quarter of the reads suffice.
  for (let y = bounds.y0; y <= bounds.y1; y += 2) {
    const gy = ((y - bounds.y0) / cell) | 0;
    for (let x = bounds.x0; x <= bounds.x1; x += 2) {
      const i = y * image.width + x;
      if (!mask.data[i]) continue;
      const p = i * 4;
      const lum =
        0.2126729 * (SRGB_TO_LINEAR[d[p] ?? 0] ?? 0) +
        0.7151522 * (SRGB_TO_LINEAR[d[p + 1] ?? 0] ?? 0) +
        0.072175 * (SRGB_TO_LINEAR[d[p + 2] ?? 0] ?? 0);
      const g = gy * gw + (((x - bounds.x0) / cell) | 0);
      sum[g] = (sum[g] ?? 0) + lum;
      count[g] = (count[g] ?? 0) + 1;
      const bin = Math.min(1023, (Math.sqrt(lum) * 1023) | 0);
      hist[bin] = (hist[bin] ?? 0) + 1;
      total++;
    }
  }
  let seen = 0;
  let medianLum = 0.2;
  for (let b = 0; b < 1024; b++) {
    seen += hist[b] ?? 0;
    if (seen * 2 >= total) {
      medianLum = ((b + 0.5) / 1023) ** 2;
      break;
    }
  }
  const blurredSum = blurBinomial3(blurBinomial3(sum, gw, gh), gw, gh);
  const blurredCount = blurBinomial3(blurBinomial3(count, gw, gh), gw, gh);
  const grid = new Float32Array(gw * gh);
  const inv = 1 / Math.max(1e-4, medianLum);
  for (let g = 0; g < grid.length; g++) {
    const c = blurredCount[g] ?? 0;
    grid[g] = c > 1e-3 ? ((blurredSum[g] ?? 0) / c) * inv : 1;
  }
  return { medianLum, grid, gw, gh, cell, x0: bounds.x0, y0: bounds.y0 };
}

/**
 * The shading grid's bilinear weights per image column, shared by every row: column x reads
 * grid columns `lo[x − x0]` and `hi[x − x0]` with weight `fx[x − x0]` on `hi`.
 */
interface ShadingColumns {
  lo: Int32Array;
  hi: Int32Array;
  fx: Float64Array;
}

function shadingColumns(s: Shading, x0: number, x1: number): ShadingColumns {
  const n = x1 - x0 + 1;
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  const fx = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const gx = (x0 + i - s.x0) / s.cell - 0.5;
    const g0 = Math.max(0, Math.min(s.gw - 1, Math.floor(gx)));
    lo[i] = g0;
    hi[i] = Math.min(s.gw - 1, g0 + 1);
    fx[i] = Math.max(0, Math.min(1, gx - g0));
  }
  return { lo, hi, fx };
}

/** The shading grid interpolated to image row y (one value per grid column), into `row`. */
function shadingRow(s: Shading, y: number, row: Float64Array): void {
  const gy = (y - s.y0) / s.cell - 0.5;
  const y0 = Math.max(0, Math.min(s.gh - 1, Math.floor(gy)));
  const y1 = Math.min(s.gh - 1, y0 + 1);
  const fy = Math.max(0, Math.min(1, gy - y0));
  const g = s.grid;
  const top = y0 * s.gw;
  const bottom = y1 * s.gw;
  for (let i = 0; i < s.gw; i++) {
    row[i] = (g[top + i] ?? 1) * (1 - fy) + (g[bottom + i] ?? 1) * fy;
  }
}

/**
 * Blend weights of the mask feathered by `feather` px over the window: 1 inside, 1 − k/(feather+1)
 * at city-block distance k ≤ feather, 0 beyond — the same weights as featherMask's repeated
 * 4-neighbour dilation, from a capped horizontal distance and a vertical minimum (O(n·feather);
 * distances are bytes, so feather < 255).
 */
export function featherWeights(
  mask: Mask,
  win: { x0: number; y0: number; x1: number; y1: number },
  feather: number,
): Float32Array {
  const width = win.x1 - win.x0 + 1;
  const height = win.y1 - win.y0 + 1;
  const far = feather + 1;
  const data = mask.data;
  // Horizontal distance to the nearest mask pixel in the same row, capped at feather + 1.
  const across = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const src = (y + win.y0) * mask.width + win.x0;
    const row = y * width;
    let run = far;
    for (let x = 0; x < width; x++) {
      run = data[src + x] ? 0 : run < far ? run + 1 : far;
      across[row + x] = run;
    }
    run = far;
    for (let x = width - 1; x >= 0; x--) {
      run = data[src + x] ? 0 : run < far ? run + 1 : far;
      if (run < (across[row + x] ?? far)) across[row + x] = run;
    }
  }
  // City-block distance: the least |dy| + horizontal distance over the rows within reach.
  const weight = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let i = y * width, end = i + width; i < end; i++) {
      let dist = across[i] ?? far;
      if (dist === 0) {
        weight[i] = 1;
        continue;
      }
      for (let k = 1; k < dist && k <= feather; k++) {
        if (y >= k) dist = Math.min(dist, k + (across[i - k * width] ?? far));
        if (y + k < height) dist = Math.min(dist, k + (across[i + k * width] ?? far));
      }
      if (dist <= feather) weight[i] = 1 - dist / (feather + 1);
    }
  }
  return weight;
}

/**
 * Per mip level, what a bilinear read needs, in flat typed arrays so the pixel loop reads
 * them monomorphically: the level's offset into the pyramid, its wrap masks, row shift and its
 * texels per level-0 texel.
 */
interface LevelTable {
  base: Int32Array;
  widthLog2: Int32Array;
  widthMask: Int32Array;
  heightMask: Int32Array;
  scaleU: Float64Array;
  scaleV: Float64Array;
}

function levelTable(tile: TilePyramid): LevelTable {
  const n = tile.offsets.length;
  const table: LevelTable = {
    base: new Int32Array(n),
    widthLog2: new Int32Array(n),
    widthMask: new Int32Array(n),
    heightMask: new Int32Array(n),
    scaleU: new Float64Array(n),
    scaleV: new Float64Array(n),
  };
  for (let k = 0; k < n; k++) {
    const wl = tile.widthLog2[k] ?? 0;
    const hl = tile.heightLog2[k] ?? 0;
    table.base[k] = tile.offsets[k] ?? 0;
    table.widthLog2[k] = wl;
    table.widthMask[k] = (1 << wl) - 1;
    table.heightMask[k] = (1 << hl) - 1;
    table.scaleU[k] = (1 << wl) / tile.width;
    table.scaleV[k] = (1 << hl) / tile.height;
  }
  return table;
}

/** Everything the row loop reads, gathered once per fill. */
interface FillJob {
  src: Uint8ClampedArray;
  dst: Uint8ClampedArray;
  width: number;
  /** The composition window (the mask's bounds grown by the feather) and its blend weights. */
  x0: number;
  x1: number;
  y0: number;
  weight: Float32Array;
  hm: Homography;
  texels: Float32Array;
  levels: LevelTable;
  shading: Shading;
  columns: ShadingColumns;
  /** Scratch: the shading grid interpolated to the current row. */
  shadingRow: Float64Array;
  gain: readonly [number, number, number];
  /**
   * With a matte: per window pixel the surface colour the change is computed from (RGB, see
   * ops/matte.ts); without one, the photo's own colour.
   */
  base: Float32Array | null;
}

function compose(
  image: Raster,
  mask: Mask,
  bounds: { x0: number; y0: number; x1: number; y1: number },
  tile: TilePyramid,
  shading: Shading,
  hm: Homography,
  gain: readonly [number, number, number],
  matte: Uint8Array | undefined,
): Raster {
  const out = cloneRaster(image);
  const { width, height } = image;
  const x0 = Math.max(0, bounds.x0 - FILL_FEATHER_PX);
  const y0 = Math.max(0, bounds.y0 - FILL_FEATHER_PX);
  const x1 = Math.min(width - 1, bounds.x1 + FILL_FEATHER_PX);
  const y1 = Math.min(height - 1, bounds.y1 + FILL_FEATHER_PX);
  const win = { x0, y0, x1, y1 };
  const weight = matte
    ? matteWeights(matte, width, win)
    : featherWeights(mask, win, FILL_FEATHER_PX);
  const job: FillJob = {
    src: image.data,
    dst: out.data,
    width,
    x0,
    x1,
    y0,
    weight,
    base: matte ? surfaceColours(image, weight, win) : null,
    hm,
    texels: tile.data,
    levels: levelTable(tile),
    shading,
    columns: shadingColumns(shading, x0, x1),
    shadingRow: new Float64Array(shading.gw),
    gain,
  };
  for (let y = y0; y <= y1; y++) fillRow(job, y);
  return out;
}

/**
 * Fills image row y of the window: each pixel maps through the homography (its row terms
 * hoisted), takes an anisotropic (bri)linear texture sample — the mip level from the footprint's
 * long axis over the tap count, up to MAX_ANISO taps spread along that axis, two levels blended
 * only in the middle 60 % of each octave ("brilinear": continuous, a third fewer reads than
 * trilinear) — times the photo's shading, blended over the photo by the feather weight.
 * Everything is inlined into one loop with locals: this loop is the floors action's hot path.
 */
function fillRow(job: FillJob, y: number): void {
  const { src, dst, weight, texels: d, levels, columns } = job;
  const { base, widthLog2, widthMask, heightMask, scaleU, scaleV } = levels;
  const maxLevel = base.length - 1;
  const [gr, gg, gb] = job.gain;
  const h0 = job.hm[0] ?? 0;
  const h1 = job.hm[1] ?? 0;
  const h3 = job.hm[3] ?? 0;
  const h4 = job.hm[4] ?? 0;
  const h6 = job.hm[6] ?? 0;
  const h7 = job.hm[7] ?? 0;
  const py = y + 0.5;
  // The homography's terms that depend only on the row.
  const rowU = h1 * py + (job.hm[2] ?? 0);
  const rowV = h4 * py + (job.hm[5] ?? 0);
  const rowW = h7 * py + (job.hm[8] ?? 1);
  const shade = job.shadingRow;
  shadingRow(job.shading, y, shade);
  const { lo, hi, fx: shadeFx } = columns;
  const x0 = job.x0;
  const weightRow = (y - job.y0) * (job.x1 - x0 + 1) - x0;
  for (let x = x0; x <= job.x1; x++) {
    const w = weight[weightRow + x] ?? 0;
    if (w <= 0) continue;
    const px = x + 0.5;
    const wh = h6 * px + rowW;
    // Above the horizon (or at it) nothing maps; leave the photo.
    if (wh <= 1e-6) continue;
    const inv = 1 / wh;
    const u = (h0 * px + rowU) * inv;
    const v = (h3 * px + rowV) * inv;
    // The footprint's axes: texels per image pixel along x and along y.
    const dux = (h0 - u * h6) * inv;
    const dvx = (h3 - v * h6) * inv;
    const duy = (h1 - u * h7) * inv;
    const dvy = (h4 - v * h7) * inv;
    const lenX = Math.sqrt(dux * dux + dvx * dvx);
    const lenY = Math.sqrt(duy * duy + dvy * dvy);
    const alongX = lenX > lenY;
    const major = alongX ? lenX : lenY;
    // Below one texel a footprint needs no extra taps: bilinear already covers it.
    const minor = Math.max(1, alongX ? lenY : lenX);
    const taps = Math.min(MAX_ANISO, Math.max(1, Math.ceil(major / minor - 0.01)));
    // The mip level, log2(major / taps) ≥ 0: its whole octaves by exact halving, and the
    // logarithm of the remainder only where the two levels blend (2^0.2 < q < 2^0.8).
    let q = major / taps;
    let octave = 0;
    // (Past the coarsest level nothing changes: l0 = l1 = maxLevel, f = 0.)
    while (q >= 2 && octave < maxLevel) {
      q *= 0.5;
      octave++;
    }
    const l0 = Math.min(maxLevel, octave);
    const l1 = Math.min(maxLevel, l0 + 1);
    let f = 0;
    if (l0 !== l1 && q > 1.148)
      f = q >= 1.742 ? 1 : Math.max(0, Math.min(1, (Math.log2(q) - 0.2) / 0.6));
    const au = alongX ? dux : duy;
    const av = alongX ? dvx : dvy;
    const invTaps = 1 / taps;
    // One pass of taps per level that has weight: the finer level l0, then the coarser l1.
    let r = 0;
    let g = 0;
    let b = 0;
    for (let level = f < 1 ? l0 : l1; level <= (f > 0 ? l1 : l0); level++) {
      const share = (level === l0 ? 1 - f : f) * invTaps;
      const su = scaleU[level] ?? 0;
      const sv = scaleV[level] ?? 0;
      const wm = widthMask[level] ?? 0;
      const hmask = heightMask[level] ?? 0;
      const wl = widthLog2[level] ?? 0;
      const at = base[level] ?? 0;
      // Tap k sits at t = (k + 0.5) / taps − 0.5 of the long axis, in this level's texels.
      const stepU = au * su * invTaps;
      const stepV = av * sv * invTaps;
      let fu = u * su - 0.5 - 0.5 * (taps - 1) * stepU;
      let fv = v * sv - 0.5 - 0.5 * (taps - 1) * stepV;
      for (let k = 0; k < taps; k++, fu += stepU, fv += stepV) {
        const iu = Math.floor(fu);
        const iv = Math.floor(fv);
        const tx = fu - iu;
        const ty = fv - iv;
        const xa = iu & wm;
        const xb = (iu + 1) & wm;
        const ya = (iv & hmask) << wl;
        const yb = ((iv + 1) & hmask) << wl;
        const p00 = at + (ya + xa) * 3;
        const p10 = at + (ya + xb) * 3;
        const p01 = at + (yb + xa) * 3;
        const p11 = at + (yb + xb) * 3;
        const w11 = tx * ty * share;
        const w10 = tx * share - w11;
        const w01 = ty * share - w11;
        const w00 = share - tx * share - w01;
        r += (d[p00] ?? 0) * w00 + (d[p10] ?? 0) * w10 + (d[p01] ?? 0) * w01 + (d[p11] ?? 0) * w11;
        g +=
          (d[p00 + 1] ?? 0) * w00 +
          (d[p10 + 1] ?? 0) * w10 +
          (d[p01 + 1] ?? 0) * w01 +
          (d[p11 + 1] ?? 0) * w11;
        b +=
          (d[p00 + 2] ?? 0) * w00 +
          (d[p10 + 2] ?? 0) * w10 +
          (d[p01 + 2] ?? 0) * w01 +
          (d[p11 + 2] ?? 0) * w11;
      }
    }
    const c = x - x0;
    const sf = shadeFx[c] ?? 0;
    const lit = (shade[lo[c] ?? 0] ?? 1) * (1 - sf) + (shade[hi[c] ?? 0] ?? 1) * sf;
    // The common case of softShading without a call.
    const s = lit > 0.03 && lit <= 1.2 ? lit : softShading(lit);
    const p = (y * job.width + x) * 4;
    const r0 = src[p] ?? 0;
    const g0 = src[p + 1] ?? 0;
    const b0 = src[p + 2] ?? 0;
    if (w < 1 && job.base) {
      // A mixed boundary pixel: change it by what the surface under it changes (ops/matte.ts).
      const q = (weightRow + x) * 3;
      const base = job.base;
      dst[p] = r0 + w * (linearToByte(r * s * gr) - (base[q] ?? r0));
      dst[p + 1] = g0 + w * (linearToByte(g * s * gg) - (base[q + 1] ?? g0));
      dst[p + 2] = b0 + w * (linearToByte(b * s * gb) - (base[q + 2] ?? b0));
      continue;
    }
    dst[p] = r0 + w * (linearToByte(r * s * gr) - r0);
    dst[p + 1] = g0 + w * (linearToByte(g * s * gg) - g0);
    dst[p + 2] = b0 + w * (linearToByte(b * s * gb) - b0);
  }
}

/**
 * How the room lights the new surface, per linear channel. A texture is photographed under its
 * own light; laid as it is, a floor looks pasted (too bright in a dim room, too warm in a cool
 * one). Its exposure moves halfway (geometric mean) toward the surface's own median luminance,
 * so a dark walnut stays darker than the pale boards it replaces but takes the room's light
 * level, and it takes a third of the photo's colour cast (grey-world, normalised to luminance).
 */
function roomGain(image: Raster, tile: TilePyramid, shading: Shading): [number, number, number] {
  const last = tile.offsets.at(-1) ?? 0;
  const tr = tile.data[last] ?? 0;
  const tg = tile.data[last + 1] ?? 0;
  const tb = tile.data[last + 2] ?? 0;
  const tileLum = Math.max(1e-4, 0.2126729 * tr + 0.7151522 * tg + 0.072175 * tb);
  const exposure = Math.min(1.8, Math.max(0.45, Math.sqrt(shading.medianLum / tileLum)));
  const d = image.data;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  // Every 7th pixel is plenty for a mean.
  for (let p = 0; p < d.length; p += 28) {
    r += SRGB_TO_LINEAR[d[p] ?? 0] ?? 0;
    g += SRGB_TO_LINEAR[d[p + 1] ?? 0] ?? 0;
    b += SRGB_TO_LINEAR[d[p + 2] ?? 0] ?? 0;
    n++;
  }
  const lum = Math.max(1e-4, (0.2126729 * r + 0.7151522 * g + 0.072175 * b) / Math.max(1, n));
  const cast = (channel: number) => (channel / Math.max(1, n) / lum) ** (1 / 3);
  return [exposure * cast(r), exposure * cast(g), exposure * cast(b)];
}

/** Shading is a ratio: allow deep shadow, but roll off very bright patches (window glare). */
function softShading(s: number): number {
  if (s <= 1.2) return Math.max(0.03, s);
  return 1.2 + 0.6 * (1 - Math.exp(-(s - 1.2) / 0.6));
}
