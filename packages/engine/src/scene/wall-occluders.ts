/**
 * Furniture the detector boxed takes back the part of its box the network called wall. The
 * MobileNet reads a headboard (often the wall's own colour, in a frame), a fridge's flat door, a
 * vanity under a basin or a television as wall with high confidence — its runner-up logits do
 * not single them out (decision 029) — but the detector (YOLOX) boxes the bed, fridge, sink,
 * TV, dining table and chairs (decision 040). The wall is seeded in a ring round the box and spreads inward over what the parse calls
 * wall, block by block, by small colour steps and never across an edge; a patch of "wall" it
 * cannot reach, lying inside the box and touching the object's own parse classes (the pillows,
 * the bed), is the object's front and takes the object's class.
 */
import { rgbToLab } from '../colour';
import type { SegmentationLogits } from '../models/segmentation-model';
import type { Raster } from '../raster';
import type { DetectedElement } from '../types';
import { ADE } from './ade20k';

/** A piece's class in the parse, the classes that are parts of it, and how its box is tested. */
interface Piece {
  cls: number;
  parts: readonly number[];
  /**
   * The wall shows under or through it (a table, a chair): its ring runs over the other chairs
   * and the table the parse calls wall, so ring edges do not mean a tiled wall; and a shut-in
   * patch that reaches the floor is wall seen under it, not its front.
   */
  seeThrough?: boolean;
}

/**
 * What a detector box (COCO category) becomes in the parse, for the solid pieces it boxes well,
 * and the parse classes that are parts of it: a patch taken from the wall must touch one (a
 * headboard meets the pillows and the bed; wall shut in between a lamp and a door does not).
 */
const PIECES: Readonly<Record<string, Piece>> = {
  bed: { cls: ADE.bed, parts: [ADE.bed, ADE.pillow, ADE.cushion, ADE.blanket] },
  couch: { cls: ADE.sofa, parts: [ADE.sofa, ADE.cushion, ADE.pillow, ADE.armchair] },
  refrigerator: { cls: ADE.refrigerator, parts: [ADE.refrigerator, ADE.cabinet] },
  oven: { cls: ADE.oven, parts: [ADE.oven, ADE.stove, ADE.cabinet] },
  microwave: { cls: ADE.oven, parts: [ADE.oven, ADE.cabinet] },
  tv: { cls: ADE.television, parts: [ADE.television, ADE.screen, ADE.monitor] },
  sink: { cls: ADE.cabinet, parts: [ADE.sink, ADE.cabinet, ADE.counter, ADE.countertop] },
  toilet: { cls: ADE.toilet, parts: [ADE.toilet] },
  // A table top the wall's white is set with plates and glasses and stands among chairs; a
  // chair's back meets its seat or the table.
  'dining table': {
    cls: ADE.table,
    seeThrough: true,
    parts: [ADE.table, ADE.desk, ADE.chair, ADE.plate, ADE.glass, ADE.vase, ADE.bottle, ADE.flower],
  },
  chair: {
    cls: ADE.chair,
    seeThrough: true,
    parts: [ADE.chair, ADE.armchair, ADE.swivelChair, ADE.seat, ADE.cushion, ADE.table],
  },
  curtain: { cls: ADE.curtain, parts: [ADE.curtain, ADE.blind, ADE.window, ADE.floor, ADE.rug] },
  // From the network's runner-up (runnerUpBoxes): a door or a cabinet front reaches the floor
  // or stands on a counter.
  door: { cls: ADE.door, parts: [ADE.door, ADE.screenDoor, ADE.floor, ADE.rug] },
  cabinet: {
    cls: ADE.cabinet,
    parts: [ADE.cabinet, ADE.wardrobe, ADE.counter, ADE.countertop, ADE.sink, ADE.floor, ADE.rug],
  },
};

/** Boxes below this score are not trusted to hold an object. */
const MIN_SCORE = 0.4;
/** Analysis block side in pixels at the photo's size (about 400 blocks across). */
const BLOCK_DIVISOR = 400;
/**
 * The wall is seeded in a ring round the box, this far out (a share of the box's larger side:
 * a detector's box often stops a little inside a headboard's top), …
 */
const GAP = 0.08;
/** …and this wide. */
const RING = 0.12;
/** The wall spreads between neighbouring blocks whose CIELAB colours differ by at most this. */
const STEP_DELTA_E = 6;
/** …and never into a block on an edge stronger than this (ΔE across two blocks). */
const EDGE_DELTA_E = 16;
/** A patch is the object's when at least this share of it lies inside the box. */
const MIN_INSIDE = 0.75;
/** A ring with more than this share of its wall on edges is a tiled or panelled wall. */
const MAX_RING_EDGES = 0.1;
/** The fewest ring samples for a usable wall colour. */
const MIN_RING = 40;
/** A patch smaller than this share of its box is noise (a shadow, a highlight). */
const MIN_PATCH = 0.01;

/**
 * Specks smaller than this many analysis blocks (in pixels, k² each) are noise on the new edge:
 * a taken speck in the wall goes back to the wall, a wall speck shut in by the piece joins it.
 */
const SPECK_BLOCKS = 4;

/**
 * The piece's pixels over a window, from the votes (`vote` in takeOccludersFromWall): settled
 * votes (±2) stand; a rim pixel's own colour vote (±1) gives way to the majority of the wall
 * pixels within `radius` of it, so single pixels the colours could not tell apart follow their
 * neighbours and the new edge is one line instead of a dotted trail.
 */
function smoothFront(votes: Int8Array, w: number, h: number, radius: number): Uint8Array {
  const sum = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += Math.sign(votes[y * w + x] ?? 0);
      sum[(y + 1) * (w + 1) + x + 1] = (sum[y * (w + 1) + x + 1] ?? 0) + row;
    }
  }
  const front = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = votes[y * w + x] ?? 0;
      if (v === 0) continue;
      if (v === 2 || v === -2) {
        front[y * w + x] = v > 0 ? 1 : 0;
        continue;
      }
      const x0 = Math.max(0, x - radius);
      const y0 = Math.max(0, y - radius);
      const x1 = Math.min(w, x + radius + 1);
      const y1 = Math.min(h, y + radius + 1);
      const m =
        (sum[y1 * (w + 1) + x1] ?? 0) -
        (sum[y0 * (w + 1) + x1] ?? 0) -
        (sum[y1 * (w + 1) + x0] ?? 0) +
        (sum[y0 * (w + 1) + x0] ?? 0);
      front[y * w + x] = m > 0 || (m === 0 && v > 0) ? 1 : 0;
    }
  }
  return front;
}

/**
 * The 4-connected components of `inSet` within a w×h window, each handed to `visit` with its
 * pixels (window indices) and whether it touches the window's border.
 */
function components(
  w: number,
  h: number,
  inSet: (i: number) => boolean,
  visit: (pixels: number[], onBorder: boolean) => void,
): void {
  const seen = new Uint8Array(w * h);
  for (let s = 0; s < w * h; s++) {
    if (seen[s] || !inSet(s)) continue;
    seen[s] = 1;
    const pixels = [s];
    let onBorder = false;
    for (let q = 0; q < pixels.length; q++) {
      const c = pixels[q] as number;
      const cx = c % w;
      const cy = (c - cx) / w;
      if (cx === 0 || cy === 0 || cx === w - 1 || cy === h - 1) onBorder = true;
      for (const [dx, dy] of NEIGHBOURS) {
        const nx = cx + dx;
        const ny = cy + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const n = ny * w + nx;
        if (!seen[n] && inSet(n)) {
          seen[n] = 1;
          pixels.push(n);
        }
      }
    }
    visit(pixels, onBorder);
  }
}

/** Clears, in place, the components of `front` smaller than `min` pixels (taken specks). */
function dropSpecks(front: Uint8Array, w: number, h: number, min: number): void {
  components(
    w,
    h,
    (i) => front[i] === 1,
    (pixels) => {
      if (pixels.length < min) for (const i of pixels) front[i] = 0;
    },
  );
}

/**
 * Wall specks (components of wall pixels smaller than `min`, shut in within the window) that
 * the piece — its taken front or its own parse classes — mostly surrounds take the piece's
 * class; returns how many pixels changed. They are what the parse's own wall edge left behind
 * inside the front (rim pixels of blocks that were mostly something else).
 */
function fillWallSpecks(
  labels: Uint8Array,
  width: number,
  win: { x: number; y: number; w: number; h: number },
  front: Uint8Array,
  part: Uint8Array,
  cls: number,
  min: number,
): number {
  const at = (i: number) => (win.y + Math.floor(i / win.w)) * width + win.x + (i % win.w);
  let count = 0;
  components(
    win.w,
    win.h,
    (i) => labels[at(i)] === ADE.wall,
    (pixels, onBorder) => {
      if (onBorder || pixels.length >= min) return;
      let piece = 0;
      let other = 0;
      for (const c of pixels) {
        const cx = c % win.w;
        const cy = (c - cx) / win.w;
        for (const [dx, dy] of NEIGHBOURS) {
          const n = (cy + dy) * win.w + cx + dx;
          const label = labels[at(n)] ?? 0;
          if (label === ADE.wall) continue;
          if (front[n] || part[label]) piece++;
          else other++;
        }
      }
      if (piece < other) return;
      for (const c of pixels) labels[at(c)] = cls;
      count += pixels.length;
    },
  );
  return count;
}

/** Block-mean CIELAB of the photo, the wall share of each block and its colour gradient. */
function blocks(image: Raster, labels: Uint8Array, k: number) {
  const { width, height, data } = image;
  const bw = Math.ceil(width / k);
  const bh = Math.ceil(height / k);
  const lab = new Float32Array(bw * bh * 3);
  const wall = new Float32Array(bw * bh);
  const rgb = new Float32Array(bw * bh * 3);
  const count = new Float32Array(bw * bh);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / k) * bw;
    for (let x = 0; x < width; x++) {
      const b = row + Math.floor(x / k);
      const i = y * width + x;
      rgb[b * 3] = (rgb[b * 3] ?? 0) + (data[i * 4] ?? 0);
      rgb[b * 3 + 1] = (rgb[b * 3 + 1] ?? 0) + (data[i * 4 + 1] ?? 0);
      rgb[b * 3 + 2] = (rgb[b * 3 + 2] ?? 0) + (data[i * 4 + 2] ?? 0);
      count[b] = (count[b] ?? 0) + 1;
      if (labels[i] === ADE.wall) wall[b] = (wall[b] ?? 0) + 1;
    }
  }
  for (let b = 0; b < bw * bh; b++) {
    const c = Math.max(1, count[b] ?? 1);
    const l = rgbToLab([
      (rgb[b * 3] ?? 0) / c,
      (rgb[b * 3 + 1] ?? 0) / c,
      (rgb[b * 3 + 2] ?? 0) / c,
    ]);
    lab[b * 3] = l[0];
    lab[b * 3 + 1] = l[1];
    lab[b * 3 + 2] = l[2];
    wall[b] = (wall[b] ?? 0) / c;
  }
  // Colour gradient (Sobel over CIELAB, in ΔE across two blocks): an edge stops the wall even
  // where, met at a slant, it changes the colour only a little from one block to the next.
  const edge = new Float32Array(bw * bh);
  for (let y = 1; y < bh - 1; y++) {
    for (let x = 1; x < bw - 1; x++) {
      let g2 = 0;
      for (let c = 0; c < 3; c++) {
        const at = (dx: number, dy: number) => lab[((y + dy) * bw + x + dx) * 3 + c] ?? 0;
        const gx =
          (at(1, -1) + 2 * at(1, 0) + at(1, 1) - at(-1, -1) - 2 * at(-1, 0) - at(-1, 1)) / 4;
        const gy =
          (at(-1, 1) + 2 * at(0, 1) + at(1, 1) - at(-1, -1) - 2 * at(0, -1) - at(1, -1)) / 4;
        g2 += gx * gx + gy * gy;
      }
      edge[y * bw + x] = Math.sqrt(g2);
    }
  }
  return { bw, bh, lab, wall, edge };
}

const dist2 = (p: Float32Array, i: number, q: Float32Array, j: number) => {
  const dl = (p[i * 3] ?? 0) - (q[j * 3] ?? 0);
  const da = (p[i * 3 + 1] ?? 0) - (q[j * 3 + 1] ?? 0);
  const db = (p[i * 3 + 2] ?? 0) - (q[j * 3 + 2] ?? 0);
  return dl * dl + da * da + db * db;
};

/** A rectangle of analysis blocks, inclusive. */
interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const grow = (r: Rect, by: number, bw: number, bh: number): Rect => ({
  x0: Math.max(0, r.x0 - by),
  y0: Math.max(0, r.y0 - by),
  x1: Math.min(bw - 1, r.x1 + by),
  y1: Math.min(bh - 1, r.y1 + by),
});

const inside = (r: Rect, x: number, y: number) => x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1;

const NEIGHBOURS = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
] as const;

/**
 * Relabels, in place, the wall pixels inside detector boxes that the wall round the box cannot
 * reach without crossing an edge; returns how many pixels changed.
 */
export function takeOccludersFromWall(
  image: Raster,
  labels: Uint8Array,
  detections: readonly DetectedElement[],
): number {
  const { width, height } = image;
  const k = Math.max(1, Math.round(Math.max(width, height) / BLOCK_DIVISOR));
  const { bw, bh, lab, wall, edge } = blocks(image, labels, k);
  const step2 = STEP_DELTA_E * STEP_DELTA_E;
  let changed = 0;
  for (const d of detections) {
    const piece = PIECES[d.category];
    if (piece === undefined || d.score < MIN_SCORE) continue;
    const { cls } = piece;
    const part = new Uint8Array(256);
    for (const c of piece.parts) part[c] = 1;
    const xs = d.box.map((p) => p.x);
    const ys = d.box.map((p) => p.y);
    const box: Rect = {
      x0: Math.max(0, Math.floor(Math.min(...xs) / k)),
      x1: Math.min(bw - 1, Math.floor(Math.max(...xs) / k)),
      y0: Math.max(0, Math.floor(Math.min(...ys) / k)),
      y1: Math.min(bh - 1, Math.floor(Math.max(...ys) / k)),
    };
    if (box.x1 <= box.x0 || box.y1 <= box.y0) continue;
    const side = Math.max(box.x1 - box.x0, box.y1 - box.y0);
    const gap = grow(box, Math.round(GAP * side), bw, bh);
    const outer = grow(gap, Math.max(3, Math.round(RING * side)), bw, bh);
    const rw = outer.x1 - outer.x0 + 1;
    const rh = outer.y1 - outer.y0 + 1;
    const blockOf = (r: number) => (outer.y0 + Math.floor(r / rw)) * bw + outer.x0 + (r % rw);
    // Seeds: the wall in the ring.
    const reached = new Uint8Array(rw * rh);
    const queue: number[] = [];
    for (let r = 0; r < rw * rh; r++) {
      const x = outer.x0 + (r % rw);
      const y = outer.y0 + Math.floor(r / rw);
      if (inside(gap, x, y) || (wall[blockOf(r)] ?? 0) < 0.9) continue;
      reached[r] = 1;
      queue.push(r);
    }
    if (queue.length < MIN_RING) continue;
    // A tiled or panelled wall is all edges: there, being cut off says nothing.
    let edgy = 0;
    for (const r of queue) if ((edge[blockOf(r)] ?? 0) > EDGE_DELTA_E) edgy++;
    // Round a table or a chair the ring runs over the other chairs and the table, which the
    // parse often calls wall: their edges are not the wall's.
    if (!piece.seeThrough && edgy > MAX_RING_EDGES * queue.length) continue;
    // The wall spreads inward by small colour steps, over what the parse calls wall.
    for (let q = 0; q < queue.length; q++) {
      const r = queue[q] as number;
      const rx = r % rw;
      const ry = (r - rx) / rw;
      const b = blockOf(r);
      for (const [dx, dy] of NEIGHBOURS) {
        const nx = rx + dx;
        const ny = ry + dy;
        if (nx < 0 || ny < 0 || nx >= rw || ny >= rh) continue;
        const nr = ny * rw + nx;
        if (reached[nr]) continue;
        const nb = blockOf(nr);
        if ((wall[nb] ?? 0) < 0.5 || dist2(lab, b, lab, nb) > step2) continue;
        if ((edge[nb] ?? 0) > EDGE_DELTA_E) continue;
        reached[nr] = 1;
        queue.push(nr);
      }
    }
    // Unreached wall round and in the box, as connected patches.
    const seen = new Uint8Array(rw * rh);
    const boxArea = (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1);
    const minPatch = Math.max(4, MIN_PATCH * boxArea);
    const unreached = (r: number) => !reached[r] && (wall[blockOf(r)] ?? 0) >= 0.5;
    // The ring and box in pixels.
    const px0 = outer.x0 * k;
    const py0 = outer.y0 * k;
    const pw = Math.min(width, (outer.x1 + 1) * k) - px0;
    const ph = Math.min(height, (outer.y1 + 1) * k) - py0;
    const taken = new Uint8Array(rw * rh);
    let anyTaken = false;
    /**
     * The taken blocks' wall pixels vote for the piece (2), the reached blocks' for the wall
     * (−2). On the patch's rim, blocks (taken or reached) straddle the edge: there each pixel
     * votes (±1) for the side whose colour it is nearer (the neighbouring blocks' means), so the
     * new edge lies on the photo's, not on the grid. Returns the votes over the pixel window.
     */
    const vote = (taken: Uint8Array): Int8Array => {
      const votes = new Int8Array(pw * ph);
      const side = new Float32Array(6);
      for (let r = 0; r < rw * rh; r++) {
        const isTaken = taken[r] === 1;
        const rx = r % rw;
        const ry = (r - rx) / rw;
        let rim = false;
        if (isTaken || reached[r]) {
          // Means of the taken and the reached neighbours.
          side.fill(0);
          let nt = 0;
          let nw = 0;
          for (const [dx, dy] of NEIGHBOURS) {
            const nx = rx + dx;
            const ny = ry + dy;
            if (nx < 0 || ny < 0 || nx >= rw || ny >= rh) continue;
            const nr = ny * rw + nx;
            const nb = blockOf(nr);
            const o = taken[nr] ? 0 : reached[nr] ? 3 : -1;
            if (o < 0) continue;
            for (let c = 0; c < 3; c++) side[o + c] = (side[o + c] ?? 0) + (lab[nb * 3 + c] ?? 0);
            if (o === 0) nt++;
            else nw++;
          }
          rim = isTaken ? nw > 0 : nt > 0;
          const own = blockOf(r);
          for (let c = 0; c < 3; c++) {
            side[c] = nt > 0 ? (side[c] ?? 0) / nt : (lab[own * 3 + c] ?? 0);
            side[3 + c] = nw > 0 ? (side[3 + c] ?? 0) / nw : (lab[own * 3 + c] ?? 0);
          }
        }
        const settled = isTaken && !rim ? 2 : -2;
        for (let y = ry * k; y < Math.min(ph, (ry + 1) * k); y++) {
          for (let x = rx * k; x < Math.min(pw, (rx + 1) * k); x++) {
            const i = (py0 + y) * width + px0 + x;
            if (labels[i] !== ADE.wall) continue;
            if (!rim) {
              votes[y * pw + x] = settled;
              continue;
            }
            const p = rgbToLab([
              image.data[i * 4] ?? 0,
              image.data[i * 4 + 1] ?? 0,
              image.data[i * 4 + 2] ?? 0,
            ]);
            let toPiece = 0;
            let toWall = 0;
            for (let c = 0; c < 3; c++) {
              toPiece += ((p[c] ?? 0) - (side[c] ?? 0)) ** 2;
              toWall += ((p[c] ?? 0) - (side[3 + c] ?? 0)) ** 2;
            }
            votes[y * pw + x] = toPiece < toWall ? 1 : -1;
          }
        }
      }
      return votes;
    };
    for (let s = 0; s < rw * rh; s++) {
      if (seen[s] || !unreached(s)) continue;
      const patch = [s];
      seen[s] = 1;
      let inBox = 0;
      let flat = 0;
      let touchesPart = false;
      let touchesWindow = false;
      let touchesFloor = false;
      for (let q = 0; q < patch.length; q++) {
        const c = patch[q] as number;
        const cx = c % rw;
        const cy = (c - cx) / rw;
        if (inside(box, outer.x0 + cx, outer.y0 + cy)) {
          inBox++;
          if ((edge[blockOf(c)] ?? 0) <= EDGE_DELTA_E) flat++;
        }
        for (const [dx, dy] of NEIGHBOURS) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= rw || ny >= rh) continue;
          const px = Math.min(width - 1, (outer.x0 + nx) * k + (k >> 1));
          const py = Math.min(height - 1, (outer.y0 + ny) * k + (k >> 1));
          const next = labels[py * width + px] ?? 0;
          if (part[next]) touchesPart = true;
          if (next === ADE.window) touchesWindow = true;
          if (next === ADE.floor || next === ADE.rug) touchesFloor = true;
          const nb = ny * rw + nx;
          if (!seen[nb] && unreached(nb)) {
            seen[nb] = 1;
            patch.push(nb);
          }
        }
      }
      // Wall shut in by other furniture often runs on out of the box; the object's own front
      // lies (almost) all inside it.
      if (inBox < MIN_INSIDE * patch.length || !touchesPart) continue;
      // Wall that reaches the floor under a table or through a chair's frame is wall.
      if (piece.seeThrough && touchesFloor) continue;
      // Wall under a window's sill or beside its frame, shut in by curtains, is wall.
      if (touchesWindow && cls !== ADE.curtain) continue;
      // The blocks on an object's edge are never reached: a thin rim of them round a lamp is no
      // front. A front has a flat inside.
      if (flat < minPatch) continue;
      for (const c of patch) {
        if (inside(box, outer.x0 + (c % rw), outer.y0 + Math.floor(c / rw))) taken[c] = 1;
      }
      anyTaken = true;
    }
    if (!anyTaken) continue;
    const front = smoothFront(vote(taken), pw, ph, Math.max(2, Math.round(k / 2)));
    const minSpeck = SPECK_BLOCKS * k * k;
    dropSpecks(front, pw, ph, minSpeck);
    for (let y = 0; y < ph; y++) {
      for (let x = 0; x < pw; x++) {
        if (!front[y * pw + x]) continue;
        labels[(py0 + y) * width + px0 + x] = cls;
        changed++;
      }
    }
    changed += fillWallSpecks(
      labels,
      width,
      { x: px0, y: py0, w: pw, h: ph },
      front,
      part,
      cls,
      minSpeck,
    );
  }
  return changed;
}

/**
 * Runner-up classes whose cells, where the wall wins, mark a door, a cabinet front or a curtain
 * to test.
 */
const RUNNER_UP_PIECES: ReadonlyArray<{ classes: readonly number[]; category: string }> = [
  { classes: [ADE.door, ADE.screenDoor], category: 'door' },
  { classes: [ADE.cabinet, ADE.wardrobe], category: 'cabinet' },
  { classes: [ADE.curtain, ADE.blind], category: 'curtain' },
];

/** A runner-up region must span at least this many logit cells to be tested. */
const MIN_RUNNER_UP_CELLS = 12;

/**
 * Candidate boxes from the network's own second choice: connected cells the wall wins with a
 * door (or a cabinet) close behind, as boxes in photo pixels the occluder test then confirms
 * or rejects by the photo's edges.
 */
export function runnerUpBoxes(
  logits: SegmentationLogits,
  width: number,
  height: number,
): DetectedElement[] {
  const { data, classes, grid, validWidth, validHeight } = logits;
  const cells = grid * grid;
  const gw = Math.min(grid, Math.floor(validWidth) + 1);
  const gh = Math.min(grid, Math.floor(validHeight) + 1);
  const second = new Int16Array(cells).fill(-1);
  for (let y = 0; y < gh; y++) {
    for (let x = 0; x < gw; x++) {
      const i = y * grid + x;
      let best = -1;
      let bestValue = -Infinity;
      let next = -1;
      let nextValue = -Infinity;
      for (let c = 0; c < classes; c++) {
        const v = data[c * cells + i] ?? -Infinity;
        if (v > bestValue) {
          next = best;
          nextValue = bestValue;
          best = c;
          bestValue = v;
        } else if (v > nextValue) {
          next = c;
          nextValue = v;
        }
      }
      if (best === ADE.wall) second[i] = next;
    }
  }
  const sx = (width - 1) / Math.max(1e-6, validWidth);
  const sy = (height - 1) / Math.max(1e-6, validHeight);
  const boxes: DetectedElement[] = [];
  for (const { classes: wanted, category } of RUNNER_UP_PIECES) {
    const seen = new Uint8Array(cells);
    const isWanted = (i: number) => wanted.includes(second[i] ?? -1);
    for (let s = 0; s < cells; s++) {
      if (seen[s] || !isWanted(s)) continue;
      seen[s] = 1;
      const stack = [s];
      let n = 0;
      let x0 = grid;
      let y0 = grid;
      let x1 = -1;
      let y1 = -1;
      while (stack.length) {
        const c = stack.pop() as number;
        n++;
        const cx = c % grid;
        const cy = (c - cx) / grid;
        x0 = Math.min(x0, cx);
        x1 = Math.max(x1, cx);
        y0 = Math.min(y0, cy);
        y1 = Math.max(y1, cy);
        for (const [dx, dy] of NEIGHBOURS) {
          const nx = cx + dx;
          const ny = cy + dy;
          if (nx < 0 || ny < 0 || nx >= gw || ny >= gh) continue;
          const nb = ny * grid + nx;
          if (!seen[nb] && isWanted(nb)) {
            seen[nb] = 1;
            stack.push(nb);
          }
        }
      }
      if (n < MIN_RUNNER_UP_CELLS) continue;
      // Half a cell round the cells' centres.
      const l = Math.max(0, (x0 - 0.5) * sx);
      const r = Math.min(width - 1, (x1 + 0.5) * sx);
      const t = Math.max(0, (y0 - 0.5) * sy);
      const b = Math.min(height - 1, (y1 + 0.5) * sy);
      boxes.push({
        label: category,
        category,
        score: 1,
        box: [
          { x: l, y: t },
          { x: r, y: t },
          { x: r, y: b },
          { x: l, y: b },
        ],
      });
    }
  }
  return boxes;
}
