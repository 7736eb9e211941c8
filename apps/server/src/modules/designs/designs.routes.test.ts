import { uploadErrors, type Design } from '@roomcraft/contracts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBomb, roomPhoto, sidewaysJpeg, transparentPng } from '../../test-support/images';
import { startSmtpSink } from '../../test-support/smtp-sink';
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
      state_image: first.base_image,
      space_type: 'residential',
      space_sub_type: 'living_room',
      generated_images: { paints: [{ name: 'Wall paint 1', imageUrl: first.base_image }] },
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
});
