/**
 * Two floors around a hole (issue 10/11): a rug lying on a wood floor. The parse calls most rugs
 * floor, so around a removed sofa that stood on both, the floor ring is told apart into two
 * materials by colour and texture (two-means on a grid of small cells), the straight edges
 * between them are found (RANSAC on the cells where the two meet), and those edges are carried
 * across the hole: a rug is convex in the photo (a rectangle in perspective), so the hole's
 * floor is rug on the rug's side of every edge and floor elsewhere.
 */
import { rgbToLab } from '../colour';
import type { Raster } from '../raster';

/** Cells the ring is cut into are about this share of the hole's size, and 3–12 px. */
const CELL_SHARE = 1 / 50;
/**
 * The two materials' means lie at least this many pooled standard deviations apart in a, b or
 * texture. The light across one rug differs in lightness only (living-room-neutral-sofa's lit
 * and shaded rug: 0.9, 1.2, 0.8); a cream rug on oak differs in b by 2.2 (living-room-plants-bright).
 */
const MIN_SEPARATION = 1.5;
/**
 * …and by at least this much in (a, b): a dark floor's light and shade part by a Fisher ratio of
 * 2.3 in a but 1.9 in (a, b) (kitchen-dining-1 under its radiator); oak and a cream rug by 21.
 */
const MIN_CHROMA_GAP = 8;
/** …or by this much in texture (standard deviation of L, 0–100 scale): a rug on smooth tile. */
const MIN_TEXTURE_GAP = 3;
/** The smaller material holds at least this share of the ring's cells. */
const MIN_MINOR_SHARE = 0.08;
/** Cells agreeing with their four neighbours' material, at least this share: two regions, not noise. */
const MIN_COHERENCE = 0.8;
/** An edge is carried by at least this many meeting cells… */
const MIN_EDGE_CELLS = 8;
/** …within this many cells of its line… */
const EDGE_TOLERANCE = 1.2;
/** …and spans at least this many cells. */
const MIN_EDGE_SPAN = 6;
/** At most this many edges (a rug's corner shows two, a narrow rug three). */
const MAX_EDGES = 3;
/** An edge's two materials reach at least this many cells out on either side at most of its cells. */
const MIN_EDGE_DEPTH = 3;
/** RANSAC draws per edge. */
const RANSAC_DRAWS = 300;

/** A straight edge between the two materials: n·p = c, the inner material where n·p > c. */
export interface GroundEdge {
  nx: number;
  ny: number;
  c: number;
}

/** The floor ring split into two materials, and the edges that carry the split across a hole. */
export interface GroundSplit {
  /** Per image pixel: 1 inner material (the rug), 2 outer (the floor), 0 not judged. */
  material: Uint8Array;
  /** The inner material's straight edges (empty when none was found). */
  edges: GroundEdge[];
  /** The window around the hole the split was judged in (image pixels, inclusive). */
  window: { x0: number; y0: number; x1: number; y1: number };
}

/** Whether (x, y) lies on the inner side of every edge. */
export function insideEdges(edges: readonly GroundEdge[], x: number, y: number): boolean {
  return edges.every((e) => e.nx * x + e.ny * y > e.c);
}

interface Cells {
  cell: number;
  gx0: number;
  gy0: number;
  gw: number;
  gh: number;
  /** Per cell 1 when wholly known floor, else 0. */
  known: Uint8Array;
  /** Per cell L, a, b, std of L. */
  features: Float32Array;
}

/** The grid of floor cells in a window around the hole, each with its mean Lab and texture. */
function floorCells(
  image: Raster,
  ground: (i: number) => boolean,
  hole: Uint8Array,
  window: { x0: number; y0: number; x1: number; y1: number },
  cell: number,
): Cells {
  const { width, data } = image;
  const gw = Math.max(1, Math.floor((window.x1 - window.x0 + 1) / cell));
  const gh = Math.max(1, Math.floor((window.y1 - window.y0 + 1) / cell));
  const known = new Uint8Array(gw * gh);
  const features = new Float32Array(gw * gh * 4);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      let n = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      let l1 = 0;
      let l2 = 0;
      let ok = true;
      for (let y = window.y0 + gy * cell; ok && y < window.y0 + (gy + 1) * cell; y++) {
        for (let x = window.x0 + gx * cell; x < window.x0 + (gx + 1) * cell; x++) {
          const i = y * width + x;
          if (hole[i] || !ground(i)) {
            ok = false;
            break;
          }
          const pr = data[i * 4] ?? 0;
          const pg = data[i * 4 + 1] ?? 0;
          const pb = data[i * 4 + 2] ?? 0;
          const luma = 0.299 * pr + 0.587 * pg + 0.114 * pb;
          r += pr;
          g += pg;
          b += pb;
          l1 += luma;
          l2 += luma * luma;
          n++;
        }
      }
      if (!ok || n === 0) continue;
      const k = gy * gw + gx;
      known[k] = 1;
      const lab = rgbToLab([r / n, g / n, b / n]);
      const mean = l1 / n;
      features[k * 4] = lab[0];
      features[k * 4 + 1] = lab[1];
      features[k * 4 + 2] = lab[2];
      features[k * 4 + 3] = Math.sqrt(Math.max(0, l2 / n - mean * mean)) / 2.55;
    }
  }
  return { cell, gx0: window.x0, gy0: window.y0, gw, gh, known, features };
}

/** m₁ − m₂ of feature `f` between the cells of classes 1 and 2. */
function meanGap(ids: number[], cls: Uint8Array, features: Float32Array, f: number): number {
  const sum = [0, 0];
  const n = [0, 0];
  for (const k of ids) {
    const c = (cls[k] ?? 1) - 1;
    sum[c] = (sum[c] ?? 0) + (features[k * 4 + f] ?? 0);
    n[c] = (n[c] ?? 0) + 1;
  }
  return (sum[0] ?? 0) / Math.max(1, n[0] ?? 0) - (sum[1] ?? 0) / Math.max(1, n[1] ?? 0);
}

/** |m₁ − m₂| / pooled standard deviation of feature `f` between the cells of classes 1 and 2. */
function fisherRatio(ids: number[], cls: Uint8Array, features: Float32Array, f: number): number {
  const n = [0, 0];
  const sum = [0, 0];
  const sq = [0, 0];
  for (const k of ids) {
    const c = (cls[k] ?? 1) - 1;
    const v = features[k * 4 + f] ?? 0;
    n[c] = (n[c] ?? 0) + 1;
    sum[c] = (sum[c] ?? 0) + v;
    sq[c] = (sq[c] ?? 0) + v * v;
  }
  const mean = [0, 1].map((c) => (sum[c] ?? 0) / Math.max(1, n[c] ?? 0));
  const variance = [0, 1].map((c) => (sq[c] ?? 0) / Math.max(1, n[c] ?? 0) - (mean[c] ?? 0) ** 2);
  const pooled = Math.sqrt(Math.max(1e-6, ((variance[0] ?? 0) + (variance[1] ?? 0)) / 2));
  return Math.abs((mean[0] ?? 0) - (mean[1] ?? 0)) / pooled;
}

/**
 * Two-means of the known cells' features (each feature scaled by its spread); per cell 1 or 2
 * (0 unknown), or null when the ring is one material: the two alike in colour and texture, one
 * too small, or the two scattered rather than lying in regions.
 */
function twoMaterials(cells: Cells): Uint8Array | null {
  const { known, features, gw, gh } = cells;
  const ids: number[] = [];
  for (let k = 0; k < known.length; k++) if (known[k]) ids.push(k);
  if (ids.length < 40) return null;
  const scale = [0, 0, 0, 0].map((_, f) => {
    const values = ids.map((k) => features[k * 4 + f] ?? 0);
    const m = values.reduce((a, b) => a + b, 0) / values.length;
    const v = values.reduce((a, b) => a + (b - m) ** 2, 0) / values.length;
    return 1 / Math.max(1, Math.sqrt(v));
  });
  const at = (k: number, f: number): number => (features[k * 4 + f] ?? 0) * (scale[f] ?? 1);
  const dist = (k: number, c: number[]): number =>
    [0, 1, 2, 3].reduce((s, f) => s + (at(k, f) - (c[f] ?? 0)) ** 2, 0);
  const mean = [0, 1, 2, 3].map((f) => ids.reduce((s, k) => s + at(k, f), 0) / ids.length);
  // Start from the two halves along the features' main axis (power iteration on the covariance).
  const cov = Array.from({ length: 16 }, (_, q) => {
    const f = q >> 2;
    const g = q & 3;
    return ids.reduce((s, k) => s + (at(k, f) - (mean[f] ?? 0)) * (at(k, g) - (mean[g] ?? 0)), 0);
  });
  let axis = [1, 1, 1, 1];
  for (let it = 0; it < 20; it++) {
    const next = [0, 1, 2, 3].map((f) =>
      [0, 1, 2, 3].reduce((s, g) => s + (cov[f * 4 + g] ?? 0) * (axis[g] ?? 0), 0),
    );
    const norm = Math.hypot(...next) || 1;
    axis = next.map((v) => v / norm);
  }
  const project = (k: number): number =>
    [0, 1, 2, 3].reduce((s, f) => s + (at(k, f) - (mean[f] ?? 0)) * (axis[f] ?? 0), 0);
  const half = (side: number): number[] => {
    const members = ids.filter((k) => Math.sign(project(k)) === side);
    const from = members.length > 0 ? members : ids;
    return [0, 1, 2, 3].map((f) => from.reduce((s, k) => s + at(k, f), 0) / from.length);
  };
  let c1 = half(-1);
  let c2 = half(1);
  const cls = new Uint8Array(known.length);
  for (let round = 0; round < 12; round++) {
    const sum = [new Float64Array(5), new Float64Array(5)];
    for (const k of ids) {
      const which = dist(k, c1) <= dist(k, c2) ? 1 : 2;
      cls[k] = which;
      const s = sum[which - 1] as Float64Array;
      for (let f = 0; f < 4; f++) s[f] = (s[f] ?? 0) + at(k, f);
      s[4] = (s[4] ?? 0) + 1;
    }
    const centre = (s: Float64Array, old: number[]): number[] =>
      (s[4] ?? 0) > 0 ? [0, 1, 2, 3].map((f) => (s[f] ?? 0) / (s[4] ?? 1)) : old;
    c1 = centre(sum[0] as Float64Array, c1);
    c2 = centre(sum[1] as Float64Array, c2);
  }
  // Two materials differ in colour or texture, not in lightness alone (the light falling
  // across one rug), and the smaller is no handful of stray cells.
  let minor = 0;
  for (const k of ids) if (cls[k] === 1) minor++;
  minor = Math.min(minor, ids.length - minor);
  if (minor < MIN_MINOR_SHARE * ids.length) return null;
  const [, da = 0, db = 0, dt = 0] = [0, 1, 2, 3].map((f) => meanGap(ids, cls, features, f));
  const [, fa = 0, fb = 0, ft = 0] = [0, 1, 2, 3].map((f) => fisherRatio(ids, cls, features, f));
  const inColour = Math.hypot(da, db) >= MIN_CHROMA_GAP && Math.max(fa, fb) >= MIN_SEPARATION;
  const inTexture = Math.abs(dt) >= MIN_TEXTURE_GAP && ft >= MIN_SEPARATION;
  if (!inColour && !inTexture) return null;
  // Coherence: the two lie in regions (a rug and a floor), not speckled through each other.
  let pairs = 0;
  let same = 0;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const k = gy * gw + gx;
      if (!cls[k]) continue;
      for (const j of [gx + 1 < gw ? k + 1 : -1, gy + 1 < gh ? k + gw : -1]) {
        if (j < 0 || !cls[j]) continue;
        pairs++;
        if (cls[j] === cls[k]) same++;
      }
    }
  }
  return pairs > 0 && same >= MIN_COHERENCE * pairs ? cls : null;
}

/** Where the two materials meet: the midpoint of each 4-neighbour pair of cells, and material 1's side. */
function meetingPoints(
  cells: Cells,
  cls: Uint8Array,
): Array<{ x: number; y: number; dx: number; dy: number }> {
  const { gw, gh } = cells;
  const points: Array<{ x: number; y: number; dx: number; dy: number }> = [];
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const k = gy * gw + gx;
      const a = cls[k] ?? 0;
      if (!a) continue;
      for (const [ox, oy] of [
        [1, 0],
        [0, 1],
      ] as const) {
        if (gx + ox >= gw || gy + oy >= gh) continue;
        const b = cls[k + ox + oy * gw] ?? 0;
        if (!b || a === b) continue;
        // (dx, dy) points from the meeting point towards material 1.
        const toward = a === 1 ? -1 : 1;
        points.push({
          x: gx + 0.5 + ox / 2,
          y: gy + 0.5 + oy / 2,
          dx: toward * ox,
          dy: toward * oy,
        });
      }
    }
  }
  return points;
}

/** Straight edges through the meeting points (greedy RANSAC), in cell units, material 1 inside. */
function fitEdges(
  points: Array<{ x: number; y: number; dx: number; dy: number }>,
  deep: (p: { x: number; y: number }, nx: number, ny: number) => boolean,
  seed: number,
): GroundEdge[] {
  const edges: GroundEdge[] = [];
  let left = points;
  let s = seed >>> 0 || 1;
  const rand = (n: number): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
  for (let e = 0; e < MAX_EDGES && left.length >= MIN_EDGE_CELLS; e++) {
    let best: { nx: number; ny: number; c: number; inliers: number[] } | null = null;
    for (let draw = 0; draw < RANSAC_DRAWS; draw++) {
      const p = left[rand(left.length)];
      const q = left[rand(left.length)];
      if (!p || !q) continue;
      const len = Math.hypot(q.x - p.x, q.y - p.y);
      if (len < 2) continue;
      const nx = -(q.y - p.y) / len;
      const ny = (q.x - p.x) / len;
      const c = nx * p.x + ny * p.y;
      const inliers: number[] = [];
      left.forEach((r, k) => {
        if (Math.abs(nx * r.x + ny * r.y - c) <= EDGE_TOLERANCE) inliers.push(k);
      });
      if (!best || inliers.length > best.inliers.length) best = { nx, ny, c, inliers };
    }
    if (!best || best.inliers.length < MIN_EDGE_CELLS) break;
    const chosen = best;
    const along = chosen.inliers.map((k) => {
      const r = left[k];
      return r ? -chosen.ny * r.x + chosen.nx * r.y : 0;
    });
    if (Math.max(...along) - Math.min(...along) < MIN_EDGE_SPAN) break;
    // Material 1's side: where the meeting pairs point, by majority.
    let side = 0;
    for (const k of chosen.inliers) {
      const r = left[k];
      if (r) side += Math.sign(chosen.nx * r.dx + chosen.ny * r.dy);
    }
    const sign = side >= 0 ? 1 : -1;
    const edge = { nx: sign * chosen.nx, ny: sign * chosen.ny, c: sign * chosen.c };
    const used = new Set(chosen.inliers);
    // A thin band (a contact shadow along the hole) is no edge between two floors.
    const held = chosen.inliers.filter((k) => {
      const r = left[k];
      return r !== undefined && deep(r, edge.nx, edge.ny);
    }).length;
    if (held >= 0.5 * chosen.inliers.length) edges.push(edge);
    left = left.filter((_, k) => !used.has(k));
  }
  return edges;
}

/**
 * The floor around `hole` (within about half the hole's size of its bounds) split into two
 * materials with the edges between them in image pixels, material 1 being the convex one (the
 * rug: all of it on its side of every edge); null when the floor there is one material.
 * `ground(i)` says which pixels are floor (bare or rug) per the parse.
 */
export function splitGround(
  image: Raster,
  hole: Uint8Array,
  ground: (i: number) => boolean,
  bounds: { x0: number; y0: number; x1: number; y1: number },
): GroundSplit | null {
  const { width, height } = image;
  const size = Math.sqrt((bounds.x1 - bounds.x0 + 1) * (bounds.y1 - bounds.y0 + 1));
  const cell = Math.round(Math.min(12, Math.max(3, CELL_SHARE * size)));
  const reach = Math.round(Math.max(8 * cell, 0.5 * size));
  const window = {
    x0: Math.max(0, bounds.x0 - reach),
    y0: Math.max(0, bounds.y0 - reach),
    x1: Math.min(width - 1, bounds.x1 + reach),
    y1: Math.min(height - 1, bounds.y1 + reach),
  };
  const cells = floorCells(image, ground, hole, window, cell);
  const cls = twoMaterials(cells);
  if (!cls) return null;
  // Both materials, known, on their own sides of an edge for MIN_EDGE_DEPTH cells.
  const deep = (p: { x: number; y: number }, nx: number, ny: number): boolean => {
    for (let d = 0.5; d < MIN_EDGE_DEPTH; d += 1) {
      for (const side of [1, -1]) {
        const gx = Math.floor(p.x + side * d * nx);
        const gy = Math.floor(p.y + side * d * ny);
        if (gx < 0 || gy < 0 || gx >= cells.gw || gy >= cells.gh) return false;
        if (cls[gy * cells.gw + gx] !== (side === 1 ? 1 : 2)) return false;
      }
    }
    return true;
  };
  const raw = fitEdges(meetingPoints(cells, cls), deep, 0x9e3779b9);
  // Which material is the convex one: the one more of whose cells lie inside all its edges.
  const inside = (which: 1 | 2): number => {
    const flip = which === 1 ? 1 : -1;
    let n = 0;
    let on = 0;
    cls.forEach((c, k) => {
      if (c !== which) return;
      n++;
      const x = (k % cells.gw) + 0.5;
      const y = Math.floor(k / cells.gw) + 0.5;
      if (raw.every((e) => flip * (e.nx * x + e.ny * y - e.c) > -EDGE_TOLERANCE)) on++;
    });
    return n > 0 ? on / n : 0;
  };
  const inner: 1 | 2 = inside(1) >= inside(2) ? 1 : 2;
  const flip = inner === 1 ? 1 : -1;
  // To image pixels: cell coordinate u = (x − x0) / cell.
  const edges = raw.map((e) => ({
    nx: flip * e.nx,
    ny: flip * e.ny,
    c: flip * (e.c * cell + e.nx * cells.gx0 + e.ny * cells.gy0),
  }));
  const material = new Uint8Array(width * height);
  for (let gy = 0; gy < cells.gh; gy++) {
    for (let gx = 0; gx < cells.gw; gx++) {
      const c = cls[gy * cells.gw + gx] ?? 0;
      if (!c) continue;
      const m = c === inner ? 1 : 2;
      for (let y = window.y0 + gy * cell; y < window.y0 + (gy + 1) * cell; y++) {
        material.fill(
          m,
          y * width + window.x0 + gx * cell,
          y * width + window.x0 + (gx + 1) * cell,
        );
      }
    }
  }
  return { material, edges, window };
}
