import { describe, expect, it } from 'vitest';
import type { RoomCamera, Vec3 } from './room-camera';
import { cameraCentre, floorPointAt, roomCameraFrom, worldRay } from './room-camera';
import {
  floorAreaM2,
  pixelFootprintCm2,
  sceneScale,
  wallAreaM2,
  wallPlanesOf,
} from './surface-area';

const DEG = Math.PI / 180;

/** Camera-frame world-up for a downward pitch and a horizon angle (roll), radians. */
function upFor(pitch: number, roll: number): Vec3 {
  return [Math.sin(roll) * Math.cos(pitch), -Math.cos(roll) * Math.cos(pitch), -Math.sin(pitch)];
}

function cameraOf(width: number, height: number, hfovDeg: number, pitch: number, roll: number) {
  const f = width / 2 / Math.tan((hfovDeg / 2) * DEG);
  return roomCameraFrom(
    width,
    height,
    f,
    { cx: width / 2, cy: height / 2 },
    upFor(pitch * DEG, roll * DEG),
    { confidence: 1 },
  );
}

/** Where the ray through (u, v) meets the plane n·X = c (world), or null behind the camera. */
function hit(camera: RoomCamera, u: number, v: number, n: Vec3, c: number): Vec3 | null {
  const o = cameraCentre(camera);
  const d = worldRay(camera, u, v);
  const den = n[0] * d[0] + n[1] * d[1] + n[2] * d[2];
  if (Math.abs(den) < 1e-12) return null;
  const t = (c - (n[0] * o[0] + n[1] * o[1] + n[2] * o[2])) / den;
  if (t <= 0) return null;
  return [o[0] + t * d[0], o[1] + t * d[1], o[2] + t * d[2]];
}

/** Shoelace area of a planar quad given in 2D plane coordinates. */
function quadArea(points: readonly (readonly [number, number])[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i] ?? [0, 0];
    const [x1, y1] = points[(i + 1) % points.length] ?? [0, 0];
    sum += x0 * y1 - x1 * y0;
  }
  return Math.abs(sum) / 2;
}

describe('pixel footprints on a plane', () => {
  it('is h²/f² per pixel for a camera looking straight down', () => {
    const camera = roomCameraFrom(400, 300, 350, { cx: 200, cy: 150 }, [0, 0, -1], {
      confidence: 1,
    });
    const up: Vec3 = [camera.pose.rotation[1], camera.pose.rotation[4], camera.pose.rotation[7]];
    for (const [u, v] of [
      [200, 150],
      [10, 20],
      [390, 290],
    ] as const) {
      // A plane seen head-on: every pixel covers the same h²/f², wherever it is.
      const expected = (140 * 140) / (350 * 350);
      expect(pixelFootprintCm2(camera, up, 140, u, v)).toBeCloseTo(expected, 9);
    }
  });

  it('matches the area of the back-projected pixel corners on the floor of a tilted camera', () => {
    const camera = cameraOf(640, 480, 70, 12, 2.5);
    const up: Vec3 = [camera.pose.rotation[1], camera.pose.rotation[4], camera.pose.rotation[7]];
    for (const [u, v] of [
      [320.5, 400.5],
      [30.5, 470.5],
      [600.5, 300.5],
      [100.5, 260.5],
    ] as const) {
      const corners = [
        [u - 0.5, v - 0.5],
        [u + 0.5, v - 0.5],
        [u + 0.5, v + 0.5],
        [u - 0.5, v + 0.5],
      ].map(([x, y]) => floorPointAt(camera, x ?? 0, y ?? 0));
      const onFloor = corners.map((p) => [p?.[0] ?? NaN, p?.[2] ?? NaN] as const);
      const numeric = quadArea(onFloor);
      const analytic = pixelFootprintCm2(camera, up, 140, u, v) ?? NaN;
      expect(Math.abs(analytic / numeric - 1)).toBeLessThan(1e-3);
    }
  });
});

describe('floor area from the room camera', () => {
  it('measures a 2 m × 3 m rug-sized rectangle on the floor', () => {
    const camera = cameraOf(800, 600, 65, 15, -1.5);
    const { width, height } = camera;
    const matte = new Uint8Array(width * height);
    // World rectangle X ∈ [−100, 100], Z ∈ [−550, −250] (forward is −z): 6 m².
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        const p = floorPointAt(camera, u + 0.5, v + 0.5);
        if (p && p[0] >= -100 && p[0] < 100 && p[2] >= -550 && p[2] < -250) {
          matte[v * width + u] = 255;
        }
      }
    }
    const area = floorAreaM2(camera, matte) ?? NaN;
    expect(Math.abs(area - 6)).toBeLessThan(0.06);
    // Half-covered pixels count half.
    const half = matte.map((a) => (a ? 128 : 0));
    expect((floorAreaM2(camera, half) ?? NaN) / area).toBeCloseTo(128 / 255, 6);
  });

  it('gives no estimate for "floor" the camera sees above its horizon, or for nothing', () => {
    const camera = cameraOf(400, 300, 60, 8, 0);
    const { width, height } = camera;
    const matte = new Uint8Array(width * height);
    const top = Math.floor(camera.horizonY) - 40;
    for (let v = top; v < top + 80; v++) matte.fill(255, v * width, (v + 1) * width);
    expect(floorAreaM2(camera, matte)).toBeNull();
    expect(floorAreaM2(camera, new Uint8Array(width * height))).toBeNull();
  });
});

describe('wall area from the wall planes and their feet', () => {
  /**
   * A box room seen from (0, 140, 0): front wall z = −500, left wall x = −250, right wall
   * x = +250, each labelled like the room parse's planes, with the wall–floor line per column.
   */
  function boxRoom(camera: RoomCamera) {
    const { width, height } = camera;
    const planes = new Uint8Array(width * height);
    const wallFloorLine = new Float32Array(width).fill(Number.NaN);
    const wallCeilingLine = new Float32Array(width).fill(Number.NaN);
    const walls: { plane: number; n: Vec3; c: number; inside: (p: Vec3) => boolean }[] = [
      { plane: 1, n: [1, 0, 0], c: -250, inside: (p) => p[2] >= -500 },
      { plane: 2, n: [0, 0, 1], c: -500, inside: (p) => Math.abs(p[0]) <= 250 },
      { plane: 3, n: [1, 0, 0], c: 250, inside: (p) => p[2] >= -500 },
    ];
    const what = (u: number, v: number): { plane: number; point: Vec3 } | null => {
      for (const wall of walls) {
        const p = hit(camera, u, v, wall.n, wall.c);
        if (p && p[1] >= 0 && p[1] <= 260 && wall.inside(p)) return { plane: wall.plane, point: p };
      }
      return null;
    };
    for (let u = 0; u < width; u++) {
      let firstWall = -1;
      let lastWall = -1;
      for (let v = 0; v < height; v++) {
        const w = what(u + 0.5, v + 0.5);
        if (w) {
          planes[v * width + u] = w.plane;
          if (firstWall < 0) firstWall = v;
          lastWall = v;
        }
      }
      if (lastWall >= 0 && lastWall < height - 1) wallFloorLine[u] = lastWall + 1;
      if (firstWall > 0) wallCeilingLine[u] = firstWall;
    }
    return { planes, wallFloorLine, wallCeilingLine, what };
  }

  it('measures 2 m × 2 m panels painted on the front and left walls', () => {
    const camera = cameraOf(900, 600, 100, 6, 1);
    const { width, height } = camera;
    const room = boxRoom(camera);
    const front = new Uint8Array(width * height);
    const left = new Uint8Array(width * height);
    for (let v = 0; v < height; v++) {
      for (let u = 0; u < width; u++) {
        const w = room.what(u + 0.5, v + 0.5);
        if (!w || w.point[1] < 20 || w.point[1] >= 220) continue;
        if (w.plane === 2 && Math.abs(w.point[0]) < 100) front[v * width + u] = 255;
        if (w.plane === 1 && w.point[2] >= -450 && w.point[2] < -250) left[v * width + u] = 255;
      }
    }
    const fitted = wallPlanesOf(camera, room);
    expect(fitted.get(2)?.distanceCm).toBeCloseTo(500, 0);
    expect(fitted.get(1)?.distanceCm).toBeCloseTo(250, 0);
    expect(Math.abs((wallAreaM2(camera, front, room) ?? NaN) - 4)).toBeLessThan(0.06);
    expect(Math.abs((wallAreaM2(camera, left, room) ?? NaN) - 4)).toBeLessThan(0.06);
  });

  it('scales the scene by the ceiling height it sees against the typical 2.5 m', () => {
    // The box room's ceiling is 2.6 m above the floor, the camera 1.4 m: the room reads 4%
    // larger than a typical one, so the typical-ceiling scale is 250 / 260.
    const camera = cameraOf(900, 600, 100, 6, 1);
    const room = boxRoom(camera);
    expect(sceneScale(camera, room)).toBeCloseTo(250 / 260, 2);
    // Without the ceiling line the camera's own height prior stands.
    expect(sceneScale(camera, { planes: room.planes, wallFloorLine: room.wallFloorLine })).toBe(1);
    // Areas scale by its square.
    const all = room.planes.map((p) => (p === 2 ? 255 : 0));
    const plain = wallAreaM2(camera, all, room) ?? NaN;
    expect(wallAreaM2(camera, all, room, 0.9) ?? NaN).toBeCloseTo(plain * 0.81, 6);
  });

  it('places a wall whose foot is hidden by its top, at the ceiling height the scale gives', () => {
    const camera = cameraOf(900, 600, 100, 6, 1);
    const room = boxRoom(camera);
    const front = room.planes.map((p, i) => {
      const w = room.what((i % camera.width) + 0.5, Math.floor(i / camera.width) + 0.5);
      return p === 2 && w && Math.abs(w.point[0]) < 100 && w.point[1] >= 20 && w.point[1] < 220
        ? 255
        : 0;
    });
    const hiddenFeet = { ...room, wallFloorLine: new Float32Array(camera.width).fill(Number.NaN) };
    // The box's ceiling is 260 cm up: the scale that puts a typical 250 cm ceiling there.
    const scale = 250 / 260;
    expect(wallPlanesOf(camera, hiddenFeet, 260).get(2)?.distanceCm).toBeCloseTo(500, 0);
    const area = wallAreaM2(camera, front, hiddenFeet, scale) ?? NaN;
    expect(Math.abs(area / (scale * scale) - 4)).toBeLessThan(0.06);
  });

  it('refuses a fit that faces the wrong way for its label', () => {
    // The left wall's pixels labelled front: its fitted plane faces sideways, so no estimate.
    const camera = cameraOf(900, 600, 100, 6, 1);
    const room = boxRoom(camera);
    const planes = room.planes.map((p) => (p === 1 ? 2 : p === 2 ? 0 : p));
    const mislabelled = { planes, wallFloorLine: room.wallFloorLine };
    expect(wallPlanesOf(camera, mislabelled).has(2)).toBe(false);
    const all = planes.map((p) => (p === 2 ? 255 : 0));
    expect(wallAreaM2(camera, all, mislabelled)).toBeNull();
  });

  it('gives no estimate for a wall whose foot is hidden', () => {
    const camera = cameraOf(900, 600, 100, 6, 1);
    const room = boxRoom(camera);
    const hidden = { planes: room.planes, wallFloorLine: room.wallFloorLine.fill(Number.NaN) };
    const all = room.planes.map((p) => (p === 2 ? 255 : 0));
    expect(wallAreaM2(camera, all, hidden)).toBeNull();
  });
});
