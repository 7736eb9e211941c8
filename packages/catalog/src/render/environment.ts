/** The room a placed product stands in, as an environment its shiny parts reflect. */
import type { CameraPose, Intrinsics } from './camera';
import type { Environment } from './raymarch';
import type { Vec3 } from './vec';

/**
 * A photo (small and blurred, linear RGB, three floats a pixel) with the intrinsics of that size
 * and the pose it was taken from: what the camera saw in front of it.
 */
export interface PhotoEnvironment {
  width: number;
  height: number;
  rgb: Float32Array;
  intrinsics: Intrinsics;
}

/**
 * Reflections from the photo: a direction in front of the camera looks up the photo where that
 * direction points; one behind it (the room behind the camera, which no photo shows) is mirrored
 * through the image plane, the usual stand-in. Directions outside the frame take its border.
 */
export function photoEnvironment(photo: PhotoEnvironment, pose: CameraPose): Environment {
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = pose.rotation;
  const k = photo.intrinsics;
  const fx = k[0];
  const fy = k[4];
  const cx = k[2];
  const cy = k[5];
  const { width: w, height: h, rgb } = photo;
  return (dx, dy, dz): Vec3 => {
    const xc = r0 * dx + r1 * dy + r2 * dz;
    const yc = r3 * dx + r4 * dy + r5 * dz;
    // Steeper than 60° off the axis, and behind, looks at the frame's edge or its mirror image.
    const zc = Math.max(0.5, Math.abs(r6 * dx + r7 * dy + r8 * dz));
    const u = Math.min(w - 1, Math.max(0, cx + (fx * xc) / zc - 0.5));
    const v = Math.min(h - 1, Math.max(0, cy + (fy * yc) / zc - 0.5));
    const x0 = Math.floor(u);
    const y0 = Math.floor(v);
    const x1 = Math.min(w - 1, x0 + 1);
    const y1 = Math.min(h - 1, y0 + 1);
    const tx = u - x0;
    const ty = v - y0;
    const at = (x: number, y: number, c: number): number => rgb[(y * w + x) * 3 + c] ?? 0;
    const mix = (c: number): number =>
      (at(x0, y0, c) * (1 - tx) + at(x1, y0, c) * tx) * (1 - ty) +
      (at(x0, y1, c) * (1 - tx) + at(x1, y1, c) * tx) * ty;
    return [mix(0), mix(1), mix(2)];
  };
}
