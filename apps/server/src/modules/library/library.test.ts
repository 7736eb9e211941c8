import type { PaintColourItem, Product } from '@roomcraft/contracts';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHARED_ASSETS } from '../../test-support/images';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { TestClient, databaseTargets, startTestApp } from '../../test-support/test-app';
import { createLocalStorage } from '../../platform/storage';
import { systemClock } from '../../platform/clock';
import { CatalogueImporter } from './catalogue-import';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const FURNITURE = path.join(SHARED_ASSETS, 'furniture');
const HEADER =
  'id,category,maker,name,price,currency,description,colors,width_cm,depth_cm,height_cm,materials,distributor,image,cutout,product_url,styles,space_types';

/** The sample feed: real furniture photos from shared/assets, described as an operator would. */
const sampleRows = [
  `sofa-terracotta,sofa,Atelier Nord,"Terracotta Linen Sofa, 3 seats",1299.00,EUR,"Deep seats in washed linen.",Terracotta:#c0673d|Sand:#d8c8b0,210,92,84,Linen|Oak,Nordic Living,${FURNITURE}/sofa-terracotta-linen.jpg,,https://example.com/p/sofa-terracotta,scandinavian|bohemian,residential`,
  `armchair-mustard,armchair,Casa Verde,Mustard Lounge Chair,449.5,EUR,"A compact armchair.",Mustard:#d4a23c,78,80,86,Velvet|Walnut,Casa Verde,${FURNITURE}/armchair-mustard-yellow.jpg,,https://example.com/p/armchair,mid_century,residential|commercial`,
  `table-walnut,dining_table,Grainworks,"Round Walnut Table",899,EUR,"Seats four.",Walnut:#5d4030,120,120,75,Walnut,Grainworks,${FURNITURE}/table-walnut-round-dining.jpg,,https://example.com/p/table,mid_century|modern,residential|commercial`,
  `sofa-green,sofa,Velluto,Green Velvet Sofa,2150,EUR,"A curved velvet sofa.",Emerald:#1f6b4f,230,95,80,Velvet|Brass,Velluto,${FURNITURE}/sofa-green-velvet-cutout.png,${FURNITURE}/sofa-green-velvet-cutout.png,https://example.com/p/sofa-green,art_deco,residential`,
];

describe.each(await databaseTargets())('the catalogue on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let importer: CatalogueImporter;
  let feedDir: string;
  const catalogueFiles = () => {
    try {
      return readdirSync(harness.config.catalogueDir, {
        recursive: true,
        withFileTypes: true,
      }).filter((entry) => entry.isFile()).length;
    } catch {
      return 0;
    }
  };
  const writeFeed = (name: string, text: string) => {
    const file = path.join(feedDir, name);
    writeFileSync(file, text);
    return file;
  };
  const products = async (query = '') =>
    (await new TestClient(harness.app).get(`/api/library/products${query}`)).json<{
      data: Product[];
    }>().data;

  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url });
    importer = new CatalogueImporter({
      db: harness.db,
      storage: createLocalStorage(harness.config.catalogueDir),
      clock: systemClock,
    });
    feedDir = mkdtempSync(path.join(tmpdir(), 'roomcraft-feed-'));
  });
  afterAll(() => harness.close());
  beforeEach(async () => {
    await harness.db.deleteFrom('products').execute();
  });

  it('ships at least 120 paint colours, searchable by name whatever the case', async () => {
    const client = new TestClient(harness.app);
    const all = (await client.get('/api/library/colors')).json<{ data: PaintColourItem[] }>().data;
    expect(all.length).toBeGreaterThanOrEqual(120);
    const sage = (await client.get('/api/library/colors?query=SAGE')).json<{
      data: PaintColourItem[];
    }>().data;
    expect(sage.map((colour) => colour.name)).toContain('Sage Leaf');
    const blues = (await client.get('/api/library/colors?collection=blues')).json<{
      data: PaintColourItem[];
    }>().data;
    expect(blues.length).toBeGreaterThanOrEqual(20);
    expect(blues.every((colour) => colour.collection === 'blues')).toBe(true);
  });

  it('imports a good CSV feed and serves it with search, filters and the budget as a price range', async () => {
    const report = await importer.importFile(
      writeFeed('good.csv', [HEADER, ...sampleRows].join('\n')),
    );
    expect(report).toEqual({ imported: 4, problems: [] });

    const all = await products();
    expect(all.map((product) => product.id)).toEqual([
      'armchair-mustard',
      'table-walnut',
      'sofa-terracotta',
      'sofa-green',
    ]);
    expect(all[2]).toMatchObject({
      name: 'Terracotta Linen Sofa, 3 seats',
      price: 129900,
      currency: 'EUR',
      colors: [
        { name: 'Terracotta', hex: '#c0673d' },
        { name: 'Sand', hex: '#d8c8b0' },
      ],
      dimensions: { width: 210, depth: 92, height: 84 },
      materials: ['Linen', 'Oak'],
      styles: expect.arrayContaining(['scandinavian', 'bohemian']) as string[],
      space_types: ['residential'],
      cutout_url: null,
    });
    expect((await products('?query=VELVET')).map((p) => p.id)).toEqual(['sofa-green']);
    expect((await products('?category=sofa')).map((p) => p.id)).toEqual([
      'sofa-terracotta',
      'sofa-green',
    ]);
    expect((await products('?style=Mid_Century')).map((p) => p.id)).toEqual([
      'armchair-mustard',
      'table-walnut',
    ]);
    expect((await products('?space_type=commercial')).map((p) => p.id)).toEqual([
      'armchair-mustard',
      'table-walnut',
    ]);
    expect((await products('?min_price=500&max_price=1300')).map((p) => p.id)).toEqual([
      'table-walnut',
      'sofa-terracotta',
    ]);

    const image = await new TestClient(harness.app).get(all[3]?.cutout_url ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'png',
      hasAlpha: true,
    });
    expect(
      (await new TestClient(harness.app).get('/api/library/images/..%2Fsecret.png')).statusCode,
    ).toBe(404);
  });

  it('imports a JSON feed', async () => {
    const feed = [
      {
        id: 'table-cafe',
        category: 'side_table',
        maker: 'Bistro Co',
        name: 'Cafe Pedestal Table',
        price: 189,
        currency: 'gbp',
        colors: [{ name: 'Black', hex: '#1b1b1d' }],
        width_cm: 60,
        depth_cm: 60,
        height_cm: 72,
        distributor: 'Bistro Co',
        image: 'furniture/table-cafe-pedestal-round.jpg',
        product_url: 'https://example.com/p/cafe',
      },
    ];
    const report = await importer.importFile(
      writeFeed('good.json', JSON.stringify(feed, null, 2).replace('furniture/', `${FURNITURE}/`)),
    );
    expect(report).toEqual({ imported: 1, problems: [] });
    expect((await products())[0]).toMatchObject({
      id: 'table-cafe',
      price: 18900,
      currency: 'GBP',
      materials: [],
    });
  });

  it('reports every bad row with its line and reason, and imports nothing', async () => {
    const before = catalogueFiles();
    writeFileSync(path.join(feedDir, 'not-an-image.jpg'), 'this is text, not a photo');
    const rows = [
      HEADER,
      sampleRows[0] ?? '',
      `no-price,sofa,M,Sofa Without Price,,EUR,,Grey:#888888,200,90,80,,D,${FURNITURE}/sofa-set-classic-cream.jpg,,https://example.com/a,,`,
      `negative,stool,M,Stool,-5,EUR,,Grey:#888888,40,40,45,,D,${FURNITURE}/kenney-iso-desk-chair.png,,https://example.com/b,,`,
      `odd-money,bed,M,Bed,700,XYZ,,Grey:#888888,160,200,90,,D,${FURNITURE}/bed-low-walnut-platform.jpg,,https://example.com/c,,`,
      `broken,mirror,M,Mirror,120,EUR,,Gold:#c9a13b,60,3,90,,D,not-an-image.jpg,,https://example.com/d,,`,
    ];
    const report = await importer.importFile(writeFeed('bad.csv', rows.join('\n')));
    expect(report).toEqual({
      imported: 0,
      problems: [
        { line: 3, reason: 'price is missing' },
        { line: 4, reason: 'price must not be negative' },
        { line: 5, reason: 'currency is not a currency we accept (XYZ)' },
        { line: 6, reason: 'image is not an image' },
      ],
    });
    expect(await products()).toEqual([]);
    expect(catalogueFiles()).toBe(before);
  });

  it('rejects a malformed file whole', async () => {
    const unterminated = await importer.importFile(
      writeFeed('broken.csv', `${HEADER}\n${sampleRows[0] ?? ''}\nx,"never closed`),
    );
    expect(unterminated).toEqual({
      imported: 0,
      problems: [{ line: 3, reason: 'a quoted field is never closed' }],
    });
    const columns = await importer.importFile(
      writeFeed('columns.csv', `${HEADER}\n${sampleRows[1] ?? ''}\na,b,c`),
    );
    expect(columns.problems).toEqual([{ line: 3, reason: 'expected 18 columns, found 3' }]);
    const json = await importer.importFile(writeFeed('broken.json', '[{"id": "a",'));
    expect(json.problems[0]?.reason).toMatch(/^not valid JSON/);
    const other = await importer.importFile(writeFeed('feed.xlsx', 'whatever'));
    expect(other.problems).toEqual([{ line: 0, reason: 'the feed must be a .csv or .json file' }]);
    expect(await products()).toEqual([]);
  });

  it('replaces a product imported again, and removes the images it no longer uses', async () => {
    await importer.importFile(writeFeed('first.csv', [HEADER, sampleRows[0] ?? ''].join('\n')));
    const files = catalogueFiles();
    const again = (sampleRows[0] ?? '').replace('1299.00', '999.00');
    expect(await importer.importFile(writeFeed('again.csv', [HEADER, again].join('\n')))).toEqual({
      imported: 1,
      problems: [],
    });
    expect((await products()).map((product) => product.price)).toEqual([99900]);
    expect(catalogueFiles()).toBe(files);
  });
});
