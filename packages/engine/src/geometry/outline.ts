/** Outlines of pixel regions: their traced boundary and their convex hull. */

export interface OutlinePoint {
  x: number;
  y: number;
}

/**
 * Moore-neighbour tracing of the outer boundary of the region `inside`, from its first pixel in
 * scan order (so the start was entered from the west), for at most `limit` steps.
 */
export function traceContour(
  inside: (x: number, y: number) => boolean,
  startX: number,
  startY: number,
  limit: number,
): OutlinePoint[] {
  // Directions clockwise on screen starting west: W, NW, N, NE, E, SE, S, SW.
  const dx = [-1, -1, 0, 1, 1, 1, 0, -1];
  const dy = [0, -1, -1, -1, 0, 1, 1, 1];
  const out: OutlinePoint[] = [{ x: startX, y: startY }];
  let x = startX;
  let y = startY;
  let back = 0;
  for (let steps = 0; steps < limit; steps++) {
    let found = false;
    for (let k = 1; k <= 8; k++) {
      const d = (back + k) % 8;
      const nx = x + (dx[d] ?? 0);
      const ny = y + (dy[d] ?? 0);
      if (inside(nx, ny)) {
        // Radial sweep: the next search starts from the pixel we came from, clockwise.
        back = (d + 4) % 8;
        x = nx;
        y = ny;
        found = true;
        break;
      }
    }
    if (!found || (x === startX && y === startY)) break;
    out.push({ x, y });
  }
  return out;
}

/** The convex hull of the points (Andrew's monotone chain), clockwise on screen. */
export function convexHull<P extends OutlinePoint>(points: readonly P[]): P[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: P, a: P, b: P) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: P[] = [];
  for (const p of sorted) {
    while (
      lower.length >= 2 &&
      cross(lower[lower.length - 2] as P, lower[lower.length - 1] as P, p) <= 0
    )
      lower.pop();
    lower.push(p);
  }
  const upper: P[] = [];
  for (const p of sorted.reverse()) {
    while (
      upper.length >= 2 &&
      cross(upper[upper.length - 2] as P, upper[upper.length - 1] as P, p) <= 0
    )
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Whether (x, y) lies inside a convex polygon, either winding (on the edge counts). */
export function insideConvex(hull: readonly OutlinePoint[], x: number, y: number): boolean {
  if (hull.length < 3) return false;
  let pos = false;
  let neg = false;
  for (let i = 0; i < hull.length; i++) {
    const p = hull[i] as OutlinePoint;
    const q = hull[(i + 1) % hull.length] as OutlinePoint;
    const cross = (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
    if (cross > 0) pos = true;
    else if (cross < 0) neg = true;
    if (pos && neg) return false;
  }
  return true;
}

/** The box round `points` as [x0, y0, x1, y1] (no points: [width, height, 0, 0], empty). */
export function pointsBounds(
  points: readonly OutlinePoint[],
  width: number,
  height: number,
): [number, number, number, number] {
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return [x0, y0, x1, y1];
}

/** An axis-aligned rectangle by its corners. */
export interface Corners {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Intersection over union of two rectangles (0 when they do not meet). */
export function boxIou(a: Corners, b: Corners): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  const union = (a.x1 - a.x0) * (a.y1 - a.y0) + (b.x1 - b.x0) * (b.y1 - b.y0) - inter;
  return union > 0 ? inter / union : 0;
}
