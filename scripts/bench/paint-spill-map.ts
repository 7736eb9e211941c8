// Where the wall paint spills, as a picture: for each photo named (a labelled one, see
// `npm run bench:scene`), paints the walls as the bench does and writes, under the folder given,
// `spill-<photo>.png`: the photo with the paint on real wall tinted green, the paint off the wall
// in red where the labels say window and in yellow elsewhere, and the parse's own window blue.
//   node --import tsx scripts/bench/paint-spill-map.ts .artifacts/spill kitchen-black-minimal.jpg
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../e2e/support/app-server';
import { paintWalls } from '../../packages/engine/src/ops/wall-paint';
import { wallPaintSurface } from '../../packages/engine/src/ops/walls-to-paint';
import type { Raster } from '../../packages/engine/src/raster';
import { ADE } from '../../packages/engine/src/scene';
import {
  labelMask,
  loadRoomLabels,
  rasteriseLabels,
  scaleLabels,
} from '../../packages/engine/src/test-support/ground-truth';
import { rasterToPng, roomRaster } from '../../packages/engine/src/test-support/photos';
import { parseOf } from '../../packages/engine/src/test-support/room-parse';
import { CHANGE_THRESHOLD } from '../../packages/engine/src/test-support/scene-quality';
import { samSegmenter } from '../../packages/engine/src/test-support/sam';

process.env.MODELS_DIR ??= path.resolve(repoRoot, '../shared/models');
const [outDir, ...photos] = process.argv.slice(2);
if (!outDir || photos.length === 0) {
  console.error('usage: paint-spill-map.ts <out-dir> <photo>…');
  process.exit(1);
}
await mkdir(outDir, { recursive: true });
for (const photo of photos) {
  const image = await roomRaster(photo, 1600);
  const { width, height } = image;
  const truth = rasteriseLabels(scaleLabels(await loadRoomLabels(photo), width, height));
  const wall = labelMask(truth, 'walls');
  const parse = await parseOf(image);
  const all = { width, height, data: new Uint8Array(width * height).fill(1) };
  const surface = await wallPaintSurface(image, all, parse, await samSegmenter());
  const painted = paintWalls(image, all, '#2f4f6f', { variant: 0, seed: 1 }, surface);
  const map: Raster = { width, height, data: new Uint8ClampedArray(image.data) };
  const set = (i: number, rgb: readonly number[]) =>
    rgb.forEach((v, c) => (map.data[i * 4 + c] = v));
  let onWindow = 0;
  let changed = 0;
  for (let i = 0; i < width * height; i++) {
    const moved = [0, 1, 2].some(
      (c) =>
        Math.abs((image.data[i * 4 + c] ?? 0) - (painted.data[i * 4 + c] ?? 0)) > CHANGE_THRESHOLD,
    );
    const region = truth.regionAt(i);
    const window = region?.label === 'window' || region?.name === 'window';
    if (moved) changed++;
    if (moved && wall.data[i]) {
      set(
        i,
        [0.6, 0.6, 0.6].map((k, c) => k * (image.data[i * 4 + c] ?? 0) + (c === 1 ? 100 : 0)),
      );
    } else if (moved && window) {
      onWindow++;
      set(i, [255, 0, 0]);
    } else if (moved) {
      set(i, [255, 220, 0]);
    } else if (parse.labels[i] === ADE.window) {
      map.data[i * 4 + 2] = 255;
    }
  }
  const file = path.join(outDir, `spill-${photo}.png`);
  await writeFile(file, await rasterToPng(map));
  console.log(`${file}  paint on window ${((100 * onWindow) / Math.max(1, changed)).toFixed(1)}%`);
}
