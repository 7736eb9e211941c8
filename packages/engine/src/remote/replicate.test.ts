import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { decodeImage, dilateMask, type Mask, type Raster } from '../raster';
import { roomPhoto } from '../test-support/photos';
import {
  EngineError,
  type ClickPoint,
  type GenerateRequest,
  type GenerateResult,
  type ImageEngine,
} from '../types';
import { fakeShift, startFakeReplicate, type FakeReplicate } from './fake-replicate';
import { createReplicateEngine, MASK_GROWTH_PX, type ReplicateEngineOptions } from './replicate';

const TOKEN = 'r8_test_token';
const RESTYLE = 'restyle-version-1';
const INPAINT = 'inpaint-version-1';

/** A tiny stand-in for the local engine that records what was delegated to it. */
function fakeFallback() {
  const calls: string[] = [];
  const engine: ImageEngine = {
    name: 'fake-local',
    hasCapacity: () => true,
    detectElements: (image: Buffer) => {
      calls.push(`detect:${image.length}`);
      return Promise.resolve([
        { label: 'Sofa', category: 'couch', score: 0.9, box: [{ x: 1, y: 2 }] },
      ]);
    },
    segment: (_image: Buffer, points: ClickPoint[]) => {
      calls.push(`segment:${points.length}`);
      return Promise.resolve(Buffer.from('mask'));
    },
    surface: (_image: Buffer, surface: string) => {
      calls.push(`surface:${surface}`);
      return Promise.resolve(Buffer.from('mask'));
    },
    generate: (request: GenerateRequest): Promise<GenerateResult> => {
      calls.push(`generate:${request.op}`);
      return Promise.resolve({ images: [Buffer.from('local')], width: 1, height: 1 });
    },
    close: () => {
      calls.push('close');
      return Promise.resolve();
    },
  };
  return { engine, calls };
}

let fake: FakeReplicate;
let photo: Buffer;
let original: Raster;
/** The same photo small, for tests about the protocol rather than pixels (fast to prepare). */
let smallPhoto: Buffer;

beforeAll(async () => {
  fake = await startFakeReplicate({ token: TOKEN });
  photo = await roomPhoto('bedroom-1.jpg');
  original = await decodeImage(photo);
  smallPhoto = await sharp(photo).resize(320).jpeg().toBuffer();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.behaviour = 'succeed';
  fake.pollsBeforeDone = 2;
  fake.predictions.length = 0;
  fake.cancelled.length = 0;
  fake.unauthorised = 0;
  fake.outputOrigin = null;
});

function engine(overrides: Partial<ReplicateEngineOptions> = {}) {
  const fallback = fakeFallback();
  return {
    fallback,
    engine: createReplicateEngine({
      token: TOKEN,
      baseUrl: fake.baseUrl,
      restyleVersion: RESTYLE,
      inpaintVersion: INPAINT,
      pollIntervalMs: 10,
      timeoutMs: 30_000,
      fallback: fallback.engine,
      ...overrides,
    }),
  };
}

/** A rectangular selection over the middle of the photo, as the mask PNG and decoded. */
async function rectangleMask(): Promise<{ png: Buffer; mask: Mask }> {
  const { width, height } = original;
  const data = new Uint8Array(width * height);
  const grey = Buffer.alloc(width * height);
  for (let y = Math.round(height * 0.3); y < Math.round(height * 0.7); y++) {
    for (let x = Math.round(width * 0.35); x < Math.round(width * 0.65); x++) {
      data[y * width + x] = 1;
      grey[y * width + x] = 255;
    }
  }
  const png = await sharp(grey, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return { png, mask: { width, height, data } };
}

/** Mean |output − what the fake model makes of the input| over the pixels `include` picks. */
function meanErrorFromFakeModel(
  output: Raster,
  seed: number,
  include: (index: number) => boolean,
  reference: Raster = original,
): { fromModel: number; fromOriginal: number } {
  const shift = fakeShift(seed);
  let fromModel = 0;
  let fromOriginal = 0;
  let count = 0;
  const a = reference.data;
  const b = output.data;
  for (let i = 0, p = 0; i < reference.width * reference.height; i++, p += 4) {
    if (!include(i)) continue;
    const expected = [
      Math.min(255, (a[p + 2] ?? 0) + shift),
      Math.min(255, (a[p] ?? 0) + shift),
      Math.min(255, (a[p + 1] ?? 0) + shift),
    ];
    for (let c = 0; c < 3; c++) {
      fromModel += Math.abs((b[p + c] ?? 0) - (expected[c] ?? 0));
      fromOriginal += Math.abs((b[p + c] ?? 0) - (a[p + c] ?? 0));
    }
    count += 3;
  }
  return { fromModel: fromModel / count, fromOriginal: fromOriginal / count };
}

async function thumbnail(bytes: Buffer): Promise<Raster> {
  const { data, info } = await sharp(bytes)
    .resize(160, 107, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
}

const STYLE = {
  id: 'scandinavian',
  name: 'Scandinavian',
  palette: ['#d9c7a7', '#f6f4ef', '#c9cfc8', '#6f7f86'],
};

describe('Replicate engine against the fake provider', () => {
  it('restyles through the ControlNet model: one prediction per variant, output at natural size', async () => {
    const { engine: replicate } = engine();
    const result = await replicate.generate({
      op: 'architectural_style',
      image: photo,
      quantity: 2,
      seed: 5,
      style: STYLE,
      strength: 0.6,
    });
    expect(result.width).toBe(original.width);
    expect(result.height).toBe(original.height);
    expect(result.images).toHaveLength(2);
    expect(fake.predictions).toHaveLength(2);

    const seeds = fake.predictions.map((p) => p.input.seed);
    expect(new Set(seeds).size).toBe(2);
    for (const prediction of fake.predictions) {
      expect(prediction.version).toBe(RESTYLE);
      expect(prediction.input.prompt).toMatch(/Scandinavian style room interior/);
      expect(prediction.input.prompt_strength).toBe(0.6);
      expect(prediction.input.mask).toBeUndefined();
      const uri = String(prediction.input.image);
      expect(uri.startsWith('data:image/jpeg;base64,')).toBe(true);
      const meta = await sharp(Buffer.from(uri.split(',')[1] ?? '', 'base64')).metadata();
      expect(Math.max(meta.width, meta.height)).toBe(1024);
    }

    // Compared at thumbnail size, where the round trip's two resizes lose no detail.
    const reference = await thumbnail(photo);
    for (const [index, png] of result.images.entries()) {
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([original.width, original.height]);
      const { fromModel, fromOriginal } = meanErrorFromFakeModel(
        await thumbnail(png),
        Number(fake.predictions[index]?.input.seed),
        () => true,
        reference,
      );
      // The fake model's channel rotation came back, not the input.
      expect(fromModel).toBeLessThan(4);
      expect(fromOriginal).toBeGreaterThan(15);
    }
    expect(result.images[0]?.equals(result.images[1] ?? Buffer.alloc(0))).toBe(false);
  });

  it('inpaints removal inside the mask and keeps every pixel outside the grown mask', async () => {
    const { engine: replicate } = engine();
    const { png, mask } = await rectangleMask();
    const result = await replicate.generate({
      op: 'remove_elements',
      image: photo,
      mask: png,
      quantity: 1,
      seed: 11,
    });
    const prediction = fake.predictions[0];
    expect(prediction?.version).toBe(INPAINT);
    expect(prediction?.input.prompt).toMatch(/^empty wall and floor, nothing there/);
    expect(String(prediction?.input.mask)).toMatch(/^data:image\/png;base64,/);

    const output = await decodeImage(result.images[0] ?? Buffer.alloc(0));
    const grown = dilateMask(mask, MASK_GROWTH_PX);
    let changedOutside = 0;
    for (let i = 0, p = 0; i < grown.data.length; i++, p += 4) {
      if (grown.data[i]) continue;
      for (let c = 0; c < 3; c++) {
        if (output.data[p + c] !== original.data[p + c]) changedOutside++;
      }
    }
    expect(changedOutside).toBe(0);
    const inside = meanErrorFromFakeModel(output, Number(prediction?.input.seed), (i) =>
      Boolean(mask.data[i]),
    );
    expect(inside.fromModel).toBeLessThan(8);
    expect(inside.fromOriginal).toBeGreaterThan(20);
  });

  it('builds the inpainting prompt from the request for paint, material and adding', async () => {
    const { engine: replicate } = engine();
    const { png } = await rectangleMask();
    const base = { image: photo, mask: png, quantity: 1, seed: 3 };
    await replicate.generate({ ...base, op: 'wall_paint', colour: { hex: '#2d3e4b' } });
    await replicate.generate({ ...base, op: 'change_material', colour: '#5d4030' });
    await replicate.generate({
      ...base,
      op: 'add_elements',
      products: [
        {
          id: 'p1',
          category: 'floor_lamp',
          name: 'Arc floor lamp',
          dimensions: { width: 40, depth: 40, height: 160 },
          colour: '#1b1b1d',
        },
      ],
    });
    const swatch = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 0x7f, g: 0x84, b: 0x58 } },
    })
      .png()
      .toBuffer();
    await replicate.generate({ ...base, op: 'wall_paint', colour: { swatch } });
    const prompts = fake.predictions.map((p) => String(p.input.prompt));
    expect(prompts[0]).toMatch(/^walls painted .*\(#2d3e4b\)/);
    expect(prompts[3]).toMatch(/^walls painted .*\(#7f8458\)/);
    expect(prompts[1]).toContain('#5d4030');
    expect(prompts[2]).toMatch(/floor lamp, Arc floor lamp, about 40×40×160 cm/);
    expect(fake.predictions.every((p) => p.version === INPAINT)).toBe(true);
  });

  it('reports a failed prediction as a provider error', async () => {
    fake.behaviour = 'fail';
    const { engine: replicate } = engine();
    const error = await replicate
      .generate({
        op: 'architectural_style',
        image: smallPhoto,
        quantity: 1,
        style: STYLE,
        strength: 0.5,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ kind: 'provider' });
    expect((error as Error).message).toContain('CUDA out of memory');
  });

  it('cancels the prediction and reports a timeout when it never finishes', async () => {
    fake.behaviour = 'hang';
    const { engine: replicate } = engine({ timeoutMs: 1_500 });
    const error = await replicate
      .generate({
        op: 'architectural_style',
        image: smallPhoto,
        quantity: 2,
        style: STYLE,
        strength: 0.5,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(fake.predictions).toHaveLength(2);
    expect([...fake.cancelled].sort()).toEqual(fake.predictions.map((p) => p.id).sort());
    expect(replicate.hasCapacity()).toBe(true);
  });

  it("cancels the prediction when the caller's signal fires", async () => {
    fake.behaviour = 'hang';
    const { engine: replicate } = engine();
    const controller = new AbortController();
    const pending = replicate
      .generate(
        { op: 'architectural_style', image: smallPhoto, quantity: 1, style: STYLE, strength: 0.5 },
        controller.signal,
      )
      .catch((e: unknown) => e);
    while ((fake.predictions[0]?.polls ?? 0) < 2) await new Promise((r) => setTimeout(r, 5));
    const reason = new Error('client went away');
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(fake.cancelled).toEqual([fake.predictions[0]?.id]);
  });

  it('maps provider HTTP errors to engine errors', async () => {
    const request: GenerateRequest = {
      op: 'architectural_style',
      image: smallPhoto,
      quantity: 1,
      style: STYLE,
      strength: 0.5,
    };
    const failure = (replicate: ImageEngine) =>
      replicate.generate(request).catch((e: unknown) => e as EngineError);

    const badToken = await failure(engine({ token: 'wrong' }).engine);
    expect(badToken).toMatchObject({
      kind: 'provider',
      message: 'The image provider rejected our credentials',
    });
    expect(fake.unauthorised).toBe(1);

    fake.behaviour = 'rate_limit';
    expect(await failure(engine().engine)).toMatchObject({ kind: 'busy' });
    fake.behaviour = 'server_error';
    expect(await failure(engine().engine)).toMatchObject({ kind: 'provider' });
    fake.behaviour = 'succeed';
    expect(await failure(engine({ restyleVersion: '' }).engine)).toMatchObject({
      kind: 'invalid_input',
    });
    await expect(engine().engine.generate({ ...request, quantity: 5 })).rejects.toMatchObject({
      kind: 'invalid_input',
    });

    const closed = await startFakeReplicate({ token: TOKEN });
    const unreachable = closed.baseUrl;
    await closed.close();
    expect(await failure(engine({ baseUrl: unreachable }).engine)).toMatchObject({
      kind: 'provider',
      message: 'The image provider could not be reached',
    });
  });

  it('sends the token to the API only, never to the file host of the outputs', async () => {
    const cdn = 'http://cdn.example.invalid';
    fake.outputOrigin = cdn;
    const seen: { method: string; url: string; auth: string | null; type: string | null }[] = [];
    const fetchImpl: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const headers = new Headers(init?.headers);
      seen.push({
        method: init?.method ?? 'GET',
        url,
        auth: headers.get('authorization'),
        type: headers.get('content-type'),
      });
      return fetch(url.replace(cdn, fake.baseUrl), init);
    };
    await engine({ fetchImpl }).engine.generate({
      op: 'architectural_style',
      image: smallPhoto,
      quantity: 1,
      style: STYLE,
      strength: 0.5,
    });
    const api = seen.filter((r) => r.url.startsWith(`${fake.baseUrl}/v1/predictions`));
    expect(api[0]).toMatchObject({ method: 'POST', type: 'application/json' });
    expect(api.length).toBeGreaterThanOrEqual(1 + fake.pollsBeforeDone);
    expect(api.every((r) => r.auth === `Bearer ${TOKEN}`)).toBe(true);
    const downloads = seen.filter((r) => r.url.startsWith(cdn));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.auth).toBeNull();
  });

  it('delegates detection, segmentation, floors and furniture swaps to the fallback', async () => {
    const { engine: replicate, fallback } = engine();
    const detected = await replicate.detectElements(photo);
    expect(detected[0]?.label).toBe('Sofa');
    await replicate.segment(photo, [{ x: 1, y: 1, label: 1 }]);
    await replicate.surface(photo, 'wall-front');
    const floors = await replicate.generate({
      op: 'floors',
      image: photo,
      quantity: 1,
      texture: { image: Buffer.from('t') },
    });
    expect(floors.images[0]?.toString()).toBe('local');
    await replicate.generate({
      op: 'change_furniture',
      image: photo,
      mask: photo,
      quantity: 1,
      products: [],
    });
    await replicate.close();
    expect(fallback.calls).toEqual([
      `detect:${photo.length}`,
      'segment:1',
      'surface:wall-front',
      'generate:floors',
      'generate:change_furniture',
      'close',
    ]);
    expect(fake.predictions).toHaveLength(0);
  });

  it('refuses new work beyond its in-flight limit', async () => {
    fake.behaviour = 'hang';
    const { engine: replicate } = engine({ maxInFlight: 1 });
    const controller = new AbortController();
    const request: GenerateRequest = {
      op: 'architectural_style',
      image: smallPhoto,
      quantity: 1,
      style: STYLE,
      strength: 0.5,
    };
    const first = replicate.generate(request, controller.signal).catch((e: unknown) => e);
    expect(replicate.hasCapacity()).toBe(false);
    await expect(replicate.generate(request)).rejects.toMatchObject({ kind: 'busy' });
    controller.abort(new Error('done'));
    await first;
    expect(replicate.hasCapacity()).toBe(true);
  });
});
