import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import {
  labelMask,
  loadRoomLabels,
  rasteriseLabels,
  scaleLabels,
} from '../test-support/ground-truth';
import { roomRaster } from '../test-support/photos';
import { segmentationModel } from '../test-support/room-parse';
import { estimateRoomCamera } from '../geometry/room-camera';
import { ADE } from './ade20k';
import { findDoorFrames, takeDoorFramesFromWall } from './door-frames';
import { parseFromLogits } from './room-parse';

const W = 400;
const H = 300;

/**
 * A wall (grey 200 with a gentle gradient) all labelled wall, with a door-shaped frame: dark
 * 3-px lines at x 240 and 320 from y 60 to 280 and a head across at y 60. Inside, the leaf's
 * grey is `leaf`.
 */
function wallWithDoor(leaf: number, foot = 280): { image: Raster; labels: Uint8Array } {
  const data = new Uint8ClampedArray(W * H * 4);
  const labels = new Uint8Array(W * H).fill(ADE.wall);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = 200 + Math.round((x - y) / 50);
      const jamb = (Math.abs(x - 240) <= 1 || Math.abs(x - 320) <= 1) && y >= 60 && y <= foot;
      const head = Math.abs(y - 60) <= 1 && x >= 240 && x <= 320;
      if (x > 241 && x < 319 && y > 61 && y <= foot) v = leaf;
      if (jamb || head) v = 90;
      data.set([v, v, v, 255], (y * W + x) * 4);
    }
  }
  return { image: { width: W, height: H, data }, labels };
}

/**
 * The same wall with a doorway cut by the photo's right edge: a jamb at x 300 from y 60 to 280
 * and a head from its top out of the photo; the room beyond (grey 150) inside. Above the head,
 * `above` is what the parse calls the band (wall for a lintel, ceiling for a room's corner).
 */
function wallWithDoorwayAtEdge(above: number): { image: Raster; labels: Uint8Array } {
  const data = new Uint8ClampedArray(W * H * 4);
  const labels = new Uint8Array(W * H).fill(ADE.wall);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = 200 + Math.round((x - y) / 50);
      if (x > 301 && y > 61 && y <= 280) v = 150;
      if ((Math.abs(x - 300) <= 1 && y >= 60 && y <= 280) || (Math.abs(y - 60) <= 1 && x >= 300)) {
        v = 90;
      }
      if (x > 300 && y < 59) labels[y * W + x] = above;
      data.set([v, v, v, 255], (y * W + x) * 4);
    }
  }
  return { image: { width: W, height: H, data }, labels };
}

describe('takeDoorFramesFromWall', () => {
  it('gives a door framed in a wall, a little paler than it, to the door and leaves the wall', () => {
    const { image, labels } = wallWithDoor(235);
    expect(takeDoorFramesFromWall(image, labels)).toBeGreaterThan(0);
    expect(labels[150 * W + 280]).toBe(ADE.door);
    expect(labels[270 * W + 250]).toBe(ADE.door);
    // The wall beside and above the door stays wall, right up to the frame.
    expect(labels[150 * W + 230]).toBe(ADE.wall);
    expect(labels[150 * W + 330]).toBe(ADE.wall);
    expect(labels[50 * W + 280]).toBe(ADE.wall);
    expect(labels[150 * W + 100]).toBe(ADE.wall);
  });

  it('leaves a frame whose inside is the wall’s own colour (a panel, a niche)', () => {
    const { image, labels } = wallWithDoor(200);
    expect(takeDoorFramesFromWall(image, labels)).toBe(0);
  });

  it('gives a doorway cut by the photo’s edge, under a lintel of wall, to the door', () => {
    const { image, labels } = wallWithDoorwayAtEdge(ADE.wall);
    expect(takeDoorFramesFromWall(image, labels)).toBeGreaterThan(0);
    expect(labels[150 * W + 350]).toBe(ADE.door);
    expect(labels[270 * W + W - 1]).toBe(ADE.door);
    expect(labels[150 * W + 290]).toBe(ADE.wall);
    expect(labels[50 * W + 350]).toBe(ADE.wall);
  });

  it('leaves a room’s corner: a vertical with the ceiling line running out of the photo', () => {
    const { image, labels } = wallWithDoorwayAtEdge(ADE.ceiling);
    expect(takeDoorFramesFromWall(image, labels)).toBe(0);
  });

  it('leaves a frame that stops high on the wall (a picture, a window), not on the floor', () => {
    const { image, labels } = wallWithDoor(235, 150);
    expect(findDoorFrames(image, labels)).toEqual([]);
    expect(takeDoorFramesFromWall(image, labels)).toBe(0);
  });
});

/**
 * Against the hand labels: the share of the labelled door the parse calls wall, and of the
 * labelled wall it calls door.
 */
async function doorAsWall(photo: string) {
  const image = await roomRaster(photo, 1600);
  const labels = scaleLabels(await loadRoomLabels(photo), image.width, image.height);
  const truth = rasteriseLabels(labels);
  const door = labelMask(truth, 'door');
  const walls = labelMask(truth, 'walls');
  const logits = await (await segmentationModel()).run(image);
  const parse = parseFromLogits(image, logits, estimateRoomCamera(image));
  const share = (l: Uint8Array, mask: Uint8Array, cls: number) => {
    let n = 0;
    let m = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      n++;
      if (l[i] === cls) m++;
    }
    return m / Math.max(1, n);
  };
  return {
    doorWall: share(parse.labels, door.data, ADE.wall),
    wallDoor: share(parse.labels, walls.data, ADE.door),
  };
}

describe('door frames on photos', () => {
  it('takes bedroom-1’s white door leaf and the bathroom beyond it, and the dining room’s doorway, out of the wall', async () => {
    for (const photo of ['bedroom-1.jpg', 'dining-room-green-velvet-chairs.webp']) {
      const { doorWall, wallDoor } = await doorAsWall(photo);
      // Before decision 038: bedroom-1 0.60, dining 0.85 of the door was wall; before 052 (the
      // doorway cut by the photo's edge) bedroom-1 0.32, now 0.02.
      expect(doorWall, photo).toBeLessThan(0.05);
      // Real wall given to a door: a few pixels along the frame at most (dining: 0.24 % before, the
      // network's own door pixels).
      expect(wallDoor, photo).toBeLessThan(0.005);
    }
  }, 120_000);

  it('gives no wall to a door on photos whose walls have none', async () => {
    for (const photo of ['living-room-1.jpg', 'kitchen-dining-1.jpg']) {
      const { wallDoor } = await doorAsWall(photo);
      expect(wallDoor, photo).toBeLessThan(0.001);
    }
  }, 120_000);
});
