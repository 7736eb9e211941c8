/**
 * How many square metres of floor or wall a set of pixels covers, from the room camera
 * (geometry/room-camera.ts): the quantity behind the cart's "≈ 14 m² (estimate)" for a floor and
 * the litres of paint for a wall (issue 13). Always an estimate: the scale comes from the camera
 * standing `CAMERA_HEIGHT_CM` above the floor, and only the surface the photo shows is counted
 * (the wall behind a wardrobe is not).
 *
 * The footprint of one pixel on a plane is exact for a pinhole camera: for a plane at distance
 * `d` from the camera centre with unit normal `n` (camera coordinates) and the pixel's ray
 * `m = K⁻¹·(u, v, 1)`, the plane point is `X = d·m / (−n·m)` and the Jacobian of (u, v) → X
 * has area `d² · |det K⁻¹| / |n·m|³ = d² / (f² · |n·m|³)`. Summing that over the pixels, each
 * weighted by its matte, integrates the surface. Floors use the floor plane (normal = world up,
 * d = the camera height); a wall uses the vertical plane through its foot — the wall–floor line
 * of the room parse back-projected to the floor and fitted with a line per wall plane
 * (scene/wall-planes.ts).
 */
import { ADE } from '../scene/ade20k';
import type { RoomParse } from '../scene/room-parse';
import { boundaryLines } from '../scene/wall-planes';
import type { RoomCamera, Vec3 } from './room-camera';
import { floorPointAt, worldRay } from './room-camera';

/** Farther than this along the ray (cm), a pixel's footprint is not believable (near the horizon). */
export const MAX_RANGE_CM = 2500;
/**
 * Pixels the geometry cannot place (beyond the range, above the horizon, on a wall plane
 * without a visible foot) may be this share of the weight at most; their share of the area is
 * then taken to be like the rest's. More than that and there is no estimate.
 */
export const MAX_UNPLACED_SHARE = 0.15;
/** A wall plane needs this many columns of visible wall–floor line (and 3% of the width). */
const MIN_FOOT_COLUMNS = 12;
/** A fitted wall closer to the camera than this (cm) is a misfit. */
const MIN_WALL_DISTANCE_CM = 40;

/**
 * The area (cm²) that pixel (u, v) covers on the plane with unit normal `normal` (camera
 * coordinates, pointing to the camera's side) at `distanceCm` from the camera centre, or null
 * when the pixel's ray does not meet the plane in front of the camera within MAX_RANGE_CM.
 */
export function pixelFootprintCm2(
  camera: RoomCamera,
  normal: Vec3,
  distanceCm: number,
  u: number,
  v: number,
): number | null {
  const k = camera.intrinsics;
  const f = k[0];
  const mx = (u - k[2]) / f;
  const my = (v - k[5]) / k[4];
  const s = normal[0] * mx + normal[1] * my + normal[2];
  if (s >= -1e-9) return null;
  const range = (distanceCm / -s) * Math.hypot(mx, my, 1);
  if (range > MAX_RANGE_CM) return null;
  return (distanceCm * distanceCm) / (f * f * Math.abs(s * s * s));
}

/** World-up in camera coordinates (the second column of world → camera). */
function upInCamera(camera: RoomCamera): Vec3 {
  const r = camera.pose.rotation;
  return [r[1], r[4], r[7]];
}

/** A world direction in camera coordinates. */
function toCamera(camera: RoomCamera, w: Vec3): Vec3 {
  const r = camera.pose.rotation;
  return [
    r[0] * w[0] + r[1] * w[1] + r[2] * w[2],
    r[3] * w[0] + r[4] * w[1] + r[5] * w[2],
    r[6] * w[0] + r[7] * w[1] + r[8] * w[2],
  ];
}

/** Sums footprints over weighted pixels, per plane; null when too much could not be placed. */
class AreaSum {
  private placedWeight = 0;
  private totalWeight = 0;
  private areaCm2 = 0;

  add(weight: number, footprint: number | null): void {
    this.totalWeight += weight;
    if (footprint === null) return;
    this.placedWeight += weight;
    this.areaCm2 += weight * footprint;
  }

  /** m², the unplaced share counted like the placed one; null without enough placed. */
  squareMetres(): number | null {
    if (this.totalWeight <= 0 || this.placedWeight <= 0) return null;
    if (this.placedWeight < (1 - MAX_UNPLACED_SHARE) * this.totalWeight) return null;
    return (this.areaCm2 * (this.totalWeight / this.placedWeight)) / 10_000;
  }
}

/**
 * The floor area (m²) under the pixels of `matte` (0–255 per pixel, e.g. the floors action's
 * floor matte), or null when the camera cannot place them. `scale` is {@link sceneScale}'s;
 * with `onFloor` (non-zero where the room parse sees floor) other pixels count as unplaced.
 */
export function floorAreaM2(
  camera: RoomCamera,
  matte: Uint8Array,
  scale = 1,
  onFloor?: Uint8Array,
): number | null {
  const { width, height } = camera;
  const up = upInCamera(camera);
  const sum = new AreaSum();
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const a = matte[v * width + u] ?? 0;
      if (a === 0) continue;
      if (onFloor && !onFloor[v * width + u]) {
        sum.add(a / 255, null);
        continue;
      }
      sum.add(a / 255, pixelFootprintCm2(camera, up, camera.cameraHeightCm, u + 0.5, v + 0.5));
    }
  }
  const area = sum.squareMetres();
  return area === null ? null : area * scale * scale;
}

/** A vertical wall plane: unit normal (world, towards the camera) and distance from the camera. */
export interface WallPlane {
  normal: Vec3;
  distanceCm: number;
}

/**
 * The vertical plane through floor points (x, z) (world cm): a total-least-squares line, refitted
 * once without the points farthest off it (a chair leg's foot, a misread column). Null when the
 * points are too few, too bunched, or the plane passes by the camera.
 */
export function fitWallPlane(points: readonly Vec3[], camera: RoomCamera): WallPlane | null {
  const fit = (pts: readonly Vec3[]) => {
    let mx = 0;
    let mz = 0;
    for (const p of pts) {
      mx += p[0];
      mz += p[2];
    }
    mx /= pts.length;
    mz /= pts.length;
    let sxx = 0;
    let sxz = 0;
    let szz = 0;
    for (const p of pts) {
      const dx = p[0] - mx;
      const dz = p[2] - mz;
      sxx += dx * dx;
      sxz += dx * dz;
      szz += dz * dz;
    }
    // Principal direction of the 2×2 scatter matrix.
    const angle = 0.5 * Math.atan2(2 * sxz, sxx - szz);
    const dir = [Math.cos(angle), Math.sin(angle)] as const;
    const spread = Math.sqrt(
      (sxx * dir[0] * dir[0] + 2 * sxz * dir[0] * dir[1] + szz * dir[1] * dir[1]) / pts.length,
    );
    return { mx, mz, nx: -dir[1], nz: dir[0], spread };
  };
  if (points.length < MIN_FOOT_COLUMNS) return null;
  let line = fit(points);
  const residuals = points.map((p) =>
    Math.abs((p[0] - line.mx) * line.nx + (p[2] - line.mz) * line.nz),
  );
  const sorted = [...residuals].sort((a, b) => a - b);
  const cut = Math.max(5, 3 * (sorted[sorted.length >> 1] ?? 0));
  const kept = points.filter((_, i) => (residuals[i] ?? 0) <= cut);
  if (kept.length < MIN_FOOT_COLUMNS) return null;
  line = fit(kept);
  // A foot shorter than 30 cm along the wall says nothing about its direction.
  if (line.spread < 15) return null;
  const [cx, , cz] = cameraCentreOf(camera);
  let nx = line.nx;
  let nz = line.nz;
  let distance = (cx - line.mx) * nx + (cz - line.mz) * nz;
  if (distance < 0) {
    nx = -nx;
    nz = -nz;
    distance = -distance;
  }
  if (distance < MIN_WALL_DISTANCE_CM) return null;
  return { normal: [nx, 0, nz], distanceCm: distance };
}

function cameraCentreOf(camera: RoomCamera): Vec3 {
  const r = camera.pose.rotation;
  const t = camera.pose.translation;
  return [
    -(r[0] * t[0] + r[3] * t[1] + r[6] * t[2]),
    -(r[1] * t[0] + r[4] * t[1] + r[7] * t[2]),
    -(r[2] * t[0] + r[5] * t[1] + r[8] * t[2]),
  ];
}

/** What the room parse knows of the walls, for {@link wallAreaM2}. */
export interface WallGeometry {
  /** Per pixel: 0 not wall, 1 left, 2 front, 3 right (RoomParse.wallPlanes). */
  planes: Uint8Array;
  /** Row of the wall–floor boundary per column, NaN where hidden (RoomParse.wallFloorLine). */
  wallFloorLine: Float32Array;
  /** Row of the wall–ceiling boundary per column, NaN where hidden (scene/wall-planes.ts). */
  wallCeilingLine?: Float32Array;
}

/**
 * Each wall plane, fitted from its foot: the visible wall–floor line back-projected to the floor.
 * With `ceilingCm` (the ceiling's height in the camera's units), a wall whose foot is hidden
 * (behind a bed, a sofa, kitchen units) is fitted from its top instead: the wall–ceiling line
 * back-projected to the ceiling plane at that height.
 */
export function wallPlanesOf(
  camera: RoomCamera,
  walls: WallGeometry,
  ceilingCm?: number,
): Map<number, WallPlane> {
  const { width, height } = camera;
  const feet = new Map<number, Vec3[]>();
  const tops = new Map<number, Vec3[]>();
  const push = (map: Map<number, Vec3[]>, plane: number, point: Vec3) => {
    const list = map.get(plane) ?? [];
    list.push(point);
    map.set(plane, list);
  };
  const centre = cameraCentreOf(camera);
  for (let x = 0; x < width; x++) {
    const y = walls.wallFloorLine[x] ?? Number.NaN;
    if (!Number.isNaN(y)) {
      // The wall pixel just above the line names the plane whose foot this is.
      const row = Math.min(height - 1, Math.max(0, Math.floor(y) - 2));
      const plane = walls.planes[row * width + x] ?? 0;
      const foot = plane === 0 ? null : floorPointAt(camera, x + 0.5, y);
      if (foot) push(feet, plane, foot);
    }
    const top = walls.wallCeilingLine?.[x] ?? Number.NaN;
    if (ceilingCm !== undefined && !Number.isNaN(top)) {
      // And the one just below the ceiling line, the plane whose top this is.
      const row = Math.min(height - 1, Math.max(0, Math.ceil(top) + 2));
      const plane = walls.planes[row * width + x] ?? 0;
      const ray = worldRay(camera, x + 0.5, top);
      if (plane === 0 || ray[1] <= 1e-6) continue;
      const t = (ceilingCm - centre[1]) / ray[1];
      push(tops, plane, [centre[0] + t * ray[0], ceilingCm, centre[2] + t * ray[2]]);
    }
  }
  const minColumns = Math.max(MIN_FOOT_COLUMNS, Math.round(0.03 * width));
  const fitted = new Map<number, WallPlane>();
  for (const plane of [1, 2, 3]) {
    const base = feet.get(plane) ?? [];
    const points = base.length >= minColumns ? base : (tops.get(plane) ?? []);
    if (points.length < minColumns) continue;
    const wall = fitWallPlane(points, camera);
    if (wall && facesAsLabelled(camera, wall, plane)) fitted.set(plane, wall);
  }
  return fitted;
}

/**
 * Whether a fitted wall faces the way its label says (scene/wall-planes.ts splits at 45°): a
 * front wall within 60° of facing the camera, a left wall facing right and a right wall facing
 * left by at least 30°. A fit that fails this mixed two walls' feet (a window bay and the room
 * beyond) and would place the wall nonsensically.
 */
function facesAsLabelled(camera: RoomCamera, wall: WallPlane, plane: number): boolean {
  const n = toCamera(camera, wall.normal);
  const across = Math.hypot(n[0], n[2]) || 1;
  // The normal points to the camera's side: towards −z (camera forward is +z) for a front wall.
  if (plane === 2) return -n[2] / across >= 0.5;
  if (plane === 1) return n[0] / across >= 0.5;
  if (plane === 3) return -n[0] / across >= 0.5;
  return false;
}

/**
 * The wall area (m²) under the pixels of `matte` (0–255, e.g. the paint's matte), each on the
 * plane of its wall; null when the walls' feet are not seen well enough to place them, or when
 * much of the matte is not wall at all. A few unplaced pixels (a matte's soft rim, a wall whose
 * foot is hidden) count like the rest.
 */
export function wallAreaM2(
  camera: RoomCamera,
  matte: Uint8Array,
  walls: WallGeometry,
  scale = 1,
): number | null {
  const { width, height } = camera;
  // The ceiling stands at the typical height in real units, so at that over the scale in the
  // camera's (sceneScale measured it so where it could).
  const fitted = wallPlanesOf(camera, walls, TYPICAL_CEILING_CM / scale);
  const inCamera = new Map(
    [...fitted].map(([plane, wall]) => [
      plane,
      { normal: toCamera(camera, wall.normal), distanceCm: wall.distanceCm },
    ]),
  );
  const sum = new AreaSum();
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = v * width + u;
      const a = matte[i] ?? 0;
      if (a === 0) continue;
      // Not wall in the parse (the ceiling, a cabinet painted as given): unplaced.
      const wall = inCamera.get(walls.planes[i] ?? 0);
      sum.add(
        a / 255,
        wall ? pixelFootprintCm2(camera, wall.normal, wall.distanceCm, u + 0.5, v + 0.5) : null,
      );
    }
  }
  const area = sum.squareMetres();
  return area === null ? null : area * scale * scale;
}

/**
 * The usual floor-to-ceiling height (cm): 2.4–2.7 m in most homes (8 ft = 2.44 m in the US,
 * 2.5 m is the common European new-build height). Ceiling heights vary less than the height a
 * photo is taken from (a tripod at 1 m for a listing, eye level at 1.6 m), so where a wall is
 * seen from floor to ceiling it sets the scale instead of the camera's height.
 */
export const TYPICAL_CEILING_CM = 250;
/** Scales beyond these (camera heights of 84–203 cm) are a misread line, not a real room. */
const MIN_SCALE = 0.6;
const MAX_SCALE = 1.45;

/**
 * How much the scene is larger than the camera's height prior makes it: the typical ceiling
 * height over the wall's floor-to-ceiling height as measured (the ray through the wall–ceiling
 * line met with the wall's plane, fitted from its foot), the median over the columns where both
 * lines are seen. 1 (the camera's prior) without enough such columns or with an implausible
 * answer. Lengths scale by it, areas by its square.
 */
export function sceneScale(camera: RoomCamera, walls: WallGeometry): number {
  const ceiling = walls.wallCeilingLine;
  if (!ceiling) return 1;
  const { width, height } = camera;
  const fitted = wallPlanesOf(camera, walls);
  const centre = cameraCentreOf(camera);
  const heights: number[] = [];
  for (let x = 0; x < width; x++) {
    const top = ceiling[x] ?? Number.NaN;
    const foot = walls.wallFloorLine[x] ?? Number.NaN;
    if (Number.isNaN(top) || Number.isNaN(foot)) continue;
    const row = Math.min(height - 1, Math.max(0, Math.floor(foot) - 2));
    const wall = fitted.get(walls.planes[row * width + x] ?? 0);
    if (!wall) continue;
    const ray = worldRay(camera, x + 0.5, top);
    const n = wall.normal;
    const den = n[0] * ray[0] + n[2] * ray[2];
    if (den >= -1e-9) continue;
    // The plane is n·X = n·C − d; the ray C + t·ray meets it at t = d / −(n·ray).
    const t = wall.distanceCm / -den;
    heights.push(centre[1] + t * ray[1]);
  }
  if (heights.length < Math.max(MIN_FOOT_COLUMNS, Math.round(0.03 * width))) return 1;
  heights.sort((a, b) => a - b);
  const measured = heights[heights.length >> 1] ?? 0;
  if (measured <= camera.cameraHeightCm) return 1;
  const scale = TYPICAL_CEILING_CM / measured;
  return scale >= MIN_SCALE && scale <= MAX_SCALE ? scale : 1;
}

/**
 * The area (m², rounded to 0.1) a floors or paint action covered in a photo, from its room parse:
 * `matte` is what the action laid or painted (0–255 per pixel). Null when the camera cannot say
 * (no floor or wall foot seen, a degenerate camera, a region that is mostly not that surface).
 */
export function coveredAreaM2(
  parse: RoomParse,
  matte: Uint8Array,
  surface: 'floor' | 'walls',
): number | null {
  const { width, height, labels, camera } = parse;
  if (camera.width !== width || camera.height !== height) return null;
  const lines = boundaryLines(labels, width, height, ADE.wall, [ADE.floor, ADE.rug], ADE.ceiling);
  const walls: WallGeometry = {
    planes: parse.wallPlanes,
    wallFloorLine: parse.wallFloorLine,
    wallCeilingLine: lines.wallCeiling,
  };
  const scale = sceneScale(camera, walls);
  let area: number | null;
  if (surface === 'floor') {
    const onFloor = new Uint8Array(width * height);
    for (let i = 0; i < onFloor.length; i++) {
      const l = labels[i] ?? 0;
      onFloor[i] = l === ADE.floor || l === ADE.rug ? 1 : 0;
    }
    area = floorAreaM2(camera, matte, scale, onFloor);
  } else {
    area = wallAreaM2(camera, matte, walls, scale);
  }
  if (area === null || !Number.isFinite(area) || area <= 0) return null;
  return Math.round(area * 10) / 10;
}
