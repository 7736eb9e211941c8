import { mkdir, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SRGB_TO_LINEAR,
  deltaE2000,
  dominantColour,
  linearLuminance,
  parseHex,
  rgbToLab,
} from '../colour';
import {
  createRaster,
  dilateMask,
  featherMask,
  seededRandom,
  type Mask,
  type Raster,
} from '../raster';
import {
  changedPixelsOutside,
  meanAbsDifference,
  medianHueChromaDeltaE,
  rasterToPng,
  rectMask,
  roomRaster,
  surfaceMaskInRect,
  textureRaster,
} from '../test-support/photos';
import { floorMappingOf, floorPointAt, roomCameraFrom } from '../geometry/room-camera';
import { parseOf } from '../test-support/room-parse';
import { floorOf } from './find-floor';
import {
  defaultFloorMapping,
  featherWeights,
  fillSurface,
  floorHomography,
  type FloorMapping,
} from './surface-fill';

const OUT_DIR = '/tmp/engine-A';

/** A 2×2 checkerboard tile: dark and light squares, each half the tile. */
function checkerTile(side: number): Raster {
  const tile = createRaster(side, side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const light = x < side / 2 !== y < side / 2;
      const p = (y * side + x) * 4;
      const v = light ? 235 : 20;
      tile.data[p] = v;
      tile.data[p + 1] = v;
      tile.data[p + 2] = v;
      tile.data[p + 3] = 255;
    }
  }
  return tile;
}

function flatTile(value: number): Raster {
  const tile = createRaster(64, 64);
  tile.data.fill(value);
  return tile;
}

function luminanceAt(raster: Raster, i: number): number {
  const p = i * 4;
  return linearLuminance(
    SRGB_TO_LINEAR[raster.data[p] ?? 0] ?? 0,
    SRGB_TO_LINEAR[raster.data[p + 1] ?? 0] ?? 0,
    SRGB_TO_LINEAR[raster.data[p + 2] ?? 0] ?? 0,
  );
}

function correlation(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((s, v) => s + v, 0) / n;
  const my = ys.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Floor-plane point (cm) of a pixel centre through the homography. */
function floorPoint(mapping: FloorMapping, x: number, y: number): [number, number] | null {
  const h = floorHomography(mapping);
  const w = (h[6] ?? 0) * x + (h[7] ?? 0) * y + (h[8] ?? 0);
  if (w <= 0) return null;
  return [
    ((h[0] ?? 0) * x + (h[1] ?? 0) * y + (h[2] ?? 0)) / w,
    ((h[3] ?? 0) * x + (h[4] ?? 0) * y + (h[5] ?? 0)) / w,
  ];
}

describe('floorHomography', () => {
  const mapping = defaultFloorMapping(1000, 600);

  it('puts the horizon at horizonY and the floor below it, receding upward', () => {
    expect(floorPoint(mapping, 500, mapping.horizonY - 1)).toBeNull();
    const near = floorPoint(mapping, 500, 599);
    const far = floorPoint(mapping, 500, 300);
    if (!near || !far) throw new Error('below the horizon must map');
    expect(near[0]).toBeCloseTo(0, 6);
    expect(far[1]).toBeGreaterThan(near[1]);
  });

  it('matches the pinhole geometry: Z = H / tan(pitch + atan((y − cy) / f))', () => {
    const pitch = Math.atan2(mapping.cy - mapping.horizonY, mapping.focalPx);
    for (const y of [300, 400, 599]) {
      const point = floorPoint(mapping, mapping.cx, y);
      const angle = pitch + Math.atan((y - mapping.cy) / mapping.focalPx);
      expect(point?.[1]).toBeCloseTo(mapping.cameraHeightCm / Math.tan(angle), 6);
    }
    // Lateral: X = Z_ray · (x − cx) / f along the ray's forward distance.
    const p = floorPoint(mapping, 800, 500);
    const q = floorPoint(mapping, 500, 500);
    if (!p || !q) throw new Error('below the horizon must map');
    expect(p[1]).toBeCloseTo(q[1], 6);
    expect(p[0]).toBeGreaterThan(0);
  });
});

describe('floorHomography and the room camera (geometry/room-camera.ts)', () => {
  it('agrees with floorPointAt for a pitched and rolled camera: same distances on the floor', () => {
    // Up tilted toward the image top-right and away from the viewer: roll, and a downward pitch.
    const camera = roomCameraFrom(1200, 800, 950, { cx: 610, cy: 395 }, [0.06, -1, -0.15], {
      confidence: 1,
    });
    // room-camera measures the horizon at the centre column.
    const mapping = { ...floorMappingOf(camera), horizonX: 600 };
    expect(mapping.rollRad).toBeGreaterThan(0.05);
    const pixels: [number, number][] = [
      [100, 780],
      [1100, 760],
      [600, 600],
      [300, 420],
      [900, 380],
    ];
    const mine = pixels.map(([x, y]) => floorPoint(mapping, x, y));
    const theirs = pixels.map(([x, y]) => floorPointAt(camera, x, y));
    for (let i = 0; i < pixels.length; i++) {
      for (let j = i + 1; j < pixels.length; j++) {
        const a = mine[i];
        const b = mine[j];
        const p = theirs[i];
        const q = theirs[j];
        if (!a || !b || !p || !q) throw new Error('all these pixels are floor');
        // The frames may differ by a turn about the vertical; distances on the floor may not.
        expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeCloseTo(
          Math.hypot(p[0] - q[0], p[2] - q[2]),
          2,
        );
      }
    }
  });
});

describe('fillSurface on floors', () => {
  let room: Raster;
  let mapping: FloorMapping;
  let floorBand: Mask;
  let detected: Mask;

  beforeAll(async () => {
    await mkdir(OUT_DIR, { recursive: true });
    room = await roomRaster('living-room-beamed-ceiling.jpg', 1000);
    mapping = defaultFloorMapping(room.width, room.height);
    // The bottom of this photo is open wooden floor.
    floorBand = rectMask(room.width, room.height, { x0: 0, y0: 0.82, x1: 1, y1: 1 });
    detected = floorOf(await parseOf(room)).mask;
  });

  it('lays the tile on the floor plane: the output follows the expected checkerboard', async () => {
    const tileCm = 100;
    const out = fillSurface(
      room,
      floorBand,
      { texture: checkerTile(256), tileSizeCm: tileCm },
      mapping,
      {
        variant: 0,
        seed: 1,
      },
    );
    await writeFile(`${OUT_DIR}/floor-checker.png`, await rasterToPng(out));
    const observed: number[] = [];
    const expected: number[] = [];
    for (let i = 0; i < floorBand.data.length; i += 7) {
      if (!floorBand.data[i]) continue;
      const x = i % room.width;
      const y = (i - x) / room.width;
      const point = floorPoint(mapping, x + 0.5, y + 0.5);
      if (!point) continue;
      const cu = Math.floor(point[0] / (tileCm / 2));
      const cv = Math.floor(point[1] / (tileCm / 2));
      expected.push((cu + cv) % 2 === 0 ? -1 : 1);
      observed.push(luminanceAt(out, i));
    }
    expect(correlation(observed, expected)).toBeGreaterThan(0.7);
    expect(changedPixelsOutside(room, out, dilateMask(floorBand, 4))).toBe(0);
  });

  it('filters the far floor: small checks average out toward the horizon instead of aliasing', async () => {
    // An evenly lit grey "photo", so only the texture varies.
    const grey = createRaster(room.width, room.height);
    grey.data.fill(150);
    const band = rectMask(room.width, room.height, { x0: 0, y0: 0.45, x1: 1, y1: 1 });
    const out = fillSurface(grey, band, { texture: checkerTile(64), tileSizeCm: 20 }, mapping, {
      variant: 0,
      seed: 1,
    });
    await writeFile(`${OUT_DIR}/floor-far-checker.png`, await rasterToPng(out));
    const rowsStd = (y0: number, y1: number): number => {
      const values: number[] = [];
      for (let y = Math.round(y0 * room.height); y < Math.round(y1 * room.height); y++) {
        for (let x = 0; x < room.width; x++) values.push(luminanceAt(out, y * room.width + x));
      }
      const mean = values.reduce((s, v) => s + v, 0) / values.length;
      return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
    };
    // Just below the horizon each pixel covers many checks: near-uniform grey, not moiré.
    expect(rowsStd(0.45, 0.48)).toBeLessThan(0.35 * rowsStd(0.9, 1));
  });

  it("keeps the photo's shading: a flat tile comes out as bright as the floor was lit", async () => {
    const out = fillSurface(room, detected, { texture: flatTile(160), tileSizeCm: 60 }, mapping, {
      variant: 0,
      seed: 1,
    });
    await writeFile(`${OUT_DIR}/floor-flat-shading.png`, await rasterToPng(out));
    // Input luminance low-passed over 9×9 (the old floor's grain removed), against the output.
    const w = room.width;
    const lowIn: number[] = [];
    const lumOut: number[] = [];
    for (let i = 0; i < detected.data.length; i += 5) {
      if (!detected.data[i]) continue;
      const x = i % w;
      const y = (i - x) / w;
      let sum = 0;
      let n = 0;
      for (let dy = -4; dy <= 4; dy++) {
        for (let dx = -4; dx <= 4; dx++) {
          const j = (y + dy) * w + x + dx;
          if (x + dx < 0 || x + dx >= w || y + dy < 0 || y + dy >= room.height) continue;
          if (!detected.data[j]) continue;
          sum += luminanceAt(room, j);
          n++;
        }
      }
      lowIn.push(sum / n);
      lumOut.push(luminanceAt(out, i));
    }
    expect(correlation(lowIn, lumOut)).toBeGreaterThan(0.8);
    // The darkest tenth of the floor (shadows under furniture) stays clearly darker.
    const order = lowIn.map((_, i) => i).sort((a, b) => (lowIn[a] ?? 0) - (lowIn[b] ?? 0));
    const tenth = Math.floor(order.length / 10);
    const mean = (idx: number[]): number =>
      idx.reduce((s, i) => s + (lumOut[i] ?? 0), 0) / idx.length;
    expect(mean(order.slice(0, tenth))).toBeLessThan(0.8 * mean(order.slice(-tenth)));
    expect(changedPixelsOutside(room, out, dilateMask(detected, 4))).toBe(0);
  });

  it('changes nothing outside the detected floor and makes variants that differ', async () => {
    const oak = await textureRaster('wood-floor-oak-planks.jpg');
    const outs = [0, 1, 2, 3].map((variant) =>
      fillSurface(room, detected, { texture: oak, tileSizeCm: 120 }, mapping, {
        variant,
        seed: 11,
      }),
    );
    for (const [k, out] of outs.entries()) {
      await writeFile(`${OUT_DIR}/floor-oak-v${k}.png`, await rasterToPng(out));
      expect(changedPixelsOutside(room, out, dilateMask(detected, 4))).toBe(0);
      // Something really changed: the new floor is not the old one.
      expect(meanAbsDifference(room, out, detected)).toBeGreaterThan(5);
    }
    for (let a = 0; a < outs.length; a++) {
      for (let b = a + 1; b < outs.length; b++) {
        const oa = outs[a];
        const ob = outs[b];
        if (!oa || !ob) continue;
        expect(meanAbsDifference(oa, ob, detected)).toBeGreaterThan(2);
      }
    }
  });
});

describe('fillSurface for change material', () => {
  let room: Raster;
  let wall: Mask;

  beforeAll(async () => {
    room = await roomRaster('living-room-1.jpg', 1000);
    wall = surfaceMaskInRect(room, { x0: 0.07, y0: 0.07, x1: 0.85, y1: 0.58 });
  });

  it.each(['#9caf88', '#c0673d', '#25344f'])(
    'recolours with colour %s alone, keeping the surface',
    async (hex) => {
      const out = fillSurface(room, wall, { tileSizeCm: 60, colour: hex }, null, {
        variant: 0,
        seed: 1,
      });
      await writeFile(`${OUT_DIR}/material-colour-${hex.slice(1)}.png`, await rasterToPng(out));
      expect(changedPixelsOutside(room, out, dilateMask(wall, 4))).toBe(0);
      expect(medianHueChromaDeltaE(out, wall, hex)).toBeLessThanOrEqual(10);
    },
  );

  it('lays a material texture tinted by the colour (texture × colour)', async () => {
    const plaster = await textureRaster('plaster-wall-painted-grey.jpg');
    const hex = '#c0673d';
    const out = fillSurface(room, wall, { texture: plaster, tileSizeCm: 80, colour: hex }, null, {
      variant: 0,
      seed: 1,
    });
    await writeFile(`${OUT_DIR}/material-plaster-terracotta.png`, await rasterToPng(out));
    expect(changedPixelsOutside(room, out, dilateMask(wall, 4))).toBe(0);
    expect(medianHueChromaDeltaE(out, wall, hex)).toBeLessThanOrEqual(10);
  });

  it('lays an untinted texture at its own colour, and its variants differ', async () => {
    const brick = await textureRaster('brick-wall-mixed-clay.jpg');
    const outs = [0, 1].map((variant) =>
      fillSurface(room, wall, { texture: brick, tileSizeCm: 100 }, null, { variant, seed: 2 }),
    );
    const [a, b] = outs;
    if (!a || !b) throw new Error('no output');
    await writeFile(`${OUT_DIR}/material-brick.png`, await rasterToPng(a));
    expect(changedPixelsOutside(room, a, dilateMask(wall, 4))).toBe(0);
    // The wall's typical colour is now the brick's (hue/chroma, lightness follows the photo's light).
    const brickLab = rgbToLab(parseHex(dominantColour(brick)));
    let sumA = 0;
    let sumB = 0;
    let n = 0;
    for (let i = 0; i < wall.data.length; i += 3) {
      if (!wall.data[i]) continue;
      const lab = rgbToLab([a.data[i * 4] ?? 0, a.data[i * 4 + 1] ?? 0, a.data[i * 4 + 2] ?? 0]);
      sumA += lab[1];
      sumB += lab[2];
      n++;
    }
    expect(deltaE2000([brickLab[0], sumA / n, sumB / n], brickLab)).toBeLessThan(10);
    expect(meanAbsDifference(a, b, wall)).toBeGreaterThan(2);
  });
});

describe('featherWeights', () => {
  it("equals featherMask's weights over the window, for ragged masks touching the image edge", () => {
    const random = seededRandom(5);
    for (let trial = 0; trial < 4; trial++) {
      const width = 90;
      const height = 70;
      const data = new Uint8Array(width * height);
      // Blobs of random rectangles, some clipped by the image border, with holes punched in.
      for (let k = 0; k < 12; k++) {
        const on = k % 4 !== 3 ? 1 : 0;
        const x0 = Math.floor(random() * width) - 5;
        const y0 = Math.floor(random() * height) - 5;
        const w = 1 + Math.floor(random() * 30);
        const h = 1 + Math.floor(random() * 20);
        for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) {
          for (let x = Math.max(0, x0); x < Math.min(width, x0 + w); x++) data[y * width + x] = on;
        }
      }
      for (const feather of [1, 2, 3]) {
        const win = { x0: 3, y0: 0, x1: width - 1, y1: height - 4 };
        const cw = win.x1 - win.x0 + 1;
        const ch = win.y1 - win.y0 + 1;
        const crop = new Uint8Array(cw * ch);
        for (let y = 0; y < ch; y++) {
          const row = (y + win.y0) * width + win.x0;
          crop.set(data.subarray(row, row + cw), y * cw);
        }
        const expected = featherMask({ width: cw, height: ch, data: crop }, feather);
        const actual = featherWeights({ width, height, data }, win, feather);
        expect(Array.from(actual)).toEqual(Array.from(expected));
      }
    }
  });
});
