import { uploadErrors, type Design } from '@roomcraft/contracts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBomb, roomPhoto, sidewaysJpeg, transparentPng } from '../../test-support/images';
import { createLocalStorage } from '../../platform/storage';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { ImagesService } from '../images/images.service';
import {
  TestClient,
  aPerson,
  databaseTargets,
  manualClock,
  startTestApp,
} from '../../test-support/test-app';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const jpeg = (bytes: Buffer, name = 'room.jpg', type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

function designForm(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

describe.each(await databaseTargets())('designs API on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  let photo: Buffer;
  const clock = manualClock(new Date('2026-11-21T09:00:00.000Z'));

  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url, clock });
    photo = roomPhoto();
  });
  afterAll(() => harness.close());

  const storedFiles = () => {
    const root = harness.config.filesDir;
    try {
      return readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
    } catch {
      return [];
    }
  };

  async function newUser() {
    const client = await new TestClient(harness.app).csrf();
    const response = await client.post('/api/auth/register', aPerson());
    expect(response.statusCode).toBe(201);
    return client;
  }

  async function createDesign(client: TestClient, fields: Record<string, string | File> = {}) {
    const response = await client.post(
      '/api/designs',
      designForm({
        base_image: jpeg(photo),
        space_type: 'residential',
        space_sub_type: 'living_room',
        ...fields,
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Design }>().data;
  }

  const imageOf = async (client: TestClient, url: string) => {
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    return { response, metadata: await sharp(response.rawPayload).metadata() };
  };

  it('creates a design from every kind of field, and reads it back', async () => {
    const client = await newUser();
    const first = await createDesign(client);
    const design = await createDesign(client, {
      name: 'Sunny lounge',
      budget_min: '500',
      budget_max: '2500',
      design_mode: 'balanced',
      design_style: 'Scandinavian',
      state_is_base: '0',
      state_image: first.base_image,
      inspiration_image: jpeg(await transparentPng(), 'mood.png', 'image/png'),
      'generated_images[paints][0][name]': 'Wall paint 1',
      'generated_images[paints][0][imageUrl]': first.base_image,
      'space_elements[0][label]': 'Sofa',
      'space_elements[0][box][0][x]': '10.5',
      'space_elements[0][box][0][y]': '20',
      'space_elements[0][box][1][x]': '200',
      'space_elements[0][box][1][y]': '220',
    });
    expect(design).toMatchObject({
      name: 'Sunny lounge',
      budget_min: 500,
      budget_max: 2500,
      design_mode: 'balanced',
      design_style: 'Scandinavian',
      state_is_base: false,
      space_type: 'residential',
      space_sub_type: 'living_room',
      // The first design's image is copied for this one: each image belongs to one design.
      generated_images: { paints: [{ name: 'Wall paint 1', imageUrl: design.state_image }] },
      space_elements: [
        {
          label: 'Sofa',
          box: [
            { x: 10.5, y: 20 },
            { x: 200, y: 220 },
          ],
        },
      ],
    });
    expect(design.base_image).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{32}\.jpg$/);
    expect(design.state_image).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{32}\.jpg$/);
    expect(design.state_image).not.toBe(first.base_image);
    expect((await imageOf(client, design.state_image)).response.rawPayload).toEqual(
      (await imageOf(client, first.base_image)).response.rawPayload,
    );
    expect(design.inspiration_image).toMatch(/\.png$/);
    const read = await client.get(`/api/designs/${design.id}`);
    expect(read.json<{ data: Design }>().data).toEqual(design);

    const list = await client.get('/api/designs');
    expect(list.json<{ data: Design[] }>().data.map((item) => item.id)).toEqual([
      design.id,
      first.id,
    ]);
  });

  it('keeps space elements with their outlines, even when their points run to thousands of fields', async () => {
    const client = await newUser();
    // Twelve elements of 80-point outlines: 2 000 fields, beyond a 1 000-part default.
    const fields: Record<string, string> = {};
    for (let e = 0; e < 12; e++) {
      fields[`space_elements[${e}][label]`] = `Lamp ${e}`;
      for (let k = 0; k < 4; k++) {
        fields[`space_elements[${e}][box][${k}][x]`] = String(k * 10);
        fields[`space_elements[${e}][box][${k}][y]`] = String(k * 5);
      }
      for (let k = 0; k < 80; k++) {
        fields[`space_elements[${e}][polygon][${k}][x]`] = String(
          100 + Math.round(50 * Math.cos(k)),
        );
        fields[`space_elements[${e}][polygon][${k}][y]`] = String(
          100 + Math.round(50 * Math.sin(k)),
        );
      }
    }
    const design = await createDesign(client, fields);
    expect(design.space_elements).toHaveLength(12);
    expect(design.space_elements[11]?.polygon).toHaveLength(80);
    expect(design.space_elements[11]?.polygon?.[1]).toEqual({
      x: 100 + Math.round(50 * Math.cos(1)),
      y: 100 + Math.round(50 * Math.sin(1)),
    });
  });

  it('names an unnamed design after its sub type and the date, and starts its state at the base', async () => {
    const client = await newUser();
    const design = await createDesign(client);
    expect(design.name).toBe('Living room - 21-11-2026');
    expect(design.state_image).toBe(design.base_image);
    expect(design.state_is_base).toBe(true);
  });

  it('serves stored images to their owner only, upright, stripped and cacheable', async () => {
    const client = await newUser();
    const design = await createDesign(client, { base_image: jpeg(await sidewaysJpeg()) });
    const { response, metadata } = await imageOf(client, design.base_image);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect([metadata.width, metadata.height]).toEqual([200, 400]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();

    const stranger = await newUser();
    expect((await stranger.get(design.base_image)).statusCode).toBe(404);
    expect((await new TestClient(harness.app).get(design.base_image)).statusCode).toBe(401);
    expect((await client.get('/api/files/..%2F..%2Fsession-secret')).statusCode).toBe(404);
  });

  it('keeps the transparency of a PNG and caps the long side of a large photo', async () => {
    const client = await newUser();
    const png = await createDesign(client, {
      base_image: jpeg(await transparentPng(), 'cut.png', 'image/png'),
    });
    expect((await imageOf(client, png.base_image)).metadata).toMatchObject({
      format: 'png',
      hasAlpha: true,
    });

    const huge = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#808080' },
    })
      .jpeg()
      .toBuffer();
    const capped = await createDesign(client, { base_image: jpeg(huge) });
    expect((await imageOf(client, capped.base_image)).metadata).toMatchObject({
      width: 2560,
      height: 1920,
    });
  });

  describe('refuses bad uploads with the spec codes, storing nothing', () => {
    it('a request without a base image', async () => {
      const client = await newUser();
      const before = storedFiles().length;
      const response = await client.post(
        '/api/designs',
        designForm({ space_type: 'residential', space_sub_type: 'bedroom' }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'no_file_received',
        message: uploadErrors.no_file_received,
      });
      const notMultipart = await client.post('/api/designs', { space_type: 'residential' });
      expect(notMultipart.json()).toMatchObject({ code: 'no_file_received' });
      expect(storedFiles()).toHaveLength(before);
    });

    it('a text file named .jpg and sent as image/jpeg', async () => {
      const client = await newUser();
      const before = storedFiles().length;
      const response = await client.post(
        '/api/designs',
        designForm({
          base_image: jpeg(Buffer.from('just some text, honestly')),
          space_type: 'residential',
          space_sub_type: 'bedroom',
        }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'invalid_extension',
        message: 'Only image files are acceptable',
      });
      expect(storedFiles()).toHaveLength(before);
    });

    it('a file over the size limit', async () => {
      const client = await newUser();
      const before = storedFiles().length;
      const big = Buffer.concat([photo, Buffer.alloc(16 * 1024 * 1024)]);
      const response = await client.post(
        '/api/designs',
        designForm({ base_image: jpeg(big), space_type: 'residential', space_sub_type: 'bedroom' }),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'file_too_large',
        message: 'Selected image is too large',
      });
      expect(storedFiles()).toHaveLength(before);
      expect((await client.get('/api/designs')).json<{ data: unknown[] }>().data).toEqual([]);
    });

    it('a decompression bomb, quickly and without decoding it', async () => {
      const client = await newUser();
      const rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      const response = await client.post(
        '/api/designs',
        designForm({
          base_image: jpeg(pngBomb(), 'bomb.png', 'image/png'),
          space_type: 'residential',
          space_sub_type: 'bedroom',
        }),
      );
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'file_too_large' });
      // Decoding would need ~10 GB and many seconds; the header check needs neither.
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
      expect(elapsed).toBeLessThan(2000);
    });

    it('a malformed multipart body', async () => {
      const client = await newUser();
      const before = storedFiles().length;
      const response = await client.request(
        'POST',
        '/api/designs',
        '--xyz\r\nContent-Disposition: form-data; name="base_image"; filename="a.jpg"\r\n\r\nabc',
        {
          'content-type': 'multipart/form-data; boundary=xyz',
        },
      );
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(storedFiles()).toHaveLength(before);
    });

    it('a budget whose MAX is below its MIN, and an image URL that is not the user’s', async () => {
      const client = await newUser();
      const other = await createDesign(await newUser());
      const before = storedFiles().length;
      const budget = await client.post(
        '/api/designs',
        designForm({
          base_image: jpeg(photo),
          space_type: 'residential',
          space_sub_type: 'bedroom',
          budget_min: '900',
          budget_max: '100',
        }),
      );
      expect(budget.statusCode).toBe(422);
      expect(budget.json()).toMatchObject({
        errors: { budget_max: ['MAX cannot be lower than MIN'] },
      });
      const foreign = await client.post(
        '/api/designs',
        designForm({
          base_image: jpeg(photo),
          state_image: other.base_image,
          space_type: 'residential',
          space_sub_type: 'bedroom',
        }),
      );
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json()).toMatchObject({
        errors: { state_image: ['Must be one of your stored images'] },
      });
      expect(storedFiles()).toHaveLength(before);
    });
  });

  it('updates only the allowed fields with PUT', async () => {
    const client = await newUser();
    const design = await createDesign(client);
    const response = await client.put(`/api/designs/${design.id}`, {
      id: 999,
      user_id: 1,
      created_at: '1999-01-01T00:00:00.000Z',
      name: 'Renamed',
      budget_max: 4000,
      design_style: 'Japandi',
      space_elements: [{ label: 'Bed', box: [{ x: 1, y: 1 }] }],
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<{ data: Design }>().data;
    expect(updated).toMatchObject({
      id: design.id,
      name: 'Renamed',
      budget_max: 4000,
      design_style: 'Japandi',
      created_at: design.created_at,
      space_elements: [{ label: 'Bed' }],
    });
    const bad = await client.put(`/api/designs/${design.id}`, { budget_min: 5000 });
    expect(bad.statusCode).toBe(422);
    expect(
      (await client.get(`/api/designs/${design.id}`)).json<{ data: Design }>().data.budget_min,
    ).toBeNull();
  });

  it('keeps the undo history with the design, for its owner only and within its limit', async () => {
    const client = await newUser();
    // Its own state image stands in for a result the person applied, then undid.
    const design = await createDesign(client, { state_image: jpeg(photo, 'result.jpg') });
    expect(design.history).toBeNull();
    const history = { current: design.state_image, past: [design.base_image], pointer: 0 };
    const saved = await client.put(`/api/designs/${design.id}`, {
      history,
      state_image: design.base_image,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reopened = (await client.get(`/api/designs/${design.id}`)).json<{ data: Design }>().data;
    expect(reopened.history).toEqual(history);
    expect(reopened.state_image).toBe(design.base_image);

    const stranger = await newUser();
    expect((await stranger.put(`/api/designs/${design.id}`, { history })).statusCode).toBe(404);
    const foreign = await stranger.put(`/api/designs/${(await createDesign(stranger)).id}`, {
      history,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({
      errors: { 'history.current': ['Must be one of your stored images'] },
    });

    const tooLong = await client.put(`/api/designs/${design.id}`, {
      history: { ...history, past: Array.from({ length: 101 }, () => design.base_image) },
    });
    expect(tooLong.statusCode).toBe(422);
    const outOfRange = await client.put(`/api/designs/${design.id}`, {
      history: { ...history, pointer: 1 },
    });
    expect(outOfRange.statusCode).toBe(422);
    const kept = (await client.get(`/api/designs/${design.id}`)).json<{ data: Design }>().data;
    expect(kept.history).toEqual(history);
  });

  it("hides another user's design behind 404 on GET, PUT and DELETE", async () => {
    const owner = await newUser();
    const design = await createDesign(owner);
    const stranger = await newUser();
    expect((await stranger.get(`/api/designs/${design.id}`)).statusCode).toBe(404);
    expect((await stranger.put(`/api/designs/${design.id}`, { name: 'Mine now' })).statusCode).toBe(
      404,
    );
    expect((await stranger.delete(`/api/designs/${design.id}`)).statusCode).toBe(404);
    expect((await stranger.get('/api/designs')).json<{ data: unknown[] }>().data).toEqual([]);
    expect((await owner.get(`/api/designs/${design.id}`)).json<{ data: Design }>().data.name).toBe(
      design.name,
    );
    expect((await owner.get('/api/designs/abc')).statusCode).toBe(404);
    expect((await new TestClient(harness.app).get('/api/designs')).statusCode).toBe(401);
  });

  it('deletes a design with its files', async () => {
    const client = await newUser();
    const design = await createDesign(client, { inspiration_image: jpeg(photo) });
    const before = storedFiles().length;
    const response = await client.delete(`/api/designs/${design.id}`);
    expect(response.statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(before - 2);
    expect((await client.get(design.base_image)).statusCode).toBe(404);
    expect((await client.get(`/api/designs/${design.id}`)).statusCode).toBe(404);
  });

  it("gives a design its own copy of another design's image, so deleting one never breaks the other", async () => {
    const client = await newUser();
    const first = await createDesign(client, { inspiration_image: jpeg(photo) });
    const second = await createDesign(client, {
      state_image: first.base_image,
      state_is_base: '0',
      'generated_images[paints][0][name]': 'Wall paint 1',
      'generated_images[paints][0][imageUrl]': first.base_image,
    });
    expect(second.state_image).not.toBe(first.base_image);
    expect(second.generated_images.paints?.[0]?.imageUrl).toBe(second.state_image);
    // PUT may point at the first design's images too: they are copied as well.
    const put = await client.put(`/api/designs/${second.id}`, {
      inspiration_image: first.inspiration_image,
    });
    expect(put.statusCode, put.body).toBe(200);
    const updated = put.json<{ data: Design }>().data;
    expect(updated.inspiration_image).not.toBe(first.inspiration_image);

    expect((await client.delete(`/api/designs/${first.id}`)).statusCode).toBe(200);
    expect((await client.get(first.base_image)).statusCode).toBe(404);
    const kept = (await client.get(`/api/designs/${second.id}`)).json<{ data: Design }>().data;
    const urls = [
      kept.base_image,
      kept.state_image,
      kept.inspiration_image ?? '',
      ...Object.values(kept.generated_images).flatMap((list) => list.map((i) => i.imageUrl)),
    ];
    for (const url of urls) expect((await client.get(url)).statusCode, url).toBe(200);
    // Deleting the second design now removes exactly its own files.
    const before = storedFiles().length;
    expect((await client.delete(`/api/designs/${second.id}`)).statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(before - 3);
  });

  it("still refuses another user's image in a design", async () => {
    const owner = await newUser();
    const design = await createDesign(owner);
    const stranger = await newUser();
    const response = await stranger.post(
      '/api/designs',
      designForm({
        base_image: design.base_image,
        space_type: 'residential',
        space_sub_type: 'living_room',
      }),
    );
    expect(response.statusCode).toBe(422);
    expect((await owner.get(design.base_image)).statusCode).toBe(200);
  });

  it('removes every stored file of an account when the account is deleted', async () => {
    const person = aPerson();
    const client = await new TestClient(harness.app).csrf();
    await client.post('/api/auth/register', person);
    await createDesign(client);
    await createDesign(client);
    const before = storedFiles().length;
    await client.post('/api/auth/user/confirm-password', { password: person.password });
    expect((await client.delete('/api/auth/user')).statusCode).toBe(204);
    expect(storedFiles()).toHaveLength(before - 2);
  });

  // Last: it moves the shared clock a day on.
  it('sweeps images no design uses once they are older than the retention, in several processes at once', async () => {
    const client = await newUser();
    const design = await createDesign(client);
    const me = await client.get('/api/auth/user');
    const userId = me.json<{ data: { id: number } }>().data.id;
    const storage = createLocalStorage(harness.config.filesDir);
    // Two sweepers over one database and one file store, as two server processes would be.
    const sweepers = [0, 1].map(() => new ImagesService({ db: harness.db, storage, clock }));
    const images = sweepers[0];
    if (!images) throw new Error('no sweeper');
    // A detection upload and two unsaved generations nobody kept.
    const orphans = await Promise.all([
      images.ingest(userId, photo, 'base_image'),
      images.storeGenerated(userId, await sharp(photo).png().toBuffer(), { width: 1, height: 1 }),
      images.storeGenerated(userId, await sharp(photo).png().toBuffer(), { width: 1, height: 1 }),
    ]);
    const fileOf = (image: { id: string; ext: string }) =>
      path.join(harness.config.filesDir, image.id.slice(0, 2), `${image.id}.${image.ext}`);
    const present = () => new Set(storedFiles());
    expect(orphans.every((image) => present().has(fileOf(image)))).toBe(true);

    const retention = harness.config.orphanImageRetentionHours * 3_600_000;
    expect(retention).toBe(24 * 3_600_000);
    // Younger than the retention: kept.
    expect(await images.sweepOrphans(retention)).toBe(0);
    clock.advanceMinutes(25 * 60);
    const fresh = await images.ingest(userId, photo, 'base_image');
    const swept = await Promise.all(sweepers.map((sweeper) => sweeper.sweepOrphans(retention)));
    // Every orphan of this test (and any earlier test's) deleted once, by one of the two.
    expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(orphans.length);
    const after = present();
    for (const image of orphans) {
      expect(after.has(fileOf(image))).toBe(false);
      expect(
        await harness.db.selectFrom('images').select('id').where('id', '=', image.id).execute(),
      ).toEqual([]);
      expect((await client.get(`/api/files/${image.id}.${image.ext}`)).statusCode).toBe(404);
    }
    expect(after.has(fileOf(fresh))).toBe(true);
    expect((await client.get(design.base_image)).statusCode).toBe(200);
    expect((await client.get(design.state_image)).statusCode).toBe(200);
  });
});
