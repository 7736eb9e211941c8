/**
 * How variant k of a request's `quantity` differs from the others, for every colour op. Variant 0
 * is always the canonical result (no shift), so a single-design request gets the faithful look;
 * later variants take deterministic, visible steps (seeded, so a request can be reproduced), each
 * big enough that two variants differ by more than 2 levels on average over the changed area.
 */
import { seededRandom } from '../raster';

/** Which of `quantity` designs to make, and the request's seed. */
export interface VariantOptions {
  variant: number;
  seed: number;
}

/** A PRNG for one variant of one request: the same (seed, variant) always gives the same stream. */
export function variantRandom(options: VariantOptions): () => number {
  return seededRandom(
    Math.imul(options.seed >>> 0, 0x9e3779b1) ^ ((options.variant + 1) * 0x85ebca6b),
  );
}

/** A paint finish: its lightness offset (L*) and sheen (how strongly highlights are lifted). */
export interface PaintVariant {
  /** Added to the target's L*, so variants read as lighter or deeper mixes of the same colour. */
  lightnessShift: number;
  /** 0 matt; up to ~0.35 eggshell/satin: highlights gain contrast as on a slightly glossy wall. */
  sheen: number;
  name: string;
}

const PAINT_FINISHES: readonly PaintVariant[] = [
  { name: 'matt', lightnessShift: 0, sheen: 0 },
  { name: 'eggshell, a shade lighter', lightnessShift: 3.5, sheen: 0.25 },
  { name: 'matt, a shade deeper', lightnessShift: -4, sheen: 0 },
  { name: 'satin', lightnessShift: 1.5, sheen: 0.4 },
];

/** The finish of paint variant k (cycles past four). */
export function paintVariant(options: VariantOptions): PaintVariant {
  const finish = PAINT_FINISHES[mod(options.variant, PAINT_FINISHES.length)] ?? PAINT_FINISHES[0];
  return finish ?? { name: 'matt', lightnessShift: 0, sheen: 0 };
}

/** How a texture is laid for variant k: rotation, scale and an offset of the pattern. */
export interface FillVariant {
  /** Radians on the surface plane; floors alternate 0° and 90° (planks along or across). */
  rotation: number;
  /** Tile size multiplier (0.85–1.15). */
  scale: number;
  /** Pattern offset in tiles (plank joints and tile grout land elsewhere). */
  offsetU: number;
  offsetV: number;
}

/** The texture layout of fill variant k. */
export function fillVariant(options: VariantOptions): FillVariant {
  if (options.variant === 0) return { rotation: 0, scale: 1, offsetU: 0, offsetV: 0 };
  const random = variantRandom(options);
  const k = mod(options.variant, 4);
  const scales = [1, 0.87, 1.15, 1];
  return {
    rotation: k % 2 === 1 ? Math.PI / 2 : 0,
    scale: scales[k] ?? 1,
    offsetU: 0.25 + 0.5 * random(),
    offsetV: 0.25 + 0.5 * random(),
  };
}

/** Which palette tone a restyle's mid-tones lean on. */
export type MidToneReading = 'neutral' | 'accent' | 'light' | 'dark';

/** How a restyle variant reads the palette: its mid-tone lean, warmth, contrast and exposure. */
export interface RestyleVariant {
  /** The palette tone the photo's mid-tones move toward. */
  midTone: MidToneReading;
  /** Added warmth (b* at full strength, positive = warmer). */
  warmthShift: number;
  /** Multiplies the style's contrast change. */
  contrastScale: number;
  /** Added mid-tone lift (L* at full strength). */
  exposureShift: number;
}

const RESTYLE_READINGS: readonly RestyleVariant[] = [
  // The style as designed: structural neutral tone.
  { midTone: 'neutral', warmthShift: 0, contrastScale: 1, exposureShift: 0 },
  // The style's accent colour carries the room, a touch warmer and punchier.
  { midTone: 'accent', warmthShift: 3, contrastScale: 1.25, exposureShift: 0 },
  // Airy: mid-tones toward the lightest tone, cooler, softer.
  { midTone: 'light', warmthShift: -3, contrastScale: 0.7, exposureShift: 5 },
  // Moody: mid-tones toward the darkest tone, more contrast.
  { midTone: 'dark', warmthShift: 1.5, contrastScale: 1.45, exposureShift: -5 },
];

/** The palette reading of restyle variant k (cycles past four). */
export function restyleVariant(options: VariantOptions): RestyleVariant {
  return (
    RESTYLE_READINGS[mod(options.variant, RESTYLE_READINGS.length)] ??
    RESTYLE_READINGS[0] ?? {
      midTone: 'neutral',
      warmthShift: 0,
      contrastScale: 1,
      exposureShift: 0,
    }
  );
}

function mod(a: number, n: number): number {
  return ((Math.trunc(a) % n) + n) % n;
}
