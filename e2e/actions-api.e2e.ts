// Every AI action through the BUILT server over loopback HTTP, with the real local engine on a real
// room photo: what each costs, what it answers, and that bad input costs nothing.
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fractionRectShape, maskPng } from '../packages/engine/src/test-support/photos';
import {
  outboxMailbox,
  registerVerifiedUser,
  type ApiResponse,
  type ApiSession,
} from './support/api';
import { repoRoot, startAppServer, type AppServer } from './support/app-server';

const ROOM = path.join(repoRoot, '../shared/assets/rooms/living-room-1.jpg');

interface Generated {
  images: string[];
  remainingCredits: number;
}

let server: AppServer;
let width = 0;
let height = 0;
let photo: Buffer;

beforeAll(async () => {
  server = await startAppServer();
  photo = await sharp(await readFile(ROOM))
    .rotate()
    .resize(1200, 1200, { fit: 'inside' })
    .jpeg({ quality: 90 })
    .toBuffer();
  ({ width, height } = await sharp(photo).metadata());
});
afterAll(() => server.stop());

/** A mask PNG (white inside the rectangle, given in fractions of the photo), no alpha. */
function mask(rect: [number, number, number, number], size = { width, height }) {
  return maskPng(size.width, size.height, fractionRectShape(rect, size.width, size.height));
}

function form(fields: Record<string, string | Buffer>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.set(name, value);
    else body.set(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), `${name}.png`);
  }
  return body;
}

async function credits(session: ApiSession) {
  const { data } = (await session.expect(200, 'GET', '/api/auth/user')) as {
    data: { available_credits: number };
  };
  return data.available_credits;
}

/** A verified user (so holding the signup bonus) with the photo stored as theirs (detection is free). */
async function userWithPhoto() {
  const { session } = await registerVerifiedUser(server.url, outboxMailbox(server.dataDir));
  const upload = new FormData();
  upload.set('base_image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'room.jpg');
  const answer = await session.postForm('/api/actions/get/space-elements', upload);
  expect(answer.status).toBe(200);
  const body = answer.body as {
    baseImage: string;
    elements: { label: string }[];
    remainingCredits: number;
  };
  return { session, body };
}

function generated(response: ApiResponse, quantity: number) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const body = response.body as Generated;
  expect(body.images).toHaveLength(quantity);
  return body;
}

/** The user's new image, fetched as they would, decoded. */
async function fetchImage(session: ApiSession, url: string) {
  const cookie = [...session.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  const response = await fetch(`${server.url}${url}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return sharp(Buffer.from(await response.arrayBuffer()))
    .raw()
    .toBuffer({ resolveWithObject: true });
}

describe('every action over HTTP with the real engine', () => {
  it('detects the elements of the photo for free and stores it as the user’s', async () => {
    const { session, body } = await userWithPhoto();
    expect(body.baseImage).toMatch(/^\/api\/files\//);
    expect(body.elements.map((e) => e.label)).toContain('Sofa');
    expect(body.remainingCredits).toBe(10);
    expect(await credits(session)).toBe(10);
  });

  it('paints, floors, changes a material, removes and restyles, each charged its price', async () => {
    const { session, body } = await userWithPhoto();
    const state = body.baseImage;
    const wall = await mask([0.02, 0.05, 0.3, 0.4]);

    const paint = generated(
      await session.postForm(
        '/api/actions/generate/wall-paint',
        form({ state_image: state, masked_image: wall, color: '#9caf88', quantity: '1' }),
      ),
      1,
    );
    expect(paint.remainingCredits).toBe(9);
    const painted = await fetchImage(session, paint.images[0] ?? '');
    expect([painted.info.width, painted.info.height]).toEqual([width, height]);

    const floors = generated(
      await session.postForm(
        '/api/actions/generate/floors',
        form({ state_image: state, texture_url: await firstFloorTexture(session) }),
      ),
      1,
    );
    expect(floors.remainingCredits).toBe(8);

    const material = generated(
      await session.postForm(
        '/api/actions/generate/change-material',
        form({
          state_image: state,
          masked_image: await mask([0.22, 0.58, 0.7, 0.8]),
          color: '#1f6b4f',
          material: 'Velvet',
          material_type: 'Fabric',
          quantity: '1',
          space_type: 'residential',
        }),
      ),
      1,
    );
    expect(material.remainingCredits).toBe(7);

    const removed = generated(
      await session.postForm(
        '/api/actions/generate/remove-elements',
        form({ state_image: state, masked_image: await mask([0.02, 0.45, 0.14, 0.8]) }),
      ),
      1,
    );
    expect(removed.remainingCredits).toBe(6);

    const styled = generated(
      await session.postForm(
        '/api/actions/generate/architectural-style',
        form({
          state_image: state,
          design_style: 'japandi',
          design_mode: 'balanced',
          quantity: '2',
          space_type: 'residential',
          space_sub_type: 'living_room',
        }),
      ),
      2,
    );
    expect(styled.remainingCredits).toBe(2);
    const [a, b] = await Promise.all(styled.images.map((url) => fetchImage(session, url)));
    let difference = 0;
    for (let i = 0; i < (a?.data.length ?? 0); i++) {
      difference += Math.abs((a?.data[i] ?? 0) - (b?.data[i] ?? 0));
    }
    expect(difference / (a?.data.length ?? 1)).toBeGreaterThan(1);
    expect(await credits(session)).toBe(2);
  });

  it('adds a product, swaps the sofa and follows an instruction', async () => {
    const { session, body } = await userWithPhoto();
    const state = body.baseImage;
    const added = generated(
      await session.postForm(
        '/api/actions/generate/add-elements',
        form({
          state_image: state,
          masked_image: await mask([0.56, 0.42, 0.7, 0.9]),
          design_style: 'scandinavian',
          prompt: 'a plant',
          quantity: '1',
          space_type: 'residential',
          space_sub_type: 'living_room',
        }),
      ),
      1,
    );
    expect(added.remainingCredits).toBe(8);

    const options = (await session.expect(200, 'POST', '/api/actions/get/furniture-replacements', {
      furniture: 'Sofa',
    })) as { data: { id: string; colors: { hex: string }[] }[] };
    const sofa = options.data[0];
    if (!sofa) throw new Error('no sofa in the catalogue');
    const box = { x0: 0.2 * width, y0: 0.57 * height, x1: 0.72 * width, y1: 0.86 * height };
    const swapped = generated(
      await session.postForm(
        '/api/actions/generate/furniture',
        form({
          state_image: state,
          furniture: 'Sofa',
          'box[0][x]': String(box.x0),
          'box[0][y]': String(box.y0),
          'box[1][x]': String(box.x1),
          'box[1][y]': String(box.y0),
          'box[2][x]': String(box.x1),
          'box[2][y]': String(box.y1),
          'box[3][x]': String(box.x0),
          'box[3][y]': String(box.y1),
          product_id: sofa.id,
          color: sofa.colors[0]?.hex ?? '#9a9a96',
          quantity: '1',
        }),
      ),
      1,
    );
    expect(swapped.remainingCredits).toBe(6);

    const assisted = generated(
      await session.postForm(
        '/api/actions/generate/ai-assistant',
        form({
          state_image: state,
          masked_image: await mask([0.02, 0.05, 0.3, 0.4]),
          prompt: 'paint this wall sage green',
          quantity: '1',
        }),
      ),
      1,
    );
    // The assistant costs what the action it runs costs: wall paint, 1 credit.
    expect(assisted.remainingCredits).toBe(5);
  });

  it('answers 422 to bad input and charges nothing', async () => {
    const { session, body } = await userWithPhoto();
    const state = body.baseImage;
    const cases: [string, Record<string, string | Buffer>][] = [
      [
        'wall-paint',
        {
          state_image: state,
          masked_image: await mask([0, 0, 0.5, 0.5], { width: width - 1, height }),
          color: '#9caf88',
        },
      ],
      ['wall-paint', { state_image: state, masked_image: await mask([0, 0, 0.5, 0.5]) }],
      ['architectural-style', { state_image: state, design_style: 'no-such-style' }],
      [
        'remove-elements',
        { state_image: state, masked_image: await mask([0, 0, 0.5, 0.5]), quantity: '5' },
      ],
      [
        'ai-assistant',
        {
          state_image: state,
          masked_image: await mask([0, 0, 0.5, 0.5]),
          prompt: 'make the room twice as big',
        },
      ],
    ];
    for (const [action, fields] of cases) {
      const response = await session.postForm(`/api/actions/generate/${action}`, form(fields));
      expect(response.status, `${action} ${JSON.stringify(response.body)}`).toBe(422);
    }
    expect(await credits(session)).toBe(10);
  });
});

async function firstFloorTexture(session: ApiSession) {
  const { data } = (await session.expect(200, 'GET', '/api/library/textures?kind=floor')) as {
    data: { image_url: string }[];
  };
  const url = data[0]?.image_url;
  if (!url) throw new Error('no floor textures in the library');
  return url;
}
