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

/**
 * A doorway onto the next room whose head shows no line of its own: a jamb at x 240 from y 60 to
 * the floor at 280, and a partner at x 320 that stops at y 170 (its foot lost against the next
 * room). Through it the next room's wall (the wall's grey, shaded) and its floor from y `farFloor` down, both
 * what the parse calls wall and floor; our floor from y 280. `inner`: a curtain's edge in the
 * next room at x 280. `floorBeside`: the same floor beside the lines too (two legs of a piece
 * standing out in the room, the wall behind them). `casing`: the left jamb is a casing's inner
 * edge, its outer edge a line at x 234 from y 50, the casing pale between them.
 */
function doorwayOntoDeeperFloor(
  farFloor: number,
  inner = false,
  floorBeside = false,
  casing = false,
) {
  const data = new Uint8ClampedArray(W * H * 4);
  const labels = new Uint8Array(W * H).fill(ADE.wall);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let v = 200 + Math.round((x - y) / 50);
      const opening = x > 241 && x < 319 && y > 60;
      // The next room's wall is ours in a softer light: darker towards the middle, no edge.
      const shade = Math.sin((Math.PI * (x - 241)) / 78) * Math.min(1, (y - 60) / 40);
      if (opening) v = y >= farFloor ? 120 : Math.round(v - 40 * shade);
      if (floorBeside && y >= farFloor) v = 120;
      if (y >= 280 || ((opening || floorBeside) && y >= farFloor)) labels[y * W + x] = ADE.floor;
      if (y >= 280) v = 120;
      const jamb =
        (Math.abs(x - 240) <= 1 && y >= 60 && y < 280) ||
        (Math.abs(x - 320) <= 1 && y >= 60 && y <= 170);
      if (casing && x >= 236 && x <= 238 && y >= 52 && y < 280) v = 235;
      const outer = casing && Math.abs(x - 234) <= 1 && y >= 50 && y < 280;
      if (jamb || outer || (inner && Math.abs(x - 280) <= 1 && y >= 62 && y <= 200)) v = 90;
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

  it('gives a doorway with no head line and a short jamb to the door where the next room’s floor shows deeper through it', () => {
    const { image, labels } = doorwayOntoDeeperFloor(220, true);
    expect(takeDoorFramesFromWall(image, labels)).toBeGreaterThan(0);
    // The whole opening, up to the far jamb, not only to the line inside it.
    expect(labels[150 * W + 260]).toBe(ADE.door);
    expect(labels[150 * W + 300]).toBe(ADE.door);
    expect(labels[150 * W + 230]).toBe(ADE.wall);
    expect(labels[150 * W + 330]).toBe(ADE.wall);
    expect(labels[40 * W + 280]).toBe(ADE.wall);
  });

  it('leaves a doorway’s casing, seen as two lines, to the wall and takes the opening inside it', () => {
    const { image, labels } = doorwayOntoDeeperFloor(220, false, false, true);
    expect(takeDoorFramesFromWall(image, labels)).toBeGreaterThan(0);
    expect(labels[150 * W + 250]).toBe(ADE.door);
    expect(labels[150 * W + 237]).toBe(ADE.wall);
    expect(labels[55 * W + 245]).toBe(ADE.wall);
  });

  it('leaves the same lines when the floor between them is no deeper than beside them', () => {
    const { image, labels } = doorwayOntoDeeperFloor(280);
    expect(takeDoorFramesFromWall(image, labels)).toBe(0);
  });

  it('leaves two lines with the same deeper floor beside them as between them (legs of a piece)', () => {
    const { image, labels } = doorwayOntoDeeperFloor(220, false, true);
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

  it('takes red-armchair’s doorway, whose head shows no line, out of the wall by the floor beyond it', async () => {
    const { doorWall, wallDoor } = await doorAsWall('living-dining-room-red-armchair.jpg');
    // Before decision 076: 0.69 of the labelled door was wall, now 0.17 (the casing, which the
    // labels give to the door and the rule leaves to the wall, and the lintel's rows above the
    // shorter jamb's top).
    expect(doorWall).toBeLessThan(0.2);
    expect(wallDoor).toBeLessThan(0.005);
  }, 120_000);

  it('gives no wall to a door on photos whose walls have none', async () => {
    for (const photo of ['living-room-1.jpg', 'kitchen-dining-1.jpg']) {
      const { wallDoor } = await doorAsWall(photo);
      expect(wallDoor, photo).toBeLessThan(0.001);
    }
  }, 120_000);
});
