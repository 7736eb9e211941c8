/**
 * Colour science for the local engine's colour operations: sRGB transfer, CIELAB (D65) and
 * OKLab, CIEDE2000, hex parsing, SSIM and a swatch's dominant colour.
 *
 * Conventions: 8-bit sRGB components are 0–255; linear components are 0–1; CIELAB L* is 0–100.
 */
import type { Raster } from './raster';

export type Rgb = [number, number, number];
export type Lab = [number, number, number];

/** sRGB byte → linear light, exact per byte (hot loops index it instead of calling pow). */
export const SRGB_TO_LINEAR: Float32Array = (() => {
  const lut = new Float32Array(256);
  for (let i = 0; i < 256; i++) lut[i] = srgbToLinear(i / 255);
  return lut;
})();

/** sRGB companding: encoded 0–1 → linear 0–1. */
export function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
}

/** Inverse sRGB companding: linear 0–1 → encoded 0–1 (unclamped). */
export function linearToSrgb(v: number): number {
  return v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055;
}

const LINEAR_LUT_SIZE = 65536;
/** Linear 0–1 quantised to 1/65535 → sRGB byte; exact to the byte except in the deepest blacks. */
const LINEAR_TO_SRGB_BYTE: Uint8Array = (() => {
  const lut = new Uint8Array(LINEAR_LUT_SIZE);
  for (let i = 0; i < LINEAR_LUT_SIZE; i++) {
    lut[i] = Math.round(255 * linearToSrgb(i / (LINEAR_LUT_SIZE - 1)));
  }
  return lut;
})();

/** Linear 0–1 → sRGB byte, clamped; a table lookup, for hot loops. */
export function linearToByte(v: number): number {
  const i = v <= 0 ? 0 : v >= 1 ? LINEAR_LUT_SIZE - 1 : (v * (LINEAR_LUT_SIZE - 1) + 0.5) | 0;
  return LINEAR_TO_SRGB_BYTE[i] ?? 0;
}

// D65 reference white (CIE 1931 2°), as XYZ with Y = 1.
const XN = 0.95047;
const YN = 1;
const ZN = 1.08883;
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;

function labFExact(t: number): number {
  return t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
}

const LAB_F_STEPS = 8192;
/** labF on [0, 1] at 8193 points: linear interpolation is within 1e-5 of cbrt (≪ 0.01 ΔE). */
const LAB_F_TABLE: Float64Array = (() => {
  const table = new Float64Array(LAB_F_STEPS + 2);
  for (let i = 0; i <= LAB_F_STEPS + 1; i++) table[i] = labFExact(i / LAB_F_STEPS);
  return table;
})();

/** CIELAB's f(t): a table for 0 ≤ t < 1 (Math.cbrt dominated every colour op's profile). */
function labF(t: number): number {
  if (!(t >= 0 && t < 1)) return labFExact(t);
  const x = t * LAB_F_STEPS;
  const i = x | 0;
  const a = LAB_F_TABLE[i] ?? 0;
  return a + ((LAB_F_TABLE[i + 1] ?? 0) - a) * (x - i);
}

function labFInverse(f: number): number {
  const f3 = f * f * f;
  return f3 > EPSILON ? f3 : (116 * f - 16) / KAPPA;
}

/** Relative luminance Y (0–1) of linear RGB. */
export function linearLuminance(r: number, g: number, b: number): number {
  return 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
}

/** CIE L* (0–100) from relative luminance Y (0–1). */
export function luminanceToLightness(y: number): number {
  return 116 * labF(y / YN) - 16;
}

/** Relative luminance Y (0–1) from CIE L*. */
export function lightnessToLuminance(l: number): number {
  return YN * labFInverse((l + 16) / 116);
}

/** Linear RGB (0–1) → CIELAB, written into `out` (no allocation for hot loops). */
export function linearRgbToLabInto(r: number, g: number, b: number, out: Lab): Lab {
  const x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = 0.0193339 * r + 0.119192 * g + 0.9503041 * b;
  const fx = labF(x / XN);
  const fy = labF(y / YN);
  const fz = labF(z / ZN);
  out[0] = 116 * fy - 16;
  out[1] = 500 * (fx - fy);
  out[2] = 200 * (fy - fz);
  return out;
}

/** CIELAB → linear RGB (0–1, unclamped: out-of-gamut colours leave the range), into `out`. */
export function labToLinearRgbInto(l: number, a: number, bb: number, out: Rgb): Rgb {
  const fy = (l + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - bb / 200;
  const x = XN * labFInverse(fx);
  const y = YN * labFInverse(fy);
  const z = ZN * labFInverse(fz);
  out[0] = 3.2404542 * x - 1.5371385 * y - 0.4985314 * z;
  out[1] = -0.969266 * x + 1.8760108 * y + 0.041556 * z;
  out[2] = 0.0556434 * x - 0.2040259 * y + 1.0572252 * z;
  return out;
}

/** sRGB bytes (0–255) → CIELAB (D65). */
export function rgbToLab(rgb: Rgb): Lab {
  return linearRgbToLabInto(
    SRGB_TO_LINEAR[clampByte(rgb[0])] ?? 0,
    SRGB_TO_LINEAR[clampByte(rgb[1])] ?? 0,
    SRGB_TO_LINEAR[clampByte(rgb[2])] ?? 0,
    [0, 0, 0],
  );
}

/** CIELAB (D65) → sRGB bytes (0–255), clamped to the gamut per channel. */
export function labToRgb(lab: Lab): Rgb {
  const lin = labToLinearRgbInto(lab[0], lab[1], lab[2], [0, 0, 0]);
  return [linearToByte(lin[0]), linearToByte(lin[1]), linearToByte(lin[2])];
}

/** sRGB bytes → OKLab (Björn Ottosson's perceptual space; L 0–1). */
export function rgbToOklab(rgb: Rgb): Lab {
  const r = SRGB_TO_LINEAR[clampByte(rgb[0])] ?? 0;
  const g = SRGB_TO_LINEAR[clampByte(rgb[1])] ?? 0;
  const b = SRGB_TO_LINEAR[clampByte(rgb[2])] ?? 0;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

/** OKLab → sRGB bytes, clamped. */
export function oklabToRgb(lab: Lab): Rgb {
  const l = (lab[0] + 0.3963377774 * lab[1] + 0.2158037573 * lab[2]) ** 3;
  const m = (lab[0] - 0.1055613458 * lab[1] - 0.0638541728 * lab[2]) ** 3;
  const s = (lab[0] - 0.0894841775 * lab[1] - 1.291485548 * lab[2]) ** 3;
  return [
    linearToByte(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    linearToByte(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    linearToByte(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/**
 * CIEDE2000 colour difference (Sharma, Wu & Dalal 2005), kL = kC = kH = 1. About 1 is a
 * just-noticeable difference; above 10 reads as a different colour.
 */
export function deltaE2000(lab1: Lab, lab2: Lab): number {
  const [l1, a1, b1] = lab1;
  const [l2, a2, b2] = lab2;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + 25 ** 7)));
  const a1p = (1 + g) * a1;
  const a2p = (1 + g) * a2;
  const c1p = Math.hypot(a1p, b1);
  const c2p = Math.hypot(a2p, b2);
  const h1p = hueDegrees(b1, a1p);
  const h2p = hueDegrees(b2, a2p);

  const dLp = l2 - l1;
  const dCp = c2p - c1p;
  let dhp = 0;
  if (c1p * c2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(c1p * c2p) * Math.sin(toRadians(dhp / 2));

  const lMean = (l1 + l2) / 2;
  const cMeanP = (c1p + c2p) / 2;
  let hMean = h1p + h2p;
  if (c1p * c2p !== 0) {
    if (Math.abs(h1p - h2p) <= 180) hMean = (h1p + h2p) / 2;
    else hMean = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos(toRadians(hMean - 30)) +
    0.24 * Math.cos(toRadians(2 * hMean)) +
    0.32 * Math.cos(toRadians(3 * hMean + 6)) -
    0.2 * Math.cos(toRadians(4 * hMean - 63));
  const dTheta = 30 * Math.exp(-(((hMean - 275) / 25) ** 2));
  const cMeanP7 = cMeanP ** 7;
  const rc = 2 * Math.sqrt(cMeanP7 / (cMeanP7 + 25 ** 7));
  const lOff = (lMean - 50) ** 2;
  const sl = 1 + (0.015 * lOff) / Math.sqrt(20 + lOff);
  const sc = 1 + 0.045 * cMeanP;
  const sh = 1 + 0.015 * cMeanP * t;
  const rt = -Math.sin(toRadians(2 * dTheta)) * rc;
  const tl = dLp / sl;
  const tc = dCp / sc;
  const th = dHp / sh;
  return Math.sqrt(tl * tl + tc * tc + th * th + rt * tc * th);
}

function hueDegrees(b: number, a: number): number {
  if (a === 0 && b === 0) return 0;
  const h = (Math.atan2(b, a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
}

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** `#rrggbb` or `#rgb` (the `#` optional, any case) → sRGB bytes; throws on anything else. */
export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const digits = m?.[1];
  if (digits === undefined) throw new RangeError(`Not a hex colour: ${hex}`);
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((c) => c + c)
          .join('')
      : digits;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** sRGB bytes → `#rrggbb` (lower case, as the contracts store colours). */
export function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => clampByte(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Options for {@link ssim}. */
export interface SsimOptions {
  /** The signals' dynamic range: 255 for bytes, 100 for L*, 1 for normalised values. */
  dynamicRange?: number;
  /**
   * Use only SSIM's contrast–structure term (drop the luminance term). It measures whether
   * local detail and shading survive independent of a change in mean level, which is what a
   * recolour must keep while it deliberately moves the mean lightness.
   */
  structureOnly?: boolean;
  /** Only windows centred on a selected pixel count (a mask the size of the image). */
  mask?: Uint8Array;
}

/**
 * Mean SSIM (Wang et al. 2004) of two single-channel images with the standard constants
 * K1 = 0.01, K2 = 0.03 and an 11×11 Gaussian window (σ = 1.5), computed with separable blurs.
 */
export function ssim(
  a: Float32Array,
  b: Float32Array,
  width: number,
  height: number,
  options: SsimOptions = {},
): number {
  const range = options.dynamicRange ?? 255;
  const c1 = (0.01 * range) ** 2;
  const c2 = (0.03 * range) ** 2;
  const n = width * height;
  const ab = new Float32Array(n);
  const aa = new Float32Array(n);
  const bb = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    aa[i] = x * x;
    bb[i] = y * y;
    ab[i] = x * y;
  }
  const kernel = gaussianKernel(1.5, 5);
  const muA = blurSeparable(a, width, height, kernel);
  const muB = blurSeparable(b, width, height, kernel);
  const sAA = blurSeparable(aa, width, height, kernel);
  const sBB = blurSeparable(bb, width, height, kernel);
  const sAB = blurSeparable(ab, width, height, kernel);
  let sum = 0;
  let count = 0;
  const mask = options.mask;
  for (let i = 0; i < n; i++) {
    if (mask && !mask[i]) continue;
    const ma = muA[i] ?? 0;
    const mb = muB[i] ?? 0;
    const va = Math.max(0, (sAA[i] ?? 0) - ma * ma);
    const vb = Math.max(0, (sBB[i] ?? 0) - mb * mb);
    const cov = (sAB[i] ?? 0) - ma * mb;
    const cs = (2 * cov + c2) / (va + vb + c2);
    sum += options.structureOnly ? cs : ((2 * ma * mb + c1) / (ma * ma + mb * mb + c1)) * cs;
    count++;
  }
  return count === 0 ? 1 : sum / count;
}

/** A normalised 1-D Gaussian of the given σ and radius. */
export function gaussianKernel(sigma: number, radius: number): Float32Array {
  const k = new Float32Array(2 * radius + 1);
  let total = 0;
  for (let i = -radius; i <= radius; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k[i + radius] = v;
    total += v;
  }
  for (let i = 0; i < k.length; i++) k[i] = (k[i] ?? 0) / total;
  return k;
}

/** Separable convolution with edge clamping. */
export function blurSeparable(
  src: Float32Array,
  width: number,
  height: number,
  kernel: Float32Array,
): Float32Array {
  const radius = (kernel.length - 1) >> 1;
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k;
        s += (kernel[k + radius] ?? 0) * (src[row + xx] ?? 0);
      }
      tmp[row + x] = s;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k;
        s += (kernel[k + radius] ?? 0) * (tmp[yy * width + x] ?? 0);
      }
      out[y * width + x] = s;
    }
  }
  return out;
}

/** CIE L* (0–100) of every pixel of a raster, e.g. for SSIM of lightness. */
export function lightnessChannel(raster: Raster): Float32Array {
  const n = raster.width * raster.height;
  const out = new Float32Array(n);
  const d = raster.data;
  for (let i = 0, p = 0; i < n; i++, p += 4) {
    const y = linearLuminance(
      SRGB_TO_LINEAR[d[p] ?? 0] ?? 0,
      SRGB_TO_LINEAR[d[p + 1] ?? 0] ?? 0,
      SRGB_TO_LINEAR[d[p + 2] ?? 0] ?? 0,
    );
    out[i] = luminanceToLightness(y);
  }
  return out;
}

/** The median of a list of numbers (NaN for none); sorts a copy. */
export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return NaN;
  const mid = n >> 1;
  return n % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * The colour of a paint swatch photo or scan, as `#rrggbb` (what paintWalls takes). Robust to what surrounds the paint:
 * only the central 60 % is read (borders, card edges, fingers), near-white paper and deep
 * shadows are dropped unless they are most of it (then the swatch *is* white or black), and the
 * answer is a trimmed median in Lab around the dominant cluster, so specks and glare do not pull it.
 */
export function dominantColour(raster: Raster): string {
  const { width, height, data } = raster;
  const x0 = Math.floor(width * 0.2);
  const x1 = Math.max(x0 + 1, Math.ceil(width * 0.8));
  const y0 = Math.floor(height * 0.2);
  const y1 = Math.max(y0 + 1, Math.ceil(height * 0.8));
  // Sample at most ~40k pixels so a 12 MP phone photo costs the same as a thumbnail.
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 40_000)));
  const ls: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  const lab: Lab = [0, 0, 0];
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const p = (y * width + x) * 4;
      if ((data[p + 3] ?? 255) < 128) continue; // transparent cut-out background
      linearRgbToLabInto(
        SRGB_TO_LINEAR[data[p] ?? 0] ?? 0,
        SRGB_TO_LINEAR[data[p + 1] ?? 0] ?? 0,
        SRGB_TO_LINEAR[data[p + 2] ?? 0] ?? 0,
        lab,
      );
      ls.push(lab[0]);
      as.push(lab[1]);
      bs.push(lab[2]);
    }
  }
  if (ls.length === 0) return '#808080';
  const isBackground = (i: number): boolean => {
    const l = ls[i] ?? 0;
    const c = Math.hypot(as[i] ?? 0, bs[i] ?? 0);
    return (l > 93 && c < 6) || l < 8;
  };
  let keep = ls.map((_, i) => i).filter((i) => !isBackground(i));
  if (keep.length < ls.length * 0.25) keep = ls.map((_, i) => i);
  // Two rounds of trimming: median, then the median of the samples within ΔE 12 of it.
  let centre: Lab = [
    median(keep.map((i) => ls[i] ?? 0)),
    median(keep.map((i) => as[i] ?? 0)),
    median(keep.map((i) => bs[i] ?? 0)),
  ];
  for (let round = 0; round < 2; round++) {
    const near = keep.filter(
      (i) =>
        Math.hypot((ls[i] ?? 0) - centre[0], (as[i] ?? 0) - centre[1], (bs[i] ?? 0) - centre[2]) <
        12,
    );
    if (near.length < 16) break;
    centre = [
      median(near.map((i) => ls[i] ?? 0)),
      median(near.map((i) => as[i] ?? 0)),
      median(near.map((i) => bs[i] ?? 0)),
    ];
  }
  return toHex(labToRgb(centre));
}

/** CIELAB of every pixel of `image`, three floats each (L*, a*, b*), for per-pixel colour tests. */
export function labPlane(image: Raster): Float32Array {
  const n = image.width * image.height;
  const out = new Float32Array(n * 3);
  const lab: Lab = [0, 0, 0];
  const d = image.data;
  for (let i = 0; i < n; i++) {
    linearRgbToLabInto(
      SRGB_TO_LINEAR[d[i * 4] ?? 0] ?? 0,
      SRGB_TO_LINEAR[d[i * 4 + 1] ?? 0] ?? 0,
      SRGB_TO_LINEAR[d[i * 4 + 2] ?? 0] ?? 0,
      lab,
    );
    out[i * 3] = lab[0];
    out[i * 3 + 1] = lab[1];
    out[i * 3 + 2] = lab[2];
  }
  return out;
}
