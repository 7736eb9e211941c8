/** Sofas, sectionals, armchairs, dining chairs and stools. */
import type { LegStyle } from './furniture-parts';
import { fourLegs } from './furniture-parts';
import { defineProduct } from './product-model';
import type { SdfNode } from './sdf';
import {
  box,
  capsule,
  cylinder,
  ellipsoid,
  pillow,
  rotate,
  subtract,
  torus,
  translate,
  union,
} from './sdf';
import type { Vec3 } from './vec';

export type ArmStyle = 'track' | 'rolled' | 'slope' | 'none';

export interface UpholsteredSeatParams {
  width: number;
  depth: number;
  height: number;
  seatHeight: number;
  armStyle: ArmStyle;
  legStyle: LegStyle;
  seatCushions: number;
  tufted: boolean;
  throwPillows: number;
  /** Chaise end of a sectional, and how far it reaches forward (cm, from the back). */
  chaise: 'none' | 'left' | 'right';
  chaiseDepth: number;
}

const CUSHION = 13;
const BACK = 18;

function arm(
  style: ArmStyle,
  height: number,
  depth: number,
  legTop: number,
  x: number,
  z: number,
): SdfNode {
  const w = 16;
  const h = height - legTop;
  switch (style) {
    case 'none':
      return union();
    case 'track':
      return translate(box([w, h, depth], 'body', 4), [x, legTop + h / 2, z]);
    case 'slope':
      return translate(box([w, h - 10, depth], 'body', 7), [x, legTop + (h - 10) / 2, z]);
    case 'rolled': {
      const rollR = w / 2 + 2;
      return union(
        translate(box([w - 2, h - rollR, depth], 'body', 3), [x, legTop + (h - rollR) / 2, z]),
        translate(rotate(cylinder(rollR, depth, 'body', 4), 'x', 90), [
          x + Math.sign(x) * 1,
          height - rollR,
          z,
        ]),
      );
    }
  }
}

/** A back cushion, stuffed: its faces crowned (2.5 cm proud of its edges), standing up. */
function backCushion(width: number, height: number, tufted: boolean): SdfNode {
  const cushion = rotate(pillow([width, 16, height], 'body', 11, 5.5), 'x', 90);
  if (!tufted) return cushion;
  const dimples: SdfNode[] = [];
  const cols = Math.max(2, Math.round(width / 22));
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < cols; c++) {
      const x = ((c + 0.5) / cols - 0.5) * width * 0.9;
      const y = (r === 0 ? 0.22 : -0.12) * height;
      dimples.push(translate(ellipsoid([2.4, 2.4, 2.4], 'body'), [x, y, 8.6]));
    }
  }
  // Cloth pulled in by each button: a soft dimple, not a drilled hole (docs/decisions/099).
  return subtract(cushion, union(...dimples), 4);
}

/** A seat cushion, its top and bottom crowned 1.5 cm over its boxed edges. */
function seatCushion(size: Vec3): SdfNode {
  return pillow(size, 'body', size[1] - 3, 5.5);
}

/** Shared builder: a base on legs, arms, a back, seat and back cushions, optional chaise end. */
export function buildUpholsteredSeat(p: UpholsteredSeatParams): SdfNode {
  const legH = p.legStyle === 'block' ? 7 : 13;
  const armW = p.armStyle === 'none' ? 0 : 16;
  const baseTop = p.seatHeight - CUSHION;
  const hasChaise = p.chaise !== 'none';
  const chaiseDepth = hasChaise ? Math.max(p.chaiseDepth, p.depth + 40) : p.depth;
  const chaiseSide = p.chaise === 'left' ? -1 : 1;
  const chaiseW = hasChaise ? Math.min(95, p.width * 0.38) : 0;
  const back = -p.depth / 2;
  const parts: SdfNode[] = [];

  // Base frame and back.
  parts.push(
    translate(box([p.width, baseTop - legH, p.depth], 'body', 3), [0, (legH + baseTop) / 2, 0]),
  );
  parts.push(
    translate(box([p.width, p.height - legH, BACK], 'body', 5), [
      0,
      (legH + p.height) / 2,
      back + BACK / 2,
    ]),
  );
  if (hasChaise) {
    const cx = chaiseSide * (p.width / 2 - chaiseW / 2);
    parts.push(
      translate(box([chaiseW, baseTop - legH, chaiseDepth], 'body', 3), [
        cx,
        (legH + baseTop) / 2,
        back + chaiseDepth / 2,
      ]),
    );
  }

  // Arms; the chaise side's arm runs its full depth.
  const armH = p.seatHeight + 20;
  for (const side of [-1, 1]) {
    const d = hasChaise && side === chaiseSide ? chaiseDepth : p.depth;
    parts.push(arm(p.armStyle, armH, d, legH, side * (p.width / 2 - armW / 2), back + d / 2));
  }

  // Seat cushions across the interior; a chaise gets one long cushion of its own.
  const inner = p.width - 2 * armW - 1;
  const cushionDepth = p.depth - BACK - 2;
  const cushionZ = back + BACK + cushionDepth / 2 + 1.5;
  const cushionY = baseTop + CUSHION / 2;
  const mainInner = hasChaise ? inner - chaiseW + armW : inner;
  const mainX0 = -inner / 2 + (hasChaise && chaiseSide < 0 ? inner - mainInner : 0);
  const n = Math.max(1, Math.round(p.seatCushions));
  const cw = mainInner / n;
  for (let i = 0; i < n; i++) {
    parts.push(
      translate(seatCushion([cw - 0.8, CUSHION + 3, cushionDepth]), [
        mainX0 + cw * (i + 0.5),
        cushionY,
        cushionZ,
      ]),
    );
  }
  if (hasChaise) {
    const w = inner - mainInner;
    const x = chaiseSide < 0 ? -inner / 2 + w / 2 : inner / 2 - w / 2;
    const d = chaiseDepth - BACK - 2;
    parts.push(
      translate(seatCushion([w - 0.8, CUSHION + 3, d]), [x, cushionY, back + BACK + d / 2 + 1.5]),
    );
  }

  // Back cushions lean back a little against the frame.
  const backH = p.height - p.seatHeight - 4;
  const nb = n === 1 ? 1 : Math.max(2, n);
  const bw = inner / nb;
  for (let i = 0; i < nb; i++) {
    const cushion = rotate(backCushion(bw - 1, backH, p.tufted), 'x', -11);
    parts.push(
      translate(cushion, [
        -inner / 2 + bw * (i + 0.5),
        p.seatHeight + backH / 2 + 1,
        back + BACK + 6,
      ]),
    );
  }

  // Throw pillows in the corners, in a contrasting fabric.
  const pillows = Math.min(2, Math.max(0, Math.round(p.throwPillows)));
  for (let i = 0; i < pillows; i++) {
    const side = i === 0 ? -1 : 1;
    const cushion = rotate(rotate(pillow([40, 14, 38], 'fabric2', 2), 'x', 74), 'z', side * -8);
    parts.push(translate(cushion, [side * (inner / 2 - 22), p.seatHeight + 20, back + BACK + 17]));
  }

  // Legs at the corners of the footprint (and under the chaise's front).
  parts.push(fourLegs(p.legStyle, p.width, p.depth, legH, 5));
  if (hasChaise) {
    const cx = chaiseSide * (p.width / 2 - chaiseW / 2);
    parts.push(
      translate(fourLegs(p.legStyle, chaiseW, 10, legH, 5), [cx, 0, back + chaiseDepth - 5]),
    );
  }
  const model = union(...parts);
  return hasChaise ? translate(model, [0, 0, -(chaiseDepth - p.depth) / 2]) : model;
}

const SOFA: UpholsteredSeatParams = {
  width: 212,
  depth: 92,
  height: 84,
  seatHeight: 45,
  armStyle: 'track',
  legStyle: 'tapered',
  seatCushions: 3,
  tufted: false,
  throwPillows: 2,
  chaise: 'none',
  chaiseDepth: 0,
};

export const sofaModel = defineProduct({
  label: 'Sofa',
  bodyFinish: 'fabric',
  grounded: true,
  defaults: SOFA,
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: buildUpholsteredSeat,
});

export const sectionalModel = defineProduct({
  label: 'Sectional',
  bodyFinish: 'fabric',
  grounded: true,
  defaults: {
    ...SOFA,
    width: 280,
    depth: 95,
    chaise: 'left',
    chaiseDepth: 165,
    legStyle: 'block',
  } satisfies UpholsteredSeatParams,
  fromDimensions: (d) => ({
    width: d.width,
    depth: Math.min(d.depth, 100),
    chaiseDepth: d.depth,
    height: d.height,
  }),
  build: buildUpholsteredSeat,
});

export const armchairModel = defineProduct({
  label: 'Armchair',
  bodyFinish: 'fabric',
  grounded: true,
  defaults: {
    ...SOFA,
    width: 86,
    depth: 86,
    height: 86,
    armStyle: 'rolled',
    seatCushions: 1,
    tufted: true,
    throwPillows: 0,
  } satisfies UpholsteredSeatParams,
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: buildUpholsteredSeat,
});

export interface DiningChairParams {
  width: number;
  depth: number;
  height: number;
  seatHeight: number;
  back: 'upholstered' | 'spindle';
  legStyle: 'tapered' | 'metal';
}

export const diningChairModel = defineProduct<DiningChairParams>({
  label: 'Dining chair',
  bodyFinish: 'fabric',
  grounded: true,
  defaults: {
    width: 46,
    depth: 52,
    height: 86,
    seatHeight: 47,
    back: 'upholstered',
    legStyle: 'tapered',
  },
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: (p: DiningChairParams): SdfNode => {
    const frame = p.legStyle === 'metal' ? 'metal' : 'wood';
    const r = p.legStyle === 'metal' ? 1.1 : 1.7;
    const frameY = p.seatHeight - 7;
    const parts: SdfNode[] = [
      translate(box([p.width, 6.5, p.depth - 2], 'body', 3), [0, p.seatHeight - 3.2, 1]),
      translate(box([p.width - 3, 4, p.depth - 5], frame, 0.8), [0, frameY, 1]),
    ];
    const x = p.width / 2 - 3;
    const zf = p.depth / 2 - 3;
    const zb = -p.depth / 2 + 3;
    for (const sx of [-1, 1]) {
      // Front legs splay slightly; back legs run up into the back posts and rake backwards.
      parts.push(capsule([sx * (x + 0.8), 0.9 * r, zf + 1], [sx * x, frameY, zf], r, frame));
      parts.push(capsule([sx * (x + 0.8), 0.9 * r, zb - 2.5], [sx * x, frameY, zb], r, frame));
      parts.push(capsule([sx * x, frameY, zb], [sx * x, p.height - 5, zb - 5.5], r * 0.9, frame));
    }
    const backY = p.height - 16;
    if (p.back === 'upholstered') {
      parts.push(
        translate(rotate(box([p.width - 2, 28, 5], 'body', 2.4), 'x', -10), [0, backY, zb - 4.5]),
      );
    } else {
      parts.push(
        translate(rotate(box([p.width - 2, 7, 2.4], frame, 1), 'x', -10), [
          0,
          p.height - 4,
          zb - 5.6,
        ]),
      );
      for (let i = -2; i <= 2; i++) {
        parts.push(
          capsule([i * 7, frameY + 2, zb - 0.5], [i * 7, p.height - 5, zb - 5.3], 0.8, frame),
        );
      }
    }
    return union(...parts);
  },
});

export interface StoolParams {
  seatHeight: number;
  seatDiameter: number;
  legStyle: 'wood' | 'metal';
  footRing: boolean;
}

export const stoolModel = defineProduct<StoolParams>({
  label: 'Stool',
  bodyFinish: 'fabric',
  grounded: true,
  defaults: { seatHeight: 66, seatDiameter: 38, legStyle: 'wood', footRing: true },
  fromDimensions: (d) => ({ seatHeight: d.height, seatDiameter: Math.min(d.width, d.depth) }),
  build: (p: StoolParams): SdfNode => {
    const slot = p.legStyle === 'metal' ? 'metal' : 'wood';
    const r = p.seatDiameter / 2;
    const legR = p.legStyle === 'metal' ? 1.1 : 1.8;
    const parts: SdfNode[] = [
      translate(cylinder(r, 6, 'body', 2.8), [0, p.seatHeight - 3, 0]),
      translate(cylinder(r - 3, 3, slot, 1), [0, p.seatHeight - 7, 0]),
    ];
    const ringY = p.seatHeight * 0.38;
    const spread = (y: number): number =>
      r * 0.62 + (r * 0.95 - r * 0.62) * (1 - y / (p.seatHeight - 7));
    for (let i = 0; i < 4; i++) {
      const a = (Math.PI / 2) * i + Math.PI / 4;
      const c = Math.cos(a);
      const s = Math.sin(a);
      const b = spread(0);
      const t = spread(p.seatHeight - 7);
      parts.push(capsule([c * b, legR, s * b], [c * t, p.seatHeight - 7, s * t], legR, slot));
    }
    if (p.footRing) parts.push(translate(torus(spread(ringY), 0.9, 'metal'), [0, ringY, 0]));
    return union(...parts);
  },
});
