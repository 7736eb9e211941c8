import type { Design } from '@roomcraft/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeEngine } from '../../test-support/fake-engine';
import { roomPhoto } from '../../test-support/images';
import { startSmtpSink } from '../../test-support/smtp-sink';
import {
  TestClient,
  databaseTargets,
  registerVerified,
  startTestApp,
} from '../../test-support/test-app';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const photo = await sharp(roomPhoto()).resize({ width: 320 }).jpeg().toBuffer();

function form(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}
const jpeg = () => new File([new Uint8Array(photo)], 'room.jpg', { type: 'image/jpeg' });

/** Values GET /api/config does not offer, and pairs that do not belong together. */
const BAD_SPACES: [type: string, sub: string, field: string][] = [
  ['spaceship', 'living_room', 'space_type'],
  ['residential', 'engine_room', 'space_sub_type'],
  ['outdoor', 'bedroom', 'space_sub_type'],
  ['Residential', 'living_room', 'space_type'],
  ['<script>', 'living_room', 'space_type'],
];

describe.each(await databaseTargets())('space types on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  const engine = new FakeEngine();

  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url, engine });
  });
  afterAll(() => harness.close());

  it('accepts only the configured space types and sub types on designs and generations', async () => {
    const client = await new TestClient(harness.app).csrf();
    await registerVerified(client, smtp);
    const config = (await client.get('/api/config')).json<{
      data: { design: { spaces: { type: string; sub: { type: string }[] }[] } };
    }>().data.design;
    expect(config.spaces.map((space) => space.type)).toContain('residential');

    const created = await client.post(
      '/api/designs',
      form({ base_image: jpeg(), space_type: 'outdoor', space_sub_type: 'garden' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const design = created.json<{ data: Design }>().data;

    const wrong: string[] = [];
    for (const [type, sub, field] of BAD_SPACES) {
      const answers = {
        create: await client.post(
          '/api/designs',
          form({ base_image: jpeg(), space_type: type, space_sub_type: sub }),
        ),
        update: await client.put(`/api/designs/${design.id}`, {
          space_type: type,
          space_sub_type: sub,
        }),
        generate: await client.post(
          '/api/actions/generate/architectural-style',
          form({
            state_image: design.base_image,
            design_style: 'modern',
            space_type: type,
            space_sub_type: sub,
          }),
        ),
      };
      for (const [where, response] of Object.entries(answers)) {
        const errors = response.json<{ errors?: Record<string, string[]> }>().errors ?? {};
        if (response.statusCode !== 422 || !(field in errors)) {
          wrong.push(`${where} ${type}/${sub} → ${response.statusCode} ${response.body}`);
        }
      }
    }
    // A sub type alone must still belong to the design's space type.
    const subOnly = await client.put(`/api/designs/${design.id}`, { space_sub_type: 'kitchen' });
    if (subOnly.statusCode !== 422) wrong.push(`update sub only → ${subOnly.statusCode}`);
    expect(wrong, `${wrong.length} accepted`).toEqual([]);

    const stored = (await client.get(`/api/designs/${design.id}`)).json<{ data: Design }>().data;
    expect([stored.space_type, stored.space_sub_type]).toEqual(['outdoor', 'garden']);
    expect(engine.requests).toHaveLength(0);
    const fine = await client.put(`/api/designs/${design.id}`, { space_sub_type: 'patio' });
    expect(fine.statusCode).toBe(200);
  });
});
