/** Parts that several products share: legs, drawer fronts, knobs. */
import type { MaterialSlot, SdfNode } from './sdf';
import { box, capsule, cone, cylinder, rotate, translate, union } from './sdf';

export type LegStyle = 'tapered' | 'metal' | 'block' | 'hairpin';

/**
 * Four legs of height `height` under a footprint of width × depth, inset from the corners.
 * Tapered legs splay slightly outwards like mid-century furniture.
 */
export function fourLegs(
  style: LegStyle,
  width: number,
  depth: number,
  height: number,
  inset: number,
  slot: MaterialSlot = style === 'metal' || style === 'hairpin' ? 'metal' : 'wood',
): SdfNode {
  const legs: SdfNode[] = [];
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      const x = sx * (width / 2 - inset);
      const z = sz * (depth / 2 - inset);
      legs.push(translate(oneLeg(style, height, slot, sx, sz), [x, 0, z]));
    }
  }
  return union(...legs);
}

function oneLeg(
  style: LegStyle,
  height: number,
  slot: MaterialSlot,
  sx: number,
  sz: number,
): SdfNode {
  switch (style) {
    case 'tapered': {
      const splay = Math.min(3, height * 0.12);
      return taperedLeg(slot, [sx * splay, 0.9, sz * splay], [0, height, 0], 1.1, 2.2);
    }
    case 'metal':
      return translate(cylinder(1.1, height, slot, 0.3), [0, height / 2, 0]);
    case 'block':
      return translate(box([6, height, 6], slot, 0.6), [0, height / 2, 0]);
    case 'hairpin':
      return union(
        capsule([sx * 1.5, 0.6, sz * 1.5], [-sx * 2.5, height, 0], 0.6, slot),
        capsule([sx * 1.5, 0.6, sz * 1.5], [0, height, -sz * 2.5], 0.6, slot),
      );
  }
}

/** A leg that narrows towards the floor: a cone from `bottom` to `top`. */
function taperedLeg(
  slot: MaterialSlot,
  bottom: readonly [number, number, number],
  top: readonly [number, number, number],
  rBottom: number,
  rTop: number,
): SdfNode {
  const dx = top[0] - bottom[0];
  const dy = top[1] - bottom[1];
  const dz = top[2] - bottom[2];
  const len = Math.hypot(dx, dy, dz);
  // Tilt an upright cone onto the leg's axis: first about z (x lean), then about x (z lean).
  const tiltZ = (-Math.atan2(dx, dy) * 180) / Math.PI;
  const tiltX = (Math.atan2(dz, Math.hypot(dx, dy)) * 180) / Math.PI;
  const upright = translate(cone(rBottom, rTop, len, slot), [0, len / 2, 0]);
  return translate(rotate(rotate(upright, 'z', tiltZ), 'x', tiltX), [
    bottom[0],
    bottom[1] - 0.9,
    bottom[2],
  ]);
}

export type HandleStyle = 'knob' | 'bar' | 'vertical-bar' | 'none';

/** A knob or bar pull on a front whose face is at z = `faceZ`; bars are `length` cm long. */
export function handle(
  style: HandleStyle,
  x: number,
  y: number,
  faceZ: number,
  length = 20,
): SdfNode {
  const half = length / 2;
  switch (style) {
    case 'knob':
      return translate(rotate(cylinder(1.4, 2.6, 'metal', 0.6), 'x', 90), [x, y, faceZ + 1.2]);
    case 'bar':
      return union(
        capsule([x - half, y, faceZ + 2.2], [x + half, y, faceZ + 2.2], 0.6, 'metal'),
        capsule([x - half, y, faceZ], [x - half, y, faceZ + 2.2], 0.45, 'metal'),
        capsule([x + half, y, faceZ], [x + half, y, faceZ + 2.2], 0.45, 'metal'),
      );
    case 'vertical-bar':
      return union(
        capsule([x, y - half, faceZ + 2.4], [x, y + half, faceZ + 2.4], 0.7, 'metal'),
        capsule([x, y - half, faceZ], [x, y - half, faceZ + 2.4], 0.5, 'metal'),
        capsule([x, y + half, faceZ], [x, y + half, faceZ + 2.4], 0.5, 'metal'),
      );
    case 'none':
      return union();
  }
}

/** A drawer or door front standing proud of a carcass face at z = `frontZ`, with its pull centred. */
export function frontPanel(
  width: number,
  height: number,
  centre: readonly [number, number],
  frontZ: number,
  pull: HandleStyle,
  slot: MaterialSlot = 'body',
): SdfNode {
  const [cx, cy] = centre;
  const panel = translate(box([width, height, 2], slot, 0.5), [cx, cy, frontZ + 0.6]);
  if (pull === 'none') return panel;
  return union(panel, handle(pull, cx, cy, frontZ + 1.6, Math.min(20, width * 0.4)));
}
