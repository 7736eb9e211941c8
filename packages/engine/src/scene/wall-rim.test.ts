import { describe, expect, it } from 'vitest';
import type { Raster } from '../raster';
import { roomRaster } from '../test-support/photos';
import { parseOf } from '../test-support/room-parse';
import { ADE } from './ade20k';
import { snapWallRim } from './wall-rim';

const W = 120;
const H = 90;

/**
 * An off-white wall (200, 200, 200) and a cream shade (208, 200, 184) at x 40–79, y 20–59 — a
 * step of 24 in |ΔR|+|ΔG|+|ΔB|, with a soft shading across the shade — on a thin gold pole
 * (x 59–60, y 60–79) above the floor (y ≥ 80). The labels have the refine step's bite: the
 * shade's left eight columns are wall, and the band (x 34–51 beside the shade, and round the
 * pole) is where the labels were decided by colour.
 */
function scene(): { image: Raster; labels: Uint8Array; band: Uint8Array } {
  const data = new Uint8ClampedArray(W * H * 4);
  const labels = new Uint8Array(W * H).fill(ADE.wall);
  const band = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let rgb = [200, 200, 200];
      if (x >= 40 && x < 80 && y >= 20 && y < 60) {
        const shade = Math.round((x - 40) / 8); // darker on its left
        rgb = [208 + shade, 200 + shade, 184 + shade];
        if (x >= 48) labels[i] = ADE.lamp;
      }
      if ((x === 59 || x === 60) && y >= 60 && y < 80) {
        rgb = [180, 150, 60];
        labels[i] = ADE.lamp;
      }
      if (y >= 80) {
        rgb = [120, 90, 60];
        labels[i] = ADE.floor;
      }
      if ((x >= 34 && x < 52 && y >= 14 && y < 66) || (x >= 55 && x < 65 && y >= 58 && y < 86)) {
        band[i] = 1;
      }
      data.set([...rgb, 255], i * 4);
    }
  }
  return { image: { width: W, height: H, data }, labels, band };
}

describe('snapWallRim', () => {
  it('moves the wall’s rim onto the shade’s edge and leaves the wall beside it', () => {
    const { image, labels, band } = scene();
    expect(snapWallRim(image, labels, band)).toBeGreaterThan(0);
    for (let x = 40; x < 48; x++) expect(labels[40 * W + x], `x ${x}`).toBe(ADE.lamp);
    for (let x = 34; x < 40; x++) expect(labels[40 * W + x], `x ${x}`).toBe(ADE.wall);
    // Above the shade the band is all wall, as it should be.
    expect(labels[16 * W + 45]).toBe(ADE.wall);
  });

  it('keeps a thin pole that lies all in the band, and the wall’s edge with the floor', () => {
    const { image, labels, band } = scene();
    snapWallRim(image, labels, band);
    for (let y = 62; y < 80; y += 4) expect(labels[y * W + 59], `y ${y}`).toBe(ADE.lamp);
    expect(labels[79 * W + 57]).toBe(ADE.wall);
    expect(labels[80 * W + 57]).toBe(ADE.floor);
  });
});

describe('the wall’s rim on a photo', () => {
  it('puts the dining room’s wall edge on the floor lamp shade’s left edge', async () => {
    const image = await roomRaster('dining-room-green-velvet-chairs.webp', 1600);
    const { labels } = await parseOf(image);
    const W = image.width;
    // Rows of the shade (y 245–359): the photo's edge is the strongest colour step in x 350–399;
    // rows whose step lies on the shade's straight left side (x 358–366) are scored.
    let rows = 0;
    let onEdge = 0;
    for (let y = 245; y < 360; y++) {
      let best = 0;
      let edge = -1;
      for (let x = 350; x < 400; x++) {
        let d = 0;
        for (let c = 0; c < 3; c++) {
          d += Math.abs(
            (image.data[(y * W + x + 1) * 4 + c] ?? 0) - (image.data[(y * W + x - 1) * 4 + c] ?? 0),
          );
        }
        if (d > best) {
          best = d;
          edge = x;
        }
      }
      if (edge < 358 || edge > 366) continue;
      let first = -1;
      for (let x = 340; x < 420 && first < 0; x++) if (labels[y * W + x] !== ADE.wall) first = x;
      rows++;
      if (Math.abs(first - edge) <= 2) onEdge++;
    }
    expect(rows).toBeGreaterThan(40);
    // Without the rim step 3 of 78 rows were within 2 px (the bite), with it 33.
    expect(onEdge / rows).toBeGreaterThan(0.3);
  }, 120_000);
});
