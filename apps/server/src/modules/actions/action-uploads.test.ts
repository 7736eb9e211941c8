import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeEngine } from '../../test-support/fake-engine';
import { pngBomb, roomPhoto } from '../../test-support/images';
import { startSmtpSink } from '../../test-support/smtp-sink';
import {
  TestClient,
  aPerson,
  databaseTargets,
  manualClock,
  startTestApp,
} from '../../test-support/test-app';
import { ledgerEntries } from '../credits/credit-ledger.repository';
import { changeCredits } from '../credits/credits.service';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

const photo = await sharp(roomPhoto()).resize({ width: 320 }).jpeg().toBuffer();
const { width, height } = await sharp(photo).metadata();

/** The probe's 340-byte vector "texture": librsvg renders it for as long as it likes. */
const svg = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><filter id="b"><feGaussianBlur stdDeviation="900"/></filter>${'<rect width="20000" height="20000" fill="#a05" filter="url(#b)"/>'.repeat(2)}</svg>`,
);
/** Small enough for the old header check to let it through to librsvg. */
const smallSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><filter id="b"><feTurbulence baseFrequency="0.9" numOctaves="9"/></filter><rect width="600" height="600" filter="url(#b)"/></svg>',
);
const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const truncatedJpeg = photo.subarray(0, 600);
const text = Buffer.from('just some words, not a picture');
const oversized = Buffer.concat([photo, Buffer.alloc(16 * 1024 * 1024)]);

type Hostile = [
  label: string,
  bytes: Buffer,
  name: string,
  type: string,
  code: string,
  status: number,
];

async function hostileFiles(): Promise<Hostile[]> {
  return [
    ['svg', svg, 'texture.svg', 'image/svg+xml', 'invalid_extension', 422],
    ['small svg', smallSvg, 'swatch.svg', 'image/svg+xml', 'invalid_extension', 422],
    ['svg named png', svg, 'texture.png', 'image/png', 'invalid_extension', 422],
    ['gif', gif, 'texture.gif', 'image/gif', 'invalid_extension', 422],
    ['text', text, 'texture.png', 'image/png', 'invalid_extension', 422],
    ['truncated jpeg', truncatedJpeg, 'texture.jpg', 'image/jpeg', 'invalid_extension', 422],
    ['empty', Buffer.alloc(0), 'texture.png', 'image/png', 'no_file_received', 422],
    ['bomb', pngBomb(), 'texture.png', 'image/png', 'file_too_large', 413],
    ['oversized', oversized, 'texture.jpg', 'image/jpeg', 'file_too_large', 413],
    [
      'tiny png',
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
        .png()
        .toBuffer(),
      'ok.png',
      'image/png',
      'ok',
      200,
    ],
  ];
}

function form(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

const maskPng = () =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

describe.each(await databaseTargets())('uploads to the actions on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;
  const engine = new FakeEngine();
  const clock = manualClock();

  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url, clock, engine });
  });
  afterAll(() => harness.close());

  it('accepts only raster images in every file field, with the spec code, before any charge', async () => {
    const client = await new TestClient(harness.app).csrf();
    const registered = await client.post('/api/auth/register', aPerson());
    const userId = registered.json<{ data: { id: number } }>().data.id;
    await harness.db.transaction().execute((trx) =>
      changeCredits(trx, {
        userId,
        delta: 100,
        reason: 'adjustment',
        reference: 'upload-test',
        at: clock.now(),
      }),
    );
    const design = await client.post(
      '/api/designs',
      form({
        base_image: new File([new Uint8Array(photo)], 'room.jpg', { type: 'image/jpeg' }),
        space_type: 'residential',
        space_sub_type: 'living_room',
      }),
    );
    expect(design.statusCode, design.body).toBe(201);
    const state = design.json<{ data: { base_image: string } }>().data.base_image;
    const mask = new File([new Uint8Array(await maskPng())], 'mask.png', { type: 'image/png' });

    // Each file field of the actions, with what else its form needs.
    const fields: [string, string, Record<string, string | File>][] = [
      ['floors', 'texture_image', { state_image: state }],
      ['wall-paint', 'color_image', { state_image: state, masked_image: mask }],
      ['remove-elements', 'state_image', { masked_image: mask }],
      ['remove-elements', 'masked_image', { state_image: state }],
      ['get/space-elements', 'base_image', {}],
    ];
    const wrong: string[] = [];
    let cases = 0;
    for (const [action, field, rest] of fields) {
      for (const [label, bytes, name, type, code, status] of await hostileFiles()) {
        // A tiny PNG is a fine texture or swatch, not a fine state image or mask.
        if (code === 'ok' && field !== 'texture_image' && field !== 'color_image') continue;
        cases += 1;
        engine.reset();
        const before = (await ledgerEntries(harness.db, userId)).length;
        const url = action.startsWith('get/')
          ? `/api/actions/${action}`
          : `/api/actions/generate/${action}`;
        const response = await client.post(
          url,
          form({ ...rest, [field]: new File([new Uint8Array(bytes)], name, { type }) }),
        );
        const body = response.json<{ code?: string }>();
        const charged = (await ledgerEntries(harness.db, userId)).length - before;
        const ran = engine.requests.length;
        const expectedCharge = code === 'ok' ? 1 : 0;
        if (
          response.statusCode !== status ||
          (code !== 'ok' && body.code !== code) ||
          (code !== 'ok' && (ran !== 0 || charged !== 0)) ||
          (code === 'ok' && charged !== expectedCharge)
        ) {
          wrong.push(
            `${action} ${field} ${label} → ${response.statusCode} ${body.code ?? '-'} (ran ${ran}, ledger +${charged})`,
          );
        }
      }
    }
    // No file at all where detection needs one.
    cases += 1;
    const missing = await client.post('/api/actions/get/space-elements', form({ note: 'x' }));
    if (
      missing.statusCode !== 422 ||
      missing.json<{ code?: string }>().code !== 'no_file_received'
    ) {
      wrong.push(`get/space-elements without a file → ${missing.statusCode} ${missing.body}`);
    }
    expect(wrong, `${wrong.length} of ${cases} uploads handled wrongly`).toEqual([]);
  });
});
