/** Surface finishes per material slot; a colour variant swaps only the `body` albedo. */
import type { MaterialSlot } from './sdf';
import { MATERIAL_SLOTS } from './sdf';
import { hexToLinear } from './srgb';
import type { SurfaceKind } from './surface-texture';
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
  /** Procedural texture at real size (`surface-texture.ts`). */
  surface: SurfaceKind;
  /** A varnish or lacquer over the surface: a second, sharp highlight of this strength. */
  clearCoat: number;
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
    surface: 'plain',
    clearCoat: 0,
    ...extra,
  };
}

/** Studio finishes for every slot except `body`, which comes from the chosen colour. */
const FIXED_FINISHES: Record<Exclude<MaterialSlot, 'body'>, SurfaceMaterial> = {
  wood: finish('#8a5a36', 0.6, 0.15, { surface: 'wood', clearCoat: 0.3 }),
  metal: finish('#2b2b2e', 0.2, 0.9, { metallic: true, surface: 'metal' }),
  accent: finish('#b8643f', 0.8, 0.08),
  fabric2: finish('#ddd3c1', 0.9, 0.05, { surface: 'fabric' }),
  leaf: finish('#3f7a35', 0.5, 0.25),
  mirror: finish('#c9d2d8', 0.05, 1, { reflectance: 0.85 }),
  ceramic: finish('#f1efe9', 0.2, 0.6),
  soil: finish('#3a2a1e', 1, 0),
  glow: finish('#fff3d6', 1, 0, { emission: 1.6 }),
  ink: finish('#2a3548', 0.7, 0.12),
  linen: finish('#f5f3ee', 0.95, 0.04, { surface: 'fabric' }),
};

/** How the body colour should behave: upholstery is matte, case goods are satin, shades glow a bit. */
export type BodyFinish = 'fabric' | 'satin' | 'gloss' | 'metal';

type Finish = Omit<SurfaceMaterial, 'albedo'>;

const plain = { metallic: false, reflectance: 0, emission: 0, clearCoat: 0 } as const;

const BODY_FINISH: Record<BodyFinish, Finish> = {
  fabric: { ...plain, roughness: 0.95, specular: 0.04, surface: 'fabric' },
  satin: { ...plain, roughness: 0.5, specular: 0.25, surface: 'plain' },
  gloss: { ...plain, roughness: 0.2, specular: 0.6, surface: 'plain' },
  metal: { ...plain, roughness: 0.2, specular: 0.8, metallic: true, surface: 'metal' },
};

/** What the product's named material makes of its body (the finish says how it is used). */
const BODY_MATERIALS: readonly { pattern: RegExp; finishes: readonly BodyFinish[]; as: Finish }[] =
  [
    {
      pattern: /leather/,
      finishes: ['fabric'],
      as: { ...plain, roughness: 0.42, specular: 0.3, surface: 'leather' },
    },
    {
      pattern: /velvet|velluto/,
      finishes: ['fabric'],
      as: { ...plain, roughness: 0.95, specular: 0.04, surface: 'velvet' },
    },
    {
      pattern: /boucl/,
      finishes: ['fabric'],
      as: { ...plain, roughness: 0.97, specular: 0.03, surface: 'boucle' },
    },
    {
      pattern: /\b(oak|walnut|pine|beech|ash|teak|mango|acacia|birch|cherry|elm|wood|timber)\b/,
      finishes: ['satin'],
      as: { ...plain, roughness: 0.6, specular: 0.15, surface: 'wood', clearCoat: 0.3 },
    },
    {
      pattern: /steel|iron|brass|alumin|chrome|metal/,
      finishes: ['satin', 'metal'],
      as: { ...plain, roughness: 0.2, specular: 0.8, metallic: true, surface: 'metal' },
    },
  ];

/**
 * The body's finish from the product's materials (as the catalogue lists them, main one first):
 * the first one that fits how the model uses its body (a sofa's "Leather", a table's "Oak"), else
 * the model's plain finish.
 */
export function bodyFinishFor(finish: BodyFinish, materials: readonly string[] = []): Finish {
  for (const name of materials) {
    const lower = name.toLowerCase();
    const found = BODY_MATERIALS.find((m) => m.finishes.includes(finish) && m.pattern.test(lower));
    if (found) return found.as;
  }
  return BODY_FINISH[finish];
}

/** Material table indexed by slot number, with the product's colour in the body slot. */
export function materialTable(
  bodyHex: string,
  bodyFinish: BodyFinish,
  materials: readonly string[] = [],
): SurfaceMaterial[] {
  return MATERIAL_SLOTS.map((slot) =>
    slot === 'body'
      ? { albedo: hexToLinear(bodyHex), ...bodyFinishFor(bodyFinish, materials) }
      : FIXED_FINISHES[slot],
  );
}
