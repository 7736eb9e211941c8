/**
 * Object instances from the label map: connected regions per class, with a sofa's cushions and
 * pillows folded into the sofa they lie on and fragments of one object (split by a reflection or
 * a cushion) merged, each with its outer contour as a polygon.
 */
import type { Mask } from '../raster';
import { ADE, STRUCTURE_CLASSES, classLabel } from './ade20k';
import { traceContour } from '../geometry/outline';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SceneObject {
  /** Stable within a parse. */
  id: number;
  /** ADE20K id (see ade20k_classes.txt). */
  classId: number;
  /** Product word: 'Sofa', 'Lamp', 'Rug', 'Painting', … */
  label: string;
  box: Box;
  /** Outer contour, image pixels, clockwise on screen. */
  polygon: Array<{ x: number; y: number }>;
  /** Full resolution, 1 = object (built on first read). */
  mask: Mask;
  area: number;
}

/** Classes a cushion, pillow or blanket is part of when it touches them. */
const SEATS: ReadonlySet<number> = new Set([
  ADE.sofa,
  ADE.armchair,
  ADE.bed,
  ADE.chair,
  ADE.seat,
  ADE.ottoman,
  ADE.bench,
  ADE.swivelChair,
]);
const SEAT_PARTS: ReadonlySet<number> = new Set([ADE.cushion, ADE.pillow, ADE.blanket]);

/**
 * Connected components (4-connected) of equal labels: an id per pixel (from 1). With `include`,
 * only pixels whose label it accepts are labelled (the rest get 0), which is faster when few are.
 */
export function labelComponents(
  labels: Uint8Array,
  width: number,
  height: number,
  include?: ReadonlySet<number>,
): { ids: Int32Array; count: number } {
  const n = width * height;
  const ids = new Int32Array(n);
  const parent: number[] = [0];
  // The accepted labels as a table: a Set lookup per pixel is the slow part of a 2 MP pass.
  const accepted = new Uint8Array(256).fill(include ? 0 : 1);
  if (include) for (const l of include) accepted[l] = 1;
  const find = (a: number): number => {
    let r = a;
    while (parent[r] !== r) r = parent[r] ?? r;
    let c = a;
    while (parent[c] !== r) {
      const next = parent[c] ?? r;
      parent[c] = r;
      c = next;
    }
    return r;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const l = labels[i] ?? 0;
      if (!accepted[l]) continue;
      const left = x > 0 && labels[i - 1] === l ? (ids[i - 1] ?? 0) : 0;
      const up = y > 0 && labels[i - width] === l ? (ids[i - width] ?? 0) : 0;
      if (left === 0 && up === 0) {
        const id = parent.length;
        parent.push(id);
        ids[i] = id;
      } else if (left !== 0 && up !== 0) {
        const a = find(left);
        const b = find(up);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        ids[i] = Math.min(a, b);
      } else {
        ids[i] = left || up;
      }
    }
  }
  // Compact the roots to 1..count.
  const compact = new Int32Array(parent.length);
  let count = 0;
  for (let id = 1; id < parent.length; id++) {
    const r = find(id);
    if (r === id) compact[id] = ++count;
  }
  for (let i = 0; i < n; i++) {
    const id = ids[i] ?? 0;
    if (id !== 0) ids[i] = compact[find(id)] ?? 0;
  }
  return { ids, count };
}

interface Component {
  id: number;
  classId: number;
  area: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Instance it belongs to after merging. */
  owner: number;
}

/** Douglas–Peucker simplification of a closed contour, keeping points `tolerance` px off. */
export function simplifyPolygon(
  points: Array<{ x: number; y: number }>,
  tolerance: number,
): Array<{ x: number; y: number }> {
  if (points.length <= 4) return points;
  const keep = new Uint8Array(points.length);
  const stack: Array<[number, number]> = [];
  // Split the ring at the point farthest from the first.
  const first = points[0] as { x: number; y: number };
  let far = 0;
  let farD = -1;
  points.forEach((p, i) => {
    const d = (p.x - first.x) ** 2 + (p.y - first.y) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  });
  keep[0] = 1;
  keep[far] = 1;
  stack.push([0, far], [far, points.length]);
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const pa = points[a] as { x: number; y: number };
    const pb = points[b % points.length] as { x: number; y: number };
    const lx = pb.x - pa.x;
    const ly = pb.y - pa.y;
    const len = Math.hypot(lx, ly) || 1;
    let best = -1;
    let bestD = tolerance;
    for (let i = a + 1; i < b; i++) {
      const p = points[i] as { x: number; y: number };
      const d = Math.abs((p.x - pa.x) * ly - (p.y - pa.y) * lx) / len;
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * The objects of a label map. `minArea` drops specks (they stay in the labels). Order: largest
 * first; ids count from 1 in that order.
 */
export function findObjects(
  labels: Uint8Array,
  width: number,
  height: number,
  minArea = Math.max(64, Math.round(width * height * 0.0008)),
): SceneObject[] {
  const { ids, count } = labelComponents(labels, width, height);
  // Per component: class, area and box, in typed arrays (one pass over the pixels).
  const classOf = new Uint8Array(count + 1);
  const areaOf = new Int32Array(count + 1);
  const bx0 = new Int32Array(count + 1).fill(width);
  const by0 = new Int32Array(count + 1).fill(height);
  const bx1 = new Int32Array(count + 1).fill(-1);
  const by1 = new Int32Array(count + 1).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const c = ids[i] ?? 0;
      classOf[c] = labels[i] ?? 0;
      areaOf[c] = (areaOf[c] ?? 0) + 1;
      if (x < (bx0[c] ?? 0)) bx0[c] = x;
      if (x > (bx1[c] ?? 0)) bx1[c] = x;
      if (y < (by0[c] ?? 0)) by0[c] = y;
      if (y > (by1[c] ?? 0)) by1[c] = y;
    }
  }
  const comps: Component[] = [];
  for (let c = 0; c <= count; c++) {
    comps.push({
      id: c,
      classId: classOf[c] ?? 0,
      area: areaOf[c] ?? 0,
      x0: bx0[c] ?? width,
      y0: by0[c] ?? height,
      x1: bx1[c] ?? -1,
      y1: by1[c] ?? -1,
      owner: c,
    });
  }
  const isObject = (c: Component) => c.id > 0 && !STRUCTURE_CLASSES.has(c.classId);
  // Seat parts touching a seat: contact length per (part, seat) pair.
  const isPart = Uint8Array.from(comps, (c) => (SEAT_PARTS.has(c.classId) ? 1 : 0));
  const isSeat = Uint8Array.from(comps, (c) => (SEATS.has(c.classId) ? 1 : 0));
  const contact = new Map<number, Map<number, number>>();
  const note = (a: number, b: number) => {
    if (isPart[a] && isSeat[b]) {
      const m = contact.get(a) ?? new Map<number, number>();
      m.set(b, (m.get(b) ?? 0) + 1);
      contact.set(a, m);
    }
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = ids[i] ?? 0;
      if (x + 1 < width) {
        const b = ids[i + 1] ?? 0;
        if (a !== b) {
          note(a, b);
          note(b, a);
        }
      }
      if (y + 1 < height) {
        const b = ids[i + width] ?? 0;
        if (a !== b) {
          note(a, b);
          note(b, a);
        }
      }
    }
  }
  const ownerOf = (c: Component): Component => {
    let o = c;
    while (o.owner !== o.id) o = comps[o.owner] as Component;
    return o;
  };
  for (const [part, seats] of contact) {
    let best = -1;
    let bestLen = 0;
    for (const [seat, len] of seats) {
      if (len > bestLen && (comps[seat] as Component).area >= minArea) {
        best = seat;
        bestLen = len;
      }
    }
    if (best >= 0) (comps[part] as Component).owner = best;
  }
  // Fragments of one object: same class, the smaller's box mostly inside the larger's.
  const byClass = new Map<number, Component[]>();
  for (const c of comps) {
    if (!isObject(c) || c.owner !== c.id) continue;
    const list = byClass.get(c.classId) ?? [];
    list.push(c);
    byClass.set(c.classId, list);
  }
  const gap = Math.round(0.01 * Math.hypot(width, height));
  for (const list of byClass.values()) {
    list.sort((a, b) => b.area - a.area);
    for (let j = 1; j < list.length; j++) {
      const small = list[j] as Component;
      for (let i = 0; i < j; i++) {
        const big = ownerOf(list[i] as Component);
        if (big.id === small.id) continue;
        const ix = Math.min(small.x1, big.x1 + gap) - Math.max(small.x0, big.x0 - gap) + 1;
        const iy = Math.min(small.y1, big.y1 + gap) - Math.max(small.y0, big.y0 - gap) + 1;
        const smallBox = (small.x1 - small.x0 + 1) * (small.y1 - small.y0 + 1);
        if (ix > 0 && iy > 0 && ix * iy >= 0.5 * smallBox) {
          small.owner = big.id;
          break;
        }
      }
    }
  }
  // Gather instances.
  const instances = new Map<number, { root: Component; members: Component[] }>();
  for (const c of comps) {
    if (!isObject(c)) continue;
    const root = ownerOf(c);
    const entry = instances.get(root.id) ?? { root, members: [] };
    entry.members.push(c);
    instances.set(root.id, entry);
  }
  const objects: SceneObject[] = [];
  const sorted = [...instances.values()]
    .map(({ root, members }) => {
      let area = 0;
      let x0 = width;
      let y0 = height;
      let x1 = -1;
      let y1 = -1;
      for (const m of members) {
        area += m.area;
        x0 = Math.min(x0, m.x0);
        y0 = Math.min(y0, m.y0);
        x1 = Math.max(x1, m.x1);
        y1 = Math.max(y1, m.y1);
      }
      return { root, members: new Set(members.map((m) => m.id)), area, x0, y0, x1, y1 };
    })
    .filter((inst) => inst.area >= minArea)
    .sort((a, b) => b.area - a.area);
  sorted.forEach((inst, index) => {
    const { members, x0, y0, x1, y1, root } = inst;
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    // The instance inside its box, for the contour (largest member's ring).
    const local = new Uint8Array(bw * bh);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (members.has(ids[y * width + x] ?? 0)) local[(y - y0) * bw + (x - x0)] = 1;
      }
    }
    const biggest = [...members].reduce((a, b) =>
      (comps[a] as Component).area >= (comps[b] as Component).area ? a : b,
    );
    const big = comps[biggest] as Component;
    let sx = -1;
    let sy = -1;
    for (let y = big.y0; y <= big.y1 && sx < 0; y++) {
      for (let x = big.x0; x <= big.x1; x++) {
        if (ids[y * width + x] === biggest) {
          sx = x;
          sy = y;
          break;
        }
      }
    }
    const inside = (x: number, y: number) =>
      x >= x0 && x <= x1 && y >= y0 && y <= y1 && local[(y - y0) * bw + (x - x0)] === 1;
    const ring = traceContour(inside, sx, sy, 4 * (bw + bh) * 4);
    const polygon = simplifyPolygon(ring, 1.5);
    let mask: Mask | undefined;
    objects.push({
      id: index + 1,
      classId: root.classId,
      label: classLabel(root.classId),
      box: { x: x0, y: y0, width: bw, height: bh },
      polygon,
      area: inst.area,
      get mask(): Mask {
        if (!mask) {
          const data = new Uint8Array(width * height);
          for (let y = y0; y <= y1; y++) {
            data.set(local.subarray((y - y0) * bw, (y - y0 + 1) * bw), y * width + x0);
          }
          mask = { width, height, data };
        }
        return mask;
      },
    });
  });
  return objects;
}
