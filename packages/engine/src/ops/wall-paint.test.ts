import { writeFile, mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { dominantColour, lightnessToLuminance, parseHex, rgbToLab } from '../colour';
import { createRaster, dilateMask, type Mask, type Raster } from '../raster';
import {
  changedPixelsOutside,
  meanAbsDifference,
  medianHueChromaDeltaE,
  medianLightness,
  rasterToPng,
  roomRaster,
  shadingSsim,
  surfaceMaskInRect,
  textureRaster,
  type FractionRect,
} from '../test-support/photos';
import { parseOf } from '../test-support/room-parse';
import { paintableSurface, paintWalls } from './wall-paint';

/** Walls of real photos, each selected as a user would brush it (see surfaceMaskInRect). */
const WALLS: { photo: string; rect: FractionRect }[] = [
  // A pale blue-grey wall behind a sofa, with a painting on it.
  { photo: 'living-room-1.jpg', rect: { x0: 0.07, y0: 0.07, x1: 0.85, y1: 0.58 } },
  // An olive-green side wall lit by a window.
  { photo: 'kitchen-dining-1.jpg', rect: { x0: 0.82, y0: 0.12, x1: 1, y1: 0.72 } },
  // A light grey-green wall with two framed prints.
  { photo: 'living-room-neutral-sofa.jpg', rect: { x0: 0.15, y0: 0.02, x1: 0.95, y1: 0.42 } },
];

/** Spec colours of the residential library: white, navy, sage, terracotta. */
const COLOURS = ['#f4f2ee', '#25344f', '#9caf88', '#c0673d'];

const OUT_DIR = '/tmp/engine-A';

interface Wall {
  photo: string;
  image: Raster;
  mask: Mask;
}

const walls: Wall[] = [];

beforeAll(async () => {
  await mkdir(OUT_DIR, { recursive: true });
  for (const { photo, rect } of WALLS) {
    const image = await roomRaster(photo, 1200);
    walls.push({ photo, image, mask: surfaceMaskInRect(image, rect) });
  }
});

describe('paintWalls', () => {
  for (const { photo } of WALLS) {
    for (const hex of COLOURS) {
      it(`paints the wall of ${photo} ${hex}: only inside the mask, in colour, with its shading`, async () => {
        const wall = walls.find((w) => w.photo === photo);
        if (!wall) throw new Error('wall not loaded');
        const { image, mask } = wall;
        const out = paintWalls(image, mask, hex, { variant: 0, seed: 1 });
        await writeFile(`${OUT_DIR}/paint-${photo}-${hex.slice(1)}.png`, await rasterToPng(out));

        // Exact bytes outside the mask grown by 4 px.
        expect(changedPixelsOutside(image, out, dilateMask(mask, 4))).toBe(0);
        // The surface now has the paint's hue and chroma…
        expect(medianHueChromaDeltaE(out, mask, hex)).toBeLessThanOrEqual(10);
        // …and its typical lightness is the paint's: white reads white, navy reads navy.
        const targetL = rgbToLab(parseHex(hex))[0];
        expect(Math.abs(medianLightness(out, mask) - targetL)).toBeLessThan(4);
        // Shading and detail survive (mean-normalised SSIM, see shadingSsim).
        expect(shadingSsim(image, out, mask)).toBeGreaterThanOrEqual(0.9);
      });
    }
  }

  // Sage sits mid-scale, where the highlight shoulder (which rolls off whites) does not act.
  it('keeps a shadow a shadow: the darkest tenth of the wall stays darker by a similar ratio', () => {
    const wall = walls[0];
    if (!wall) throw new Error('wall not loaded');
    const out = paintWalls(wall.image, wall.mask, '#9caf88', { variant: 0, seed: 1 });
    const lumIn: number[] = [];
    const lumOut: number[] = [];
    const l = (r: Raster, p: number): number =>
      lightnessToLuminance(rgbToLab([r.data[p] ?? 0, r.data[p + 1] ?? 0, r.data[p + 2] ?? 0])[0]);
    for (let i = 0; i < wall.mask.data.length; i += 2) {
      if (!wall.mask.data[i]) continue;
      lumIn.push(l(wall.image, i * 4));
      lumOut.push(l(out, i * 4));
    }
    const order = lumIn.map((_, i) => i).sort((a, b) => (lumIn[a] ?? 0) - (lumIn[b] ?? 0));
    const tenth = Math.floor(order.length / 10);
    const mean = (values: number[], idx: number[]): number =>
      idx.reduce((s, i) => s + (values[i] ?? 0), 0) / idx.length;
    const dark = order.slice(0, tenth);
    const bright = order.slice(-tenth);
    const ratioIn = mean(lumIn, dark) / mean(lumIn, bright);
    const ratioOut = mean(lumOut, dark) / mean(lumOut, bright);
    expect(ratioOut).toBeLessThan(0.95);
    expect(Math.abs(ratioOut - ratioIn)).toBeLessThan(0.15);
  });

  it('makes finishes that differ visibly between variants', () => {
    const wall = walls[2];
    if (!wall) throw new Error('wall not loaded');
    const outs = [0, 1, 2, 3].map((variant) =>
      paintWalls(wall.image, wall.mask, '#9caf88', { variant, seed: 5 }),
    );
    for (let a = 0; a < outs.length; a++) {
      for (let b = a + 1; b < outs.length; b++) {
        const oa = outs[a];
        const ob = outs[b];
        if (!oa || !ob) continue;
        expect(meanAbsDifference(oa, ob, wall.mask)).toBeGreaterThan(2);
      }
    }
  });

  it('is deterministic for the same variant and seed', () => {
    const wall = walls[1];
    if (!wall) throw new Error('wall not loaded');
    const a = paintWalls(wall.image, wall.mask, '#25344f', { variant: 1, seed: 9 });
    const b = paintWalls(wall.image, wall.mask, '#25344f', { variant: 1, seed: 9 });
    expect(changedPixelsOutside(a, b)).toBe(0);
  });

  it('paints with the colour of an uploaded swatch photo (dominantColour)', async () => {
    // A material photo stands in for a swatch upload: its dominant colour becomes the paint.
    const swatch = await textureRaster('wood-veneer-rosewood.jpg', 512);
    const hex = dominantColour(swatch);
    const wall = walls[0];
    if (!wall) throw new Error('wall not loaded');
    const out = paintWalls(wall.image, wall.mask, hex, { variant: 0, seed: 1 });
    await writeFile(`${OUT_DIR}/paint-swatch-${hex.slice(1)}.png`, await rasterToPng(out));
    const lab = rgbToLab(parseHex(hex));
    // Rosewood veneer: a deep warm red-brown.
    expect(lab[0]).toBeLessThan(45);
    expect(lab[1]).toBeGreaterThan(15);
    expect(lab[2]).toBeGreaterThan(20);
    expect(medianHueChromaDeltaE(out, wall.mask, hex)).toBeLessThanOrEqual(10);
    expect(changedPixelsOutside(wall.image, out, dilateMask(wall.mask, 4))).toBe(0);
  });

  it('changes nothing for an empty mask', () => {
    const wall = walls[0];
    if (!wall) throw new Error('wall not loaded');
    const empty: Mask = { ...wall.mask, data: new Uint8Array(wall.mask.data.length) };
    const out = paintWalls(wall.image, empty, '#25344f', { variant: 0, seed: 1 });
    expect(changedPixelsOutside(wall.image, out)).toBe(0);
  });
});

/** A 240×120 wall whose grey level at (x, y) is `grey(x, y)`, all of it selected. */
function greyWall(grey: (x: number, y: number) => number): { image: Raster; mask: Mask } {
  const image = createRaster(240, 120);
  for (let y = 0; y < 120; y++) {
    for (let x = 0; x < 240; x++) {
      const p = (y * 240 + x) * 4;
      const v = grey(x, y);
      image.data[p] = v;
      image.data[p + 1] = v;
      image.data[p + 2] = v;
      image.data[p + 3] = 255;
    }
  }
  return { image, mask: { width: 240, height: 120, data: new Uint8Array(240 * 120).fill(1) } };
}

/** The median L* of the pixels of `image` whose x lies in [x0, x1). */
function medianLOfColumns(image: Raster, x0: number, x1: number): number {
  const values: number[] = [];
  for (let y = 0; y < image.height; y++) {
    for (let x = x0; x < x1; x++) {
      const p = (y * image.width + x) * 4;
      values.push(
        rgbToLab([image.data[p] ?? 0, image.data[p + 1] ?? 0, image.data[p + 2] ?? 0])[0],
      );
    }
  }
  values.sort((a, b) => a - b);
  return values[values.length >> 1] ?? 0;
}

describe('paint over two albedos', () => {
  const sage = '#9caf88';
  const sageL = rgbToLab(parseHex(sage))[0];

  it('gives a dark wall and a light wall beside it the same paint: neither goes white or black', () => {
    // A dark panelled wall (left) beside a light one (right), each with its own soft light falloff.
    const { image, mask } = greyWall((x, y) => (x < 120 ? 50 : 215) * (1 - 0.1 * (y / 120)));
    const out = paintWalls(image, mask, sage, { variant: 0, seed: 1 });
    expect(Math.abs(medianLOfColumns(out, 0, 110) - sageL)).toBeLessThan(6);
    expect(Math.abs(medianLOfColumns(out, 130, 240) - sageL)).toBeLessThan(6);
    let white = 0;
    for (let i = 0; i < out.width * out.height; i++) {
      if (Math.min(out.data[i * 4] ?? 0, out.data[i * 4 + 1] ?? 0) >= 245) white++;
    }
    expect(white).toBe(0);
  });

  it('keeps a texture of light and dark (stripes a few pixels wide) as shading on one surface', () => {
    const { image, mask } = greyWall((x) => (Math.floor(x / 2) % 2 ? 215 : 50));
    const out = paintWalls(image, mask, sage, { variant: 0, seed: 1 });
    const lightness = (x: number) => {
      const p = (60 * out.width + x) * 4;
      return rgbToLab([out.data[p] ?? 0, out.data[p + 1] ?? 0, out.data[p + 2] ?? 0])[0];
    };
    // A dark stripe (x 100–101) stays far darker than the light one beside it (x 102–103).
    expect(lightness(102) - lightness(100)).toBeGreaterThan(25);
  });
});

describe('paint on the room parse', () => {
  /** Share of pixels in the rectangle (fractions of the image) that changed by more than 6. */
  function changedIn(a: Raster, b: Raster, x0: number, y0: number, x1: number, y1: number) {
    let changed = 0;
    let total = 0;
    for (let y = Math.round(y0 * a.height); y < Math.round(y1 * a.height); y++) {
      for (let x = Math.round(x0 * a.width); x < Math.round(x1 * a.width); x++) {
        const p = (y * a.width + x) * 4;
        const d = Math.max(
          Math.abs((a.data[p] ?? 0) - (b.data[p] ?? 0)),
          Math.abs((a.data[p + 1] ?? 0) - (b.data[p + 1] ?? 0)),
          Math.abs((a.data[p + 2] ?? 0) - (b.data[p + 2] ?? 0)),
        );
        total++;
        if (d > 6) changed++;
      }
    }
    return changed / total;
  }

  it('paints the walls in the region and leaves the painting, the lamp and the sofa in front (living-room-1)', async () => {
    const image = await roomRaster('living-room-1.jpg', 1200);
    const parse = await parseOf(image);
    const region: Mask = {
      width: image.width,
      height: image.height,
      data: new Uint8Array(image.width * image.height).fill(1),
    };
    const surface = paintableSurface(
      region,
      parse.surfaceAlpha('walls'),
      parse.surfaceAlpha('ceiling'),
    );
    expect(surface).toBeDefined();
    const out = paintWalls(image, region, '#2f4f6f', { variant: 0, seed: 1 }, surface);
    // The wall above the sofa and left of the painting: painted.
    expect(changedIn(image, out, 0.1, 0.12, 0.28, 0.3)).toBeGreaterThan(0.97);
    expect(changedIn(image, out, 0.62, 0.12, 0.82, 0.3)).toBeGreaterThan(0.97);
    // The painting, the lamp shade, the sofa's seat and the ceiling (the region is mostly wall):
    // untouched.
    expect(changedIn(image, out, 0.33, 0.28, 0.58, 0.5)).toBeLessThan(0.01);
    expect(changedIn(image, out, 0.1, 0.37, 0.19, 0.47)).toBeLessThan(0.01);
    expect(changedIn(image, out, 0.3, 0.72, 0.7, 0.78)).toBeLessThan(0.02);
    expect(changedIn(image, out, 0.2, 0, 0.8, 0.05)).toBeLessThan(0.01);
  });

  it('leaves no pale halo round the dark lamp shade: edge pixels darken with the wall', async () => {
    const image = await roomRaster('living-room-1.jpg', 1200);
    const parse = await parseOf(image);
    const region: Mask = {
      width: image.width,
      height: image.height,
      data: new Uint8Array(image.width * image.height).fill(1),
    };
    const surface = paintableSurface(
      region,
      parse.surfaceAlpha('walls'),
      parse.surfaceAlpha('ceiling'),
    );
    const out = paintWalls(image, region, '#2f4f6f', { variant: 0, seed: 1 }, surface);
    // Along the rows through the shade (dark) against the wall (pale, now dark blue): every
    // pixel between the shade and the painted wall is no paler than both neighbours' mean + 12
    // — a halo of the old pale wall would stand out as a bright ridge.
    const lum = (r: Raster, i: number) =>
      0.3 * (r.data[i * 4] ?? 0) +
      0.59 * (r.data[i * 4 + 1] ?? 0) +
      0.11 * (r.data[i * 4 + 2] ?? 0);
    let ridges = 0;
    let rows = 0;
    for (let y = Math.round(0.39 * image.height); y < Math.round(0.46 * image.height); y++) {
      rows++;
      // The shade's right edge lies between 0.19 and 0.22 of the width.
      for (let x = Math.round(0.185 * image.width); x < Math.round(0.215 * image.width); x++) {
        const i = y * image.width + x;
        const here = lum(out, i);
        const left = lum(out, i - 2);
        const right = lum(out, i + 2);
        if (here > Math.max(left, right) + 12) ridges++;
      }
    }
    expect(rows).toBeGreaterThan(10);
    expect(ridges).toBe(0);
  });
});

describe('paint snaps to the wall a region mostly covers', () => {
  it('paints the whole front wall up to the ceiling when the region misses a strip of it (living-room-1)', async () => {
    const image = await roomRaster('living-room-1.jpg', 1200);
    const parse = await parseOf(image);
    // A selection that stops short of the ceiling and the corners, as a click or a brush does.
    const region: Mask = {
      width: image.width,
      height: image.height,
      data: new Uint8Array(image.width * image.height),
    };
    for (let y = Math.round(0.12 * image.height); y < Math.round(0.8 * image.height); y++) {
      region.data.fill(
        1,
        y * image.width + Math.round(0.1 * image.width),
        (y + 1) * image.width - Math.round(0.18 * image.width),
      );
    }
    const surface = paintableSurface(
      region,
      parse.surfaceAlpha('walls'),
      parse.surfaceAlpha('ceiling'),
      parse.wallPlanes,
    );
    const out = paintWalls(image, region, '#2f4f6f', { variant: 0, seed: 1 }, surface);
    // The strip of wall between the region's top and the ceiling (rows 0.075–0.11) is painted
    // too, and the ceiling is not.
    let wall = 0;
    let painted = 0;
    for (let y = Math.round(0.075 * image.height); y < Math.round(0.11 * image.height); y++) {
      for (let x = Math.round(0.1 * image.width); x < Math.round(0.8 * image.width); x++) {
        const i = y * image.width + x;
        if (parse.labels[i] !== 1) continue;
        wall++;
        const p = i * 4;
        if (
          Math.abs((out.data[p + 2] ?? 0) - (image.data[p + 2] ?? 0)) > 6 ||
          Math.abs((out.data[p] ?? 0) - (image.data[p] ?? 0)) > 6
        )
          painted++;
      }
    }
    expect(wall).toBeGreaterThan(1000);
    expect(painted / wall).toBeGreaterThan(0.97);
    const ceilingChanged = (() => {
      let changed = 0;
      // (Left of the beam at the top right, which the parse reads as wall.)
      for (let y = 0; y < Math.round(0.04 * image.height); y++) {
        for (let x = Math.round(0.1 * image.width); x < Math.round(0.8 * image.width); x++) {
          const i = y * image.width + x;
          if (Math.abs((out.data[i * 4] ?? 0) - (image.data[i * 4] ?? 0)) > 6) changed++;
        }
      }
      return changed;
    })();
    expect(ceilingChanged).toBe(0);
  });
});
