// `npm run bench:swap-light -- <dir>`: change_furniture (replaceFurniture with the room parse) on
// six living rooms of ../shared/assets/rooms, each output and a crop round the swapped piece (with
// the photo's own crop) as PNGs in <dir> (default /tmp/swaplight/after), and the measures of
// docs/decisions/039 against the photo's own furniture: light across the piece, the floor under
// it, rim sharpness and grain. `ONLY=<photo prefix>` runs one photo. Look at the crops.
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { demoProduct, placementFromDemo } from '../../packages/engine/src/products';
import { dilateMask, type Raster } from '../../packages/engine/src/raster';
import { replaceFurniture } from '../../packages/engine/src/ops/place-product';
import { rasterToPng, roomRaster } from '../../packages/engine/src/test-support/photos';
import { parseOf } from '../../packages/engine/src/test-support/room-parse';

const out = process.argv[2] ?? '/tmp/swaplight/after';
const all: [string, string, string][] = [
  ['living-room-neutral-sofa.jpg', 'Sofa', 'sofa-arco'],
  ['living-room-cognac-leather-sofa.jpg', 'Sofa', 'sofa-arco'],
  ['living-room-modern-white-sofa.jpg', 'Sofa', 'sofa-arco'],
  ['living-room-beige-armchairs.jpg', 'Armchair', 'armchair-wing'],
  ['living-room-1.jpg', 'Sofa', 'sofa-arco'],
  ['living-room-plants-bright.jpg', 'Sofa', 'sofa-arco'],
];

const photos = process.env.ONLY ? all.filter((p) => p[0].startsWith(process.env.ONLY ?? '')) : all;
async function main(): Promise<void> {
  await mkdir(out, { recursive: true });
  for (const [name, label, productId] of photos) {
    const photo = await roomRaster(name, 1700);
    const parse = await parseOf(photo);
    const piece = parse.objects
      .filter((o) => o.label === label || (label === 'Armchair' && o.label === 'Chair'))
      .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
    if (!piece) {
      console.log(name, 'no', label, parse.objects.map((o) => o.label).join(','));
      continue;
    }
    const demo = demoProduct(productId);
    if (!demo) throw new Error(productId);
    const started = performance.now();
    const swapped = await replaceFurniture(
      photo,
      dilateMask(piece.mask, 2),
      placementFromDemo(demo),
      parse.camera,
      { variant: 0, seed: 5 },
      parse,
    );
    const ms = performance.now() - started;
    const stem = name.replace(/\.\w+$/, '');
    const png = await rasterToPng(swapped);
    await writeFile(`${out}/${stem}.png`, png);
    const b = piece.box;
    const left = Math.max(0, Math.round(b.x - 0.15 * b.width));
    const top = Math.max(0, Math.round(b.y - 0.15 * b.height));
    const width = Math.min(photo.width - left, Math.round(b.width * 1.3));
    const height = Math.min(photo.height - top, Math.round(b.height * 1.35));
    await sharp(png).extract({ left, top, width, height }).toFile(`${out}/${stem}-crop.png`);
    await sharp(await rasterToPng(photo))
      .extract({ left, top, width, height })
      .toFile(`${out}/${stem}-photo-crop.png`);
    console.log(`${stem} ${photo.width}x${photo.height} ${Math.round(ms)} ms`, JSON.stringify(b));
    // Light across the piece: ln(right third / left third) of the median linear luminance, of the
    // old piece in the photo (ground truth: real furniture in this light) and of the new one.
    const lin = (v: number) => (v / 255) ** 2.2;
    const lum = (r: Raster, i: number) =>
      0.2126 * lin(r.data[i * 4] ?? 0) +
      0.7152 * lin(r.data[i * 4 + 1] ?? 0) +
      0.0722 * lin(r.data[i * 4 + 2] ?? 0);
    const thirds = (r: Raster, take: (i: number) => boolean) => {
      const l: number[] = [];
      const rr: number[] = [];
      for (let y = b.y; y < b.y + b.height; y++)
        for (let x = b.x; x < b.x + b.width; x++) {
          const i = y * photo.width + x;
          if (!take(i)) continue;
          if (x < b.x + b.width / 3) l.push(lum(r, i));
          else if (x >= b.x + (2 * b.width) / 3) rr.push(lum(r, i));
        }
      const med = (v: number[]) => v.sort((m, n) => m - n)[Math.floor(v.length / 2)] ?? 0;
      return Math.log(med(rr) / med(l)).toFixed(3);
    };
    const changed = (i: number) =>
      Math.max(
        ...[0, 1, 2].map((c) =>
          Math.abs((swapped.data[i * 4 + c] ?? 0) - (photo.data[i * 4 + c] ?? 0)),
        ),
      ) > 40;
    console.log(
      `  light ln(R/L): old piece ${thirds(photo, (i) => piece.mask.data[i] === 1)} new ${thirds(swapped, (i) => piece.mask.data[i] === 1 && changed(i))}`,
    );
    // The new product's pixels: changed, and not a plain darkening (its shadow).
    const isProduct = (i: number) => {
      if (!changed(i)) return false;
      const ratios = [0, 1, 2].map(
        (c) => ((swapped.data[i * 4 + c] ?? 0) + 1) / ((photo.data[i * 4 + c] ?? 0) + 1),
      );
      return !(Math.max(...ratios) < 1 && Math.max(...ratios) - Math.min(...ratios) < 0.06);
    };
    // Edge sharpness (render.ts's photoSoftness measure: steepest one-pixel step over the mean
    // step across three pixels at strong edges; 3 a hard step, 1 a ramp): the photo's edges, and
    // the new product's rim in the output.
    const sharpness = (r: Raster, rimOnly: boolean) => {
      const L = (x: number, y: number) => {
        const p = (y * r.width + x) * 4;
        return (
          0.299 * (r.data[p] ?? 0) + 0.587 * (r.data[p + 1] ?? 0) + 0.114 * (r.data[p + 2] ?? 0)
        );
      };
      const ratios: number[] = [];
      for (let y = 2; y < r.height - 2; y++)
        for (let x = 2; x < r.width - 2; x += rimOnly ? 1 : 3)
          for (const [dx, dy] of [
            [1, 0],
            [0, 1],
          ] as const) {
            if (rimOnly) {
              const inA = isProduct((y - dy) * r.width + x - dx);
              const inD = isProduct((y + 2 * dy) * r.width + x + 2 * dx);
              if (inA === inD) continue;
            }
            const a = L(x - dx, y - dy),
              bb = L(x, y),
              c = L(x + dx, y + dy),
              d = L(x + 2 * dx, y + 2 * dy);
            const across = Math.abs(d - a);
            if (across < 30) continue;
            ratios.push(
              Math.max(Math.abs(bb - a), Math.abs(c - bb), Math.abs(d - c)) / (across / 3),
            );
          }
      ratios.sort((m, n) => m - n);
      return `${(ratios[ratios.length >> 1] ?? NaN).toFixed(2)} (${ratios.length})`;
    };
    console.log(
      `  edge sharpness: photo ${sharpness(photo, false)} product rim ${sharpness(swapped, true)}`,
    );
    // Grain: median |pixel − mean of its four neighbours| (luminance, 8-bit) inside the product
    // (all of a 5×5 neighbourhood product) and in the photo round the old piece's box.
    const grain = (r: Raster, take: (x: number, y: number) => boolean) => {
      const L = (x: number, y: number) => {
        const p = (y * r.width + x) * 4;
        return (
          0.299 * (r.data[p] ?? 0) + 0.587 * (r.data[p + 1] ?? 0) + 0.114 * (r.data[p + 2] ?? 0)
        );
      };
      const res: number[] = [];
      for (let y = 2; y < r.height - 2; y += 2)
        for (let x = 2; x < r.width - 2; x += 2) {
          if (!take(x, y)) continue;
          res.push(Math.abs(L(x, y) - (L(x - 1, y) + L(x + 1, y) + L(x, y - 1) + L(x, y + 1)) / 4));
        }
      res.sort((m, n) => m - n);
      return (res[res.length >> 1] ?? NaN).toFixed(2);
    };
    const inner = (x: number, y: number) =>
      [-2, 0, 2].every((dy) =>
        [-2, 0, 2].every((dx) => isProduct((y + dy) * photo.width + x + dx)),
      );
    const around = (x: number, y: number) =>
      x >= b.x - 0.15 * b.width &&
      x <= b.x + 1.15 * b.width &&
      y >= b.y - 0.15 * b.height &&
      y <= b.y + 1.2 * b.height &&
      !(x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height);
    console.log(`  grain: photo round ${grain(photo, around)} product ${grain(swapped, inner)}`);
  }
}

void main();
