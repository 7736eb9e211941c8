/**
 * Renders one preview per architectural style into a labelled contact sheet at
 * .artifacts/catalog/styles-sheet.png, and prints how long each preview took.
 * Run: node --import tsx scripts/catalog-style-sheet.ts
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { STYLES } from '@roomcraft/contracts';
import {
  STYLE_PREVIEW_HEIGHT,
  STYLE_PREVIEW_WIDTH,
  encodeStylePreview,
  renderStylePreview,
  styleScene,
} from '@roomcraft/catalog';

const W = STYLE_PREVIEW_WIDTH;
const H = STYLE_PREVIEW_HEIGHT;
const LABEL = 30;
const COLUMNS = 4;
const BACKGROUND = '#efede8';
const OUT_DIR = join(process.cwd(), '.artifacts', 'catalog');

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function label(text: string, width: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}">
<text x="${width / 2}" y="${LABEL - 10}" font-family="sans-serif" font-size="15" fill="#333" text-anchor="middle">${escapeXml(text)}</text></svg>`;
  return Buffer.from(svg);
}

async function main(): Promise<void> {
  // Optional comma-separated style ids, to iterate on a few previews.
  const only = process.argv[2];
  const ids = only?.split(',');
  const styles = ids ? STYLES.filter((s) => ids.includes(s.id)) : STYLES;
  const overlays: sharp.OverlayOptions[] = [];
  const started = performance.now();
  await mkdir(OUT_DIR, { recursive: true });
  for (const [i, style] of styles.entries()) {
    const t = performance.now();
    const image = renderStylePreview(style, { width: W, height: H, seed: 1 });
    const ms = performance.now() - t;
    const products = styleScene(style)
      .products.map((p) => p.product.id)
      .join(', ');
    console.log(`${style.id.padEnd(14)} ${ms.toFixed(0).padStart(5)} ms  ${products}`);
    const jpeg = await encodeStylePreview(image);
    const left = (i % COLUMNS) * W;
    const top = Math.floor(i / COLUMNS) * (H + LABEL);
    overlays.push({ input: jpeg, left, top });
    overlays.push({ input: label(style.name, W), left, top: top + H });
  }
  const total = performance.now() - started;
  const rows = Math.ceil(styles.length / COLUMNS);
  const file = join(OUT_DIR, only ? 'styles-sheet-subset.png' : 'styles-sheet.png');
  await sharp({
    create: {
      width: Math.min(styles.length, COLUMNS) * W,
      height: rows * (H + LABEL),
      channels: 3,
      background: BACKGROUND,
    },
  })
    .composite(overlays)
    .png()
    .toFile(file);
  console.log(`total ${(total / 1000).toFixed(2)} s for ${styles.length} previews → ${file}`);
}

await main();
