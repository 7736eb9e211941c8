/**
 * The `used` record of a generation: what each image shows that came from the library (products,
 * paint colours, floor and material textures) and where. The region is measured, not assumed: it
 * is where the image differs from the state image it was made from.
 */
import {
  CURRENCIES,
  NOTHING_USED,
  type Currency,
  type ImageUsed,
  type UsedRegion,
} from '@roomcraft/contracts';
import { findTexture } from '@roomcraft/catalog';
import type { AppliedItem, GenerateRequest } from '@roomcraft/engine';
import sharp from 'sharp';
import type { Executor } from '../../db/database';
import { paintColourByHex, productRowsByIds, textureById } from '../library/library.repository';

/** A texture the request carries, as the library knows it (id null for an upload). */
export interface TexturePick {
  id: string | null;
  name: string;
}

/** A pixel counts as changed when a channel moved by more than this (JPEG inputs round). */
const CHANGED = 8;

/** Where `after` differs from `before`: share of the pixels and bounding box, in image pixels. */
export async function changedRegion(before: Buffer, after: Buffer): Promise<UsedRegion> {
  const a = await sharp(after).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = a.info;
  const b = await sharp(before)
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  let changed = 0;
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (
        Math.abs((a.data[i] ?? 0) - (b[i] ?? 0)) > CHANGED ||
        Math.abs((a.data[i + 1] ?? 0) - (b[i + 1] ?? 0)) > CHANGED ||
        Math.abs((a.data[i + 2] ?? 0) - (b[i + 2] ?? 0)) > CHANGED
      ) {
        changed++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  const box =
    changed === 0
      ? { x: 0, y: 0, width: 0, height: 0 }
      : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  return { share: round4(changed / (width * height)), box };
}

/**
 * What each of `images` used, for the request that made them. A redesign (architectural style
 * with plans) says itself what it applied to each image and where (`applied`, from the engine).
 * `areasM2` is the engine's estimate of the floor laid or wall painted per image
 * (`GenerateResult.areasM2`): it becomes the region's `area_m2` for floors and paint, and is left
 * out where the engine had none.
 */
export async function usedRecords(
  db: Executor,
  request: GenerateRequest,
  texture: TexturePick | undefined,
  images: readonly Buffer[],
  applied?: readonly (readonly AppliedItem[] | undefined)[],
  areasM2?: readonly (number | null)[],
): Promise<ImageUsed[]> {
  if (request.op === 'architectural_style' && applied) {
    return Promise.all(images.map((_, index) => appliedRecord(db, applied[index] ?? [])));
  }
  const measured = await Promise.all(images.map((png) => changedRegion(request.image, png)));
  const surfaceOp = request.op === 'wall_paint' || request.op === 'floors';
  const regions = measured.map((region, index): UsedRegion => {
    const area = surfaceOp ? areasM2?.[index] : undefined;
    return typeof area === 'number' && Number.isFinite(area) && area > 0
      ? { ...region, area_m2: area }
      : region;
  });
  switch (request.op) {
    case 'wall_paint': {
      const hex =
        'hex' in request.colour
          ? request.colour.hex.toLowerCase()
          : await swatchHex(request.colour.swatch);
      const name = (await paintColourByHex(db, hex))?.name ?? null;
      return regions.map((region) => ({ ...NOTHING_USED, paints: [{ name, hex, region }] }));
    }
    case 'floors':
      return regions.map((region) => ({
        ...NOTHING_USED,
        textures: [
          {
            id: texture?.id ?? null,
            name: texture?.name ?? 'Uploaded texture',
            kind: 'floor',
            region,
          },
        ],
      }));
    case 'change_material':
      return regions.map((region) => ({
        ...NOTHING_USED,
        textures: [
          {
            id: texture?.id ?? null,
            name: texture?.name ?? 'Colour',
            kind: 'material',
            colour: request.colour.toLowerCase(),
            region,
          },
        ],
      }));
    case 'add_elements':
    case 'change_furniture': {
      const rows = await productRowsByIds(db, [...new Set(request.products.map((p) => p.id))]);
      return regions.map((region, index) => {
        // The engine places products[variant % length] in variant `variant`.
        const placed = request.products[index % request.products.length];
        const row = rows.find((candidate) => candidate.id === placed?.id);
        if (!placed || !row) return NOTHING_USED;
        const colours = JSON.parse(row.colors) as { name: string; hex: string }[];
        const hex = placed.colour.toLowerCase();
        return {
          ...NOTHING_USED,
          products: [
            {
              id: row.id,
              name: row.name,
              colour: { name: colours.find((c) => c.hex.toLowerCase() === hex)?.name ?? null, hex },
              price: row.price,
              currency: asCurrency(row.currency),
              region,
            },
          ],
        };
      });
    }
    case 'remove_elements':
    case 'architectural_style':
      return regions.map(() => NOTHING_USED);
  }
}

/** The `used` record of one redesigned image, from the steps the engine applied. */
export async function appliedRecord(
  db: Executor,
  applied: readonly AppliedItem[],
): Promise<ImageUsed> {
  const used: ImageUsed = { products: [], paints: [], textures: [] };
  const productIds = applied.flatMap((item) => (item.kind === 'product' ? [item.id] : []));
  const rows = await productRowsByIds(db, [...new Set(productIds)]);
  for (const item of applied) {
    switch (item.kind) {
      case 'paint': {
        const hex = item.hex.toLowerCase();
        const name = (await paintColourByHex(db, hex))?.name ?? null;
        used.paints.push({ name, hex, region: item.region });
        break;
      }
      case 'floor': {
        const name =
          (await textureById(db, item.id))?.name ?? findTexture(item.id)?.name ?? item.id;
        used.textures.push({ id: item.id, name, kind: 'floor', region: item.region });
        break;
      }
      case 'product': {
        const row = rows.find((candidate) => candidate.id === item.id);
        if (!row) break;
        const colours = JSON.parse(row.colors) as { name: string; hex: string }[];
        const hex = item.colour.toLowerCase();
        used.products.push({
          id: row.id,
          name: row.name,
          colour: { name: colours.find((c) => c.hex.toLowerCase() === hex)?.name ?? null, hex },
          price: row.price,
          currency: asCurrency(row.currency),
          region: item.region,
        });
        break;
      }
    }
  }
  return used;
}

async function swatchHex(swatch: Buffer) {
  const { dominant } = await sharp(swatch).stats();
  const byte = (value: number) => Math.round(value).toString(16).padStart(2, '0');
  return `#${byte(dominant.r)}${byte(dominant.g)}${byte(dominant.b)}`;
}

function asCurrency(code: string): Currency {
  const found = CURRENCIES.find((currency) => currency === code);
  if (!found) throw new Error(`Unknown currency in the catalogue: ${code}`);
  return found;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
