import { messages, type Design, type GenerationAnswer } from '@roomcraft/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeEngine } from '../../test-support/fake-engine';
import { roomPhoto } from '../../test-support/images';
import { startSmtpSink } from '../../test-support/smtp-sink';
import {
  TestClient,
  databaseTargets,
  manualClock,
  registerVerified,
  startTestApp,
} from '../../test-support/test-app';
import { ledgerBalance, ledgerEntries } from '../credits/credit-ledger.repository';
import { changeCredits } from '../credits/credits.service';
import { createLocalStorage } from '../../platform/storage';
import { insertProduct } from '../library/library.repository';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

/** A real room photo, small enough that the fake engine answers in milliseconds. */
const photo = await sharp(roomPhoto()).resize({ width: 480 }).jpeg().toBuffer();
const PHOTO = await sharp(photo).metadata();
const SIZE = { width: PHOTO.width, height: PHOTO.height };

const file = (bytes: Buffer, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });
const png = (bytes: Buffer, name = 'mask.png') => file(bytes, name, 'image/png');

function form(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

/** A brush mask: opaque white in a rectangle, transparent elsewhere. */
function maskPng(width = SIZE.width, height = SIZE.height, painted = true) {
  const base = sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  });
  if (!painted) return base.png().toBuffer();
  const patch = {
    input: {
      create: {
        width: Math.round(width / 3),
        height: Math.round(height / 3),
        channels: 4 as const,
        background: '#ffffff',
      },
    },
    left: Math.round(width / 3),
    top: Math.round(height / 3),
  };
  return base.composite([patch]).png().toBuffer();
}

const GET_ENDPOINTS = ['space-elements', 'segment', 'surface', 'furniture-replacements'];
const GENERATE_ENDPOINTS = [
  'architectural-style',
  'wall-paint',
  'floors',
  'add-elements',
  'remove-elements',
  'change-material',
  'furniture',
  'ai-assistant',
];

describe.each(await databaseTargets())('actions API on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  const engine = new FakeEngine();
  const clock = manualClock();
  let mask: Buffer;

  beforeAll(async () => {
    harness = await startTestApp(target, {
      smtpUrl: smtp.url,
      clock,
      engine,
      env: { ENGINE_TIMEOUT_SECONDS: '1' },
    });
    mask = await maskPng();
    await insertProduct(
      harness.db,
      {
        id: 'sofa-lund',
        category: 'sofa',
        maker: 'Atelier Nord',
        name: 'Lund 3-Seat Sofa',
        price: 74_900,
        currency: 'EUR',
        description: 'Deep, soft seats in washed linen on slim ash legs.',
        colors: JSON.stringify([{ name: 'Oat', hex: '#d8ccb6' }]),
        width_cm: 214,
        depth_cm: 93,
        height_cm: 82,
        materials: JSON.stringify(['Linen']),
        distributor: 'Atelier Nord',
        image: 'sofa-lund-oat-0000000.png',
        cutout: null,
        product_url: null,
        created_at: clock.now().toISOString(),
      },
      ['scandinavian'],
      ['residential'],
    );
  });
  afterAll(() => harness.close());
  beforeEach(() => engine.reset());

  async function newUser() {
    const client = await new TestClient(harness.app).csrf();
    const userId = await registerVerified(client, smtp);
    return { client, userId };
  }

  /** A design whose base image is the photo: its URL is the state image of the generations. */
  async function storedPhoto(client: TestClient) {
    const response = await client.post(
      '/api/designs',
      form({
        base_image: file(photo, 'room.jpg', 'image/jpeg'),
        space_type: 'residential',
        space_sub_type: 'living_room',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Design }>().data.base_image;
  }

  async function setBalance(userId: number, credits: number) {
    const current = await balance(userId);
    await harness.db.transaction().execute((trx) =>
      changeCredits(trx, {
        userId,
        delta: credits - current,
        reason: 'adjustment',
        reference: `test-${String(Math.random())}`,
        at: clock.now(),
      }),
    );
  }

  async function balance(userId: number) {
    const row = await harness.db
      .selectFrom('users')
      .select('available_credits')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.available_credits;
  }

  const generate = (client: TestClient, action: string, fields: Record<string, string | File>) =>
    client.post(`/api/actions/generate/${action}`, form(fields));

  it('requires a signed-in user for every action', async () => {
    const guest = await new TestClient(harness.app).csrf();
    for (const action of GET_ENDPOINTS) {
      const response = await guest.post(`/api/actions/get/${action}`, {});
      expect(response.statusCode, action).toBe(401);
    }
    for (const action of GENERATE_ENDPOINTS) {
      const response = await generate(guest, action, { quantity: '1' });
      expect(response.statusCode, action).toBe(401);
      expect(response.json<{ message: string }>().message).toBe(messages.unauthenticated);
    }
    expect(engine.requests).toHaveLength(0);
  });

  it('removes elements: stores one new PNG per design and charges credits × quantity once', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    const response = await generate(client, 'remove-elements', {
      state_image: state,
      masked_image: png(mask),
      quantity: '2',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<GenerationAnswer>();
    expect(answer.images).toHaveLength(2);
    expect(answer.remainingCredits).toBe(10 - 2);
    expect(new Set(answer.images).size).toBe(2);
    const stats = [];
    for (const url of answer.images) {
      expect(url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{32}\.png$/);
      const image = await client.get(url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([SIZE.width, SIZE.height]);
      stats.push((await sharp(image.rawPayload).stats()).channels[0]?.mean ?? 0);
    }
    // The two variants are different images.
    expect(Math.abs((stats[0] ?? 0) - (stats[1] ?? 0))).toBeGreaterThan(1);
    const request = engine.requests[0];
    expect(request?.op).toBe('remove_elements');
    expect(request?.quantity).toBe(2);
    const entries = await ledgerEntries(harness.db, userId);
    expect(entries.map((entry) => [entry.reason, entry.delta])).toEqual([
      ['signup_bonus', 10],
      ['generation', -2],
    ]);
    expect(await ledgerBalance(harness.db, userId)).toBe(await balance(userId));
    // Another user cannot read the outputs.
    const { client: stranger } = await newUser();
    expect((await stranger.get(answer.images[0] ?? '')).statusCode).toBe(404);
  });

  it('restyles by style name with the mode strength, and counts wall paint as one design', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    const styled = await generate(client, 'architectural-style', {
      state_image: state,
      design_style: 'Scandinavian',
      design_mode: 'bold',
      quantity: '3',
    });
    expect(styled.statusCode, styled.body).toBe(200);
    expect(styled.json<GenerationAnswer>()).toMatchObject({ remainingCredits: 10 - 2 * 3 });
    const request = engine.requests[0];
    expect(request).toMatchObject({ op: 'architectural_style', quantity: 3, strength: 0.9 });
    expect(request?.op === 'architectural_style' && request.style.id).toBe('scandinavian');

    const painted = await generate(client, 'wall-paint', {
      state_image: state,
      masked_image: png(mask),
      color: '#9CAF88',
      quantity: '3',
    });
    expect(painted.statusCode, painted.body).toBe(200);
    expect(painted.json<GenerationAnswer>().images).toHaveLength(1);
    expect(await balance(userId)).toBe(10 - 6 - 1);
    expect(engine.requests[1]).toMatchObject({ op: 'wall_paint', colour: { hex: '#9caf88' } });
  });

  it('restyles within the room budget: a swap that fits is planned and recorded, one that does not is kept and said', async () => {
    const { client } = await newUser();
    const state = await storedPhoto(client);
    const fits = await generate(client, 'architectural-style', {
      state_image: state,
      design_style: 'Scandinavian',
      design_mode: 'bold',
      budget_max: '1000',
      quantity: '1',
    });
    expect(fits.statusCode, fits.body).toBe(200);
    const request = engine.requests.at(-1);
    if (request?.op !== 'architectural_style') throw new Error('no restyle request');
    const plan = request.plans?.[0];
    expect(plan?.walls?.hex).toBe('#f4f2ec');
    expect(plan?.swaps?.map((swap) => swap.product.id)).toEqual(['sofa-lund']);
    const answer = fits.json<GenerationAnswer>();
    expect(answer.notices).toBeUndefined();
    expect(answer.used[0]?.products).toEqual([
      expect.objectContaining({ id: 'sofa-lund', price: 74_900, currency: 'EUR' }),
    ]);
    expect(answer.used[0]?.paints).toEqual([expect.objectContaining({ hex: '#f4f2ec' })]);

    const tight = await generate(client, 'architectural-style', {
      state_image: state,
      design_style: 'Scandinavian',
      design_mode: 'bold',
      budget_max: '500',
      quantity: '1',
    });
    expect(tight.statusCode, tight.body).toBe(200);
    const kept = engine.requests.at(-1);
    expect(kept?.op === 'architectural_style' && kept.plans?.[0]?.swaps).toBeUndefined();
    const told = tight.json<GenerationAnswer>();
    expect(told.notices).toContain(messages.restyleKeptForBudget.replace('{item}', 'sofa'));
    expect(told.used[0]?.products).toEqual([]);
  });

  it('lets 20 concurrent generations spend only the 5 credits there are, each success once', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    await setBalance(userId, 5);
    engine.delayMs = 50;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        generate(client, 'remove-elements', {
          state_image: state,
          masked_image: png(mask),
          quantity: '1',
        }),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(succeeded.length).toBeLessThanOrEqual(5);
    for (const response of refused) expect([402, 503]).toContain(response.statusCode);
    const final = await balance(userId);
    expect(final).toBe(5 - succeeded.length);
    expect(final).toBeGreaterThanOrEqual(0);
    expect(await ledgerBalance(harness.db, userId)).toBe(final);
    const debits = (await ledgerEntries(harness.db, userId)).filter(
      (entry) => entry.reason === 'generation',
    );
    expect(debits).toHaveLength(succeeded.length);
    expect(new Set(debits.map((entry) => entry.reference)).size).toBe(debits.length);
    expect(engine.requests).toHaveLength(succeeded.length);
  });

  it('refunds a failed generation through the ledger', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    engine.behaviour = 'fail';
    const response = await generate(client, 'remove-elements', {
      state_image: state,
      masked_image: png(mask),
      quantity: '3',
    });
    expect(response.statusCode).toBe(500);
    expect(response.json<{ message: string }>().message).toBe(messages.generationFailed);
    expect(await balance(userId)).toBe(10);
    const entries = (await ledgerEntries(harness.db, userId)).slice(1);
    expect(entries.map((entry) => [entry.reason, entry.delta])).toEqual([
      ['generation', -3],
      ['refund', 3],
    ]);
    expect(entries[0]?.reference).toBe(entries[1]?.reference);
    expect(await ledgerBalance(harness.db, userId)).toBe(10);
  });

  it('refunds a generation that outlives the engine timeout', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    engine.delayMs = 2500;
    const started = Date.now();
    const response = await generate(client, 'remove-elements', {
      state_image: state,
      masked_image: png(mask),
      quantity: '1',
    });
    expect(response.statusCode).toBe(504);
    expect(response.json<{ message: string }>().message).toBe(messages.generationTimedOut);
    expect(Date.now() - started).toBeLessThan(2400);
    expect(await balance(userId)).toBe(10);
    const reasons = (await ledgerEntries(harness.db, userId)).map((entry) => entry.reason);
    expect(reasons).toEqual(['signup_bonus', 'generation', 'refund']);
  });

  it('answers 503 without charging when the engine has no capacity or lacks a model', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    engine.capacity = 0;
    const full = await generate(client, 'remove-elements', {
      state_image: state,
      masked_image: png(mask),
      quantity: '1',
    });
    expect(full.statusCode).toBe(503);
    expect(full.json<{ message: string }>().message).toBe(messages.engineBusy);
    expect(engine.requests).toHaveLength(0);
    expect(await ledgerEntries(harness.db, userId)).toHaveLength(1);

    engine.capacity = Number.POSITIVE_INFINITY;
    engine.behaviour = 'model_missing';
    const detect = await client.post(
      '/api/actions/get/space-elements',
      form({ base_image: state }),
    );
    expect(detect.statusCode).toBe(503);
    expect(detect.json<{ message: string }>().message).toContain('yolox_nano.onnx');
    expect(await balance(userId)).toBe(10);
  });

  it('answers 402 and runs nothing when the balance is short', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    await setBalance(userId, 3);
    const response = await generate(client, 'architectural-style', {
      state_image: state,
      design_style: 'modern',
      quantity: '2',
    });
    expect(response.statusCode).toBe(402);
    expect(response.json<{ message: string }>().message).toBe(messages.notEnoughCredits);
    expect(engine.requests).toHaveLength(0);
    expect(await balance(userId)).toBe(3);
    expect(await ledgerBalance(harness.db, userId)).toBe(3);
  });

  it('refuses bad input with 422 before any credit moves', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    const { client: other } = await newUser();
    const othersImage = await storedPhoto(other);
    const wrongSize = await maskPng(SIZE.width - 10, SIZE.height);
    const blank = await maskPng(SIZE.width, SIZE.height, false);
    const cases: [string, Record<string, string | File>, string][] = [
      ['remove-elements', { state_image: state, masked_image: png(wrongSize) }, 'masked_image'],
      ['remove-elements', { state_image: state, masked_image: png(blank) }, 'masked_image'],
      ['remove-elements', { state_image: state }, 'masked_image'],
      [
        'remove-elements',
        { state_image: state, masked_image: png(mask), quantity: '5' },
        'quantity',
      ],
      ['remove-elements', { state_image: othersImage, masked_image: png(mask) }, 'state_image'],
      ['remove-elements', { masked_image: png(mask) }, 'state_image'],
      ['wall-paint', { state_image: state, masked_image: png(mask) }, 'color'],
      ['wall-paint', { state_image: state, masked_image: png(mask), color: 'green' }, 'color'],
      [
        'wall-paint',
        { state_image: state, masked_image: png(mask), color_url: othersImage },
        'color_url',
      ],
      ['architectural-style', { state_image: state, design_style: 'Gothic' }, 'design_style'],
      ['architectural-style', { state_image: state }, 'design_style'],
      [
        'architectural-style',
        { state_image: state, design_style: 'modern', design_mode: 'wild' },
        'design_mode',
      ],
      ['floors', { state_image: state }, 'texture_url'],
      ['floors', { state_image: state, texture_url: othersImage }, 'texture_url'],
      ['floors', { state_image: state, texture_image: png(mask), rug: 'remove' }, 'rug'],
      ['add-elements', { state_image: state, masked_image: png(mask) }, 'design_style'],
      [
        'add-elements',
        { state_image: state, masked_image: png(mask), design_style: 'modern', product_id: 'nope' },
        'product_id',
      ],
      [
        'add-elements',
        {
          state_image: state,
          masked_image: png(mask),
          design_style: 'modern',
          prompt: 'a sofa',
          budget_max: '10',
        },
        'prompt',
      ],
      [
        'change-material',
        { state_image: state, masked_image: png(mask), color: '#123456', material: 'Oak' },
        'material_type',
      ],
      [
        'change-material',
        {
          state_image: state,
          masked_image: png(mask),
          color: '#123456',
          material: 'Oak',
          material_type: 'Stone',
        },
        'material',
      ],
      [
        'change-material',
        { state_image: state, masked_image: png(mask), material: 'Oak', material_type: 'Wood' },
        'color',
      ],
      ['furniture', { state_image: state, furniture: 'Sofa' }, 'box'],
      [
        'furniture',
        {
          state_image: state,
          'box[0][x]': '1',
          'box[0][y]': '1',
          'box[1][x]': '90',
          'box[1][y]': '90',
        },
        'furniture',
      ],
      ['ai-assistant', { state_image: state, masked_image: png(mask) }, 'prompt'],
    ];
    for (const [action, fields, field] of cases) {
      const response = await generate(client, action, fields);
      const label = `${action} ${JSON.stringify(Object.keys(fields))} → ${field}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
      const body = response.json<{ message: string; errors: Record<string, string[]> }>();
      expect(body.message, label).toBe(messages.validationFailed);
      expect(Object.keys(body.errors), `${label}: ${response.body}`).toContain(field);
    }
    // Another user's image is never read, whatever the field.
    const stolen = await generate(client, 'remove-elements', {
      state_image: othersImage,
      masked_image: png(mask),
    });
    expect(stolen.json<{ errors: Record<string, string[]> }>().errors.state_image).toEqual([
      'Must be one of your stored images',
    ]);
    expect(engine.requests).toHaveLength(0);
    expect(await balance(userId)).toBe(10);
    expect(await ledgerEntries(harness.db, userId)).toHaveLength(1);
  });

  it('runs the assistant through the planned action and charges what that action costs; refuses what it cannot do for free', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    const refused = await generate(client, 'ai-assistant', {
      state_image: state,
      masked_image: png(mask),
      prompt: 'make the room bigger',
      quantity: '2',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain('make the room bigger');
    expect(await balance(userId)).toBe(10);

    const painted = await generate(client, 'ai-assistant', {
      state_image: state,
      masked_image: png(mask),
      prompt: 'paint the walls #336699',
      quantity: '2',
    });
    expect(painted.statusCode, painted.body).toBe(200);
    // A paint plan makes one design and costs what wall paint costs: 1 credit.
    expect(painted.json<GenerationAnswer>()).toMatchObject({ remainingCredits: 9 });
    expect(painted.json<GenerationAnswer>().images).toHaveLength(1);
    expect(engine.requests[0]).toMatchObject({ op: 'wall_paint', colour: { hex: '#336699' } });

    const removed = await generate(client, 'ai-assistant', {
      state_image: state,
      masked_image: png(mask),
      prompt: 'remove the sofa',
      quantity: '2',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(engine.requests[1]).toMatchObject({ op: 'remove_elements', quantity: 2 });
    // Remove elements: 1 credit a design.
    expect(await balance(userId)).toBe(9 - 2);
  });

  it('finds what the instruction names without a mask, and charges nothing when it is not there', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    // The fake engine's room: a sofa in the lower middle, the walls below the top third.
    const removed = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'remove the sofa',
      quantity: '1',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const removal = engine.requests[0];
    if (removal?.op !== 'remove_elements') throw new Error('expected remove_elements');
    const { data, info } = await sharp(removal.mask)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[Math.round(y) * info.width + Math.round(x)] ?? 0;
    expect(at(info.width / 2, (info.height * 3) / 4)).toBe(255);
    expect(at(info.width / 2, info.height / 4)).toBe(0);
    expect(await balance(userId)).toBe(10 - 1);

    const missing = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'remove the piano',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ message: string }>().message).toBe(
      "I couldn't find a piano in this photo. Paint over it with the brush, or try another instruction.",
    );
    expect(engine.requests).toHaveLength(1);
    expect(await balance(userId)).toBe(9);

    const restyled = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'make it warmer and cosier',
      quantity: '2',
    });
    expect(restyled.statusCode, restyled.body).toBe(200);
    expect(engine.requests[1]).toMatchObject({ op: 'architectural_style', quantity: 2 });
    // Architectural style: 2 credits a design.
    expect(await balance(userId)).toBe(9 - 4);

    const walls = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'paint the walls sage green',
    });
    expect(walls.statusCode, walls.body).toBe(200);
    expect(engine.requests[2]).toMatchObject({ op: 'wall_paint', colour: { hex: '#9caf88' } });
    expect(await balance(userId)).toBe(5 - 1);

    // Without a mask and naming nothing, it asks where.
    const nowhere = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'remove this',
    });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json<{ message: string }>().message).toMatch(/^Paint the area to change first/);
    const noPlace = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'add a plant',
    });
    expect(noPlace.statusCode).toBe(422);
    expect(noPlace.json<{ message: string }>().message).toBe(
      'Paint where it should go first: the assistant adds it in the marked area.',
    );
    expect(await balance(userId)).toBe(4);
  });

  it('redesigns the room for "make it Scandinavian" as the Architectural style tool does, within the budget, at its cost', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    const tool = await generate(client, 'architectural-style', {
      state_image: state,
      design_style: 'Scandinavian',
      budget_max: '1000',
      quantity: '1',
    });
    expect(tool.statusCode, tool.body).toBe(200);
    const assistant = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'make it Scandinavian',
      budget_max: '1000',
      quantity: '1',
    });
    expect(assistant.statusCode, assistant.body).toBe(200);
    const [byTool, byAssistant] = engine.requests;
    if (byTool?.op !== 'architectural_style' || byAssistant?.op !== 'architectural_style') {
      throw new Error('expected two restyles');
    }
    // The same redesign: walls, floor and the swap that fits the budget, not the grade alone.
    const plan = byAssistant.plans?.[0];
    expect(plan?.walls?.hex).toBe('#f4f2ec');
    expect(plan?.floor?.id).toBeTruthy();
    expect(plan?.swaps?.map((swap) => swap.product.id)).toEqual(['sofa-lund']);
    expect(byAssistant.strength).toBe(byTool.strength);
    expect(plan?.walls).toEqual(byTool.plans?.[0]?.walls);
    expect(plan?.floor?.id).toBe(byTool.plans?.[0]?.floor?.id);
    const answer = assistant.json<GenerationAnswer>();
    expect(answer.used[0]?.paints).toEqual([expect.objectContaining({ hex: '#f4f2ec' })]);
    expect(answer.used[0]?.products).toEqual([
      expect.objectContaining({ id: 'sofa-lund', price: 74_900, currency: 'EUR' }),
    ]);
    expect(answer.used).toEqual(tool.json<GenerationAnswer>().used);
    // Both charged what a restyle costs: 2 credits a design.
    expect(await balance(userId)).toBe(10 - 2 - 2);

    // Over budget the assistant keeps the sofa and says so, as the tool does.
    const tight = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'make it Scandinavian',
      budget_max: '500',
      quantity: '1',
    });
    expect(tight.statusCode, tight.body).toBe(200);
    expect(tight.json<GenerationAnswer>().notices).toContain(
      messages.restyleKeptForBudget.replace('{item}', 'sofa'),
    );
    expect(tight.json<GenerationAnswer>().used[0]?.products).toEqual([]);
  });

  it("restyles as deep as the words ask, in the design mode of that depth, at the restyle's cost", async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    const restyles = () =>
      engine.requests.flatMap((request) => (request.op === 'architectural_style' ? [request] : []));
    // Each instruction beside the tool in the mode it should run; the assistant names the style,
    // or leaves it to the design's (design_style).
    const cases = [
      { prompt: 'Scandinavian, just change the colours', mode: 'subtle', style: undefined },
      { prompt: 'only repaint', mode: 'subtle', style: 'Scandinavian' },
      { prompt: 'new floor and colours', mode: 'balanced', style: 'Scandinavian' },
      { prompt: 'make it Scandinavian', mode: undefined, style: undefined },
      { prompt: 'redesign', mode: undefined, style: 'Scandinavian' },
    ];
    for (const { prompt, mode, style } of cases) {
      await setBalance(userId, 10);
      const tool = await generate(client, 'architectural-style', {
        state_image: state,
        design_style: 'Scandinavian',
        ...(mode ? { design_mode: mode } : {}),
        budget_max: '1000',
        quantity: '2',
      });
      expect(tool.statusCode, tool.body).toBe(200);
      // The tool's restyle costs 2 credits × 2 designs, whatever its mode…
      expect(await balance(userId), prompt).toBe(10 - 4);
      const assistant = await generate(client, 'ai-assistant', {
        state_image: state,
        prompt,
        ...(style ? { design_style: style } : {}),
        budget_max: '1000',
        quantity: '2',
      });
      expect(assistant.statusCode, assistant.body).toBe(200);
      const [byTool, byAssistant] = restyles().slice(-2);
      // The same restyle as the tool in that mode: strength, and what each variant changes.
      expect(byAssistant?.strength, prompt).toBe(byTool?.strength);
      expect(byAssistant?.plans, prompt).toEqual(byTool?.plans);
      const plan = byAssistant?.plans?.[0];
      expect(plan?.walls, prompt).toBeTruthy();
      expect(Boolean(plan?.floor), prompt).toBe(mode !== 'subtle');
      expect(plan?.swaps?.length ?? 0, prompt).toBe(mode === undefined ? 1 : 0);
      // …and so does the assistant's.
      expect(await balance(userId), prompt).toBe(10 - 4 - 4);
    }
    await setBalance(userId, 10);

    // No style in the words nor on the design: it asks which, and charges nothing.
    const before = engine.requests.length;
    const unstyled = await generate(client, 'ai-assistant', {
      state_image: state,
      prompt: 'just change the colours',
    });
    expect(unstyled.statusCode).toBe(422);
    expect(unstyled.json<{ message: string }>().message).toBe(messages.assistantWhichStyle);
    expect(engine.requests).toHaveLength(before);
    expect(await balance(userId)).toBe(10);
  });

  it('places the chosen or best-fitting catalogue product for add elements and furniture', async () => {
    const { client } = await newUser();
    const state = await storedPhoto(client);
    const added = await generate(client, 'add-elements', {
      state_image: state,
      masked_image: png(mask),
      design_style: 'Scandinavian',
      prompt: 'a comfy sofa',
      space_type: 'residential',
      budget_min: '100',
      budget_max: '1000',
      quantity: '1',
    });
    expect(added.statusCode, added.body).toBe(200);
    const request = engine.requests[0];
    expect(request?.op).toBe('add_elements');
    if (request?.op !== 'add_elements') return;
    expect(request.products[0]).toMatchObject({
      id: 'sofa-lund',
      category: 'sofa',
      dimensions: { width: 214, depth: 93, height: 82 },
      colour: '#d8ccb6',
    });
    expect(request.products[0]?.model).toBeDefined();

    const replaced = await generate(client, 'furniture', {
      state_image: state,
      furniture: 'Sofa',
      'box[0][x]': '100',
      'box[0][y]': '150',
      'box[1][x]': '300',
      'box[1][y]': '150',
      'box[2][x]': '300',
      'box[2][y]': '250',
      'box[3][x]': '100',
      'box[3][y]': '250',
      product_id: 'sofa-lund',
      color: '#d8ccb6',
      quantity: '1',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const furniture = engine.requests[1];
    expect(furniture?.op).toBe('change_furniture');
    if (furniture?.op !== 'change_furniture') return;
    // The outline became a mask of the state image's size, selected inside the outline only.
    const { data, info } = await sharp(furniture.mask)
      .extractChannel(3)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([SIZE.width, SIZE.height]);
    expect(data[200 * info.width + 200]).toBe(255);
    expect(data[50 * info.width + 50]).toBe(0);
    expect(data[200 * info.width + 350]).toBe(0);
  });

  it('composites an imported product from its cut-out in the catalogue storage', async () => {
    const { client } = await newUser();
    const state = await storedPhoto(client);
    const cutout = await sharp({
      create: { width: 40, height: 60, channels: 4, background: { r: 30, g: 90, b: 40, alpha: 1 } },
    })
      .png()
      .toBuffer();
    await createLocalStorage(harness.config.catalogueDir).put(
      'imported-fern-cutout.png',
      cutout,
      'image/png',
    );
    await insertProduct(
      harness.db,
      {
        id: 'imported-fern',
        category: 'plant',
        maker: 'Greenhouse',
        name: 'Boston Fern',
        price: 2_900,
        currency: 'EUR',
        description: 'A fern in a clay pot.',
        colors: JSON.stringify([{ name: 'Green', hex: '#3e6b3a' }]),
        width_cm: 40,
        depth_cm: 40,
        height_cm: 60,
        materials: JSON.stringify(['Clay']),
        distributor: 'Greenhouse',
        image: 'imported-fern-cutout.png',
        cutout: 'imported-fern-cutout.png',
        product_url: 'https://example.com/fern',
        created_at: clock.now().toISOString(),
      },
      [],
      ['residential'],
    );
    const added = await generate(client, 'add-elements', {
      state_image: state,
      masked_image: png(mask),
      design_style: 'Bohemian',
      prompt: 'add plants',
      quantity: '2',
    });
    expect(added.statusCode, added.body).toBe(200);
    const request = engine.requests[0];
    if (request?.op !== 'add_elements') throw new Error('expected add_elements');
    expect(request.products).toHaveLength(1);
    expect(request.products[0]).toMatchObject({ id: 'imported-fern', colour: '#3e6b3a' });
    expect(request.products[0]?.model).toBeUndefined();
    expect(request.products[0]?.cutout?.equals(cutout)).toBe(true);

    // The assistant plans a floor from the texture library (rendered when no catalogue is built).
    const floored = await generate(client, 'ai-assistant', {
      state_image: state,
      masked_image: png(mask),
      prompt: 'oak herringbone floor',
      quantity: '3',
    });
    expect(floored.statusCode, floored.body).toBe(200);
    expect(floored.json<GenerationAnswer>().images).toHaveLength(1);
    const floors = engine.requests[1];
    if (floors?.op !== 'floors') throw new Error('expected floors');
    const texture = await sharp(floors.texture.image).metadata();
    expect(texture.width).toBeGreaterThan(0);
    expect(floors.texture.tileSizeCm).toBeGreaterThan(0);
  });

  it('lists furniture replacements of the element category within the budget', async () => {
    const { client } = await newUser();
    const within = await client.post('/api/actions/get/furniture-replacements', {
      furniture: 'Sofa',
      budget_min: 500,
      budget_max: 1000,
      design_style: 'Scandinavian',
    });
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json<{ data: { id: string }[] }>().data.map((p) => p.id)).toEqual(['sofa-lund']);
    const below = await client.post('/api/actions/get/furniture-replacements', {
      furniture: 'Sofa',
      budget_max: 500,
    });
    expect(below.json<{ data: unknown[] }>().data).toEqual([]);
    const chairs = await client.post('/api/actions/get/furniture-replacements', {
      furniture: 'Chair',
    });
    expect(chairs.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('detects space elements on an upload (stored as the new base image) and segments from clicks', async () => {
    const { client, userId } = await newUser();
    const detected = await client.post(
      '/api/actions/get/space-elements',
      form({ base_image: file(photo, 'room.jpg', 'image/jpeg') }),
    );
    expect(detected.statusCode, detected.body).toBe(200);
    const answer = detected.json<{
      baseImage: string;
      elements: { label: string; box: { x: number; y: number }[] }[];
      remainingCredits: number;
    }>();
    expect(answer.baseImage).toMatch(/^\/api\/files\/.+\.jpg$/);
    expect((await client.get(answer.baseImage)).statusCode).toBe(200);
    expect(answer.elements[0]?.label).toBe('Sofa');
    expect(answer.elements[0]?.box).toHaveLength(4);
    expect(answer.remainingCredits).toBe(10);

    const segmented = await client.post('/api/actions/get/segment', {
      image: answer.baseImage,
      points: [{ x: 100, y: 100, label: 1 }],
    });
    expect(segmented.statusCode, segmented.body).toBe(200);
    const dataUrl = segmented.json<{ mask: string }>().mask;
    expect(dataUrl).toMatch(/^data:image\/png;base64,/);
    const maskMeta = await sharp(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')).metadata();
    expect([maskMeta.width, maskMeta.height]).toEqual([SIZE.width, SIZE.height]);

    const outside = await client.post('/api/actions/get/segment', {
      image: answer.baseImage,
      points: [{ x: SIZE.width + 5, y: 1, label: 1 }],
    });
    expect(outside.statusCode).toBe(422);
    expect(await balance(userId)).toBe(10);
  });

  it('answers a surface of a stored photo by name, free, and only for its owner', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    const ceiling = await client.post('/api/actions/get/surface', {
      image: state,
      surface: 'ceiling',
    });
    expect(ceiling.statusCode, ceiling.body).toBe(200);
    const dataUrl = ceiling.json<{ mask: string }>().mask;
    expect(dataUrl).toMatch(/^data:image\/png;base64,/);
    const maskMeta = await sharp(Buffer.from(dataUrl.split(',')[1] ?? '', 'base64')).metadata();
    expect([maskMeta.width, maskMeta.height]).toEqual([SIZE.width, SIZE.height]);

    const unknown = await client.post('/api/actions/get/surface', {
      image: state,
      surface: 'Front wall',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('wall-front');

    const stranger = await newUser();
    const theirs = await stranger.client.post('/api/actions/get/surface', {
      image: state,
      surface: 'wall-front',
    });
    expect(theirs.statusCode).toBe(422);
    expect(await balance(userId)).toBe(10);
  });

  it('lays a floor from an uploaded sample, and changes a material with its library texture', async () => {
    const { client, userId } = await newUser();
    const state = await storedPhoto(client);
    const sample = await sharp(photo)
      .extract({ left: 0, top: 0, width: 64, height: 64 })
      .png()
      .toBuffer();
    const floored = await generate(client, 'floors', {
      state_image: state,
      texture_image: png(sample, 'oak.png'),
      quantity: '4',
    });
    expect(floored.statusCode, floored.body).toBe(200);
    expect(floored.json<GenerationAnswer>().images).toHaveLength(1);
    expect(engine.requests[0]).toMatchObject({ op: 'floors', quantity: 1, rug: 'keep' });

    const changed = await generate(client, 'change-material', {
      state_image: state,
      masked_image: png(mask),
      color: '#8B5A2B',
      material: 'oak',
      material_type: 'Wood',
      space_type: 'residential',
      quantity: '1',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const request = engine.requests[1];
    expect(request).toMatchObject({ op: 'change_material', colour: '#8b5a2b' });
    if (request?.op !== 'change_material') return;
    const texture = await sharp(request.texture?.image).metadata();
    expect(texture.width).toBeGreaterThan(0);
    expect(await balance(userId)).toBe(10 - 1 - 1);
  });

  it('lays the floor over the rugs when the user unticks "Keep rugs" (issue 10)', async () => {
    const { client } = await newUser();
    const state = await storedPhoto(client);
    const floored = await generate(client, 'floors', {
      state_image: state,
      texture_image: png(mask, 'oak.png'),
      rug: 'replace',
    });
    expect(floored.statusCode, floored.body).toBe(200);
    expect(engine.requests[0]).toMatchObject({ op: 'floors', rug: 'replace' });
  });
});
