/**
 * The actions API with the REAL local engine (worker threads, ONNX models from ../shared/models)
 * on a real room photo: one call per action, and what each output must satisfy.
 */
import type { Design, GenerationAnswer, ImageUsed, UsedRegion } from '@roomcraft/contracts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPhoto } from '../../test-support/images';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { TestClient, aPerson, databaseTargets, startTestApp } from '../../test-support/test-app';
import { changeCredits } from '../credits/credits.service';
import { insertProduct } from '../library/library.repository';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const ENGINE_TEST_TIMEOUT = 180_000;
/** How far beyond its mark a placed product's contact shadow may reach. */
const SHADOW_REACH_PX = 96;
const [sqlite] = await databaseTargets();
if (!sqlite) throw new Error('SQLite is always a target');

/** The photo at a size a phone upload is often reduced to, so each call takes seconds. */
const photo = await sharp(roomPhoto('living-room-1.jpg')).resize({ width: 960 }).jpeg().toBuffer();

const file = (bytes: Buffer, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });
function form(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A brush mask: opaque white over the region, transparent elsewhere. */
function maskOver(size: { width: number; height: number }, region: Region) {
  return sharp({
    create: { ...size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: {
          create: { width: region.width, height: region.height, channels: 4, background: '#fff' },
        },
        left: region.left,
        top: region.top,
      },
    ])
    .png()
    .toBuffer();
}

const rgb = async (bytes: Buffer) =>
  (await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })).data;

/**
 * The largest change outside the region grown by `margin` px, and the mean change inside it,
 * per channel value.
 */
async function changes(before: Buffer, after: Buffer, width: number, region: Region, margin = 6) {
  const [a, b] = await Promise.all([rgb(before), rgb(after)]);
  expect(b.length).toBe(a.length);
  let outsideMax = 0;
  let insideSum = 0;
  let insideCount = 0;
  for (let i = 0; i < a.length; i += 3) {
    const pixel = i / 3;
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    const diff =
      Math.abs((a[i] ?? 0) - (b[i] ?? 0)) +
      Math.abs((a[i + 1] ?? 0) - (b[i + 1] ?? 0)) +
      Math.abs((a[i + 2] ?? 0) - (b[i + 2] ?? 0));
    const inside =
      x >= region.left &&
      x < region.left + region.width &&
      y >= region.top &&
      y < region.top + region.height;
    const near =
      x >= region.left - margin &&
      x < region.left + region.width + margin &&
      y >= region.top - margin &&
      y < region.top + region.height + margin;
    if (inside) {
      insideSum += diff / 3;
      insideCount++;
    } else if (!near) {
      outsideMax = Math.max(outsideMax, diff);
    }
  }
  return { outsideMax, insideMean: insideSum / Math.max(1, insideCount) };
}

/** The measured region lies within `region` grown by `margin` px and covers most of it. */
function expectRegionNear(measured: UsedRegion | undefined, region: Region, margin = 6) {
  expect(measured).toBeDefined();
  const box = measured?.box ?? { x: 0, y: 0, width: 0, height: 0 };
  expect(box.x).toBeGreaterThanOrEqual(region.left - margin);
  expect(box.y).toBeGreaterThanOrEqual(region.top - margin);
  expect(box.x + box.width).toBeLessThanOrEqual(region.left + region.width + margin);
  expect(box.y + box.height).toBeLessThanOrEqual(region.top + region.height + margin);
  expect(box.width * box.height).toBeGreaterThan(0.3 * region.width * region.height);
  expect(measured?.share).toBeGreaterThan(0);
}

describe('actions API with the real local engine', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let client: TestClient;
  let state: string;
  let stateBytes: Buffer;
  let size: { width: number; height: number };
  let wall: Region;
  let wallMask: Buffer;
  const timings: Record<string, number> = {};
  /** The `used` record of the last generation. */
  let used: ImageUsed[] = [];
  let answerImages: string[] = [];
  let designId = 0;
  let userId = 0;

  /** The user's credits as the database holds them. */
  const balance = async () =>
    (
      await harness.db
        .selectFrom('users')
        .select('available_credits')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).available_credits;

  beforeAll(async () => {
    harness = await startTestApp(sqlite, { smtpUrl: smtp.url });
    client = await new TestClient(harness.app).csrf();
    const registered = await client.post('/api/auth/register', aPerson());
    expect(registered.statusCode).toBe(201);
    userId = registered.json<{ data: { id: number } }>().data.id;
    // Plenty of credits for one call per action, given through the ledger.
    await harness.db.transaction().execute((trx) =>
      changeCredits(trx, {
        userId,
        delta: 90,
        reason: 'adjustment',
        reference: 'real-engine-test',
        at: new Date(),
      }),
    );
    // The demo catalogue's rows (product shots are not needed: demo products render in 3D).
    for (const product of DEMO_PRODUCTS) {
      await insertProduct(
        harness.db,
        {
          id: product.id,
          category: product.category,
          maker: product.maker,
          name: product.name,
          price: product.price,
          currency: 'EUR',
          description: product.description,
          colors: JSON.stringify(product.colors),
          width_cm: product.dimensions.width,
          depth_cm: product.dimensions.depth,
          height_cm: product.dimensions.height,
          materials: JSON.stringify(product.materials),
          distributor: product.maker,
          image: `${product.id}.png`,
          cutout: null,
          product_url: null,
          created_at: new Date().toISOString(),
        },
        product.styles,
        product.spaceTypes,
      );
    }
    const created = await client.post(
      '/api/designs',
      form({
        base_image: file(photo, 'room.jpg', 'image/jpeg'),
        space_type: 'residential',
        space_sub_type: 'living_room',
      }),
    );
    designId = created.json<{ data: Design }>().data.id;
    state = created.json<{ data: Design }>().data.base_image;
    stateBytes = (await client.get(state)).rawPayload;
    const meta = await sharp(stateBytes).metadata();
    size = { width: meta.width, height: meta.height };
    // The upper part of the back wall: a band across the top third, off the edges.
    wall = {
      left: Math.round(size.width * 0.3),
      top: Math.round(size.height * 0.08),
      width: Math.round(size.width * 0.3),
      height: Math.round(size.height * 0.2),
    };
    wallMask = await maskOver(size, wall);
  }, ENGINE_TEST_TIMEOUT);
  afterAll(async () => {
    console.info('real engine, API-level timings (ms):', JSON.stringify(timings));
    await harness.close();
  });

  async function timed<T>(name: string, call: () => Promise<T>) {
    const started = performance.now();
    const result = await call();
    timings[name] = Math.round(performance.now() - started);
    return result;
  }

  async function generated(name: string, fields: Record<string, string | File>, count: number) {
    const response = await timed(name, () =>
      client.post(`/api/actions/generate/${name}`, form({ state_image: state, ...fields })),
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<GenerationAnswer>();
    expect(answer.images).toHaveLength(count);
    expect(answer.used).toHaveLength(count);
    used = answer.used;
    answerImages = answer.images;
    const images = await Promise.all(
      answer.images.map(async (url) => (await client.get(url)).rawPayload),
    );
    for (const image of images) {
      const meta = await sharp(image).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size.width, size.height]);
    }
    return images;
  }

  it(
    'detects the living room furniture and segments one from a click',
    async () => {
      const detected = await timed('space-elements', () =>
        client.post('/api/actions/get/space-elements', form({ base_image: state })),
      );
      expect(detected.statusCode, detected.body).toBe(200);
      const elements = detected.json<{
        elements: { label: string; box: { x: number; y: number }[] }[];
      }>().elements;
      expect(elements.map((element) => element.label)).toContain('Sofa');
      const sofa = elements.find((element) => element.label === 'Sofa');
      const xs = sofa?.box.map((point) => point.x) ?? [];
      const ys = sofa?.box.map((point) => point.y) ?? [];
      const centre = {
        x: Math.round((Math.min(...xs) + Math.max(...xs)) / 2),
        y: Math.round((Math.min(...ys) + Math.max(...ys)) / 2),
      };
      const segmented = await timed('segment', () =>
        client.post('/api/actions/get/segment', {
          image: state,
          points: [{ ...centre, label: 1 }],
        }),
      );
      expect(segmented.statusCode, segmented.body).toBe(200);
      const mask = Buffer.from(
        segmented.json<{ mask: string }>().mask.split(',')[1] ?? '',
        'base64',
      );
      const { data, info } = await sharp(mask)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size.width, size.height]);
      expect(data[centre.y * info.width + centre.x]).toBeGreaterThan(127);
      const selected = data.reduce((sum, value) => sum + (value > 127 ? 1 : 0), 0);
      // A piece of furniture, not the whole room.
      expect(selected / data.length).toBeGreaterThan(0.005);
      expect(selected / data.length).toBeLessThan(0.6);
    },
    ENGINE_TEST_TIMEOUT,
  );

  /** A mask answer (data URL) as one byte a pixel, 1 = selected. */
  async function maskPixels(answer: { statusCode: number; body: string; json: () => unknown }) {
    expect(answer.statusCode, answer.body).toBe(200);
    const { mask } = answer.json() as { mask: string };
    const png = Buffer.from(mask.split(',')[1] ?? '', 'base64');
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([size.width, size.height]);
    return Uint8Array.from(data, (value) => (value > 127 ? 1 : 0));
  }
  const at = (pixels: Uint8Array, x: number, y: number) =>
    pixels[Math.round(y * size.height) * size.width + Math.round(x * size.width)];
  const share = (pixels: Uint8Array) => pixels.reduce((sum, v) => sum + v, 0) / pixels.length;

  it(
    'answers the front wall and the ceiling by name, without the painting on the wall',
    async () => {
      const front = await maskPixels(
        await timed('surface', () =>
          client.post('/api/actions/get/surface', { image: state, surface: 'wall-front' }),
        ),
      );
      // Most of the photo's back wall, not the framed painting on it (centre ~ (0.44, 0.3)),
      // the ceiling (top strip) or the floor (bottom strip).
      expect(share(front)).toBeGreaterThan(0.25);
      expect(at(front, 0.2, 0.3)).toBe(1);
      expect(at(front, 0.44, 0.3)).toBe(0);
      expect(at(front, 0.5, 0.02)).toBe(0);
      expect(at(front, 0.5, 0.97)).toBe(0);
      const ceiling = await maskPixels(
        await client.post('/api/actions/get/surface', { image: state, surface: 'ceiling' }),
      );
      expect(at(ceiling, 0.5, 0.02)).toBe(1);
      expect(front.some((v, i) => v === 1 && ceiling[i] === 1)).toBe(false);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'builds one selection from add and remove clicks',
    async () => {
      const sofaClick = { x: Math.round(size.width * 0.4), y: Math.round(size.height * 0.7) };
      const painting = { x: Math.round(size.width * 0.44), y: Math.round(size.height * 0.3) };
      const segment = (points: { x: number; y: number; label: 0 | 1 }[]) =>
        client.post('/api/actions/get/segment', { image: state, points });
      const sofa = await maskPixels(await segment([{ ...sofaClick, label: 1 }]));
      const both = await maskPixels(
        await segment([
          { ...sofaClick, label: 1 },
          { ...painting, label: 1 },
        ]),
      );
      // The second click adds the painting and keeps the sofa.
      expect(at(both, 0.4, 0.7)).toBe(1);
      expect(at(both, 0.44, 0.3)).toBe(1);
      expect(share(both)).toBeGreaterThan(share(sofa) + 0.02);
      // An Alt-click on the painting takes it away again.
      const back = await maskPixels(
        await segment([
          { ...sofaClick, label: 1 },
          { ...painting, label: 1 },
          { ...painting, label: 0 },
        ]),
      );
      expect(at(back, 0.44, 0.3)).toBe(0);
      expect(at(back, 0.4, 0.7)).toBe(1);
      expect(Math.abs(share(back) - share(sofa))).toBeLessThan(0.01);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'paints the masked wall and leaves everything else as it was',
    async () => {
      const [painted] = await generated(
        'wall-paint',
        { masked_image: file(wallMask, 'mask.png', 'image/png'), color: '#45454a', quantity: '1' },
        1,
      );
      // A library colour is named; the region is the painted band, measured from the pixels.
      expect(used[0]?.paints).toMatchObject([{ name: 'Charcoal', hex: '#45454a' }]);
      expect(used[0]?.paints).toHaveLength(1);
      expectRegionNear(used[0]?.paints[0]?.region, wall);
      // The painted wall's area, estimated from the room camera.
      expect(used[0]?.paints[0]?.region.area_m2).toBeGreaterThan(0);
      expect(used[0]?.products).toEqual([]);
      const { outsideMax, insideMean } = await changes(
        stateBytes,
        painted ?? Buffer.alloc(0),
        size.width,
        wall,
      );
      expect(outsideMax).toBe(0);
      expect(insideMean).toBeGreaterThan(10);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'removes what is under the mask in two different ways',
    async () => {
      const [first, second] = await generated(
        'remove-elements',
        { masked_image: file(wallMask, 'mask.png', 'image/png'), quantity: '2' },
        2,
      );
      for (const image of [first, second]) {
        const { outsideMax } = await changes(
          stateBytes,
          image ?? Buffer.alloc(0),
          size.width,
          wall,
        );
        expect(outsideMax).toBe(0);
      }
      const between = await changes(
        first ?? Buffer.alloc(0),
        second ?? Buffer.alloc(0),
        size.width,
        wall,
      );
      expect(between.insideMean).toBeGreaterThan(0.5);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'changes a material with a colour inside the mask only',
    async () => {
      const [changed] = await generated(
        'change-material',
        {
          masked_image: file(wallMask, 'mask.png', 'image/png'),
          color: '#8b5a2b',
          material: 'Oak',
          material_type: 'Wood',
          quantity: '1',
        },
        1,
      );
      expect(used[0]?.textures).toMatchObject([{ kind: 'material', colour: '#8b5a2b' }]);
      expect(used[0]?.textures[0]?.name).toMatch(/oak/i);
      expectRegionNear(used[0]?.textures[0]?.region, wall);
      const { outsideMax, insideMean } = await changes(
        stateBytes,
        changed ?? Buffer.alloc(0),
        size.width,
        wall,
      );
      expect(outsideMax).toBe(0);
      expect(insideMean).toBeGreaterThan(10);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'lays a floor from an uploaded sample, changing the lower part of the room',
    async () => {
      const sample = await sharp(roomPhoto('living-room-1.jpg')).resize(256, 256).png().toBuffer();
      const [floored] = await generated(
        'floors',
        { texture_image: file(sample, 'sample.png', 'image/png'), quantity: '1' },
        1,
      );
      // An uploaded texture has no library id; the floor's region reaches the foot of the photo.
      expect(used[0]?.textures).toMatchObject([{ id: null, kind: 'floor' }]);
      const floorBox = used[0]?.textures[0]?.region.box;
      expect((floorBox?.y ?? 0) + (floorBox?.height ?? 0)).toBeGreaterThan(size.height * 0.9);
      expect(used[0]?.textures[0]?.region.share).toBeGreaterThan(0.05);
      // The floor laid, in m² from the room camera: ≈ 4.3 m² of floor is visible in this living
      // room (engine geometry/surface-area.photo.test.ts reasons it out), and the chequered rug
      // the floors keep (decisions 045, 053) takes ≈ 58 % of the 2.3 m² band in front of the
      // sofa: ≈ 3 m² laid, within a factor 1.5.
      expect(used[0]?.textures[0]?.region.area_m2).toBeGreaterThan(2);
      expect(used[0]?.textures[0]?.region.area_m2).toBeLessThan(8);
      const bottom = {
        left: 0,
        top: Math.round(size.height * 0.75),
        width: size.width,
        height: Math.round(size.height * 0.25) - 1,
      };
      const top = { left: 0, top: 0, width: size.width, height: Math.round(size.height * 0.15) };
      const [lower, upper] = await Promise.all([
        changes(stateBytes, floored ?? Buffer.alloc(0), size.width, bottom, 0),
        changes(stateBytes, floored ?? Buffer.alloc(0), size.width, top, 0),
      ]);
      expect(lower.insideMean).toBeGreaterThan(upper.insideMean);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'restyles the whole room in two different variants',
    async () => {
      const [first, second] = await generated(
        'architectural-style',
        { design_style: 'Industrial', design_mode: 'bold', quantity: '2' },
        2,
      );
      // A bold restyle is a redesign with library things (issue 11): each variant records the
      // paint, floor and products it applied, and the two variants are different designs.
      expect(used).toHaveLength(2);
      for (const record of used) {
        expect(
          record.paints.length + record.textures.length + record.products.length,
        ).toBeGreaterThan(0);
        for (const paint of record.paints) expect(paint.region.share).toBeGreaterThan(0);
      }
      expect(JSON.stringify(used[0])).not.toBe(JSON.stringify(used[1]));
      const whole = { left: 0, top: 0, width: size.width, height: size.height };
      const changed = await changes(stateBytes, first ?? Buffer.alloc(0), size.width, whole);
      expect(changed.insideMean).toBeGreaterThan(5);
      const between = await changes(
        first ?? Buffer.alloc(0),
        second ?? Buffer.alloc(0),
        size.width,
        whole,
      );
      expect(between.insideMean).toBeGreaterThan(0.5);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'adds a catalogue plant in the marked area, changing nothing beyond its shadow',
    async () => {
      const spot = {
        left: Math.round(size.width * 0.05),
        top: Math.round(size.height * 0.45),
        width: Math.round(size.width * 0.2),
        height: Math.round(size.height * 0.5),
      };
      const [added] = await generated(
        'add-elements',
        {
          masked_image: file(await maskOver(size, spot), 'mask.png', 'image/png'),
          design_style: 'Scandinavian',
          prompt: 'a big plant',
          space_type: 'residential',
          quantity: '1',
        },
        1,
      );
      const plant = used[0]?.products[0];
      const catalogued = DEMO_PRODUCTS.find((product) => product.id === plant?.id);
      expect(catalogued?.category).toBe('plant');
      expect(plant).toMatchObject({
        name: catalogued?.name,
        price: catalogued?.price,
        currency: 'EUR',
      });
      expect(Number.isInteger(plant?.price)).toBe(true);
      // The plant stands in the marked spot (its contact shadow may reach a little beyond).
      expectRegionNear(plant?.region, spot, SHADOW_REACH_PX);
      const { outsideMax, insideMean } = await changes(
        stateBytes,
        added ?? Buffer.alloc(0),
        size.width,
        spot,
        SHADOW_REACH_PX,
      );
      // Placement may darken the floor just beside the mark (contact shadow), never further.
      expect(outsideMax).toBe(0);
      expect(insideMean).toBeGreaterThan(3);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'replaces the detected sofa with a chosen catalogue sofa',
    async () => {
      const detected = await client.post(
        '/api/actions/get/space-elements',
        form({ base_image: state }),
      );
      const sofa = detected
        .json<{ elements: { label: string; box: { x: number; y: number }[] }[] }>()
        .elements.find((element) => element.label === 'Sofa');
      expect(sofa).toBeDefined();
      const outline: Record<string, string> = {};
      (sofa?.box ?? []).forEach((point, index) => {
        outline[`box[${index}][x]`] = String(point.x);
        outline[`box[${index}][y]`] = String(point.y);
      });
      const xs = sofa?.box.map((point) => point.x) ?? [0];
      const ys = sofa?.box.map((point) => point.y) ?? [0];
      const region = {
        left: Math.floor(Math.min(...xs)),
        top: Math.floor(Math.min(...ys)),
        width: Math.ceil(Math.max(...xs) - Math.min(...xs)),
        height: Math.ceil(Math.max(...ys) - Math.min(...ys)),
      };
      const [replaced] = await generated(
        'furniture',
        { furniture: 'Sofa', product_id: 'sofa-lund', color: '#6a7178', quantity: '1', ...outline },
        1,
      );
      expect(used[0]?.products).toMatchObject([
        {
          id: 'sofa-lund',
          name: 'Lund 3-Seat Sofa',
          colour: { name: 'Slate', hex: '#6a7178' },
          price: DEMO_PRODUCTS.find((product) => product.id === 'sofa-lund')?.price,
          currency: 'EUR',
        },
      ]);
      // The design keeps the record with the image, saved and reloaded.
      const saved = await client.put(`/api/designs/${designId}`, {
        generated_images: {
          furniture: [{ name: 'Furniture 1', imageUrl: answerImages[0], used: used[0] }],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const reloaded = (await client.get(`/api/designs/${designId}`)).json<{ data: Design }>().data;
      expect(reloaded.generated_images.furniture?.[0]?.used).toEqual(used[0]);
      const { insideMean } = await changes(
        stateBytes,
        replaced ?? Buffer.alloc(0),
        size.width,
        region,
      );
      expect(insideMean).toBeGreaterThan(5);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'runs an assistant instruction as the action it names',
    async () => {
      const [painted] = await generated(
        'ai-assistant',
        {
          masked_image: file(wallMask, 'mask.png', 'image/png'),
          prompt: 'paint the wall sage green',
          quantity: '1',
        },
        1,
      );
      expect(used[0]?.paints).toMatchObject([{ hex: '#9caf88' }]);
      expectRegionNear(used[0]?.paints[0]?.region, wall);
      const { outsideMax, insideMean } = await changes(
        stateBytes,
        painted ?? Buffer.alloc(0),
        size.width,
        wall,
      );
      expect(outsideMax).toBe(0);
      expect(insideMean).toBeGreaterThan(5);
    },
    ENGINE_TEST_TIMEOUT,
  );
  /** The box of the changed pixels (any channel moved by more than 24). */
  async function changedBox(before: Buffer, after: Buffer) {
    const [a, b] = await Promise.all([rgb(before), rgb(after)]);
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -1;
    let y1 = -1;
    let count = 0;
    for (let i = 0; i < a.length; i += 3) {
      const moved =
        Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 24 ||
        Math.abs((a[i + 1] ?? 0) - (b[i + 1] ?? 0)) > 24 ||
        Math.abs((a[i + 2] ?? 0) - (b[i + 2] ?? 0)) > 24;
      if (!moved) continue;
      const pixel = i / 3;
      const x = pixel % size.width;
      const y = Math.floor(pixel / size.width);
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
      count++;
    }
    return { x0, y0, x1, y1, count };
  }

  it(
    'runs an instruction without a mask on what it names, charging what that action costs',
    async () => {
      // living-room-1: the floor lamp stands left of the sofa (ground truth x 146–322 of 1600
      // wide, y 346–830 of 960), i.e. x 88–193, y 208–498 at 960 px.
      const before = await balance();
      const [removed] = await generated(
        'ai-assistant',
        { prompt: 'remove the lamp', quantity: '1' },
        1,
      );
      expect(await balance()).toBe(before - 1);
      const box = await changedBox(stateBytes, removed ?? Buffer.alloc(0));
      expect(box.count).toBeGreaterThan(2000);
      expect(box.x0).toBeGreaterThan(60);
      expect(box.x1).toBeLessThan(240);
      expect(box.y0).toBeGreaterThan(170);
      expect(box.y1).toBeLessThan(540);

      // "Replace the sofa with a leather one": the catalogue's leather sofa, on the sofa.
      const beforeSwap = await balance();
      const [swapped] = await generated(
        'ai-assistant',
        { prompt: 'replace the sofa with a leather one', quantity: '1' },
        1,
      );
      expect(await balance()).toBe(beforeSwap - 2);
      expect(used[0]?.products.map((product) => product.id)).toEqual(['sofa-hayes']);
      const sofa = await changedBox(stateBytes, swapped ?? Buffer.alloc(0));
      // Sofa ground truth: x 332–1172, y 560–855 of 1600×960 → x 199–703, y 336–513.
      expect(sofa.x0).toBeGreaterThan(150);
      expect(sofa.x1).toBeLessThan(760);
      expect(sofa.y1).toBeLessThan(size.height);
      expect(sofa.count).toBeGreaterThan(20_000);
    },
    ENGINE_TEST_TIMEOUT,
  );

  it(
    'restyles the whole room for a mood, paints the walls it finds, and refuses, for free, what is not in the photo',
    async () => {
      const before = await balance();
      const [warm] = await generated(
        'ai-assistant',
        { prompt: 'make it warmer and cosier', quantity: '1' },
        1,
      );
      expect(await balance()).toBe(before - 2);
      // The Architectural style tool's redesign, not the grade alone: the walls are repainted in
      // one of the style's named colours, recorded with the region they cover.
      expect(used[0]?.paints).toHaveLength(1);
      expect(used[0]?.paints[0]?.name).toBeTruthy();
      expect(used[0]?.paints[0]?.region.share).toBeGreaterThan(0.1);
      const whole = await changedBox(stateBytes, warm ?? Buffer.alloc(0));
      // The whole room moves, not one patch.
      expect(whole.count).toBeGreaterThan(0.05 * size.width * size.height);
      expect(whole.x1 - whole.x0).toBeGreaterThan(0.8 * size.width);
      expect(whole.y1 - whole.y0).toBeGreaterThan(0.8 * size.height);

      // "Paint the walls sage green": the parse's walls, one design, wall paint's 1 credit.
      const beforePaint = await balance();
      const [walls] = await generated(
        'ai-assistant',
        { prompt: 'paint the walls sage green', quantity: '2' },
        1,
      );
      expect(await balance()).toBe(beforePaint - 1);
      expect(used[0]?.paints).toMatchObject([{ hex: '#9caf88' }]);
      // The back wall fills most of living-room-1: most of the photo turns sage.
      expect(used[0]?.paints[0]?.region.share).toBeGreaterThan(0.3);
      const painted = await changedBox(stateBytes, walls ?? Buffer.alloc(0));
      expect(painted.x1 - painted.x0).toBeGreaterThan(0.8 * size.width);

      const missing = await client.post(
        '/api/actions/generate/ai-assistant',
        form({ state_image: state, prompt: 'remove the piano', quantity: '1' }),
      );
      expect(missing.statusCode).toBe(422);
      expect(missing.json<{ message: string }>().message).toBe(
        "I couldn't find a piano in this photo. Paint over it with the brush, or try another instruction.",
      );
      expect(await balance()).toBe(beforePaint - 1);
    },
    ENGINE_TEST_TIMEOUT,
  );
});

describe('actions API on a fresh clone: MODELS_DIR empty, the shipped weights only', () => {
  it(
    'detects the space elements from the weights shipped in the repository',
    async () => {
      const harness = await startTestApp(sqlite, {
        smtpUrl: smtp.url,
        env: { MODELS_DIR: mkdtempSync(path.join(tmpdir(), 'roomcraft-no-models-')) },
      });
      try {
        const client = await new TestClient(harness.app).csrf();
        expect((await client.post('/api/auth/register', aPerson())).statusCode).toBe(201);
        const response = await client.post(
          '/api/actions/get/space-elements',
          form({ base_image: file(photo, 'room.jpg', 'image/jpeg') }),
        );
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<{ elements: unknown[] }>().elements.length).toBeGreaterThan(0);
      } finally {
        await harness.close();
      }
    },
    ENGINE_TEST_TIMEOUT,
  );
});
