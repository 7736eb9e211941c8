import type { GenerationAnswer } from '@roomcraft/contracts';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../modules/credits/credits.service';
import { FakeEngine } from '../test-support/fake-engine';
import { roomPhoto } from '../test-support/images';
import { startS3Server } from '../test-support/s3-server';
import { startSmtpSink } from '../test-support/smtp-sink';
import {
  TestClient,
  aPerson,
  databaseTargets,
  manualClock,
  startTestApp,
} from '../test-support/test-app';
import { createS3Storage } from './s3-storage';

const smtp = await startSmtpSink();
const s3 = await startS3Server();
afterAll(async () => {
  await smtp.close();
  await s3.close();
});

function form(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

const sqlite = (await databaseTargets())[0];
if (!sqlite) throw new Error('SQLite is always a target');

describe('the app with S3_BUCKET set', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  const clock = manualClock();
  const bucket = createS3Storage(s3.settings, 'files/');
  const catalogue = createS3Storage(s3.settings, 'catalogue/');

  beforeAll(async () => {
    harness = await startTestApp(sqlite, {
      smtpUrl: smtp.url,
      clock,
      engine: new FakeEngine(),
      env: s3.env,
      shippedCatalogueDir: path.resolve(import.meta.dirname, '../../catalogue'),
    });
  }, 60_000);
  afterAll(async () => {
    bucket.close();
    catalogue.close();
    await harness.close();
  });

  it('keeps uploads, generated images and catalogue images in the bucket, served through the API', async () => {
    const client = await new TestClient(harness.app).csrf();
    const registered = await client.post('/api/auth/register', aPerson());
    const userId = registered.json<{ data: { id: number } }>().data.id;
    await harness.db.transaction().execute((trx) =>
      changeCredits(trx, {
        userId,
        delta: 5,
        reason: 'adjustment',
        reference: 's3',
        at: clock.now(),
      }),
    );
    const design = await client.post(
      '/api/designs',
      form({
        base_image: new File([new Uint8Array(roomPhoto())], 'room.jpg', { type: 'image/jpeg' }),
        space_type: 'residential',
        space_sub_type: 'living_room',
      }),
    );
    expect(design.statusCode, design.body).toBe(201);
    const state = design.json<{ data: { base_image: string } }>().data.base_image;
    const uploadKey = state.replace('/api/files/', '');
    expect(await bucket.has(uploadKey)).toBe(true);
    const served = await client.get(state);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBeGreaterThan(100);
    // Owner-only: another account cannot read it.
    const stranger = await new TestClient(harness.app, '203.0.113.9').csrf();
    await stranger.post('/api/auth/register', aPerson());
    expect((await stranger.get(state)).statusCode).toBe(404);

    const { width, height } = await sharp(served.rawPayload).metadata();
    const mask = await sharp({
      create: { width, height, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const painted = await client.post(
      '/api/actions/generate/wall-paint',
      form({
        state_image: state,
        masked_image: new File([new Uint8Array(mask)], 'mask.png', { type: 'image/png' }),
        color: '#9CAF88',
      }),
    );
    expect(painted.statusCode, painted.body).toBe(200);
    const generated = painted.json<GenerationAnswer>().images[0] ?? '';
    expect(await bucket.has(generated.replace('/api/files/', ''))).toBe(true);
    expect((await client.get(generated)).statusCode).toBe(200);

    const textures = await client.get('/api/library/textures');
    const image = textures.json<{ data: { image_url: string }[] }>().data[0]?.image_url ?? '';
    expect(image).toMatch(/^\/api\/library\/images\//);
    expect(await catalogue.has(image.replace('/api/library/images/', ''))).toBe(true);
    const texture = await client.get(image);
    expect(texture.statusCode).toBe(200);
    expect(texture.rawPayload.length).toBeGreaterThan(100);
  }, 60_000);
});
