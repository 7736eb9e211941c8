/**
 * Contact sheet of every catalogue texture, each tiled 2×2 so a seam would show as a cross through
 * the middle, with its name underneath. Also times generation of the full set at 512 px.
 *
 *   node --import tsx scripts/catalog-texture-sheet.ts [--only id,id] [--size 512]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { textureCatalog, type TextureDefinition } from '@roomcraft/catalog';

const { values } = parseArgs({
  options: { only: { type: 'string' }, size: { type: 'string', default: '512' } },
});
const size = Number(values.size);
const only = values.only?.split(',');
const textures = textureCatalog.filter((t) => only === undefined || only.includes(t.id));

const outDir = '.artifacts/catalog';
const CELL = 512;
const LABEL = 40;
const COLUMNS = 6;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function label(texture: TextureDefinition): Buffer {
  const text = `${texture.name} · ${texture.tileSizeCm} cm`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${LABEL}">` +
      `<rect width="100%" height="100%" fill="#ffffff"/>` +
      `<text x="8" y="27" font-family="sans-serif" font-size="20" fill="#222">` +
      `${escapeXml(text)}</text></svg>`,
  );
}

async function tiledCell(pixels: Uint8ClampedArray): Promise<Buffer> {
  const half = CELL / 2;
  const tile = await sharp(Buffer.from(pixels.buffer), {
    raw: { width: size, height: size, channels: 4 },
  })
    .resize(half, half)
    .png()
    .toBuffer();
  return sharp({ create: { width: CELL, height: CELL, channels: 4, background: '#ffffff' } })
    .composite([
      { input: tile, left: 0, top: 0 },
      { input: tile, left: half, top: 0 },
      { input: tile, left: 0, top: half },
      { input: tile, left: half, top: half },
    ])
    .png()
    .toBuffer();
}

await mkdir(join(outDir, 'textures'), { recursive: true });
const composites: sharp.OverlayOptions[] = [];
let totalMs = 0;
for (const [index, texture] of textures.entries()) {
  const started = performance.now();
  const pixels = texture.generate(size, 1);
  const ms = performance.now() - started;
  totalMs += ms;
  console.log(`${texture.id.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms`);
  const raw = { width: size, height: size, channels: 4 } as const;
  await writeFile(
    join(outDir, 'textures', `${texture.id}.png`),
    await sharp(Buffer.from(pixels.buffer), { raw }).removeAlpha().png().toBuffer(),
  );
  const left = (index % COLUMNS) * CELL;
  const top = Math.floor(index / COLUMNS) * (CELL + LABEL);
  composites.push({ input: await tiledCell(pixels), left, top });
  composites.push({ input: label(texture), left, top: top + CELL });
}
console.log(`${textures.length} textures at ${size} px: ${totalMs.toFixed(0)} ms in total`);

const rows = Math.ceil(textures.length / COLUMNS);
const sheetPath = join(outDir, 'textures-sheet.png');
await sharp({
  create: {
    width: Math.min(textures.length, COLUMNS) * CELL,
    height: rows * (CELL + LABEL),
    channels: 3,
    background: '#ffffff',
  },
})
  .composite(composites)
  .png()
  .toFile(sheetPath);
console.log(`wrote ${sheetPath}`);
