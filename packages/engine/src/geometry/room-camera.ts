/**
 * The photo's camera, estimated from vanishing lines, in the convention the catalogue renderer's
 * `renderPlaced` expects: world y up, centimetres, floor plane y = 0, pose = world → camera with
 * camera axes x right, y down, z forward. The camera stands `CAMERA_HEIGHT_CM` above the floor
 * (the usual eye-level interior shot); its forward direction, projected onto the floor, is world −z.
 *
 * Evidence used, strongest first: the vertical vanishing point (walls, door frames and furniture
 * legs give pitch and roll), the dominant horizontal vanishing points (their line is the horizon;
 * two orthogonal ones give the focal length), and fixed priors where lines are weak.
 */
import type { CameraPose, Intrinsics } from '@roomcraft/catalog';
import type { Raster } from '../raster';
import { detectSegments, greyDownscaled } from './line-segments';
import type { Homogeneous, NormalisedSegment, VanishingPoint } from './vanishing';
import { findVanishingPoint, frameOf, normaliseSegments } from './vanishing';

export type Vec3 = readonly [number, number, number];

/** Eye level of a typical interior photo; scale in the scene follows from it. */
export const CAMERA_HEIGHT_CM = 140;
/** Fallback field of view across the image's shorter side (a 24 mm-equivalent interior shot). */
export const FALLBACK_FOV_DEG = 55;
/** Fallback horizon row as a fraction of the height: interior shots tilt slightly down. */
export const FALLBACK_HORIZON = 0.42;

const ANALYSIS_SIDE = 800;

export interface RoomCamera {
  width: number;
  height: number;
  /** Row-major K = [f 0 cx; 0 f cy; 0 0 1] in pixels of the photo. */
  intrinsics: Intrinsics;
  /** World → camera. */
  pose: CameraPose;
  /** Image row of the horizon at the centre column (= the principal point's column, cx). */
  horizonY: number;
  /** Angle of the horizon in the image (radians, positive when it falls to the right). */
  rollRad: number;
  /** Downward tilt of the optical axis below the horizontal, radians. */
  pitchRad: number;
  cameraHeightCm: number;
  /** 0 (all priors) to 1 (strong, mutually consistent vanishing points). */
  confidence: number;
  /**
   * Yaw (degrees, about world y, the `renderPlaced` convention) of the room's dominant horizontal
   * axis — walls run along it or at right angles to it — or null when none was found.
   */
  roomAxisYawDeg: number | null;
  /** The vertical vanishing point in homogeneous pixel coordinates (unit vector), if found. */
  verticalVanishingPoint: Homogeneous | null;
}

/** What a perspective floor fill needs (consumed as `FloorMapping` by ops/surface-fill.ts). */
export interface FloorMappingFields {
  horizonY: number;
  focalPx: number;
  cx: number;
  cy: number;
  cameraHeightCm: number;
  rollRad: number;
}

export function floorMappingOf(camera: RoomCamera): FloorMappingFields {
  return {
    horizonY: camera.horizonY,
    focalPx: camera.intrinsics[0],
    cx: camera.intrinsics[2],
    cy: camera.intrinsics[5],
    cameraHeightCm: camera.cameraHeightCm,
    rollRad: camera.rollRad,
  };
}

/** The world point on the floor (y = 0) seen at pixel (u, v), or null above the horizon. */
export function floorPointAt(camera: RoomCamera, u: number, v: number): Vec3 | null {
  const ray = worldRay(camera, u, v);
  const origin = cameraCentre(camera);
  if (ray[1] > -1e-6) return null;
  const t = -origin[1] / ray[1];
  return [origin[0] + t * ray[0], 0, origin[2] + t * ray[2]];
}

/**
 * The floor distance (cm, the camera's world unit) between columns `u0` and `u1` on row `v`
 * (image pixels of the camera's size): how wide something standing on that row is. Null above
 * the horizon.
 */
export function floorWidthAt(camera: RoomCamera, u0: number, u1: number, v: number): number | null {
  const a = floorPointAt(camera, u0, v);
  const b = floorPointAt(camera, u1, v);
  return a && b ? Math.hypot(b[0] - a[0], b[2] - a[2]) : null;
}

/** Pixel coordinates of a world point, or null when it is behind the camera. */
export function projectToImage(camera: RoomCamera, p: Vec3): [number, number] | null {
  const r = camera.pose.rotation;
  const t = camera.pose.translation;
  const x = r[0] * p[0] + r[1] * p[1] + r[2] * p[2] + t[0];
  const y = r[3] * p[0] + r[4] * p[1] + r[5] * p[2] + t[1];
  const z = r[6] * p[0] + r[7] * p[1] + r[8] * p[2] + t[2];
  if (z <= 1e-6) return null;
  const k = camera.intrinsics;
  return [k[0] * (x / z) + k[2], k[4] * (y / z) + k[5]];
}

/** The camera centre in world coordinates. */
export function cameraCentre(camera: RoomCamera): Vec3 {
  const r = camera.pose.rotation;
  const t = camera.pose.translation;
  // C = −Rᵀ t
  return [
    -(r[0] * t[0] + r[3] * t[1] + r[6] * t[2]),
    -(r[1] * t[0] + r[4] * t[1] + r[7] * t[2]),
    -(r[2] * t[0] + r[5] * t[1] + r[8] * t[2]),
  ];
}

/** Unit world direction of the ray through pixel (u, v). */
export function worldRay(camera: RoomCamera, u: number, v: number): Vec3 {
  const k = camera.intrinsics;
  const xc = (u - k[2]) / k[0];
  const yc = (v - k[5]) / k[4];
  const r = camera.pose.rotation;
  const dx = r[0] * xc + r[3] * yc + r[6];
  const dy = r[1] * xc + r[4] * yc + r[7];
  const dz = r[2] * xc + r[5] * yc + r[8];
  const n = Math.hypot(dx, dy, dz);
  return [dx / n, dy / n, dz / n];
}

/**
 * Builds a camera from its focal length, principal point and world-up direction in camera
 * coordinates (`up`, any length, pointing to the image top). Exported for tests and for callers
 * that know their camera.
 */
export function roomCameraFrom(
  width: number,
  height: number,
  focalPx: number,
  principal: { cx: number; cy: number },
  up: Vec3,
  extras: { confidence: number; roomAxisYawDeg?: number | null; vertical?: Homogeneous | null },
): RoomCamera {
  let [ux, uy, uz] = up;
  const un = Math.hypot(ux, uy, uz) || 1;
  ux /= un;
  uy /= un;
  uz /= un;
  if (uy > 0) {
    ux = -ux;
    uy = -uy;
    uz = -uz;
  }
  // Forward on the floor: the optical axis with its up component removed.
  let hx = -uz * ux;
  let hy = -uz * uy;
  let hz = 1 - uz * uz;
  const hn = Math.hypot(hx, hy, hz) || 1;
  hx /= hn;
  hy /= hn;
  hz /= hn;
  // World axes in camera coordinates: y = up, z = −forward, x = y × z.
  const zx = -hx;
  const zy = -hy;
  const zz = -hz;
  const xx = uy * zz - uz * zy;
  const xy = uz * zx - ux * zz;
  const xz = ux * zy - uy * zx;
  // R (world → camera) has those axes as its columns.
  const rotation = [xx, ux, zx, xy, uy, zy, xz, uz, zz] as const;
  const h = CAMERA_HEIGHT_CM;
  const translation: Vec3 = [-rotation[1] * h, -rotation[4] * h, -rotation[7] * h];
  const { cx, cy } = principal;
  // Horizon: pixels whose ray is perpendicular to up; at the centre column.
  const horizonY = cy - (focalPx * uz + (width / 2 - cx) * ux) / uy;
  return {
    width,
    height,
    intrinsics: [focalPx, 0, cx, 0, focalPx, cy, 0, 0, 1],
    pose: { rotation, translation },
    horizonY,
    rollRad: Math.atan2(ux, -uy),
    pitchRad: Math.asin(Math.max(-1, Math.min(1, -uz))),
    cameraHeightCm: h,
    confidence: extras.confidence,
    roomAxisYawDeg: extras.roomAxisYawDeg ?? null,
    verticalVanishingPoint: extras.vertical ?? null,
  };
}

/** The fallback camera: horizon at 0.42 of the height, 55° across the short side, no roll. */
export function fallbackRoomCamera(width: number, height: number): RoomCamera {
  const f = Math.min(width, height) / 2 / Math.tan((FALLBACK_FOV_DEG * Math.PI) / 360);
  const pitch = Math.atan((height / 2 - FALLBACK_HORIZON * height) / f);
  return roomCameraFrom(
    width,
    height,
    f,
    { cx: width / 2, cy: height / 2 },
    [0, -Math.cos(pitch), -Math.sin(pitch)],
    { confidence: 0 },
  );
}

interface Evidence {
  vertical: VanishingPoint | null;
  horizontal: VanishingPoint[];
}

/** Finds the vertical and up to two horizontal vanishing points among the segments. */
function findEvidence(segments: NormalisedSegment[], aspectY: number): Evidence {
  const nearVertical = Math.sin((25 * Math.PI) / 180);
  const verticalIdx: number[] = [];
  const otherIdx: number[] = [];
  segments.forEach((s, i) => (Math.abs(s.dx) < nearVertical ? verticalIdx : otherIdx).push(i));
  let vertical = findVanishingPoint(segments, verticalIdx, {
    toleranceDeg: 1.5,
    iterations: 300,
    seed: 11,
    minInliers: 4,
  });
  // A vertical vanishing point inside the frame is a misfit (converging furniture edges).
  if (vertical && Math.abs(vertical.point[2]) > 1e-9) {
    const y = vertical.point[1] / vertical.point[2];
    if (Math.abs(y) < aspectY * 1.2) vertical = null;
  }
  const horizontal: VanishingPoint[] = [];
  let remaining = otherIdx;
  for (let k = 0; k < 2; k++) {
    const vp = findVanishingPoint(segments, remaining, {
      toleranceDeg: 1.5,
      iterations: 500,
      seed: 23 + k,
      minInliers: 5,
    });
    if (!vp) break;
    if (vertical && !plausiblyHorizontal(vp.point, vertical.point)) break;
    horizontal.push(vp);
    const taken = new Set(vp.inliers);
    remaining = remaining.filter((i) => !taken.has(i));
  }
  return { vertical, horizontal };
}

/**
 * A horizontal vanishing point lies far from the vertical one: its direction from the image centre
 * is within 50° of perpendicular to the vertical's (it sits near the horizon, not on the verticals).
 */
function plausiblyHorizontal(h: Homogeneous, v: Homogeneous): boolean {
  const hx = h[0];
  const hy = h[1];
  const vx = v[0] * Math.sign(v[2] || 1);
  const vy = v[1] * Math.sign(v[2] || 1);
  const hw = h[2];
  // Direction from the centre to h (valid for points at infinity too).
  const hn = Math.hypot(hx, hy) || 1;
  const vn = Math.hypot(vx, vy) || 1;
  const cosine = Math.abs((hx * vx + hy * vy) / (hn * vn));
  if (Math.abs(hw) < 1e-9) return cosine < Math.cos((40 * Math.PI) / 180);
  // A finite point near the centre is fine (one-point perspective's central vanishing point).
  const distance = hn / Math.abs(hw);
  return distance < 0.6 || cosine < Math.cos((40 * Math.PI) / 180);
}

/** f² from two vanishing points of orthogonal directions (principal point at the origin). */
function focalFromPair(a: Homogeneous, b: Homogeneous): number | null {
  if (Math.abs(a[2]) < 1e-9 || Math.abs(b[2]) < 1e-9) return null;
  const ax = a[0] / a[2];
  const ay = a[1] / a[2];
  const bx = b[0] / b[2];
  const by = b[1] / b[2];
  // Far points make the product ill-conditioned.
  if (Math.hypot(ax, ay) > 12 || Math.hypot(bx, by) > 25) return null;
  const f2 = -(ax * bx + ay * by);
  return f2 > 0 ? Math.sqrt(f2) : null;
}

/** Normalised focal lengths for a long-side field of view between 118° and 49°. */
const MIN_FOCAL = 0.6;
const MAX_FOCAL = 2.2;

/**
 * The focal length (normalised units), preferring two orthogonal horizontal vanishing points. A
 * horizontal point paired with the vertical one is used only when the camera is clearly pitched:
 * for a level camera that product is dominated by noise in the horizontal point's row.
 */
function estimateFocal(evidence: Evidence, horizonPair: boolean): number | null {
  const inRange = (f: number | null): f is number => f !== null && f >= MIN_FOCAL && f <= MAX_FOCAL;
  const [h1, h2] = evidence.horizontal;
  if (h1 && h2 && horizonPair) {
    const f = focalFromPair(h1.point, h2.point);
    if (inRange(f)) return f;
  }
  const v = evidence.vertical?.point;
  if (!v || Math.abs(v[2]) < 1e-9 || Math.hypot(v[0], v[1]) / Math.abs(v[2]) > 6) return null;
  for (const h of evidence.horizontal) {
    const f = focalFromPair(h.point, v);
    if (inRange(f)) return f;
  }
  return null;
}

/**
 * Whether the two horizontal vanishing points span a horizon consistent with the verticals: the
 * line through them must be near level and, when the vertical point is known, perpendicular to its
 * direction (within 2°). A second point that fails this came from something else (a patterned
 * rug, a staircase) and is dropped.
 */
function horizonPairAgrees(evidence: Evidence): boolean {
  const [h1, h2] = evidence.horizontal;
  if (!h1 || !h2) return false;
  const l = crossH(h1.point, h2.point);
  if (Math.hypot(l[0], l[1]) < 1e-9) return false;
  // Angle of the line's normal from straight down (the roll the pair implies).
  const normalAngle = Math.atan2(l[0], l[1]);
  const rollOf = (a: number): number => {
    const wrapped = ((a % Math.PI) + 1.5 * Math.PI) % Math.PI;
    return wrapped - Math.PI / 2;
  };
  const pairRoll = rollOf(normalAngle);
  if (Math.abs(pairRoll) > (12 * Math.PI) / 180) return false;
  const v = evidence.vertical?.point;
  if (!v) return true;
  const verticalRoll = rollOf(Math.atan2(v[0], v[1]));
  return Math.abs(rollOf(pairRoll - verticalRoll)) < (2 * Math.PI) / 180;
}

/**
 * Estimates the photo's camera. Works on a copy at most 800 px on its longer side; all results
 * are in pixels of the full image.
 */
export function estimateRoomCamera(image: Raster): RoomCamera {
  const { width, height } = image;
  const { grey } = greyDownscaled(image, ANALYSIS_SIDE);
  const frame = frameOf(grey.width, grey.height);
  const segments = normaliseSegments(detectSegments(grey), frame);
  const aspectY = grey.height / 2 / frame.scale;
  const evidence = findEvidence(segments, aspectY);

  // Pixels of the full image per normalised unit.
  const unitPx = Math.max(width, height) / 2;
  const fallbackFocal =
    Math.min(width, height) / 2 / Math.tan((FALLBACK_FOV_DEG * Math.PI) / 360) / unitPx;
  const pairAgrees = horizonPairAgrees(evidence);
  if (!pairAgrees) evidence.horizontal.splice(1);
  const measuredFocal = estimateFocal(evidence, pairAgrees);
  const f = measuredFocal ?? fallbackFocal;

  const solved = solveOrientation(evidence, f, aspectY);
  if (!solved) return fallbackRoomCamera(width, height);

  const vertical = evidence.vertical?.point ?? null;
  const confidence = Math.min(
    1,
    (evidence.vertical ? 0.35 * Math.min(1, evidence.vertical.inliers.length / 10) : 0) +
      0.2 * Math.min(2, evidence.horizontal.length) +
      (measuredFocal !== null ? 0.25 : 0),
  );
  const camera = roomCameraFrom(
    width,
    height,
    f * unitPx,
    { cx: width / 2, cy: height / 2 + solved.cyOffset * unitPx },
    solved.up,
    {
      confidence,
      vertical: vertical ? toPixelHomogeneous(vertical, width, height, unitPx) : null,
    },
  );
  // A horizon outside the frame is implausible for an interior shot at eye level: distrust it.
  if (camera.horizonY < 0.05 * height || camera.horizonY > 0.95 * height) {
    return fallbackRoomCamera(width, height);
  }
  const h1 = evidence.horizontal[0];
  return h1 ? { ...camera, roomAxisYawDeg: axisYaw(camera, h1.point, f) } : camera;
}

function toPixelHomogeneous(
  p: Homogeneous,
  width: number,
  height: number,
  unitPx: number,
): Homogeneous {
  const x = p[0] * unitPx + (width / 2) * p[2];
  const y = p[1] * unitPx + (height / 2) * p[2];
  const n = Math.hypot(x, y, p[2]) || 1;
  return [x / n, y / n, p[2] / n];
}

/**
 * World-up in camera coordinates (normalised-focal units) and a vertical principal-point offset.
 * The offset is non-zero only for shift-lens or keystone-corrected photos, whose verticals are
 * parallel while the horizon sits away from the centre.
 */
function solveOrientation(
  evidence: Evidence,
  f: number,
  aspectY: number,
): { up: Vec3; cyOffset: number } | null {
  const v = evidence.vertical?.point ?? null;
  const upFromVertical: Vec3 | null = v ? [v[0] / f, v[1] / f, v[2]] : null;
  const horizon = horizonFromVanishingPoints(evidence, v);
  if (!upFromVertical && !horizon) {
    return {
      up: fallbackUp(f, aspectY),
      cyOffset: 0,
    };
  }
  if (!horizon && upFromVertical) return { up: upFromVertical, cyOffset: 0 };
  if (!horizon) return null;
  // Up as the normal of the horizon's plane through the camera: Kᵀ·l.
  const fromHorizon: Vec3 = [horizon[0] * f, horizon[1] * f, horizon[2]];
  if (!upFromVertical) return { up: fromHorizon, cyOffset: 0 };
  const rowVertical = horizonRow(upFromVertical, f);
  const rowObserved = -horizon[2] / (horizon[1] || 1e-9);
  if (Math.abs(rowVertical - rowObserved) < 0.08) {
    // Consistent: take the observed horizon's height with the verticals' roll.
    const s = upFromVertical[1] > 0 ? -1 : 1;
    const roll = Math.atan2(s * upFromVertical[0], -s * upFromVertical[1]);
    return { up: upFromRow(rowObserved, roll, f), cyOffset: 0 };
  }
  const n = Math.hypot(...upFromVertical);
  const pitch = Math.asin(Math.abs(upFromVertical[2]) / n);
  if (pitch < (4 * Math.PI) / 180 && evidence.horizontal.length >= 2) {
    // Parallel verticals but two horizontal points agree on an off-centre horizon: a corrected
    // (shift-lens or keystoned) photo; shift the principal point. One point alone is outvoted.
    return { up: upFromVertical, cyOffset: rowObserved - rowVertical };
  }
  return { up: upFromVertical, cyOffset: 0 };
}

/** Centre-column row (normalised) of the horizon for world-up `up`. */
function horizonRow(up: Vec3, f: number): number {
  return -(f * up[2]) / up[1];
}

/** Up for a horizon crossing the centre column at `row` with angle `roll`. */
function upFromRow(row: number, roll: number, f: number): Vec3 {
  // Horizon line: −sin(r)·x + cos(r)·y − cos(r)·row = 0, then up = Kᵀ·l.
  const a = -Math.sin(roll);
  const b = Math.cos(roll);
  const c = -b * row;
  return [a * f, b * f, c];
}

function fallbackUp(f: number, aspectY: number): Vec3 {
  const row = (FALLBACK_HORIZON - 0.5) * 2 * aspectY;
  return upFromRow(row, 0, f);
}

/**
 * The horizon as a homogeneous line (normalised coordinates): through two horizontal vanishing
 * points, or through one, perpendicular to the direction of the vertical vanishing point (or level).
 */
function horizonFromVanishingPoints(
  evidence: Evidence,
  vertical: Homogeneous | null,
): Homogeneous | null {
  const [h1, h2] = evidence.horizontal;
  if (!h1) return null;
  // A second point is only kept when it agrees with the verticals (horizonPairAgrees).
  if (h2) return crossH(h1.point, h2.point);
  const p = h1.point;
  if (Math.abs(p[2]) < 1e-9) return null;
  const px = p[0] / p[2];
  const py = p[1] / p[2];
  let nx = 0;
  let ny = 1;
  if (vertical) {
    const s = Math.sign(vertical[2] || 1);
    nx = vertical[0] * s;
    ny = vertical[1] * s;
    const n = Math.hypot(nx, ny) || 1;
    nx /= n;
    ny /= n;
  }
  return [nx, ny, -(nx * px + ny * py)];
}

function crossH(a: Homogeneous, b: Homogeneous): Homogeneous {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** Yaw (renderPlaced convention: front +z turned by yaw faces (sin, 0, cos)) of a floor direction. */
function axisYaw(camera: RoomCamera, vp: Homogeneous, f: number): number | null {
  const r = camera.pose.rotation;
  // Camera-frame direction of the vanishing point (normalised units: K = diag(f, f, 1) there).
  const dx = vp[0] / f;
  const dy = vp[1] / f;
  const dz = vp[2];
  const wx = r[0] * dx + r[3] * dy + r[6] * dz;
  const wz = r[2] * dx + r[5] * dy + r[8] * dz;
  if (Math.hypot(wx, wz) < 1e-9) return null;
  return (Math.atan2(wx, wz) * 180) / Math.PI;
}
