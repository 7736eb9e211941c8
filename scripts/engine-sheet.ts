import { DEMO_CATALOGUE, DEMO_LOADERS } from '../apps/server/src/test-support/demo-catalogue';
// `npm run engine:sheet`: every action of the local engine on every room photo of
// ../shared/assets/rooms, next to the input and the room parse (labels coloured, wall planes
// shaded), as one PNG (.artifacts/engine-sheet.png) plus every cell at full size in
// .artifacts/engine-sheet/. It goes through the engine's public interface (worker pool, masks from
// click-to-segment, elements from detection), as the server does. Four photos have hand-set
// clicks; on the others the masks come from the room parse as the app's chips will ask for them
// (the walls, the largest object, a smaller one, free floor). `-- <photo> …` limits the run.
// MODELS_DIR defaults to ../shared/models. Look at the sheet: an output you would not show a
// paying customer is a bug.
import { findTexture, renderTexture } from '@roomcraft/catalog';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';
import { DESIGN_MODES, STYLES } from '@roomcraft/contracts';
import type { DetectedElement, GenerateRequest, ImageEngine } from '@roomcraft/engine';
import { createLocalEngine, placementFromDemo } from '@roomcraft/engine';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { fractionRectShape, maskPng } from '../packages/engine/src/test-support/photos';
import { parseOf } from '../packages/engine/src/test-support/room-parse';
import { ADE, type RoomParse } from '../packages/engine/src/scene';
import { readdir } from 'node:fs/promises';
import {
  enginePlans,
  planRestyle,
  swappablePieces,
} from '../apps/server/src/modules/actions/restyle-plan';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const shared = path.resolve(repoRoot, '../shared');
const modelsDir = process.env.MODELS_DIR ?? path.join(shared, 'models');
const THUMB_W = 400;
const LONG_SIDE = 1200;

/** Where to click on each photo (fractions of width and height), and where to add a product. */
interface Scenario {
  photo: string;
  wall: [number, number];
  material: { at: [number, number]; colour: string; texture: string | null; label: string };
  /** What to remove: a detected element's label, or a click. */
  remove: string | [number, number];
  add: { box: [number, number, number, number]; product: string };
  style: string;
}

const scenarios: Scenario[] = [
  {
    photo: 'living-room-1.jpg',
    wall: [0.15, 0.2],
    material: {
      at: [0.45, 0.68],
      colour: '#1f6b4f',
      texture: 'emerald-velvet',
      label: 'sofa velvet',
    },
    remove: [0.06, 0.62],
    add: { box: [0.56, 0.42, 0.7, 0.9], product: 'plant-fig' },
    style: 'japandi',
  },
  {
    photo: 'bedroom-minimal-mirror.jpg',
    wall: [0.3, 0.2],
    material: { at: [0.55, 0.55], colour: '#5d4030', texture: null, label: 'sideboard walnut' },
    remove: 'Plant',
    add: { box: [0.58, 0.55, 0.86, 0.97], product: 'armchair-nest' },
    style: 'industrial',
  },
  {
    photo: 'kitchen-dining-1.jpg',
    wall: [0.72, 0.3],
    material: { at: [0.25, 0.78], colour: '#25344f', texture: null, label: 'cabinets navy' },
    remove: 'Table',
    add: { box: [0.42, 0.62, 0.56, 0.95], product: 'plant-olive' },
    style: 'scandinavian',
  },
  {
    photo: 'living-room-modern-white-sofa.jpg',
    wall: [0.6, 0.25],
    material: {
      at: [0.86, 0.35],
      colour: '#e9e7e2',
      texture: 'carrara-marble',
      label: 'wall marble',
    },
    remove: [0.63, 0.84],
    add: { box: [0.78, 0.7, 0.97, 0.99], product: 'floor-tripod' },
    style: 'art_deco',
  },
];

const columns = [
  'Input',
  'Parse',
  'Wall paint',
  'Floors',
  'Change material',
  'Remove elements',
  'Add elements',
  'Change furniture',
  'Architectural style',
] as const;

async function uprightPng(file: string) {
  return sharp(await readFile(path.join(shared, 'assets/rooms', file)))
    .rotate()
    .resize(LONG_SIDE, LONG_SIDE, { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** A rectangle as a mask PNG at the image's size. */
async function boxMask(width: number, height: number, box: [number, number, number, number]) {
  return maskPng(width, height, fractionRectShape(box, width, height));
}

/** An element's outline as a mask PNG, the way the server turns a chosen element into a mask. */
async function outlineMask(width: number, height: number, element: DetectedElement) {
  const points = element.box.map((p) => `${p.x},${p.y}`).join(' ');
  return maskPng(width, height, `<polygon points="${points}" fill="white"/>`);
}

const centre = (element: DetectedElement) => ({
  x: element.box.reduce((s, p) => s + p.x, 0) / element.box.length,
  y: element.box.reduce((s, p) => s + p.y, 0) / element.box.length,
});

async function thumb(png: Buffer, label: string) {
  const image = sharp(png).resize(THUMB_W);
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  const caption = `<svg width="${info.width}" height="22"><rect width="100%" height="22" fill="black" opacity="0.6"/><text x="6" y="16" font-family="sans-serif" font-size="14" fill="white">${label}</text></svg>`;
  return sharp(data)
    .composite([{ input: Buffer.from(caption), top: 0, left: 0 }])
    .png()
    .toBuffer({ resolveWithObject: true });
}

/** A mask (1 = selected) as a PNG at its size. */
async function maskToPng(data: Uint8Array, width: number, height: number) {
  const alpha = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i++) {
    if (!data[i]) continue;
    alpha.fill(255, i * 4, i * 4 + 4);
  }
  return sharp(alpha, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

const PLANE_COLOURS: Record<number, [number, number, number]> = {
  1: [230, 70, 70],
  2: [240, 160, 40],
  3: [170, 40, 150],
};
const CLASS_COLOURS: Record<number, [number, number, number]> = {
  [ADE.floor]: [70, 200, 90],
  [ADE.ceiling]: [90, 130, 240],
  [ADE.window]: [60, 220, 220],
  [ADE.rug]: [240, 210, 40],
  [ADE.door]: [200, 90, 200],
};

/** The parse over the photo: labels coloured, wall planes shaded, object outlines drawn. */
async function parseOverlay(png: Buffer, parse: RoomParse) {
  const { width, height } = parse;
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const label = parse.labels[i] ?? 0;
    const colour = PLANE_COLOURS[parse.wallPlanes[i] ?? 0] ??
      CLASS_COLOURS[label] ?? [(label * 97) % 255, (label * 57) % 255, (label * 151) % 255];
    for (let c = 0; c < 3; c++) {
      out[i * 3 + c] = Math.round(0.45 * (data[i * 3 + c] ?? 0) + 0.55 * (colour[c] ?? 0));
    }
  }
  const outlines = parse.objects
    .map(
      (o) =>
        `<polygon points="${o.polygon.map((p) => `${p.x},${p.y}`).join(' ')}" fill="none" stroke="#fff" stroke-width="2"/><text x="${o.box.x + 3}" y="${o.box.y + 16}" font-size="16" font-family="sans-serif" fill="#ff0" stroke="#000" stroke-width="0.5">${o.label}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${outlines}</svg>`;
  return sharp(out, { raw: { width, height, channels: 3 } })
    .composite([{ input: Buffer.from(svg) }])
    .png()
    .toBuffer();
}

/** Fractions of the photo at the centre of a mask's pixels nearest its middle. */
function innerPoint(mask: Uint8Array, width: number, height: number): [number, number] | null {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    sx += i % width;
    sy += Math.floor(i / width);
    n++;
  }
  if (n === 0) return null;
  const cx = sx / n;
  const cy = sy / n;
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < mask.length; i += 7) {
    if (!mask[i]) continue;
    const d = ((i % width) - cx) ** 2 + (Math.floor(i / width) - cy) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return [(best % width) / width, Math.floor(best / width) / height];
}

/** A scenario for a photo without hand-set clicks, from its room parse. */
function scenarioFromParse(photo: string, parse: RoomParse, index: number): Scenario {
  const { width, height } = parse;
  const walls = parse.surface('walls').data;
  const wall = innerPoint(walls, width, height) ?? [0.5, 0.25];
  const big = parse.objects.filter((o) => o.area > 0.01 * width * height);
  const first = big[0];
  const second = big.find((o) => o !== first && o.area < 0.15 * width * height) ?? big[1];
  const at = (o: (typeof big)[number] | undefined): [number, number] =>
    o ? (innerPoint(o.mask.data, width, height) ?? [0.5, 0.6]) : [0.5, 0.6];
  // Free floor near the wall–floor line, for a product: a box over the floor's middle.
  const floor = parse.surface('floor').data;
  const f = innerPoint(floor, width, height) ?? [0.5, 0.85];
  const styles = ['japandi', 'industrial', 'scandinavian', 'art_deco'];
  const products = ['plant-fig', 'armchair-nest', 'plant-olive', 'floor-tripod'];
  const materials = [
    { colour: '#1f6b4f', texture: 'emerald-velvet', label: 'velvet' },
    { colour: '#5d4030', texture: null, label: 'walnut' },
    { colour: '#25344f', texture: null, label: 'navy' },
  ];
  const material = materials[index % materials.length] ?? {
    colour: '#25344f',
    texture: null,
    label: 'navy',
  };
  return {
    photo,
    wall,
    material: {
      at: at(first),
      ...material,
      label: `${first?.label ?? 'object'} ${material.label}`,
    },
    remove: at(second),
    add: {
      box: [
        Math.max(0, f[0] - 0.1),
        Math.max(0, f[1] - 0.25),
        Math.min(1, f[0] + 0.1),
        Math.min(1, f[1] + 0.1),
      ],
      product: products[index % products.length] ?? 'plant-fig',
    },
    style: styles[index % styles.length] ?? 'japandi',
  };
}

async function row(engine: ImageEngine, photo: string, index: number) {
  const { data: image, info } = await uprightPng(photo);
  const { width, height } = info;
  const { data: raw } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const parse = await parseOf({ width, height, data: new Uint8ClampedArray(raw) });
  const scenario =
    scenarios.find((s) => s.photo === photo) ?? scenarioFromParse(photo, parse, index);
  const fromParse = !scenarios.some((s) => s.photo === photo);
  const at = ([fx, fy]: [number, number]) => ({
    x: Math.round(fx * width),
    y: Math.round(fy * height),
    label: 1 as const,
  });
  const cells: { png: Buffer; label: string }[] = [
    { png: image, label: scenario.photo },
    { png: await parseOverlay(image, parse), label: 'Room parse' },
  ];
  const timed = async (label: string, request: GenerateRequest) => {
    const started = performance.now();
    try {
      const result = await engine.generate(request);
      const ms = Math.round(performance.now() - started);
      const png = result.images[0];
      if (!png) throw new Error('no image');
      cells.push({ png, label: `${label} · ${ms} ms` });
      console.log(`  ${label}: ${ms} ms`);
    } catch (error) {
      console.error(`  ${label} FAILED: ${(error as Error).message}`);
      cells.push({ png: await boxMask(width, height, [0, 0, 1, 1]), label: `${label} FAILED` });
    }
  };

  const elements = await engine.detectElements(image);
  console.log(`${scenario.photo}: ${elements.map((e) => e.label).join(', ') || 'no elements'}`);
  // The walls as the Walls chip asks for them (from the parse), or a click on the wall.
  const wallMask = fromParse
    ? await maskToPng(parse.surface('walls').data, width, height)
    : await engine.segment(image, [at(scenario.wall)]);
  const floor = findTexture('oak-herringbone');
  if (!floor) throw new Error('oak-herringbone texture missing');
  const texture = await renderTexture(floor, { size: 512, format: 'png' });
  const materialMask = await engine.segment(image, [at(scenario.material.at)]);
  const materialTexture = scenario.material.texture
    ? findTexture(scenario.material.texture)
    : undefined;

  const removeTarget =
    typeof scenario.remove === 'string'
      ? elements.find((e) => e.label === scenario.remove)
      : undefined;
  const removeClick = removeTarget
    ? { ...centre(removeTarget), label: 1 as const }
    : typeof scenario.remove === 'string'
      ? null
      : at(scenario.remove);
  const removeMask = removeClick ? await engine.segment(image, [removeClick]) : null;
  const addProduct = DEMO_PRODUCTS.find((p) => p.id === scenario.add.product);
  if (!addProduct) throw new Error(`no product ${scenario.add.product}`);
  // The main piece: a sofa or bed before a chair (often cut by the frame) or a table.
  const replaceable = ['Sofa', 'Bed', 'Chair', 'Table']
    .map((label) => elements.find((e) => e.label === label))
    .find((e) => e !== undefined);
  const replacementCategory: Record<string, string> = {
    Sofa: 'sofa',
    Bed: 'bed',
    Chair: 'armchair',
    Table: 'dining_table',
  };
  const replacement = replaceable
    ? DEMO_PRODUCTS.find((p) => p.category === replacementCategory[replaceable.label])
    : undefined;
  const style = STYLES.find((s) => s.id === scenario.style);
  const balanced = DESIGN_MODES.find((m) => m.id === 'balanced');
  if (!style || !balanced) throw new Error('style or mode missing');

  await timed('Wall paint sage', {
    op: 'wall_paint',
    image,
    quantity: 1,
    mask: wallMask,
    colour: { hex: '#9caf88' },
  });
  await timed('Floors oak herringbone', {
    op: 'floors',
    image,
    quantity: 1,
    texture: { image: texture, tileSizeCm: floor.tileSizeCm },
  });
  await timed(`Material ${scenario.material.label}`, {
    op: 'change_material',
    image,
    quantity: 1,
    mask: materialMask,
    colour: scenario.material.colour,
    ...(materialTexture
      ? {
          texture: {
            image: await renderTexture(materialTexture, { size: 512, format: 'png' }),
            tileSizeCm: materialTexture.tileSizeCm,
          },
        }
      : {}),
  });
  if (removeMask)
    await timed(`Remove ${removeTarget?.label ?? 'clicked object'}`, {
      op: 'remove_elements',
      image,
      quantity: 1,
      mask: removeMask,
    });
  else cells.push({ png: image, label: 'Remove: nothing detected' });
  await timed(`Add ${addProduct.name}`, {
    op: 'add_elements',
    image,
    quantity: 1,
    mask: await boxMask(width, height, scenario.add.box),
    products: [placementFromDemo(addProduct)],
  });
  if (replaceable && replacement) {
    await timed(`${replaceable.label} → ${replacement.name}`, {
      op: 'change_furniture',
      image,
      quantity: 1,
      mask: await outlineMask(width, height, replaceable),
      products: [placementFromDemo(replacement, replacement.colors[1]?.hex)],
    });
  } else cells.push({ png: image, label: 'Change furniture: nothing detected' });
  // The restyle as the server plans it (restyle-plan.ts): the bold mode's full redesign within a
  // €3,000 budget, from the demo catalogue.
  const bold = DESIGN_MODES.find((m) => m.id === 'bold') ?? balanced;
  const { designs } = planRestyle({
    styleId: style.id,
    modeId: bold.id,
    quantity: 1,
    budgetMax: 3000,
    pieces: swappablePieces(elements, width, height),
    products: DEMO_CATALOGUE,
  });
  const plans = await enginePlans(designs, DEMO_LOADERS);
  await timed(`Style ${style.name} (bold redesign)`, {
    op: 'architectural_style',
    image,
    quantity: 1,
    style,
    strength: bold.strength,
    plans,
  });
  return cells;
}

async function main() {
  const engine = createLocalEngine({ modelsDir, threads: 2 });
  try {
    const rows = [];
    const cellsDir = path.join(repoRoot, '.artifacts/engine-sheet');
    await mkdir(cellsDir, { recursive: true });
    const only = process.argv.slice(2);
    const photos = (await readdir(path.join(shared, 'assets/rooms'), { withFileTypes: true }))
      .filter((entry) => entry.isFile() && /\.(jpe?g|png|webp)$/i.test(entry.name))
      .map((entry) => entry.name)
      .filter((name) => only.length === 0 || only.includes(name))
      .sort();
    for (const [index, photo] of photos.entries()) {
      const cells = await row(engine, photo, index);
      rows.push(cells);
      // Every output at full size too, to look at closely.
      const stem = photo.replace(/\.\w+$/, '');
      await Promise.all(
        cells.map((cell, i) =>
          writeFile(
            path.join(cellsDir, `${stem}-${i}-${columns[i] ?? i}.png`.replace(/ /g, '-')),
            cell.png,
          ),
        ),
      );
    }
    const thumbs = await Promise.all(
      rows.map((cells) => Promise.all(cells.map((c) => thumb(c.png, c.label)))),
    );
    const rowHeights = thumbs.map((cells) => Math.max(...cells.map((c) => c.info.height)));
    const composites = thumbs.flatMap((cells, r) =>
      cells.map((c, i) => ({
        input: c.data,
        left: i * (THUMB_W + 4),
        top: rowHeights.slice(0, r).reduce((s, h) => s + h + 4, 0),
      })),
    );
    const out = path.join(repoRoot, '.artifacts/engine-sheet.png');
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(
      out,
      await sharp({
        create: {
          width: columns.length * (THUMB_W + 4),
          height: rowHeights.reduce((s, h) => s + h + 4, 0),
          channels: 3,
          background: '#202020',
        },
      })
        .composite(composites)
        .png()
        .toBuffer(),
    );
    console.log(`wrote ${path.relative(repoRoot, out)}`);
  } finally {
    await engine.close();
  }
}

await main();
