import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import type { DetectedElement } from '../types';
import { ADE } from './ade20k';
import type { SegmentationLogits } from '../models/segmentation-model';
import { runnerUpBoxes, takeOccludersFromWall } from './wall-occluders';

const W = 400;
const H = 300;

/**
 * A dark wall with a framed headboard of the wall's own colour (x 100–300, y 100–200, a white
 * frame 6 px wide) above a white bed (y ≥ 200), all but the bed labelled wall, as the network
 * reads such a photo; a second dark panel of the wall's colour, framed too, at the left edge
 * (x 10–60, y 120–180) that no furniture touches.
 */
function scene(tiled = false): { image: Raster; labels: Uint8Array } {
  const data = new Uint8ClampedArray(W * H * 4);
  const labels = new Uint8Array(W * H).fill(ADE.wall);
  const framed = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
    x >= x0 && x < x1 && y >= y0 && y < y1 && !(x >= x0 + 6 && x < x1 - 6 && y >= y0 + 6);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let v = 60 + Math.round((x + y) / 40); // a gentle shading gradient
      if (tiled && (x % 24 < 3 || y % 24 < 3)) v = 200; // grout lines
      if (framed(x, y, 100, 94, 300, 200) || framed(x, y, 10, 114, 60, 180)) v = 240;
      if (y >= 200 && x >= 90 && x < 310) {
        v = 235;
        labels[i] = ADE.bed;
      }
      data.set([v, v - 10, v - 20, 255], i * 4);
    }
  }
  return { image: { width: W, height: H, data }, labels };
}

const bed = (score = 0.8): DetectedElement => ({
  label: 'Bed',
  category: 'bed',
  score,
  box: [
    { x: 90, y: 100 },
    { x: 310, y: 100 },
    { x: 310, y: 299 },
    { x: 90, y: 299 },
  ],
});

describe('takeOccludersFromWall', () => {
  it('gives the bed the framed headboard of the wall colour, and leaves the wall round it', () => {
    const { image, labels } = scene();
    const changed = takeOccludersFromWall(image, labels, [bed()]);
    expect(changed).toBeGreaterThan(0);
    // Inside the headboard's frame: the bed's.
    expect(labels[150 * W + 200]).toBe(ADE.bed);
    expect(labels[120 * W + 120]).toBe(ADE.bed);
    // The wall above and beside it stays wall, inside the box as well as outside.
    expect(labels[50 * W + 200]).toBe(ADE.wall);
    expect(labels[150 * W + 94]).toBe(ADE.wall);
    expect(labels[150 * W + 350]).toBe(ADE.wall);
    // A framed panel no furniture touches, outside any box, stays wall.
    expect(labels[150 * W + 35]).toBe(ADE.wall);
  });

  it('leaves no wall specks inside the front where the network half called it the bed', () => {
    // The lower half of the headboard the network called bed, but for single wall pixels on a
    // wavy seam (the dotted trail the parse's own edge leaves): they go with the bed too.
    const { image, labels } = scene();
    for (let y = 150; y < 200; y++) {
      for (let x = 106; x < 294; x++) labels[y * W + x] = ADE.bed;
    }
    for (let x = 110; x < 290; x += 9) labels[(152 + (x % 5)) * W + x] = ADE.wall;
    expect(takeOccludersFromWall(image, labels, [bed()])).toBeGreaterThan(0);
    let specks = 0;
    for (let y = 100; y < 200; y++) {
      for (let x = 106; x < 294; x++) if (labels[y * W + x] === ADE.wall) specks++;
    }
    expect(specks).toBe(0);
    // The wall round the headboard keeps no bed specks either.
    let taken = 0;
    for (let y = 0; y < 88; y++) {
      for (let x = 0; x < W; x++) if (labels[y * W + x] !== ADE.wall) taken++;
    }
    expect(taken).toBe(0);
  });

  it('takes nothing without a box, from an unsure box, or for a category it does not know', () => {
    for (const detections of [[], [bed(0.2)], [{ ...bed(), category: 'potted plant' }]]) {
      const { image, labels } = scene();
      expect(takeOccludersFromWall(image, labels, detections)).toBe(0);
      expect(labels[150 * W + 200]).toBe(ADE.wall);
    }
  });

  it('leaves a tiled wall alone: where the wall is all edges, being cut off says nothing', () => {
    const { image, labels } = scene(true);
    expect(takeOccludersFromWall(image, labels, [bed()])).toBe(0);
  });
});

describe('runnerUpBoxes', () => {
  it('boxes the cells the wall wins with a door close behind, not those with a lamp', () => {
    const grid = 20;
    const classes = 40;
    const data = new Float32Array(classes * grid * grid);
    for (let y = 0; y < grid; y++) {
      for (let x = 0; x < grid; x++) {
        const i = y * grid + x;
        data[ADE.wall * grid * grid + i] = 5;
        if (x >= 4 && x <= 7 && y >= 5 && y <= 15) data[ADE.door * grid * grid + i] = 3;
        if (x >= 12 && x <= 15 && y >= 5 && y <= 15) data[ADE.lamp * grid * grid + i] = 3;
      }
    }
    const logits: SegmentationLogits = { data, classes, grid, validWidth: 19, validHeight: 19 };
    const boxes = runnerUpBoxes(logits, 191, 191);
    expect(boxes.map((b) => b.category)).toEqual(['door']);
    const [box] = boxes;
    const xs = box?.box.map((p) => p.x) ?? [];
    const ys = box?.box.map((p) => p.y) ?? [];
    expect(Math.min(...xs)).toBeCloseTo(35, 0);
    expect(Math.max(...xs)).toBeCloseTo(75, 0);
    expect(Math.min(...ys)).toBeCloseTo(45, 0);
    expect(Math.max(...ys)).toBeCloseTo(155, 0);
  });
});
