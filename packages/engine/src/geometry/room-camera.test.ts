import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import { bytesToRaster, roomPhoto } from '../test-support/photos';
import type { RoomCamera, Vec3 } from './room-camera';
import {
  CAMERA_HEIGHT_CM,
  estimateRoomCamera,
  fallbackRoomCamera,
  floorMappingOf,
  floorPointAt,
  projectToImage,
  roomCameraFrom,
  worldRay,
} from './room-camera';

/** Camera-frame world-up for a downward pitch and a horizon angle (roll), both radians. */
function upFor(pitch: number, roll: number): Vec3 {
  return [Math.sin(roll) * Math.cos(pitch), -Math.cos(roll) * Math.cos(pitch), -Math.sin(pitch)];
}

/**
 * Ray-casts the inside of a box room (walls turned `yawDeg` from the camera) with a tiled floor,
 * wall panels and a dado rail: every straight edge points at one of the room's three vanishing
 * points, as in a real photo. 2×2 supersampled so edges are anti-aliased.
 */
function renderBoxRoom(camera: RoomCamera, yawDeg: number): Raster {
  const { width, height } = camera;
  const data = new Uint8ClampedArray(width * height * 4);
  const yaw = (yawDeg * Math.PI) / 180;
  const cos = Math.cos(yaw);
  const sin = Math.sin(yaw);
  const room = { x0: -320, x1: 280, z0: -620, z1: 240, top: 265 };
  const shade = (u: number, v: number): number => {
    const [dxw, dyw, dzw] = worldRay(camera, u, v);
    // Into the room's frame (turned by −yaw); the camera stands at (0, 140, 0).
    const dx = cos * dxw - sin * dzw;
    const dz = sin * dxw + cos * dzw;
    const dy = dyw;
    const oy = CAMERA_HEIGHT_CM;
    const tx = dx > 0 ? room.x1 / dx : room.x0 / dx;
    const tz = dz > 0 ? room.z1 / dz : room.z0 / dz;
    const ty = dy > 0 ? (room.top - oy) / dy : -oy / dy;
    const t = Math.min(tx, ty, tz);
    const px = dx * t;
    const py = oy + dy * t;
    const pz = dz * t;
    const line = (a: number, period: number, halfWidth: number): boolean => {
      const m = ((a % period) + period) % period;
      return m < halfWidth || m > period - halfWidth;
    };
    if (t === ty) {
      if (dy > 0) return 235;
      return line(px, 60, 1) || line(pz, 60, 1) ? 70 : 175;
    }
    const along = t === tx ? pz : px;
    const base = t === tx ? 205 : 150;
    if (Math.abs(py - 90) < 1.5 || py < 10) return 60;
    return line(along, 100, 1.5) ? base - 80 : base;
  };
  const offsets = [0.25, 0.75];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (const oy of offsets) for (const ox of offsets) sum += shade(x + ox, y + oy);
      const o = (y * width + x) * 4;
      const g = sum / 4;
      data[o] = g;
      data[o + 1] = g;
      data[o + 2] = g;
      data[o + 3] = 255;
    }
  }
  return { width, height, data };
}

const DEG = Math.PI / 180;

describe('room camera from vanishing lines', () => {
  it.each([
    { pitch: 8, roll: 1.5, fov: 62, yaw: 28 },
    { pitch: 3, roll: -1, fov: 50, yaw: -35 },
    { pitch: 14, roll: 0, fov: 70, yaw: 40 },
  ])('recovers pitch $pitch°, roll $roll° and focal of a $fov° box room', (c) => {
    const width = 960;
    const height = 640;
    const f = height / 2 / Math.tan((c.fov * DEG) / 2);
    const truth = roomCameraFrom(
      width,
      height,
      f,
      { cx: width / 2, cy: height / 2 },
      upFor(c.pitch * DEG, c.roll * DEG),
      { confidence: 1 },
    );
    const estimate = estimateRoomCamera(renderBoxRoom(truth, c.yaw));
    expect(estimate.pitchRad / DEG).toBeCloseTo(c.pitch, 0);
    expect(Math.abs(estimate.rollRad - truth.rollRad) / DEG).toBeLessThan(0.75);
    expect(Math.abs(estimate.intrinsics[0] / f - 1)).toBeLessThan(0.08);
    expect(Math.abs(estimate.horizonY - truth.horizonY)).toBeLessThan(0.015 * height);
    expect(estimate.confidence).toBeGreaterThan(0.7);
    // The room's walls are found turned by the room's yaw (modulo a quarter turn).
    const axis = estimate.roomAxisYawDeg ?? NaN;
    const off = (((axis - c.yaw) % 90) + 135) % 90;
    expect(Math.abs(off - 45)).toBeLessThan(2);
  });

  it('falls back to the prior camera on an image without lines', () => {
    const width = 300;
    const height = 200;
    const data = new Uint8ClampedArray(width * height * 4).fill(128);
    const camera = estimateRoomCamera({ width, height, data });
    const prior = fallbackRoomCamera(width, height);
    expect(camera.confidence).toBe(0);
    expect(camera.horizonY).toBeCloseTo(0.42 * height, 6);
    expect(camera.rollRad).toBe(0);
    expect(camera.intrinsics).toEqual(prior.intrinsics);
  });

  it('maps floor pixels to world points and back', () => {
    const camera = fallbackRoomCamera(1200, 800);
    const point = floorPointAt(camera, 700, 650);
    expect(point).not.toBeNull();
    const [x, y, z] = point ?? [0, 0, 0];
    expect(y).toBe(0);
    const back = projectToImage(camera, [x, y, z]) ?? [0, 0];
    expect(back[0]).toBeCloseTo(700, 6);
    expect(back[1]).toBeCloseTo(650, 6);
    // Above the horizon the ray never meets the floor.
    expect(floorPointAt(camera, 600, camera.horizonY - 5)).toBeNull();
    const mapping = floorMappingOf(camera);
    expect(mapping).toEqual({
      horizonY: camera.horizonY,
      focalPx: camera.intrinsics[0],
      cx: 600,
      cy: 400,
      cameraHeightCm: 140,
      rollRad: 0,
    });
  });

  const photos = [
    'living-room-1.jpg',
    'living-room-cognac-leather-sofa.jpg',
    'living-room-modern-white-sofa.jpg',
    'kitchen-dining-1.jpg',
    'bedroom-1.jpg',
    'open-plan-kitchen-living-white.jpg',
    'living-room-beamed-ceiling.jpg',
    'kitchen-galley-modern.jpg',
  ];
  it.each(photos)('finds a plausible eye-level camera in %s', async (name) => {
    const image = await bytesToRaster(await roomPhoto(name), 1600);
    const started = performance.now();
    const camera = estimateRoomCamera(image);
    const elapsed = performance.now() - started;
    const { width, height } = image;
    expect(camera.confidence).toBeGreaterThan(0.5);
    expect(camera.horizonY).toBeGreaterThan(0.3 * height);
    expect(camera.horizonY).toBeLessThan(0.7 * height);
    expect(Math.abs(camera.rollRad)).toBeLessThan(3 * DEG);
    // The verticals converge far outside the frame: interior photos are shot nearly level.
    const v = camera.verticalVanishingPoint;
    expect(v).not.toBeNull();
    const [vx, vy, vw] = v ?? [0, 0, 1];
    const farRows = Math.abs(vw) < 1e-9 ? Infinity : Math.abs(vy / vw - height / 2);
    expect(farRows).toBeGreaterThan(2 * height);
    expect(Math.abs(vx)).toBeLessThan(Math.abs(vy));
    // Focal length: a 35–95° field of view across the longer side.
    const fov = (2 * Math.atan(Math.max(width, height) / 2 / camera.intrinsics[0])) / DEG;
    expect(fov).toBeGreaterThan(35);
    expect(fov).toBeLessThan(95);
    expect(elapsed).toBeLessThan(1000);
  });
});
