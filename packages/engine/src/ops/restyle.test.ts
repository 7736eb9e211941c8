import { mkdir, writeFile } from 'node:fs/promises';
import { STYLES } from '@roomcraft/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { lightnessChannel, parseHex, rgbToLab, ssim, type Lab } from '../colour';
import type { Raster } from '../raster';
import type { StyleTarget } from '../types';
import {
  changedPixelsOutside,
  meanAbsDifference,
  rasterToPng,
  roomRaster,
} from '../test-support/photos';
import { STYLE_CHARACTER, restyle } from './restyle';

const OUT_DIR = '/tmp/engine-A';
const PHOTOS = ['living-room-1.jpg', 'kitchen-white-island-brass-pendants.jpg', 'bedroom-1.jpg'];

function styleTarget(id: string): StyleTarget {
  const style = STYLES.find((s) => s.id === id);
  if (!style) throw new Error(`no style ${id}`);
  return { id: style.id, name: style.name, palette: style.palette };
}

/** Mean over sampled pixels of the Lab distance to the nearest palette colour. */
function distanceToPalette(raster: Raster, palette: string[]): number {
  const labs: Lab[] = palette.map((hex) => rgbToLab(parseHex(hex)));
  let sum = 0;
  let n = 0;
  for (let i = 0; i < raster.width * raster.height; i += 17) {
    const p = i * 4;
    const lab = rgbToLab([raster.data[p] ?? 0, raster.data[p + 1] ?? 0, raster.data[p + 2] ?? 0]);
    let best = Infinity;
    for (const t of labs)
      best = Math.min(best, Math.hypot(lab[0] - t[0], lab[1] - t[1], lab[2] - t[2]));
    sum += best;
    n++;
  }
  return sum / n;
}

const photos = new Map<string, Raster>();

beforeAll(async () => {
  await mkdir(OUT_DIR, { recursive: true });
  for (const name of PHOTOS) photos.set(name, await roomRaster(name, 1000));
});

function photo(name: string): Raster {
  const raster = photos.get(name);
  if (!raster) throw new Error(`${name} not loaded`);
  return raster;
}

describe('restyle', () => {
  it('has a character for every style of the design config', () => {
    for (const style of STYLES) expect(STYLE_CHARACTER[style.id]).toBeDefined();
  });

  it('is the identity at strength 0', () => {
    const image = photo(PHOTOS[0] ?? '');
    const out = restyle(image, styleTarget('industrial'), 0, { variant: 0, seed: 1 });
    expect(changedPixelsOutside(image, out)).toBe(0);
  });

  for (const name of PHOTOS) {
    for (const id of ['modern', 'bohemian', 'coastal', 'industrial', 'japandi', 'art_deco']) {
      it(`moves ${name} toward the ${id} palette as strength grows, keeping its structure`, async () => {
        const image = photo(name);
        const style = styleTarget(id);
        const distances = [0, 0.35, 0.6, 0.9, 1].map((strength) => {
          const out = restyle(image, style, strength, { variant: 0, seed: 1 });
          return { strength, out, distance: distanceToPalette(out, style.palette) };
        });
        for (let k = 1; k < distances.length; k++) {
          expect(distances[k]?.distance).toBeLessThan(distances[k - 1]?.distance ?? 0);
        }
        const full = distances[distances.length - 1]?.out;
        const balanced = distances[2]?.out;
        if (!full || !balanced) throw new Error('no output');
        await writeFile(`${OUT_DIR}/restyle-${id}-${name}.png`, await rasterToPng(balanced));
        expect(meanAbsDifference(image, balanced)).toBeGreaterThan(3);
        const l0 = lightnessChannel(image);
        const l1 = lightnessChannel(full);
        expect(
          ssim(l0, l1, image.width, image.height, { dynamicRange: 100 }),
        ).toBeGreaterThanOrEqual(0.8);
      });
    }
  }

  it('makes variants that differ visibly', () => {
    const image = photo(PHOTOS[1] ?? '');
    for (const id of ['modern', 'mediterranean', 'scandinavian']) {
      const outs = [0, 1, 2, 3].map((variant) =>
        restyle(image, styleTarget(id), 0.6, { variant, seed: 4 }),
      );
      for (let a = 0; a < outs.length; a++) {
        for (let b = a + 1; b < outs.length; b++) {
          const oa = outs[a];
          const ob = outs[b];
          if (!oa || !ob) continue;
          expect(meanAbsDifference(oa, ob)).toBeGreaterThan(2);
        }
      }
    }
  });

  it('cannot halo: without vignette and grain, the output is a function of the pixel colour alone', () => {
    const image = photo(PHOTOS[0] ?? '');
    const style = styleTarget('modern');
    expect(STYLE_CHARACTER.modern?.vignette).toBe(0);
    expect(STYLE_CHARACTER.modern?.grain).toBe(0);
    const out = restyle(image, style, 1, { variant: 0, seed: 1 });
    const seen = new Map<number, number>();
    let conflicts = 0;
    for (let i = 0; i < image.width * image.height; i++) {
      const p = i * 4;
      const key =
        ((image.data[p] ?? 0) << 16) | ((image.data[p + 1] ?? 0) << 8) | (image.data[p + 2] ?? 0);
      const value =
        ((out.data[p] ?? 0) << 16) | ((out.data[p + 1] ?? 0) << 8) | (out.data[p + 2] ?? 0);
      const before = seen.get(key);
      if (before === undefined) seen.set(key, value);
      else if (before !== value) conflicts++;
    }
    expect(conflicts).toBe(0);
  });
});
