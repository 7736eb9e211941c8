import type { CatalogueManifest } from '@roomcraft/catalog/shipped-catalogue';
import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database';
import type { Clock } from '../../platform/clock';
import type { ObjectStorage } from '../../platform/storage';
import {
  deleteShippedProducts,
  importedProductIds,
  insertProduct,
  recordShippedCatalogueVersion,
  replaceTextures,
  shippedCatalogueVersion,
} from './library.repository';

/**
 * Brings the rendered catalogue (apps/server/catalogue, made by `npm run build`) into the database
 * and the catalogue storage. Runs at every start and returns at once when nothing changed; an
 * operator's imported product with a shipped product's id is left alone. Answers the storage key of
 * each style's preview image.
 */
export async function syncShippedCatalogue(deps: {
  db: Database;
  storage: ObjectStorage;
  clock: Clock;
  log: FastifyBaseLogger;
  dir: string;
}) {
  const { db, storage, clock, log, dir } = deps;
  const manifestFile = path.join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) {
    log.warn(`no rendered catalogue at ${dir}; run "npm run build" to ship textures and products`);
    return {} as Record<string, string>;
  }
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as CatalogueManifest;
  const stylePreviews: Record<string, string> = Object.fromEntries(
    manifest.styles.map((style) => [style.id, style.file]),
  );
  if ((await shippedCatalogueVersion(db)) === manifest.version) return stylePreviews;

  const files = [
    ...manifest.styles.map((style) => style.file),
    ...manifest.textures.map((texture) => texture.file),
    ...manifest.products.flatMap((product) => product.colors.map((colour) => colour.file)),
  ];
  for (const file of files) {
    if (!(await storage.has(file)))
      await storage.put(file, await readFile(path.join(dir, file)), '');
  }

  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await replaceTextures(
      trx,
      manifest.textures.map(({ file, ...texture }) => ({ ...texture, image: file })),
    );
    const imported = await importedProductIds(trx);
    await deleteShippedProducts(trx);
    for (const product of manifest.products.filter((candidate) => !imported.has(candidate.id))) {
      await insertProduct(
        trx,
        {
          id: product.id,
          category: product.category,
          maker: product.maker,
          name: product.name,
          price: product.price,
          currency: 'EUR',
          description: product.description,
          colors: JSON.stringify(
            product.colors.map(({ name, hex, file }) => ({ name, hex, image: file })),
          ),
          width_cm: product.dimensions.width,
          depth_cm: product.dimensions.depth,
          height_cm: product.dimensions.height,
          materials: JSON.stringify(product.materials),
          distributor: product.maker,
          image: product.colors[0]?.file ?? '',
          // Product shots have transparent backgrounds: the shot is its own cut-out.
          cutout: product.colors[0]?.file ?? null,
          product_url: null,
          source: 'shipped',
          created_at: now,
        },
        product.styles,
        product.space_types,
      );
    }
    await recordShippedCatalogueVersion(trx, manifest.version);
  });
  log.info(
    `catalogue ${manifest.version}: ${manifest.textures.length} textures and ${manifest.products.length} products ready`,
  );
  return stylePreviews;
}
