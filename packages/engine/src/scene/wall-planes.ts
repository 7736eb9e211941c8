/**
 * Splits the wall pixels into the left, front and right wall. Evidence: the wall–floor line (and
 * where furniture hides it, the wall–ceiling line) per image column. A stretch of that line that
 * runs level (along the horizon's direction) belongs to the front wall; one that climbs to the
 * right belongs to the left wall (it recedes towards a vanishing point on its right), one that
 * climbs to the left to the right wall; for the ceiling line the signs flip. The columns are then
 * split into at most three bands, left | front | right, that disagree least with that evidence,
 * and each wall pixel takes its band through the vertical vanishing direction (walls meet in
 * vertical corners). With no evidence (a close-up of one wall) every wall pixel is front.
 */
import type { RoomCamera } from '../geometry/room-camera';

export const PLANE_NONE = 0;
export const PLANE_LEFT = 1;
export const PLANE_FRONT = 2;
export const PLANE_RIGHT = 3;

/** A line within this many degrees of the horizon's direction is a front wall's. */
const LEVEL_DEG = 9;
/** Share of the columns that must vote for a side wall before one is drawn. */
const MIN_SIDE_EVIDENCE = 0.06;
/** The room camera's confidence from which its vanishing points, not slopes, place the walls. */
const MIN_GEOMETRIC_CONFIDENCE = 0.5;
/** Lines steeper than this are not room edges (a door frame, a chair). */
const STEEPEST_DEG = 70;

export interface BoundaryLines {
  /** Row of the wall–floor boundary per column (NaN where not visible). */
  wallFloor: Float32Array;
  /** Row of the wall–ceiling boundary per column (NaN where not visible). */
  wallCeiling: Float32Array;
}

/**
 * The boundary rows per column: the lowest wall pixel with `below` within `gap` rows under it
 * (a skirting board may sit between), and the highest wall pixel with `above` just over it.
 */
export function boundaryLines(
  labels: Uint8Array,
  width: number,
  height: number,
  wall: number,
  floors: readonly number[],
  ceiling: number,
): BoundaryLines {
  const gap = Math.max(3, Math.round(0.015 * height));
  // A boundary counts only under (or over) a real stretch of wall and ceiling: a sliver of
  // "wall" under a chest of drawers is no room edge.
  const minRun = Math.max(4, Math.round(0.04 * height));
  const wallFloor = new Float32Array(width).fill(Number.NaN);
  const wallCeiling = new Float32Array(width).fill(Number.NaN);
  for (let x = 0; x < width; x++) {
    let lastWall = -Infinity;
    let wallRun = 0;
    let lastCeiling = -Infinity;
    let ceilingRun = 0;
    let ceilingAt = -1;
    let floorRun = 0;
    let floorAt = Number.NaN;
    for (let y = 0; y < height; y++) {
      const l = labels[y * width + x] ?? 0;
      if (l === wall) {
        wallRun = y === lastWall + 1 ? wallRun + 1 : 1;
        if (ceilingAt < 0 && ceilingRun >= minRun && y - lastCeiling <= gap) ceilingAt = y;
        if (ceilingAt >= 0 && Number.isNaN(wallCeiling[x] ?? 0) && y - ceilingAt + 1 >= minRun) {
          wallCeiling[x] = (lastCeiling + 1 + ceilingAt) / 2;
        }
        lastWall = y;
      } else if (l === ceiling) {
        ceilingRun = y === lastCeiling + 1 ? ceilingRun + 1 : 1;
        lastCeiling = y;
      } else if (floors.includes(l)) {
        if (y - lastWall <= gap && wallRun >= minRun) {
          floorAt = (lastWall + 1 + y) / 2;
          floorRun = 0;
          lastWall = -Infinity;
        }
        floorRun++;
        if (!Number.isNaN(floorAt) && floorRun >= Math.min(minRun, height - y)) {
          wallFloor[x] = floorAt;
        }
      } else {
        floorRun = 0;
      }
    }
  }
  return { wallFloor, wallCeiling };
}

/** Local slope (rows per column) of a line around each column by least squares, NaN if sparse. */
function localSlopes(line: Float32Array, window: number): Float32Array {
  const n = line.length;
  const out = new Float32Array(n).fill(Number.NaN);
  for (let x = 0; x < n; x++) {
    if (Number.isNaN(line[x] ?? Number.NaN)) continue;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    let count = 0;
    for (let i = Math.max(0, x - window); i <= Math.min(n - 1, x + window); i++) {
      const y = line[i] ?? Number.NaN;
      if (Number.isNaN(y)) continue;
      sx += i;
      sy += y;
      sxx += i * i;
      sxy += i * y;
      count++;
    }
    if (count < window) continue;
    const den = count * sxx - sx * sx;
    if (den <= 0) continue;
    const slope = (count * sxy - sx * sy) / den;
    // Reject points that sit off their own fit (a jump between two walls' lines).
    const icept = (sy - slope * sx) / count;
    if (Math.abs(icept + slope * x - (line[x] ?? 0)) > 0.25 * window) continue;
    out[x] = slope;
  }
  return out;
}

/** Where the line through (x, y) along the verticals crosses row `ref`. */
function verticalProjector(
  camera: RoomCamera | undefined,
  ref: number,
): (x: number, y: number) => number {
  const v = camera && camera.confidence > 0.2 ? camera.verticalVanishingPoint : null;
  if (!v) return (x) => x;
  if (Math.abs(v[2]) < 1e-9) {
    const dx = v[0];
    const dy = v[1];
    if (Math.abs(dy) < 1e-9) return (x) => x;
    return (x, y) => x + ((ref - y) * dx) / dy;
  }
  const vx = v[0] / v[2];
  const vy = v[1] / v[2];
  return (x, y) => (Math.abs(vy - y) < 1 ? x : x + ((ref - y) * (vx - x)) / (vy - y));
}

/**
 * Splits columns [0, n) into left | front | right bands, a ≤ b, minimising the number of
 * columns whose evidence disagrees (evidence 0 = none, else a plane).
 */
export function bestSplit(evidence: Uint8Array): { a: number; b: number } {
  const n = evidence.length;
  // prefix[p][x] = columns < x voting plane p.
  const prefix = [1, 2, 3].map(() => new Int32Array(n + 1));
  for (let x = 0; x < n; x++) {
    for (let p = 0; p < 3; p++) {
      const arr = prefix[p] as Int32Array;
      arr[x + 1] = (arr[x] ?? 0) + (evidence[x] === p + 1 ? 1 : 0);
    }
  }
  const [left, front, right] = prefix as [Int32Array, Int32Array, Int32Array];
  const totalRight = right[n] ?? 0;
  // Agreement for split (a, b): left[a] + (front[b] − front[a]) + (right[n] − right[b]).
  // For each b, the best a ≤ b maximises left[a] − front[a]: a running maximum.
  let bestScore = -Infinity;
  let best = { a: 0, b: 0 };
  let runMax = -Infinity;
  let runArg = 0;
  for (let b = 0; b <= n; b++) {
    const cand = (left[b] ?? 0) - (front[b] ?? 0);
    // Strictly better only: ties keep the smaller left band (front is the default).
    if (cand > runMax) {
      runMax = cand;
      runArg = b;
    }
    const score = runMax + (front[b] ?? 0) + totalRight - (right[b] ?? 0);
    // Ties move the right band's start rightwards (front is the default).
    if (score >= bestScore) {
      bestScore = score;
      best = { a: runArg, b };
    }
  }
  return best;
}

export interface WallPlanes {
  /** Per pixel: 0 not wall, 1 left, 2 front, 3 right. */
  planes: Uint8Array;
  /** Per pixel (wall or not): the plane its column band belongs to, for soft edges. */
  planeAt(x: number, y: number): number;
}

export function splitWalls(
  labels: Uint8Array,
  width: number,
  height: number,
  wall: number,
  lines: BoundaryLines,
  camera: RoomCamera | undefined,
): WallPlanes {
  const rollRad = camera && camera.confidence > 0.2 ? camera.rollRad : 0;
  const level = Math.tan((LEVEL_DEG * Math.PI) / 180);
  const steep = Math.tan((STEEPEST_DEG * Math.PI) / 180);
  const window = Math.max(6, Math.round(width * 0.02));
  // Reference row: the median of the visible wall–floor line, else the middle.
  const rows = [...lines.wallFloor].filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const ref = rows.length > 0 ? (rows[rows.length >> 1] ?? height / 2) : height / 2;
  const project = verticalProjector(camera, ref);
  const evidence = new Uint8Array(width);
  // The vanishing-point vote needs a camera the estimator is fairly sure of: a guessed horizon
  // (one near the wall–ceiling line, say) sends a level front-wall line's vanishing point
  // anywhere. Below that the line's slope against the horizon's direction decides.
  const geometric = camera && camera.confidence >= MIN_GEOMETRIC_CONFIDENCE ? camera : undefined;
  const tanRoll = Math.tan(rollRad);
  const vote = (line: Float32Array, sign: 1 | -1) => {
    const slopes = localSlopes(line, window);
    for (let x = 0; x < width; x++) {
      const s = slopes[x] ?? Number.NaN;
      if (Number.isNaN(s)) continue;
      const y = line[x] ?? ref;
      // Slope relative to the horizon's direction (roll > 0: the horizon falls to the right).
      const rel = (s - tanRoll) / (1 + s * tanRoll);
      if (Math.abs(rel) > steep) continue;
      let plane: number;
      if (geometric) {
        // Where this line meets the horizon: a wall turned less than 45° from facing the
        // camera sends its lines to a vanishing point more than a focal length off centre.
        const cx = geometric.intrinsics[2];
        const f = geometric.intrinsics[0];
        const denom = s - tanRoll;
        const vx =
          Math.abs(denom) < 1e-6
            ? Number.POSITIVE_INFINITY
            : (geometric.horizonY - y + s * x - tanRoll * cx) / denom;
        if (!Number.isFinite(vx) || Math.abs(vx - cx) > f) plane = PLANE_FRONT;
        else plane = vx > x ? PLANE_LEFT : PLANE_RIGHT;
      } else {
        plane = Math.abs(rel) < level ? PLANE_FRONT : rel * sign < 0 ? PLANE_LEFT : PLANE_RIGHT;
      }
      const col = Math.round(project(x, y));
      if (col >= 0 && col < width && evidence[col] === 0) evidence[col] = plane;
    }
  };
  vote(lines.wallFloor, 1);
  vote(lines.wallCeiling, -1);
  // A side wall needs a real stretch of evidence: a few stray votes (a mislabelled blob, a
  // shelf's edge) must not turn the wall behind the bed into a side wall.
  const votes = [0, 0, 0, 0];
  for (let x = 0; x < width; x++) votes[evidence[x] ?? 0] = (votes[evidence[x] ?? 0] ?? 0) + 1;
  for (const plane of [PLANE_LEFT, PLANE_RIGHT]) {
    if ((votes[plane] ?? 0) >= MIN_SIDE_EVIDENCE * width) continue;
    for (let x = 0; x < width; x++) if (evidence[x] === plane) evidence[x] = 0;
  }
  const split = bestSplit(evidence);
  const planeAt = (x: number, y: number) => {
    const col = project(x, y);
    return col < split.a ? PLANE_LEFT : col < split.b ? PLANE_FRONT : PLANE_RIGHT;
  };
  const planes = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (labels[i] === wall) planes[i] = planeAt(x, y);
    }
  }
  return { planes, planeAt };
}
