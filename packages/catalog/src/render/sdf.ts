/**
 * Signed-distance scene graph: primitives carry a material slot, operators combine them, and
 * `compileSdf` turns the tree into plain closures with per-child bounding boxes so the ray
 * marcher can skip parts that are far from the sample point.
 */
import { valueNoise } from './surface-texture';
import type { Mat3, Vec3 } from './vec';
import {
  IDENTITY3,
  mulMat3,
  mulMat3Vec3,
  normalize,
  rotationX,
  rotationY,
  rotationZ,
  transpose3,
} from './vec';

/** Material slots; only `body` changes between a product's colour variants. */
export const MATERIAL_SLOTS = [
  'body',
  'wood',
  'metal',
  'accent',
  'fabric2',
  'leaf',
  'mirror',
  'ceramic',
  'soil',
  'glow',
  'ink',
  'linen',
] as const;
export type MaterialSlot = (typeof MATERIAL_SLOTS)[number];

export function slotIndex(slot: MaterialSlot): number {
  return MATERIAL_SLOTS.indexOf(slot);
}

export type SdfNode =
  | { kind: 'box'; half: Vec3; radius: number; slot: MaterialSlot }
  | { kind: 'capsule'; a: Vec3; b: Vec3; radius: number; slot: MaterialSlot }
  | { kind: 'cylinder'; radius: number; halfHeight: number; rounding: number; slot: MaterialSlot }
  | { kind: 'torus'; major: number; minor: number; slot: MaterialSlot }
  | { kind: 'ellipsoid'; radii: Vec3; slot: MaterialSlot }
  | { kind: 'pillow'; half: Vec3; rim: number; radius: number; slot: MaterialSlot }
  | {
      kind: 'cone';
      halfHeight: number;
      bottomRadius: number;
      topRadius: number;
      slot: MaterialSlot;
    }
  | { kind: 'union'; children: readonly SdfNode[] }
  | { kind: 'smoothUnion'; children: readonly SdfNode[]; k: number }
  | { kind: 'subtract'; base: SdfNode; cut: SdfNode; k: number }
  | { kind: 'shell'; child: SdfNode; thickness: number }
  | { kind: 'folds'; child: SdfNode; amplitude: number; hangFrom: number; seed: number }
  | { kind: 'transform'; child: SdfNode; rotation: Mat3; translation: Vec3 }
  | { kind: 'repeat'; child: SdfNode; axis: 0 | 1 | 2; spacing: number; count: number };

// Constructors take full sizes in cm and build the shape centred on the origin.

export function box(size: Vec3, slot: MaterialSlot, radius = 0): SdfNode {
  const half: Vec3 = [size[0] / 2, size[1] / 2, size[2] / 2];
  const r = Math.min(radius, half[0], half[1], half[2]);
  return { kind: 'box', half, radius: r, slot };
}

export function capsule(a: Vec3, b: Vec3, radius: number, slot: MaterialSlot): SdfNode {
  return { kind: 'capsule', a, b, radius, slot };
}

/** Upright cylinder (axis y) of the given height; `rounding` rounds its rims. */
export function cylinder(
  radius: number,
  height: number,
  slot: MaterialSlot,
  rounding = 0,
): SdfNode {
  const r = Math.min(rounding, radius, height / 2);
  return { kind: 'cylinder', radius, halfHeight: height / 2, rounding: r, slot };
}

/** Ring lying in the xz plane. */
export function torus(major: number, minor: number, slot: MaterialSlot): SdfNode {
  return { kind: 'torus', major, minor, slot };
}

export function ellipsoid(radii: Vec3, slot: MaterialSlot): SdfNode {
  return { kind: 'ellipsoid', radii, slot };
}

/** Upright capped cone (axis y), bottom radius at −height/2. */
export function cone(
  bottomRadius: number,
  topRadius: number,
  height: number,
  slot: MaterialSlot,
): SdfNode {
  return { kind: 'cone', halfHeight: height / 2, bottomRadius, topRadius, slot };
}

/**
 * A stuffed pillow or cushion lying in the xz plane, `size` its outline and its thickness at the
 * middle: full in the centre and thinning to `rim` cm thick at its outline (a pillow's sewn edge,
 * or a seat cushion's boxing), so its faces are crowned and catch the light as a soft dome rather
 * than a brick's flat face; `radius` rounds its edges (at most half the rim).
 */
export function pillow(size: Vec3, slot: MaterialSlot, rim = 2, radius = rim / 2): SdfNode {
  const half: Vec3 = [size[0] / 2, size[1] / 2, size[2] / 2];
  const r = Math.min(radius, rim / 2, half[0] / 4, half[2] / 4);
  return { kind: 'pillow', half, rim: Math.min(rim, size[1]) / 2, radius: r, slot };
}

/**
 * Cloth laid over `child` (its own coordinates, cm): soft creases over the parts above
 * `hangFrom` (y), and below it folds that hang straight down, deepen towards the hem and flare
 * it out, as a duvet or a throw falls over a bed's edge. `amplitude` is the folds' depth; `seed`
 * moves them so two beds do not crease alike.
 */
export function folds(child: SdfNode, amplitude: number, hangFrom: number, seed = 0): SdfNode {
  return { kind: 'folds', child, amplitude, hangFrom, seed };
}

export function union(...children: SdfNode[]): SdfNode {
  return { kind: 'union', children };
}

export function smoothUnion(k: number, ...children: SdfNode[]): SdfNode {
  return { kind: 'smoothUnion', children, k };
}

/**
 * `base` less `cut`. With `k` > 0 (cm) the cut's edge is blended over about k, as cloth is pulled
 * into a button: a soft dimple rather than a drilled hole (polynomial smooth maximum).
 */
export function subtract(base: SdfNode, cut: SdfNode, k = 0): SdfNode {
  return { kind: 'subtract', base, cut, k };
}

/** Hollows a solid into a skin of the given thickness (centred on the old surface). */
export function shell(child: SdfNode, thickness: number): SdfNode {
  return { kind: 'shell', child, thickness: thickness / 2 };
}

export function translate(child: SdfNode, offset: Vec3): SdfNode {
  if (child.kind === 'transform') {
    const t = child.translation;
    return { ...child, translation: [t[0] + offset[0], t[1] + offset[1], t[2] + offset[2]] };
  }
  return { kind: 'transform', child, rotation: IDENTITY3, translation: offset };
}

/** Rotates about the origin (degrees, right-handed). */
export function rotate(child: SdfNode, axis: 'x' | 'y' | 'z', deg: number): SdfNode {
  const r = axis === 'x' ? rotationX(deg) : axis === 'y' ? rotationY(deg) : rotationZ(deg);
  if (child.kind === 'transform') {
    return {
      kind: 'transform',
      child: child.child,
      rotation: mulMat3(r, child.rotation),
      translation: mulMat3Vec3(r, child.translation),
    };
  }
  return { kind: 'transform', child, rotation: r, translation: [0, 0, 0] };
}

/** `count` copies of `child` spaced along an axis, centred on the origin. */
export function repeat(
  child: SdfNode,
  axis: 'x' | 'y' | 'z',
  spacing: number,
  count: number,
): SdfNode {
  const a = axis === 'x' ? 0 : axis === 'y' ? 1 : 2;
  return { kind: 'repeat', child, axis: a, spacing, count };
}

export interface Aabb {
  min: Vec3;
  max: Vec3;
}

export type DistanceFn = (x: number, y: number, z: number) => number;

/**
 * One primitive of a compiled scene as the shader needs it for surface texture: its slot, the
 * affine map from world to its own coordinates (`local = toLocal · p + offset`; rotations only, so
 * lengths are kept), the direction its grain runs (its longest axis, local) and, for a box, its
 * half size and rounding (where its seams are).
 */
export interface SurfacePart {
  slot: number;
  toLocal: Mat3;
  offset: Vec3;
  grain: Vec3;
  half: Vec3 | null;
  rounding: number;
}

export interface CompiledSdf {
  /** Signed distance (cm); afterwards `lastSlot()` names the slot of the nearest surface. */
  distance: DistanceFn;
  lastSlot: () => number;
  /** The primitive (index into `parts`) of the nearest surface after `distance`. */
  lastPart: () => number;
  parts: readonly SurfacePart[];
  bounds: Aabb;
}

/** The world-to-local map of the node being compiled: `local = m · p + c`. */
interface Frame {
  m: Mat3;
  c: Vec3;
}

/**
 * `slot` holds the nearest primitive's index into `parts` (not its material slot: the table maps
 * one to the other, so tracking the primitive costs the distance function nothing more).
 */
interface State {
  slot: number;
  parts: SurfacePart[];
}

/** Registers a primitive under the current frame and returns its id. */
function addPart(
  st: State,
  frame: Frame,
  slot: MaterialSlot,
  grain: Vec3,
  half: Vec3 | null = null,
  rounding = 0,
): number {
  st.parts.push({
    slot: slotIndex(slot),
    toLocal: frame.m,
    offset: frame.c,
    grain,
    half,
    rounding,
  });
  return st.parts.length - 1;
}

/** Unit vector along the longest of three extents. */
function longestAxis(e: Vec3): Vec3 {
  return e[0] >= e[1] && e[0] >= e[2] ? [1, 0, 0] : e[1] >= e[2] ? [0, 1, 0] : [0, 0, 1];
}

interface Compiled {
  f: DistanceFn;
  bounds: Aabb;
}

function expand(b: Aabb, by: number): Aabb {
  return {
    min: [b.min[0] - by, b.min[1] - by, b.min[2] - by],
    max: [b.max[0] + by, b.max[1] + by, b.max[2] + by],
  };
}

function mergeBounds(list: readonly Aabb[]): Aabb {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const b of list) {
    for (let i = 0; i < 3; i++) {
      min[i] = Math.min(min[i] ?? 0, b.min[i] ?? 0);
      max[i] = Math.max(max[i] ?? 0, b.max[i] ?? 0);
    }
  }
  return { min: min as unknown as Vec3, max: max as unknown as Vec3 };
}

function transformBounds(b: Aabb, r: Mat3, t: Vec3): Aabb {
  const corners: Aabb[] = [];
  for (let i = 0; i < 8; i++) {
    const p: Vec3 = [
      i & 1 ? b.max[0] : b.min[0],
      i & 2 ? b.max[1] : b.min[1],
      i & 4 ? b.max[2] : b.min[2],
    ];
    const q = mulMat3Vec3(r, p);
    const w: Vec3 = [q[0] + t[0], q[1] + t[1], q[2] + t[2]];
    corners.push({ min: w, max: w });
  }
  return mergeBounds(corners);
}

function symmetric(x: number, y: number, z: number): Aabb {
  return { min: [-x, -y, -z], max: [x, y, z] };
}

function compileNode(node: SdfNode, st: State, frame: Frame): Compiled {
  switch (node.kind) {
    case 'box': {
      const id = addPart(st, frame, node.slot, longestAxis(node.half), node.half, node.radius);
      const r = node.radius;
      const hx = node.half[0] - r;
      const hy = node.half[1] - r;
      const hz = node.half[2] - r;
      return {
        bounds: symmetric(node.half[0], node.half[1], node.half[2]),
        f: (x, y, z) => {
          st.slot = id;
          const qx = Math.abs(x) - hx;
          const qy = Math.abs(y) - hy;
          const qz = Math.abs(z) - hz;
          const ox = qx > 0 ? qx : 0;
          const oy = qy > 0 ? qy : 0;
          const oz = qz > 0 ? qz : 0;
          const inside = Math.min(Math.max(qx, qy, qz), 0);
          return Math.sqrt(ox * ox + oy * oy + oz * oz) + inside - r;
        },
      };
    }
    case 'capsule': {
      const [ax, ay, az] = node.a;
      const bax = node.b[0] - ax;
      const bay = node.b[1] - ay;
      const baz = node.b[2] - az;
      const bb = bax * bax + bay * bay + baz * baz || 1;
      const id = addPart(st, frame, node.slot, normalize([bax, bay, baz]));
      const r = node.radius;
      return {
        bounds: expand(
          mergeBounds([
            { min: node.a, max: node.a },
            { min: node.b, max: node.b },
          ]),
          r,
        ),
        f: (x, y, z) => {
          st.slot = id;
          const px = x - ax;
          const py = y - ay;
          const pz = z - az;
          let h = (px * bax + py * bay + pz * baz) / bb;
          h = h < 0 ? 0 : h > 1 ? 1 : h;
          const dx = px - bax * h;
          const dy = py - bay * h;
          const dz = pz - baz * h;
          return Math.sqrt(dx * dx + dy * dy + dz * dz) - r;
        },
      };
    }
    case 'cylinder': {
      const id = addPart(st, frame, node.slot, [0, 1, 0]);
      const rr = node.rounding;
      const rad = node.radius - rr;
      const hh = node.halfHeight - rr;
      return {
        bounds: symmetric(node.radius, node.halfHeight, node.radius),
        f: (x, y, z) => {
          st.slot = id;
          const dx = Math.sqrt(x * x + z * z) - rad;
          const dy = Math.abs(y) - hh;
          const ox = dx > 0 ? dx : 0;
          const oy = dy > 0 ? dy : 0;
          return Math.min(Math.max(dx, dy), 0) + Math.sqrt(ox * ox + oy * oy) - rr;
        },
      };
    }
    case 'torus': {
      const id = addPart(st, frame, node.slot, [0, 1, 0]);
      const { major, minor } = node;
      return {
        bounds: symmetric(major + minor, minor, major + minor),
        f: (x, y, z) => {
          st.slot = id;
          const qx = Math.sqrt(x * x + z * z) - major;
          return Math.sqrt(qx * qx + y * y) - minor;
        },
      };
    }
    case 'ellipsoid': {
      const id = addPart(st, frame, node.slot, longestAxis(node.radii));
      const [rx, ry, rz] = node.radii;
      const minR = Math.min(rx, ry, rz);
      return {
        bounds: symmetric(rx, ry, rz),
        f: (x, y, z) => {
          st.slot = id;
          const ax = x / rx;
          const ay = y / ry;
          const az = z / rz;
          const k0 = Math.sqrt(ax * ax + ay * ay + az * az);
          const bx = ax / rx;
          const by = ay / ry;
          const bz = az / rz;
          const k1 = Math.sqrt(bx * bx + by * by + bz * bz);
          // Near the centre the bound degenerates; fall back to a conservative sphere estimate.
          if (k1 < 1e-9) return -minR;
          return (k0 * (k0 - 1)) / k1;
        },
      };
    }
    case 'pillow':
      // A boxed cushion (a little crowned) keeps its sewn seams; a pillow's seam is its thin rim.
      return compilePillow(
        node,
        addPart(
          st,
          frame,
          node.slot,
          longestAxis(node.half),
          node.half[1] - node.rim <= 2 ? node.half : null,
          node.radius,
        ),
        st,
      );
    case 'folds':
      return compileFolds(node, compileNode(node.child, st, frame));
    case 'cone': {
      const id = addPart(st, frame, node.slot, [0, 1, 0]);
      const h = node.halfHeight;
      const r1 = node.bottomRadius;
      const r2 = node.topRadius;
      const k2x = r2 - r1;
      const k2y = 2 * h;
      const k2dot = k2x * k2x + k2y * k2y;
      const rmax = Math.max(r1, r2);
      return {
        bounds: symmetric(rmax, h, rmax),
        f: (x, y, z) => {
          st.slot = id;
          const qx = Math.sqrt(x * x + z * z);
          const qy = y;
          const cax = qx - Math.min(qx, qy < 0 ? r1 : r2);
          const cay = Math.abs(qy) - h;
          let s = ((r2 - qx) * k2x + (h - qy) * k2y) / k2dot;
          s = s < 0 ? 0 : s > 1 ? 1 : s;
          const cbx = qx - r2 + k2x * s;
          const cby = qy - h + k2y * s;
          const sign = cbx < 0 && cay < 0 ? -1 : 1;
          return sign * Math.sqrt(Math.min(cax * cax + cay * cay, cbx * cbx + cby * cby));
        },
      };
    }
    case 'union':
      return compileUnion(node.children, st, frame, 0);
    case 'smoothUnion':
      return compileUnion(node.children, st, frame, node.k);
    case 'subtract': {
      const base = compileNode(node.base, st, frame);
      const cut = compileNode(node.cut, st, frame);
      const bf = base.f;
      const cf = cut.f;
      const k = node.k;
      if (k > 0)
        return {
          bounds: base.bounds,
          f: (x, y, z) => {
            const c = -cf(x, y, z);
            const b = bf(x, y, z);
            const h = Math.min(1, Math.max(0, 0.5 - (0.5 * (b - c)) / k));
            return b + (c - b) * h + k * h * (1 - h);
          },
        };
      return {
        bounds: base.bounds,
        f: (x, y, z) => {
          const c = -cf(x, y, z);
          const b = bf(x, y, z); // evaluated last so the base's slot wins
          return b > c ? b : c;
        },
      };
    }
    case 'shell': {
      const inner = compileNode(node.child, st, frame);
      const f = inner.f;
      const t = node.thickness;
      return { bounds: expand(inner.bounds, t), f: (x, y, z) => Math.abs(f(x, y, z)) - t };
    }
    case 'transform': {
      const inv = transpose3(node.rotation);
      // child = Rᵀ(parent − T), parent = m·p + c  ⇒  child = Rᵀm·p + Rᵀ(c − T).
      const shifted = mulMat3Vec3(inv, [
        frame.c[0] - node.translation[0],
        frame.c[1] - node.translation[1],
        frame.c[2] - node.translation[2],
      ]);
      const inner = compileNode(node.child, st, { m: mulMat3(inv, frame.m), c: shifted });
      const f = inner.f;
      const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = inv;
      const [tx, ty, tz] = node.translation;
      const isPureTranslation = node.rotation.every((v, i) => v === IDENTITY3[i]);
      return {
        bounds: transformBounds(inner.bounds, node.rotation, node.translation),
        f: isPureTranslation
          ? (x, y, z) => f(x - tx, y - ty, z - tz)
          : (x, y, z) => {
              const px = x - tx;
              const py = y - ty;
              const pz = z - tz;
              return f(
                m0 * px + m1 * py + m2 * pz,
                m3 * px + m4 * py + m5 * pz,
                m6 * px + m7 * py + m8 * pz,
              );
            },
      };
    }
    case 'repeat': {
      // Texture coordinates are not folded: each copy shows its own stretch of grain. A box's
      // seams need its own (folded) coordinates, so repeated boxes have none.
      const first = st.parts.length;
      const inner = compileNode(node.child, st, frame);
      for (let i = first; i < st.parts.length; i++) {
        const part = st.parts[i];
        if (part) st.parts[i] = { ...part, half: null };
      }
      const f = inner.f;
      const { axis, spacing, count } = node;
      const mid = (count - 1) / 2;
      const reach = mid * spacing;
      const ext = (i: number): number => (axis === i ? reach : 0);
      const fold = (c: number): number => {
        let i = Math.round(c / spacing + mid);
        i = i < 0 ? 0 : i > count - 1 ? count - 1 : i;
        return c - (i - mid) * spacing;
      };
      return {
        bounds: {
          min: [
            inner.bounds.min[0] - ext(0),
            inner.bounds.min[1] - ext(1),
            inner.bounds.min[2] - ext(2),
          ],
          max: [
            inner.bounds.max[0] + ext(0),
            inner.bounds.max[1] + ext(1),
            inner.bounds.max[2] + ext(2),
          ],
        },
        f:
          axis === 0
            ? (x, y, z) => f(fold(x), y, z)
            : axis === 1
              ? (x, y, z) => f(x, fold(y), z)
              : (x, y, z) => f(x, y, fold(z)),
      };
    }
  }
}

/**
 * The pillow's half thickness over its outline falls from `hy` at the centre to `rim` at the edge
 * as (1 − u³)(1 − v³) of the distances u, v across it (0 centre, 1 edge): a full dome that flattens
 * only near the seam. Its slope is at most 3(hy − rim)/half-width, so the distance is scaled by
 * the Lipschitz bound to stay safe for sphere tracing.
 */
function compilePillow(
  node: Extract<SdfNode, { kind: 'pillow' }>,
  id: number,
  st: State,
): Compiled {
  const [hx, hy, hz] = node.half;
  const { rim, radius: round } = node;
  const ix = hx - round;
  const iz = hz - round;
  const rise = Math.max(0, hy - rim);
  const slope = 3 * rise * Math.max(1 / hx, 1 / hz);
  const scale = 1 / Math.sqrt(1 + slope * slope);
  return {
    bounds: symmetric(hx, hy, hz),
    f: (x, y, z) => {
      st.slot = id;
      const u = Math.min(1, Math.abs(x) / hx);
      const v = Math.min(1, Math.abs(z) / hz);
      const thick = rim - round + rise * (1 - u * u * u) * (1 - v * v * v);
      const qx = Math.abs(x) - ix;
      const qy = Math.abs(y) - Math.max(0, thick);
      const qz = Math.abs(z) - iz;
      const ox = qx > 0 ? qx : 0;
      const oy = qy > 0 ? qy : 0;
      const oz = qz > 0 ? qz : 0;
      const inside = Math.min(Math.max(qx, qy, qz), 0);
      return (Math.sqrt(ox * ox + oy * oy + oz * oz) + inside - round) * scale;
    },
  };
}

/** Smooth ridged noise in [0, 1]: 0 along narrow valleys (a crease), rounded between them. */
function crease(n: number): number {
  return Math.sqrt(n * n + 0.01) - 0.1;
}

/**
 * Cloth folds as a displacement of the child's distance (positive pushes the surface in). On
 * top, creases: ridged value noise stretched two ways, narrow valleys between soft rolls, as a
 * duvet lies. Below `hangFrom`, folds running down (a wave along x + z, so along every side of a
 * box, its phase wandering), deeper and flared out towards the hem. The displacement's slope
 * bounds how far the distance may be trusted, so it is scaled by 1 / (1 + slope); the child's
 * distance less the folds' reach is a safe bound too, and the better one away from the cloth.
 */
function compileFolds(node: Extract<SdfNode, { kind: 'folds' }>, inner: Compiled): Compiled {
  const { amplitude: a, hangFrom, seed } = node;
  const f = inner.f;
  const top = 0.9 * a;
  const hang = a;
  const drop = 18;
  const wave = 21;
  // Value noise changes by at most 3 a unit; t = x + z by √2 a cm. Where creases and hanging
  // folds overlap their weights sum to at most 1, so the larger slope of the two bounds both;
  // their weights and the flare change down y.
  const creaseSlope =
    top * 3 * (0.6 * Math.hypot(1 / 26, 1 / 9) + 0.4 * Math.hypot(2 / 11, 1 / 30));
  const waveSlope =
    hang *
    Math.SQRT2 *
    ((0.32 * 2 * Math.PI) / wave +
      (0.18 * 2 * Math.PI) / (0.47 * wave) +
      ((0.32 + 0.18 * 1.7) * 2.5 * 3) / 45 +
      (0.4 * 3) / 23);
  const slope = Math.max(creaseSlope, waveSlope) + (hang + 0.4 * a + 3 * top) / drop;
  const scale = 1 / (1 + slope);
  const reach = 1.5 * a;
  const o = seed * 37.1;
  const displacement = (x: number, y: number, z: number): number => {
    const below = hangFrom - y;
    const s = below <= 0 ? 0 : below >= drop ? 1 : below / drop;
    const onTop = 1 - Math.min(1, s * 3);
    let d = 0;
    if (onTop > 0) {
      const c1 = crease(valueNoise(x / 26 + o, 3.1, z / 9));
      const c2 = crease(valueNoise((x + z) / 11, 7.7 + o, (x - z) / 30));
      d -= top * onTop * (0.6 * c1 + 0.4 * c2);
    }
    if (s > 0) {
      const t = x + z;
      // Two waves out of step, their phase and depth wandering: folds of uneven width and depth.
      const phase = 2.5 * valueNoise(t / 45 + o, 1.3, 0);
      const depth = 0.6 + 0.4 * valueNoise(t / 23, 5.9 + o, 0);
      const wide = Math.sin((2 * Math.PI * t) / wave + phase);
      const narrow = Math.sin((2 * Math.PI * t) / (wave * 0.47) - 1.7 * phase);
      d -= hang * s * depth * (0.5 + 0.32 * wide + 0.18 * narrow);
      // The hem flares: the cloth stands off the box more the lower it hangs.
      d -= 0.4 * a * s;
    }
    return d;
  };
  // Both bounds hold everywhere, so the larger is used; past `far` it is always the plain one.
  const far = (reach * (1 + scale)) / (1 - scale);
  return {
    bounds: expand(inner.bounds, reach),
    f: (x, y, z) => {
      const d = f(x, y, z);
      if (d > far) return d - reach;
      const near = (d + displacement(x, y, z)) * scale;
      return near > d - reach ? near : d - reach;
    },
  };
}

interface UnionChild {
  f: DistanceFn;
  x0: number;
  y0: number;
  z0: number;
  x1: number;
  y1: number;
  z1: number;
}

/** Union (k = 0) or polynomial smooth union; children whose box is farther than the best hit are skipped. */
function compileUnion(nodes: readonly SdfNode[], st: State, frame: Frame, k: number): Compiled {
  const compiled = nodes.map((n) => compileNode(n, st, frame));
  if (k === 0 && compiled.length > MAX_FLAT_UNION) return unionTree(compiled, st);
  return unionOf(compiled, st, k);
}

const MAX_FLAT_UNION = 16;

/**
 * Splits a large union into a binary tree by the children's centres along the longest axis, so a
 * sample point only scans the few children near it (bookshelves, plants: dozens of parts).
 */
function unionTree(items: Compiled[], st: State): Compiled {
  if (items.length <= MAX_FLAT_UNION) return unionOf(items, st, 0);
  const b = mergeBounds(items.map((c) => c.bounds));
  const extent = [b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]];
  const axis = extent.indexOf(Math.max(...extent));
  const centre = (c: Compiled): number =>
    ((c.bounds.min[axis] ?? 0) + (c.bounds.max[axis] ?? 0)) / 2;
  const sorted = [...items].sort((p, q) => centre(p) - centre(q));
  const half = Math.ceil(sorted.length / 2);
  return pairUnion(unionTree(sorted.slice(0, half), st), unionTree(sorted.slice(half), st), st);
}

/** Union of two subtrees that visits the nearer box first and skips the other when it can. */
function pairUnion(a: Compiled, b: Compiled, st: State): Compiled {
  const [ax0, ay0, az0] = a.bounds.min;
  const [ax1, ay1, az1] = a.bounds.max;
  const [bx0, by0, bz0] = b.bounds.min;
  const [bx1, by1, bz1] = b.bounds.max;
  const fa = a.f;
  const fb = b.f;
  return {
    bounds: mergeBounds([a.bounds, b.bounds]),
    f: (x, y, z) => {
      let dx = x < ax0 ? ax0 - x : x > ax1 ? x - ax1 : 0;
      let dy = y < ay0 ? ay0 - y : y > ay1 ? y - ay1 : 0;
      let dz = z < az0 ? az0 - z : z > az1 ? z - az1 : 0;
      const la = dx * dx + dy * dy + dz * dz;
      dx = x < bx0 ? bx0 - x : x > bx1 ? x - bx1 : 0;
      dy = y < by0 ? by0 - y : y > by1 ? y - by1 : 0;
      dz = z < bz0 ? bz0 - z : z > bz1 ? z - bz1 : 0;
      const lb = dx * dx + dy * dy + dz * dz;
      const first = la <= lb ? fa : fb;
      const second = la <= lb ? fb : fa;
      const d1 = first(x, y, z);
      const slot1 = st.slot;
      if (Math.max(la, lb) >= d1 * d1 && d1 >= 0) {
        st.slot = slot1;
        return d1;
      }
      const d2 = second(x, y, z);
      if (d2 < d1) return d2;
      st.slot = slot1;
      return d1;
    },
  };
}

function unionOf(compiled: readonly Compiled[], st: State, k: number): Compiled {
  const children: UnionChild[] = compiled.map((c) => ({
    f: c.f,
    x0: c.bounds.min[0],
    y0: c.bounds.min[1],
    z0: c.bounds.min[2],
    x1: c.bounds.max[0],
    y1: c.bounds.max[1],
    z1: c.bounds.max[2],
  }));
  const bounds = expand(mergeBounds(compiled.map((c) => c.bounds)), k / 4);
  if (k === 0) {
    return {
      bounds,
      f: (x, y, z) => {
        let best = Infinity;
        let slot = 0;
        for (const c of children) {
          const dx = x < c.x0 ? c.x0 - x : x > c.x1 ? x - c.x1 : 0;
          const dy = y < c.y0 ? c.y0 - y : y > c.y1 ? y - c.y1 : 0;
          const dz = z < c.z0 ? c.z0 - z : z > c.z1 ? z - c.z1 : 0;
          if (dx * dx + dy * dy + dz * dz >= best * best) continue;
          const d = c.f(x, y, z);
          if (d < best) {
            best = d;
            slot = st.slot;
          }
        }
        st.slot = slot;
        return best;
      },
    };
  }
  return {
    bounds,
    f: (x, y, z) => {
      let acc = Infinity;
      let nearest = Infinity;
      let slot = 0;
      for (const c of children) {
        const dx = x < c.x0 ? c.x0 - x : x > c.x1 ? x - c.x1 : 0;
        const dy = y < c.y0 ? c.y0 - y : y > c.y1 ? y - c.y1 : 0;
        const dz = z < c.z0 ? c.z0 - z : z > c.z1 ? z - c.z1 : 0;
        const lb = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (lb >= acc + k) continue;
        const d = c.f(x, y, z);
        if (d < nearest) {
          nearest = d;
          slot = st.slot;
        }
        if (acc === Infinity) acc = d;
        else {
          const h = Math.max(k - Math.abs(acc - d), 0) / k;
          acc = Math.min(acc, d) - h * h * k * 0.25;
        }
      }
      st.slot = slot;
      return acc;
    },
  };
}

export function compileSdf(root: SdfNode): CompiledSdf {
  const st: State = { slot: 0, parts: [] };
  const c = compileNode(root, st, { m: IDENTITY3, c: [0, 0, 0] });
  const slots = Int32Array.from(st.parts, (p) => p.slot);
  return {
    distance: c.f,
    lastSlot: () => slots[st.slot] ?? 0,
    lastPart: () => st.slot,
    parts: st.parts,
    bounds: c.bounds,
  };
}
