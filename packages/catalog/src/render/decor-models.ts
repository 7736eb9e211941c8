/** Rugs, plants and mirrors. */
import { defineProduct } from './product-model';
import type { SdfNode } from './sdf';
import {
  box,
  capsule,
  cone,
  cylinder,
  ellipsoid,
  rotate,
  subtract,
  torus,
  translate,
  union,
} from './sdf';
import { seededRandom } from './vec';

export interface RugParams {
  width: number;
  depth: number;
  thickness: number;
  pattern: 'border' | 'double-border' | 'medallion';
  border: number;
}

/** A flat frame (ring) of the given outer size and band width, top at y = `top`. */
function band(
  width: number,
  depth: number,
  bandWidth: number,
  top: number,
  slot: 'accent' | 'fabric2',
): SdfNode {
  const outer = box([width, 0.4, depth], slot, 0.15);
  const inner = box([width - 2 * bandWidth, 1, depth - 2 * bandWidth], slot);
  return translate(subtract(outer, inner), [0, top - 0.2, 0]);
}

export const rugModel = defineProduct<RugParams>({
  label: 'Rug',
  bodyFinish: 'fabric',
  grounded: true,
  view: { elevationDeg: 48, azimuthDeg: 25 },
  defaults: {
    width: 200,
    depth: 140,
    thickness: 1.2,
    pattern: 'double-border',
    border: 14,
  },
  fromDimensions: (d) => ({
    width: d.width,
    depth: d.depth,
    thickness: Math.max(0.6, Math.min(d.height, 3)),
  }),
  build: (p: RugParams): SdfNode => {
    const t = p.thickness;
    // The field and the border are separate slabs so the border keeps its colour in every variant.
    const parts: SdfNode[] = [
      translate(box([p.width, t, p.depth], 'accent', 0.5), [0, t / 2, 0]),
      translate(box([p.width - 2 * p.border, t + 0.1, p.depth - 2 * p.border], 'body', 0.3), [
        0,
        (t + 0.1) / 2,
        0,
      ]),
      band(p.width - p.border * 0.6, p.depth - p.border * 0.6, 2.2, t + 0.05, 'fabric2'),
    ];
    if (p.pattern === 'double-border') {
      parts.push(
        band(p.width - 2 * p.border - 12, p.depth - 2 * p.border - 12, 3, t + 0.15, 'fabric2'),
      );
    }
    if (p.pattern !== 'border') {
      const s = Math.min(p.width, p.depth) * 0.28;
      const diamond = (size: number, slot: 'accent' | 'fabric2', y: number): SdfNode =>
        translate(rotate(box([size, 0.4, size], slot, 0.2), 'y', 45), [0, y, 0]);
      parts.push(diamond(s, 'fabric2', t + 0.05), diamond(s * 0.55, 'accent', t + 0.2));
    }
    return union(...parts);
  },
});

export interface PlantParams {
  potDiameter: number;
  potHeight: number;
  plantHeight: number;
  /** Approximate width of the foliage. */
  canopy: number;
  leaves: number;
  seed: number;
}

export const plantModel = defineProduct<PlantParams>({
  label: 'Plant',
  bodyFinish: 'gloss',
  grounded: true,
  defaults: {
    potDiameter: 32,
    potHeight: 30,
    plantHeight: 110,
    canopy: 70,
    leaves: 22,
    seed: 3,
  },
  fromDimensions: (d) => ({
    plantHeight: d.height,
    canopy: d.width,
    potDiameter: Math.min(40, Math.max(14, d.width * 0.45)),
    potHeight: Math.min(40, Math.max(12, d.height * 0.27)),
  }),
  build: (p: PlantParams): SdfNode => {
    const r = p.potDiameter / 2;
    const random = seededRandom(p.seed);
    const parts: SdfNode[] = [
      translate(cone(r * 0.78, r, p.potHeight, 'body'), [0, p.potHeight / 2, 0]),
      translate(torus(r - 0.8, 1.2, 'body'), [0, p.potHeight - 0.6, 0]),
      translate(cylinder(r - 1.6, 1, 'soil'), [0, p.potHeight - 2.5, 0]),
    ];
    const foliage: SdfNode[] = [];
    const stemBase = p.potHeight - 2;
    const reach = p.plantHeight - p.potHeight;
    const n = Math.max(4, Math.round(p.leaves));
    // Leaves are sized for a 110 cm plant with a 70 cm canopy; smaller plants get smaller leaves.
    const scale = Math.min(1.2, Math.max(0.3, Math.min(reach / 80, p.canopy / 70)));
    for (let i = 0; i < n; i++) {
      const f = (i + 0.5) / n;
      const angle = i * 137.5 + random() * 20;
      const a = (angle * Math.PI) / 180;
      const y = stemBase + reach * (0.2 + 0.65 * f);
      const spread = r * (0.35 + 0.5 * random()) * (1.1 - f * 0.6);
      const sx = Math.cos(a) * spread;
      const sz = Math.sin(a) * spread;
      foliage.push(
        capsule([Math.cos(a) * 1.5, stemBase, Math.sin(a) * 1.5], [sx, y, sz], 0.45, 'leaf'),
      );
      const size = (10 + 6 * (1 - f) + random() * 3) * scale;
      // A fiddle-leaf style leaf: a flat ellipsoid along +z, tilted up and turned outward.
      const leaf = translate(ellipsoid([size * 0.55, 0.9, size], 'leaf'), [0, 0, size * 0.9]);
      const tilt = 25 + 30 * f + random() * 15;
      foliage.push(translate(rotate(rotate(leaf, 'x', -tilt), 'y', 90 - angle), [sx, y, sz]));
    }
    parts.push(union(...foliage));
    return union(...parts);
  },
});

export interface MirrorParams {
  width: number;
  height: number;
  shape: 'round' | 'arch' | 'rect';
  frame: number;
}

/** Flat outline (in the xy plane) of the mirror's glass, extruded `thickness` along z. */
function outline(
  shape: MirrorParams['shape'],
  width: number,
  height: number,
  thickness: number,
  slot: 'body' | 'mirror' | 'wood',
): SdfNode {
  if (shape === 'round') return rotate(cylinder(width / 2, thickness, slot), 'x', 90);
  if (shape === 'rect') return box([width, height, thickness], slot, 0.3);
  const r = width / 2;
  return union(
    translate(box([width, height - r, thickness], slot), [0, -r / 2, 0]),
    translate(rotate(cylinder(r, thickness, slot), 'x', 90), [0, height / 2 - r, 0]),
  );
}

export const mirrorModel = defineProduct<MirrorParams>({
  label: 'Mirror',
  bodyFinish: 'metal',
  grounded: false,
  view: { elevationDeg: 8, azimuthDeg: 28 },
  defaults: { width: 60, height: 90, shape: 'arch', frame: 3 },
  fromDimensions: (d) => ({ width: d.width, height: d.height }),
  build: (p: MirrorParams): SdfNode => {
    const h = p.shape === 'round' ? p.width : p.height;
    const fw = p.frame;
    const frame = subtract(
      outline(p.shape, p.width + 2 * fw, h + 2 * fw, 3.2, 'body'),
      outline(p.shape, p.width, h, 6, 'body'),
    );
    return translate(
      union(
        frame,
        translate(outline(p.shape, p.width, h, 0.8, 'mirror'), [0, 0, 0.4]),
        translate(outline(p.shape, p.width, h, 1.5, 'wood'), [0, 0, -0.9]),
      ),
      [0, h / 2 + fw, 0],
    );
  },
});
