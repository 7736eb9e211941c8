import type { CatalogueManifest } from '@roomcraft/catalog/shipped-catalogue';
import type { GlobalConfig, LibraryTexture, Product } from '@roomcraft/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../platform/clock';
import { createLocalStorage } from '../../platform/storage';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { TestClient, databaseTargets, startTestApp } from '../../test-support/test-app';
import { syncShippedCatalogue } from './shipped-catalogue-sync';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

/** A rendered catalogue in miniature: one texture and one product in two colours. */
async function miniatureCatalogue(version: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'roomcraft-shipped-'));
  const image = (colour: string, format: 'jpeg' | 'png') => {
    const blank = sharp({ create: { width: 8, height: 8, channels: 4, background: colour } });
    return (format === 'png' ? blank.png() : blank.jpeg()).toBuffer();
  };
  writeFileSync(path.join(dir, 'texoak0000000000000000.jpg'), await image('#c9a977', 'jpeg'));
  writeFileSync(path.join(dir, 'sofaoat000000000000000.png'), await image('#d8ccb6', 'png'));
  writeFileSync(path.join(dir, 'sofaslate0000000000000.png'), await image('#6a7178', 'png'));
  writeFileSync(path.join(dir, 'stylemodern00000000000.jpg'), await image('#2f3136', 'jpeg'));
  const manifest: CatalogueManifest = {
    version,
    styles: [{ id: 'modern', file: 'stylemodern00000000000.jpg' }],
    textures: [
      {
        id: 'oak-planks',
        name: 'Oak planks',
        kind: 'floor',
        material_type: 'Wood',
        tile_size_cm: 160,
        file: 'texoak0000000000000000.jpg',
      },
    ],
    products: [
      {
        id: 'sofa-lund',
        category: 'sofa',
        name: 'Lund 3-Seat Sofa',
        maker: 'Atelier Nord',
        price: 74900,
        description: 'Deep, soft seats.',
        colors: [
          { name: 'Oat', hex: '#d8ccb6', file: 'sofaoat000000000000000.png' },
          { name: 'Slate', hex: '#6a7178', file: 'sofaslate0000000000000.png' },
        ],
        dimensions: { width: 214, depth: 93, height: 82 },
        materials: ['Linen', 'Ash'],
        styles: ['scandinavian'],
        space_types: ['residential'],
      },
    ],
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe.each(await databaseTargets())('the shipped catalogue on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let dir: string;

  beforeAll(async () => {
    dir = await miniatureCatalogue('v1');
    harness = await startTestApp(target, { smtpUrl: smtp.url, shippedCatalogueDir: dir });
  });
  afterAll(() => harness.close());

  it('is in the library after start-up, with a shot for every colour', async () => {
    const client = new TestClient(harness.app);
    const textures = (await client.get('/api/library/textures?kind=floor')).json<{
      data: LibraryTexture[];
    }>().data;
    expect(textures).toEqual([
      {
        id: 'oak-planks',
        name: 'Oak planks',
        kind: 'floor',
        material_type: 'Wood',
        tile_size_cm: 160,
        image_url: '/api/library/images/texoak0000000000000000.jpg',
      },
    ]);
    const [sofa] = (await client.get('/api/library/products?style=scandinavian')).json<{
      data: Product[];
    }>().data;
    expect(sofa).toMatchObject({
      id: 'sofa-lund',
      price: 74900,
      currency: 'EUR',
      product_url: null,
      image_url: '/api/library/images/sofaoat000000000000000.png',
      cutout_url: '/api/library/images/sofaoat000000000000000.png',
      colors: [
        {
          name: 'Oat',
          hex: '#d8ccb6',
          image_url: '/api/library/images/sofaoat000000000000000.png',
        },
        {
          name: 'Slate',
          hex: '#6a7178',
          image_url: '/api/library/images/sofaslate0000000000000.png',
        },
      ],
    });
    const shot = await client.get(sofa?.colors[1]?.image_url ?? '');
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['content-type']).toBe('image/png');
    const config = (await client.get('/api/config')).json<{ data: GlobalConfig }>().data;
    const styles = config.design.styles;
    expect(styles.find((style) => style.id === 'modern')?.preview_url).toBe(
      '/api/library/images/stylemodern00000000000.jpg',
    );
    expect(styles.find((style) => style.id === 'japandi')?.preview_url).toBeNull();
    expect((await client.get('/api/library/images/stylemodern00000000000.jpg')).statusCode).toBe(
      200,
    );
    const materials = (await client.get('/api/library/materials')).json<{
      data: Record<string, string[]>;
    }>().data;
    expect(materials.Wood).toEqual(expect.arrayContaining(['Oak', 'Walnut', 'Cedar']));
  });

  it('does nothing when the version is unchanged, and leaves an operator’s product with a shipped id alone', async () => {
    const deps = {
      db: harness.db,
      storage: createLocalStorage(harness.config.catalogueDir),
      clock: systemClock,
      log: harness.app.log,
      dir,
    };
    await harness.db
      .updateTable('products')
      .set({ name: 'Renamed by hand' })
      .where('id', '=', 'sofa-lund')
      .execute();
    await syncShippedCatalogue(deps);
    const unchanged = await harness.db
      .selectFrom('products')
      .select('name')
      .where('id', '=', 'sofa-lund')
      .executeTakeFirstOrThrow();
    expect(unchanged.name).toBe('Renamed by hand');

    await harness.db
      .updateTable('products')
      .set({ source: 'import', name: 'Operator sofa' })
      .where('id', '=', 'sofa-lund')
      .execute();
    const next = await miniatureCatalogue('v2');
    await syncShippedCatalogue({ ...deps, dir: next });
    const kept = await harness.db
      .selectFrom('products')
      .select(['name', 'source'])
      .where('id', '=', 'sofa-lund')
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ name: 'Operator sofa', source: 'import' });
    expect(await harness.db.selectFrom('textures').select('id').execute()).toHaveLength(1);
  });
});
