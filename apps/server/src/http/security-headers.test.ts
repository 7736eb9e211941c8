import type { Design } from '@roomcraft/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPhoto } from '../test-support/images';
import { startSmtpSink } from '../test-support/smtp-sink';
import { TestClient, aPerson, databaseTargets, startTestApp } from '../test-support/test-app';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const photo = await sharp(roomPhoto()).resize({ width: 200 }).jpeg().toBuffer();

describe.each(await databaseTargets())('response headers on $name', (target) => {
  let plain: Awaited<ReturnType<typeof startTestApp>>;
  let secure: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    plain = await startTestApp(target, { smtpUrl: smtp.url });
    secure = await startTestApp(target, {
      smtpUrl: smtp.url,
      env: { APP_URL: 'https://roomcraft.example' },
    });
  });
  afterAll(async () => {
    await plain.close();
    await secure.close();
  });

  it('marks every JSON answer of a signed-in user no-store, and leaves image caching alone', async () => {
    const client = await new TestClient(plain.app).csrf();
    const person = aPerson();
    const registered = await client.post('/api/auth/register', person);
    const body = new FormData();
    body.append(
      'base_image',
      new File([new Uint8Array(photo)], 'room.jpg', { type: 'image/jpeg' }),
    );
    body.append('space_type', 'residential');
    body.append('space_sub_type', 'living_room');
    const created = await client.post('/api/designs', body);
    const design = created.json<{ data: Design }>().data;
    const answers = {
      register: registered,
      'create design': created,
      user: await client.get('/api/auth/user'),
      designs: await client.get('/api/designs'),
      design: await client.get(`/api/designs/${design.id}`),
      'update design': await client.put(`/api/designs/${design.id}`, { name: 'Mine' }),
      'password status': await client.get('/api/auth/user/confirmed-password-status'),
      'validation error': await client.put(`/api/designs/${design.id}`, { budget_min: -1 }),
      'not found': await client.get('/api/designs/999999'),
      login: await (await new TestClient(plain.app).csrf()).post('/api/auth/login', person),
    };
    const cached = Object.entries(answers)
      .filter(([, response]) => response.headers['cache-control'] !== 'no-store')
      .map(
        ([name, response]) =>
          `${name} (${response.statusCode}): ${String(response.headers['cache-control'])}`,
      );
    expect(cached, `${cached.length} of ${Object.keys(answers).length}`).toEqual([]);

    // The owner's images stay cacheable in the browser (their URLs never change content).
    const image = await client.get(design.base_image);
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it('sends HSTS only when the app is served over https', async () => {
    const overHttp = await new TestClient(plain.app).get('/api/health');
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const overHttps = await new TestClient(secure.app).get('/api/health');
    expect(overHttps.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });
});
