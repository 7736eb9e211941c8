/** The sRGB transfer for the catalogue's renderers: one home for the companding and hex parsing. */
import type { Vec3 } from './vec';

/** sRGB companding: encoded 0–1 → linear 0–1. */
export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Inverse sRGB companding, clamped: linear light → encoded 0–1. */
export function linearToSrgb(v: number): number {
  const c = v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
  return c < 0 ? 0 : c > 1 ? 1 : c;
}

/** Linear light → an sRGB byte, clamped. */
export function linearToSrgbByte(v: number): number {
  return Math.round(linearToSrgb(v) * 255);
}

/** `#rrggbb` (or `rrggbb`, `#rgb`) to linear-light RGB. */
export function hexToLinear(hex: string): Vec3 {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  if (!/^[0-9a-fA-F]{6}$/.test(h)) throw new Error(`Not a hex colour: ${hex}`);
  const v = Number.parseInt(h, 16);
  return [
    srgbToLinear(((v >> 16) & 255) / 255),
    srgbToLinear(((v >> 8) & 255) / 255),
    srgbToLinear((v & 255) / 255),
  ];
}
