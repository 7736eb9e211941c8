/** Pinhole cameras in the photo convention (x right, y down, z forward), world y up, cm. */
import type { Aabb } from './sdf';
import type { Mat3, Vec3 } from './vec';
import { cross, mulMat3Vec3, normalize, sub, transpose3 } from './vec';

/** A camera as the renderer uses it: a pixel grid, intrinsics and a camera-to-world rotation. */
export interface PixelCamera {
  width: number;
  height: number;
  origin: Vec3;
  /** Columns are the camera's right, down and forward axes in world space. */
  camToWorld: Mat3;
  fx: number;
  fy: number;
  cx: number;
  cy: number;
}

/** Extrinsics as a photo pipeline states them: x_cam = rotation · x_world + translation. */
export interface CameraPose {
  rotation: Mat3;
  translation: Vec3;
}

/** Row-major 3×3 intrinsic matrix [fx 0 cx; 0 fy cy; 0 0 1]. */
export type Intrinsics = Mat3;

export function cameraFromIntrinsics(
  k: Intrinsics,
  pose: CameraPose,
  width: number,
  height: number,
): PixelCamera {
  const camToWorld = transpose3(pose.rotation);
  const t = mulMat3Vec3(camToWorld, pose.translation);
  return {
    width,
    height,
    origin: [-t[0], -t[1], -t[2]],
    camToWorld,
    fx: k[0],
    fy: k[4],
    cx: k[2],
    cy: k[5],
  };
}

/** World-to-camera pose of a camera at `position` looking at `target` with world y up. */
export function lookAtPose(position: Vec3, target: Vec3): CameraPose {
  const f = normalize(sub(target, position));
  const r = normalize(cross(f, [0, 1, 0]));
  const d = cross(f, r);
  const rotation: Mat3 = [r[0], r[1], r[2], d[0], d[1], d[2], f[0], f[1], f[2]];
  const t = mulMat3Vec3(rotation, position);
  return { rotation, translation: [-t[0], -t[1], -t[2]] };
}

export function intrinsicsFromFov(
  width: number,
  height: number,
  verticalFovDeg: number,
): Intrinsics {
  const f = height / 2 / Math.tan((verticalFovDeg * Math.PI) / 360);
  return [f, 0, width / 2, 0, f, height / 2, 0, 0, 1];
}

/** Pixel coordinates of a world point, or null when it lies behind the camera. */
export function projectPoint(camera: PixelCamera, p: Vec3): [number, number] | null {
  const m = camera.camToWorld;
  const dx = p[0] - camera.origin[0];
  const dy = p[1] - camera.origin[1];
  const dz = p[2] - camera.origin[2];
  // camToWorld is orthonormal, so its transpose takes world offsets into the camera frame.
  const xc = m[0] * dx + m[3] * dy + m[6] * dz;
  const yc = m[1] * dx + m[4] * dy + m[7] * dz;
  const zc = m[2] * dx + m[5] * dy + m[8] * dz;
  if (zc <= 1e-6) return null;
  return [camera.cx + (camera.fx * xc) / zc, camera.cy + (camera.fy * yc) / zc];
}

/**
 * The standard three-quarter product view: the camera sits front-right and above, at the distance
 * where the projected bounding box spans `fill` of the frame, and the principal point is shifted
 * so that box is centred.
 */
export function productShotCamera(
  bounds: Aabb,
  width: number,
  height: number,
  options: { azimuthDeg?: number; elevationDeg?: number; fovDeg?: number; fill?: number } = {},
): PixelCamera {
  const az = ((options.azimuthDeg ?? 35) * Math.PI) / 180;
  const el = ((options.elevationDeg ?? 20) * Math.PI) / 180;
  const fill = options.fill ?? 0.8;
  const k = intrinsicsFromFov(width, height, options.fovDeg ?? 28);
  const centre: Vec3 = [
    (bounds.min[0] + bounds.max[0]) / 2,
    (bounds.min[1] + bounds.max[1]) / 2,
    (bounds.min[2] + bounds.max[2]) / 2,
  ];
  const dir: Vec3 = [Math.sin(az) * Math.cos(el), Math.sin(el), Math.cos(az) * Math.cos(el)];
  const corners: Vec3[] = [];
  for (let i = 0; i < 8; i++) {
    corners.push([
      i & 1 ? bounds.max[0] : bounds.min[0],
      i & 2 ? bounds.max[1] : bounds.min[1],
      i & 4 ? bounds.max[2] : bounds.min[2],
    ]);
  }
  const at = (
    distance: number,
  ): { camera: PixelCamera; extent: [number, number, number, number] } => {
    const position: Vec3 = [
      centre[0] + dir[0] * distance,
      centre[1] + dir[1] * distance,
      centre[2] + dir[2] * distance,
    ];
    const camera = cameraFromIntrinsics(k, lookAtPose(position, centre), width, height);
    let u0 = Infinity;
    let v0 = Infinity;
    let u1 = -Infinity;
    let v1 = -Infinity;
    for (const c of corners) {
      const p = projectPoint(camera, c);
      if (!p) return { camera, extent: [-Infinity, -Infinity, Infinity, Infinity] };
      u0 = Math.min(u0, p[0]);
      v0 = Math.min(v0, p[1]);
      u1 = Math.max(u1, p[0]);
      v1 = Math.max(v1, p[1]);
    }
    return { camera, extent: [u0, v0, u1, v1] };
  };
  const fits = (e: readonly number[]): boolean =>
    (e[2] ?? 0) - (e[0] ?? 0) <= fill * width && (e[3] ?? 0) - (e[1] ?? 0) <= fill * height;
  let lo = 1;
  let hi = 100000;
  for (let i = 0; i < 60; i++) {
    const mid = Math.sqrt(lo * hi);
    if (fits(at(mid).extent)) hi = mid;
    else lo = mid;
  }
  const { camera, extent } = at(hi);
  return {
    ...camera,
    cx: camera.cx - ((extent[0] + extent[2]) / 2 - width / 2),
    cy: camera.cy - ((extent[1] + extent[3]) / 2 - height / 2),
  };
}
