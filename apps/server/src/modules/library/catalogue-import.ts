import { CURRENCIES, PRODUCT_CATEGORIES } from '@roomcraft/contracts';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { NewProduct } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { MediaError, normaliseImage, type NormalisedImage } from '../../platform/media';
import type { ObjectStorage } from '../../platform/storage';
import { FeedFormatError, parseCsv, parseJsonFeed, type FeedRecord } from './feed-parsing';
import { deleteProducts, findProductIds, insertProduct } from './library.repository';

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportReport {
  imported: number;
  problems: ImportProblem[];
}

const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 15_000;

/** The items of a CSV cell written `a|b|c`. */
const splitCell = (cell: string) =>
  cell
    .split('|')
    .map((item) => item.trim())
    .filter(Boolean);

/** Lists arrive as arrays (JSON) or as `a|b|c` text (CSV). */
const list = z.preprocess(
  (value) => (typeof value === 'string' ? splitCell(value) : value),
  z.array(z.string().trim().min(1).max(100)).max(50),
);

/** `Name:#hex` pairs in CSV, `{ name, hex }` objects in JSON. */
const colours = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? splitCell(value).map((item) => {
          const [name = '', hex = ''] = item.split(':');
          return { name: name.trim(), hex: hex.trim().toLowerCase() };
        })
      : value,
  z
    .array(
      z.object({
        name: z.string().min(1).max(60),
        hex: z.string().regex(/^#[0-9a-f]{6}$/, 'must be a colour like #a1b2c3'),
      }),
    )
    .min(1, 'at least one colour is needed'),
);

const requiredText = (max: number) =>
  z.string({ error: 'is missing' }).trim().min(1, 'is missing').max(max);
const centimetres = z.coerce
  .number({ error: 'must be a number of centimetres' })
  .positive('must be more than 0');

const rowSchema = z.object({
  id: z
    .string({ error: 'is missing' })
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1–64 letters, digits, dots, dashes or underscores'),
  category: z.enum(PRODUCT_CATEGORIES, {
    error: `must be one of ${PRODUCT_CATEGORIES.join(', ')}`,
  }),
  maker: requiredText(100),
  name: requiredText(200),
  price: z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? undefined : value),
    z.coerce
      .number({ error: 'is missing' })
      .refine(Number.isFinite, 'must be a number')
      .refine((amount) => amount >= 0, 'must not be negative'),
  ),
  currency: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z.enum(CURRENCIES, {
      error: (issue) => `is not a currency we accept (${String(issue.input)})`,
    }),
  ),
  description: z.string().trim().max(2000).default(''),
  colors: colours,
  width_cm: centimetres,
  depth_cm: centimetres,
  height_cm: centimetres,
  materials: list.default([]),
  distributor: requiredText(100),
  image: requiredText(2000),
  cutout: z.string().trim().max(2000).optional(),
  product_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  styles: list.default([]),
  space_types: list.default([]),
});
type ProductRowInput = z.infer<typeof rowSchema>;

interface ReadyProduct {
  line: number;
  row: ProductRowInput;
  image: NormalisedImage;
  cutout: NormalisedImage | undefined;
}

export class CatalogueImporter {
  constructor(private readonly deps: { db: Database; storage: ObjectStorage; clock: Clock }) {}

  /**
   * Validates every row (including its images) before writing anything; a file with any bad row,
   * or one that cannot be parsed, changes nothing. Products with an id already present are
   * replaced.
   */
  async importFile(file: string): Promise<ImportReport> {
    let records: FeedRecord[];
    try {
      const text = await readFile(file, 'utf8');
      const extension = path.extname(file).toLowerCase();
      if (extension === '.csv') records = parseCsv(text);
      else if (extension === '.json') records = parseJsonFeed(text);
      else
        return {
          imported: 0,
          problems: [{ line: 0, reason: 'the feed must be a .csv or .json file' }],
        };
    } catch (error) {
      if (error instanceof FeedFormatError)
        return { imported: 0, problems: [{ line: error.line, reason: error.message }] };
      return {
        imported: 0,
        problems: [{ line: 0, reason: `cannot read the file (${(error as Error).message})` }],
      };
    }

    const problems: ImportProblem[] = [];
    const ready: ReadyProduct[] = [];
    const seen = new Map<string, number>();
    for (const record of records) {
      const parsed = rowSchema.safeParse(record.fields);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          problems.push({
            line: record.line,
            reason: `${issue.path.join('.') || 'row'} ${issue.message}`,
          });
        }
        continue;
      }
      const row = parsed.data;
      const earlier = seen.get(row.id);
      if (earlier !== undefined) {
        problems.push({
          line: record.line,
          reason: `id ${row.id} is already used on line ${earlier}`,
        });
        continue;
      }
      seen.set(row.id, record.line);
      const base = path.dirname(path.resolve(file));
      const image = await loadImage(row.image, base);
      const cutout = row.cutout ? await loadImage(row.cutout, base) : undefined;
      if (typeof image === 'string') problems.push({ line: record.line, reason: `image ${image}` });
      if (typeof cutout === 'string')
        problems.push({ line: record.line, reason: `cutout ${cutout}` });
      if (typeof image !== 'string' && typeof cutout !== 'string')
        ready.push({ line: record.line, row, image, cutout });
    }
    if (problems.length > 0)
      return { imported: 0, problems: problems.sort((a, b) => a.line - b.line) };
    if (ready.length === 0)
      return { imported: 0, problems: [{ line: 0, reason: 'the feed has no products' }] };
    await this.write(ready);
    return { imported: ready.length, problems: [] };
  }

  private async write(products: ReadyProduct[]) {
    const { db, storage, clock } = this.deps;
    const stored: string[] = [];
    const keep = async (image: NormalisedImage) => {
      const key = `${randomBytes(18).toString('base64url')}.${image.ext}`;
      await storage.put(key, image.data, image.contentType);
      stored.push(key);
      return key;
    };
    try {
      const rows: { product: NewProduct; styles: string[]; spaceTypes: string[] }[] = [];
      for (const { row, image, cutout } of products) {
        rows.push({
          product: {
            id: row.id,
            category: row.category,
            maker: row.maker,
            name: row.name,
            price: Math.round(row.price * 100),
            currency: row.currency,
            description: row.description,
            colors: JSON.stringify(row.colors),
            width_cm: row.width_cm,
            depth_cm: row.depth_cm,
            height_cm: row.height_cm,
            materials: JSON.stringify(row.materials),
            distributor: row.distributor,
            image: await keep(image),
            cutout: cutout ? await keep(cutout) : null,
            product_url: row.product_url,
            created_at: clock.now().toISOString(),
          },
          styles: [...new Set(row.styles.map((style) => style.toLowerCase()))],
          spaceTypes: [...new Set(row.space_types.map((type) => type.toLowerCase()))],
        });
      }
      const replaced = await db.transaction().execute(async (trx) => {
        const ids = rows.map(({ product }) => product.id);
        const existing = await findProductIds(trx, ids);
        await deleteProducts(trx, ids);
        for (const { product, styles, spaceTypes } of rows)
          await insertProduct(trx, product, styles, spaceTypes);
        return existing;
      });
      // The replaced products' images are unreferenced only once the new rows are committed.
      await storage.delete(
        replaced.flatMap((product) =>
          product.cutout ? [product.image, product.cutout] : [product.image],
        ),
      );
    } catch (error) {
      await storage.delete(stored);
      throw error;
    }
  }
}

/** An image from a path (relative to the feed) or an http(s) URL, checked by its content. */
async function loadImage(reference: string, baseDir: string): Promise<NormalisedImage | string> {
  let bytes: Buffer;
  try {
    if (/^https?:\/\//i.test(reference)) {
      const response = await fetch(reference, { signal: AbortSignal.timeout(IMAGE_TIMEOUT_MS) });
      if (!response.ok) return `could not be downloaded (HTTP ${response.status})`;
      bytes = Buffer.from(await response.arrayBuffer());
    } else {
      bytes = await readFile(path.resolve(baseDir, reference));
    }
  } catch (error) {
    return `could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  if (bytes.length > MAX_IMAGE_BYTES) return 'is larger than 15 MB';
  try {
    return await normaliseImage(bytes);
  } catch (error) {
    if (error instanceof MediaError)
      return error.problem === 'too_many_pixels' ? 'has too many pixels' : 'is not an image';
    throw error;
  }
}
