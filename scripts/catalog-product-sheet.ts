/**
 * Renders one product shot per catalogue category, plus the sofa in four colours, into a labelled
 * contact sheet at .artifacts/catalog/products-sheet.png, and prints how long each shot took.
 * Run: node --import tsx scripts/catalog-product-sheet.ts
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PRODUCT_CATEGORIES } from '@roomcraft/contracts';
import type { ProductImage, ProductModel } from '@roomcraft/catalog';
import { PRODUCT_MODELS, encodeProductShot, renderProductShot } from '@roomcraft/catalog';

const SHOT = 256;
const LABEL = 30;
const COLUMNS = 5;
const BACKGROUND = '#efede8';
const OUT_DIR = join(process.cwd(), '.artifacts', 'catalog');

/** A colour per category that suits it, so the sheet looks like a catalogue page. */
const SHEET_COLOURS: Record<(typeof PRODUCT_CATEGORIES)[number], string> = {
  sofa: '#6a7f99',
  sectional: '#b9ad98',
  armchair: '#a0522d',
  dining_chair: '#3f5a4a',
  stool: '#2f3b4c',
  coffee_table: '#b08457',
  dining_table: '#8c6239',
  side_table: '#d9d4cb',
  bed: '#8e9aa6',
  nightstand: '#c8b79a',
  dresser: '#5b6e58',
  wardrobe: '#e4ded3',
  bookshelf: '#a67c52',
  tv_unit: '#30343a',
  floor_lamp: '#ece3d0',
  table_lamp: '#2f6f73',
  pendant: '#1f2a36',
  rug: '#7a3b2e',
  plant: '#d6c7b0',
  mirror: '#b8923a',
};

const SOFA_VARIANTS = ['#d8ccb6', '#6a7178', '#9caf88', '#a0522d'];

function label(text: string, width: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}">
<text x="${width / 2}" y="${LABEL - 10}" font-family="sans-serif" font-size="15" fill="#333" text-anchor="middle">${text}</text></svg>`;
  return Buffer.from(svg);
}

async function tile(
  shot: ProductImage,
  caption: string,
  left: number,
  top: number,
): Promise<sharp.OverlayOptions[]> {
  return [
    { input: await encodeProductShot(shot), left, top },
    { input: label(caption, SHOT), left, top: top + SHOT },
  ];
}

async function main(): Promise<void> {
  const overlays: sharp.OverlayOptions[] = [];
  const started = performance.now();
  for (const [i, category] of PRODUCT_CATEGORIES.entries()) {
    const model: ProductModel<object> = PRODUCT_MODELS[category];
    const t = performance.now();
    const shot = renderProductShot(
      model,
      {},
      { size: SHOT, colour: SHEET_COLOURS[category], seed: 1 },
    );
    const ms = performance.now() - t;
    console.log(`${category.padEnd(14)} ${ms.toFixed(0).padStart(5)} ms`);
    const left = (i % COLUMNS) * SHOT;
    const top = Math.floor(i / COLUMNS) * (SHOT + LABEL);
    overlays.push(...(await tile(shot, model.label, left, top)));
  }
  const variantsTop = Math.ceil(PRODUCT_CATEGORIES.length / COLUMNS) * (SHOT + LABEL);
  for (const [i, colour] of SOFA_VARIANTS.entries()) {
    const t = performance.now();
    const shot = renderProductShot(PRODUCT_MODELS.sofa, {}, { size: SHOT, colour, seed: 1 });
    console.log(`sofa ${colour}   ${(performance.now() - t).toFixed(0).padStart(5)} ms`);
    overlays.push(...(await tile(shot, `Sofa ${colour}`, i * SHOT, variantsTop)));
  }
  const total = performance.now() - started;
  await mkdir(OUT_DIR, { recursive: true });
  const file = join(OUT_DIR, 'products-sheet.png');
  await sharp({
    create: {
      width: COLUMNS * SHOT,
      height: variantsTop + SHOT + LABEL,
      channels: 3,
      background: BACKGROUND,
    },
  })
    .composite(overlays)
    .png()
    .toFile(file);
  console.log(
    `total ${(total / 1000).toFixed(2)} s for ${PRODUCT_CATEGORIES.length + SOFA_VARIANTS.length} shots → ${file}`,
  );
}

await main();
