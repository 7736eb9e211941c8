import type { Design } from '@roomcraft/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPhoto } from '../../test-support/images';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { TestClient, aPerson, databaseTargets, startTestApp } from '../../test-support/test-app';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const [sqlite] = await databaseTargets();
if (!sqlite) throw new Error('SQLite is always a target');

describe('downloading a result', () => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    harness = await startTestApp(sqlite, { smtpUrl: smtp.url });
  });
  afterAll(() => harness.close());

  it('gives the full-resolution image as a named PNG, or JPEG on request, to its owner only', async () => {
    const client = await new TestClient(harness.app).csrf();
    await client.post('/api/auth/register', aPerson());
    const photo = await sharp(roomPhoto()).resize({ width: 1600 }).png().toBuffer();
    const form = new FormData();
    form.append('base_image', new File([new Uint8Array(photo)], 'room.png', { type: 'image/png' }));
    form.append('space_type', 'residential');
    form.append('space_sub_type', 'living_room');
    const design = (await client.post('/api/designs', form)).json<{ data: Design }>().data;

    const png = await client.get(
      `${design.base_image}?download=${encodeURIComponent('Living room · Wall paint 2')}`,
    );
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-disposition']).toBe(
      'attachment; filename="Living-room-Wall-paint-2.png"',
    );
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1600 });

    const jpeg = await client.get(`${design.base_image}?download=Wall%20paint%202&format=jpeg`);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['content-disposition']).toBe('attachment; filename="Wall-paint-2.jpg"');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1600 });

    const stranger = await new TestClient(harness.app).csrf();
    await stranger.post('/api/auth/register', aPerson());
    expect((await stranger.get(`${design.base_image}?download=x`)).statusCode).toBe(404);
  });
});
