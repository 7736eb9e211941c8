// `npm run bench:swap-light -- <dir>`: change_furniture (replaceFurniture with the room parse) on
// six living rooms and a bedroom of ../shared/assets/rooms, each output and a crop round the swapped piece (with
// the photo's own crop) as PNGs in <dir> (default /tmp/swaplight/after), and the measures of
// docs/decisions/039 against the photo's own furniture: light across the piece, the floor under
// it, rim sharpness and grain. `ONLY=<photo prefix>` runs one photo. Look at the crops.
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { demoProduct, placementFromDemo } from '../../packages/engine/src/products';
import { ADE } from '../../packages/engine/src/scene/ade20k';
import { dilateMask, type Raster } from '../../packages/engine/src/raster';
import { replaceFurniture } from '../../packages/engine/src/ops/place-product';
import { openSegmenter } from '../../packages/engine/src/ops/open-ops';
import { wholeOldPiece } from '../../packages/engine/src/ops/placement/whole-piece';
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
  ['bedroom-1.jpg', 'Bed', 'bed-haven'],
];

const photos = process.env.ONLY ? all.filter((p) => p[0].startsWith(process.env.ONLY ?? '')) : all;
async function main(): Promise<void> {
  await mkdir(out, { recursive: true });
  // The old piece whole where SAM sees it, as the dispatch asks for it (docs/decisions/047).
  const segmenter = await openSegmenter({
    modelsDir: process.env.MODELS_DIR,
    allowDownload: false,
  });
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
    const whole =
      segmenter.method === 'sam'
        ? await wholeOldPiece(photo, dilateMask(piece.mask, 2), parse, segmenter)
        : { mask: dilateMask(piece.mask, 2), scene: parse, apart: null };
    const swapped = await replaceFurniture(
      photo,
      whole.mask,
      placementFromDemo(demo),
      parse.camera,
      { variant: 0, seed: 5 },
      whole.scene,
      segmenter,
      whole.apart,
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
    // Shading inside the piece (docs/decisions/099): the median over square windows wholly on
    // the piece of luminance standard deviation over mean (linear light), in windows of 1.5% and
    // 6% of the piece's width: the fine one is cloth texture and seams, the coarse one how light
    // falls across a cushion or panel. The old piece in the photo (real upholstery in this room's
    // light) against the new product.
    const variation = (r: Raster, take: (i: number) => boolean, side: number) => {
      const half = Math.max(2, Math.round(side / 2));
      const step = Math.max(2, half);
      const res: number[] = [];
      for (let y = b.y + half; y < b.y + b.height - half; y += step)
        for (let x = b.x + half; x < b.x + b.width - half; x += step) {
          let n = 0;
          let s = 0;
          let s2 = 0;
          let whole = true;
          for (let dy = -half; dy <= half && whole; dy++)
            for (let dx = -half; dx <= half; dx++) {
              const i = (y + dy) * photo.width + x + dx;
              if (!take(i)) {
                whole = false;
                break;
              }
              const v = lum(r, i);
              n++;
              s += v;
              s2 += v * v;
            }
          if (!whole || n === 0 || s <= 0) continue;
          const mean = s / n;
          res.push(Math.sqrt(Math.max(0, s2 / n - mean * mean)) / mean);
        }
      res.sort((m, n) => m - n);
      return (res[res.length >> 1] ?? NaN).toFixed(3);
    };
    const fine = Math.round(0.015 * b.width);
    const coarse = Math.round(0.06 * b.width);
    console.log(
      `  variation (fine ${fine} px / coarse ${coarse} px): old piece ${variation(photo, (i) => piece.mask.data[i] === 1, fine)} / ${variation(photo, (i) => piece.mask.data[i] === 1, coarse)} product ${variation(swapped, isProduct, fine)} / ${variation(swapped, isProduct, coarse)}`,
    );
    // Front pieces (docs/decisions/041): the parse's objects standing nearer than the old piece
    // (their box overlaps its box and ends clearly lower), and what rests on them. Share of their
    // pixels the swap changed; the goal is none.
    const bottom = b.y + b.height;
    const overlaps = (o: PieceBox, q: PieceBox) =>
      o.x < q.x + q.width && q.x < o.x + o.width && o.y < q.y + q.height && q.y < o.y + o.height;
    const others = parse.objects.filter((o) => o !== piece && o.classId !== ADE.rug);
    const front = others.filter(
      (o) => overlaps(o.box, b) && o.box.y + o.box.height > bottom + 0.015 * photo.height,
    );
    for (const o of others) {
      if (front.includes(o) || !overlaps(o.box, b)) continue;
      if (o.box.y < b.y || NOT_FURNITURE.has(o.classId)) continue;
      const under = front.find(
        (f) =>
          overlaps(o.box, f.box) &&
          o.box.y + o.box.height >= f.box.y &&
          o.box.y + o.box.height <= f.box.y + 0.5 * f.box.height &&
          Math.min(o.box.x + o.box.width, f.box.x + f.box.width) - Math.max(o.box.x, f.box.x) >=
            0.5 * o.box.width,
      );
      if (under) front.push(o);
    }
    const inFront = new Uint8Array(photo.width * photo.height);
    for (const o of front)
      for (let i = 0; i < inFront.length; i++) if (o.mask.data[i]) inFront[i] = 1;
    let frontPixels = 0;
    let frontChanged = 0;
    for (let i = 0; i < inFront.length; i++) {
      if (!inFront[i]) continue;
      frontPixels++;
      if (changed(i)) frontChanged++;
    }
    // Ghosts: the old piece's pixels above the new product (the product's pixels are those that
    // change with its colour: the same swap in another colour) and above the wall–floor line,
    // where the fill should read as the wall beside it. Reference: the median photo colour of
    // the wall round the piece in the same rows. A pixel is a ghost when it is nearer the old
    // piece's colour there than the wall's.
    const recoloured = await replaceFurniture(
      photo,
      whole.mask,
      placementFromDemo(demo, demo.colors.at(-1)?.hex),
      parse.camera,
      { variant: 0, seed: 5 },
      whole.scene,
      segmenter,
      whole.apart,
    );
    const differs = (i: number) =>
      Math.max(
        ...[0, 1, 2].map((c) =>
          Math.abs((swapped.data[i * 4 + c] ?? 0) - (recoloured.data[i * 4 + c] ?? 0)),
        ),
      ) > 12;
    const wallRgb: number[][] = [[], [], []];
    const wallSpread: number[] = [];
    for (let y = b.y; y < b.y + b.height / 2; y++)
      for (let x = left; x < left + width; x++) {
        const i = y * photo.width + x;
        if (parse.labels[i] !== ADE.wall || piece.mask.data[i]) continue;
        for (let c = 0; c < 3; c++) wallRgb[c]?.push(photo.data[i * 4 + c] ?? 0);
      }
    const wall = wallRgb.map((v) => v.sort((m, n) => m - n)[v.length >> 1] ?? 0);
    const distance = (r: Raster, i: number, to: number[]) =>
      Math.hypot(...[0, 1, 2].map((c) => (r.data[i * 4 + c] ?? 0) - (to[c] ?? 0)));
    for (let y = b.y; y < b.y + b.height / 2; y++)
      for (let x = left; x < left + width; x++) {
        const i = y * photo.width + x;
        if (parse.labels[i] === ADE.wall && !piece.mask.data[i])
          wallSpread.push(distance(photo, i, wall));
      }
    let open = 0;
    let ghost = 0;
    const offWall: number[] = [];
    const look = Buffer.from(await sharp(png).removeAlpha().raw().toBuffer());
    for (let x = b.x; x < b.x + b.width; x++) {
      const line = parse.wallFloorLine[x] ?? NaN;
      for (let y = b.y; y < bottom && !(y >= line); y++) {
        const i = y * photo.width + x;
        if (differs(i)) break;
        if (!piece.mask.data[i] || inFront[i]) continue;
        open++;
        const own = [0, 1, 2].map((c) => photo.data[i * 4 + c] ?? 0);
        const fromWall = distance(swapped, i, wall);
        offWall.push(fromWall);
        const isGhost = distance(swapped, i, own) < fromWall;
        if (isGhost) ghost++;
        look[i * 3] = isGhost ? 255 : 0;
        look[i * 3 + 1] = 0;
        look[i * 3 + 2] = isGhost ? 0 : 255;
      }
    }
    const median = (v: number[]) => (v.sort((m, n) => m - n)[v.length >> 1] ?? NaN).toFixed(1);
    for (let i = 0; i < inFront.length; i++) if (inFront[i]) look[i * 3 + 1] = 255;
    await sharp(look, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .extract({ left, top, width, height })
      .toFile(`${out}/${stem}-ghost.png`);
    console.log(
      `  front pieces changed ${((100 * frontChanged) / Math.max(1, frontPixels)).toFixed(1)}% of ${frontPixels} px (${front.map((o) => o.label).join(',')})`,
    );
    console.log(
      `  ghost above the product: ${((100 * ghost) / Math.max(1, open)).toFixed(1)}% of ${open} px nearer the old piece than the wall; distance from the wall ${median(offWall)} (the photo's wall round it ${median(wallSpread)})`,
    );
  }
  await segmenter.dispose();
}

/** The room's openings and pictures: never furniture standing in front. */
const NOT_FURNITURE = new Set<number>([ADE.window, ADE.door, ADE.curtain, ADE.painting]);

interface PieceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

void main();
