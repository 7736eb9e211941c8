/**
 * The wall's rim on the photo's edge. In the refine step's boundary band a pixel takes the class
 * whose guided-filter model q = a·I + b fits its colour best; where an object is close to the
 * wall's colour (a cream lamp shade on an off-white wall) the linear models barely differ and the
 * band's decisions wander several pixels either side of the edge: paint bites into the shade and
 * the outline comes out ragged. A pixel's own colour does not settle it either (a shade is darker
 * on its shadowed side, nearer the wall's colour than its own lit middle). The edge does: each
 * band pixel on the wall's rim goes to the side — the settled wall, or the settled pixels of the
 * other classes — it is nearer to along a path through the band where a colour step costs the
 * more the sharper it is, so the two sides meet on the strongest edge between them. The wall's
 * edges with the floor and the ceiling are left alone. Decision 040.
 */
import type { Raster } from '../raster';
import { ADE } from './ade20k';

/**
 * A step between neighbouring pixels costs 1 + (d / EDGE_STEP)², d their summed |ΔR|+|ΔG|+|ΔB|:
 * squared, so one sharp step costs more than a soft shading spread over many pixels, and the two
 * sides meet on the sharpest edge.
 */
const EDGE_STEP = 4;
/**
 * A band pixel starts as its own label's at this distance, so a side must reach it more cheaply
 * to change it: a thin thing all in the band (a lamp's pole) that no settled pixel of its class
 * touches keeps its label behind its edges.
 */
const OWN_LABEL = 16;

/** Classes whose edge with the wall this step leaves where the refine step put it. */
const SHELL: ReadonlySet<number> = new Set([ADE.floor, ADE.rug, ADE.ceiling]);

/** A binary min-heap of pixel indices keyed by distance. */
class Heap {
  private keys: number[] = [];
  private items: number[] = [];
  get size(): number {
    return this.items.length;
  }
  push(key: number, item: number): void {
    const { keys, items } = this;
    let i = items.length;
    keys.push(key);
    items.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((keys[p] ?? 0) <= key) break;
      keys[i] = keys[p] ?? 0;
      items[i] = items[p] ?? 0;
      i = p;
    }
    keys[i] = key;
    items[i] = item;
  }
  /** Removes the smallest; returns its item (the heap must not be empty). */
  pop(): number {
    const { keys, items } = this;
    const top = items[0] ?? 0;
    const lastKey = keys.pop() ?? 0;
    const lastItem = items.pop() ?? 0;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && (keys[r] ?? 0) < (keys[l] ?? 0) ? r : l;
        if ((keys[c] ?? 0) >= lastKey) break;
        keys[i] = keys[c] ?? 0;
        items[i] = items[c] ?? 0;
        i = c;
      }
      keys[i] = lastKey;
      items[i] = lastItem;
    }
    return top;
  }
}

/**
 * Relabels, in place, band pixels on the wall's rim by the side they are nearer to across the
 * photo's edges; returns how many pixels changed. A wall pixel that goes takes the class of the
 * settled pixel it is nearest to; pixels between two classes that are not wall stay.
 */
export function snapWallRim(image: Raster, labels: Uint8Array, band: Uint8Array): number {
  const { width, data } = image;
  const n = labels.length;
  // Per band pixel: the label of the settled pixel it is nearest to (−1: none reaches it).
  const source = new Int16Array(n).fill(-1);
  const dist = new Float32Array(n).fill(Number.POSITIVE_INFINITY);
  const heap = new Heap();
  for (let i = 0; i < n; i++) {
    if (band[i]) {
      // Its own label, at a distance no path through it can beat elsewhere: never expanded.
      source[i] = labels[i] ?? 0;
      dist[i] = OWN_LABEL;
      continue;
    }
    const x = i % width;
    const touchesBand =
      (x > 0 && band[i - 1]) ||
      (x + 1 < width && band[i + 1]) ||
      (i >= width && band[i - width]) ||
      (i + width < n && band[i + width]);
    if (!touchesBand) continue;
    source[i] = labels[i] ?? 0;
    dist[i] = 0;
    heap.push(0, i);
  }
  const step = (i: number, j: number) => {
    let d = 0;
    for (let c = 0; c < 3; c++) d += Math.abs((data[i * 4 + c] ?? 0) - (data[j * 4 + c] ?? 0));
    return 1 + (d / EDGE_STEP) ** 2;
  };
  const done = new Uint8Array(n);
  while (heap.size > 0) {
    const i = heap.pop();
    if (done[i]) continue;
    done[i] = 1;
    const x = i % width;
    const di = dist[i] ?? 0;
    const relax = (j: number) => {
      if (!band[j] || done[j]) return;
      const dj = di + step(i, j);
      if (dj < (dist[j] ?? Number.POSITIVE_INFINITY)) {
        dist[j] = dj;
        source[j] = source[i] ?? -1;
        heap.push(dj, j);
      }
    };
    if (x > 0) relax(i - 1);
    if (x + 1 < width) relax(i + 1);
    if (i >= width) relax(i - width);
    if (i + width < n) relax(i + width);
  }
  let changed = 0;
  for (let i = 0; i < n; i++) {
    if (!band[i]) continue;
    const s = source[i] ?? -1;
    if (s < 0) continue;
    const isWall = labels[i] === ADE.wall;
    if (isWall === (s === ADE.wall)) continue;
    // Only the wall's side of the question: between two other classes the band stays.
    if (!isWall && s !== ADE.wall) continue;
    // The wall's edges with the floor and the ceiling are the room's lines (wall planes, floor
    // boundary), fitted from the refined labels: objects only.
    const other = isWall ? s : (labels[i] ?? 0);
    if (SHELL.has(other)) continue;
    labels[i] = s;
    changed++;
  }
  return changed;
}
