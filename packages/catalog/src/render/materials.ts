/** Surface finishes per material slot; a colour variant swaps only the `body` albedo. */
import type { MaterialSlot } from './sdf';
import { MATERIAL_SLOTS } from './sdf';
import type { Vec3 } from './vec';

export interface SurfaceMaterial {
  /** Linear-light albedo. */
  albedo: Vec3;
  /** 0 = glossy, 1 = matte; sets the Blinn-Phong exponent. */
  roughness: number;
  /** Strength of the specular highlight. */
  specular: number;
  /** Metals tint their highlight with the albedo. */
  metallic: boolean;
  /** Fraction of the environment mirrored (glass, mirror). */
  reflectance: number;
  /** Self-lit amount (lamp bulbs). */
  emission: number;
}

function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** `#rrggbb` (or `rrggbb`, `#rgb`) to linear-light RGB. */
function hexToLinear(hex: string): Vec3 {
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

function finish(
  hex: string,
  roughness: number,
  specular: number,
  extra: Partial<SurfaceMaterial> = {},
): SurfaceMaterial {
  return {
    albedo: hexToLinear(hex),
    roughness,
    specular,
    metallic: false,
    reflectance: 0,
    emission: 0,
    ...extra,
  };
}

/** Studio finishes for every slot except `body`, which comes from the chosen colour. */
const FIXED_FINISHES: Record<Exclude<MaterialSlot, 'body'>, SurfaceMaterial> = {
  wood: finish('#8a5a36', 0.55, 0.25),
  metal: finish('#2b2b2e', 0.3, 0.9, { metallic: true }),
  accent: finish('#b8643f', 0.8, 0.08),
  fabric2: finish('#ddd3c1', 0.9, 0.05),
  leaf: finish('#3f7a35', 0.5, 0.25),
  mirror: finish('#c9d2d8', 0.05, 1, { reflectance: 0.85 }),
  ceramic: finish('#f1efe9', 0.2, 0.6),
  soil: finish('#3a2a1e', 1, 0),
  glow: finish('#fff3d6', 1, 0, { emission: 1.6 }),
  ink: finish('#2a3548', 0.7, 0.12),
  linen: finish('#f5f3ee', 0.95, 0.04),
};

/** How the body colour should behave: upholstery is matte, case goods are satin, shades glow a bit. */
export type BodyFinish = 'fabric' | 'satin' | 'gloss' | 'metal';

const BODY_FINISH: Record<BodyFinish, Omit<SurfaceMaterial, 'albedo'>> = {
  fabric: { roughness: 0.95, specular: 0.04, metallic: false, reflectance: 0, emission: 0 },
  satin: { roughness: 0.5, specular: 0.25, metallic: false, reflectance: 0, emission: 0 },
  gloss: { roughness: 0.2, specular: 0.6, metallic: false, reflectance: 0, emission: 0 },
  metal: { roughness: 0.3, specular: 0.8, metallic: true, reflectance: 0, emission: 0 },
};

/** Material table indexed by slot number, with the product's colour in the body slot. */
export function materialTable(bodyHex: string, bodyFinish: BodyFinish): SurfaceMaterial[] {
  return MATERIAL_SLOTS.map((slot) =>
    slot === 'body'
      ? { albedo: hexToLinear(bodyHex), ...BODY_FINISH[bodyFinish] }
      : FIXED_FINISHES[slot],
  );
}
