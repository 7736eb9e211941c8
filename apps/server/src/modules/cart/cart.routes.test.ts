/**
 * The cart, the design summary (PDF) and its share links through the real API, on SQLite and on
 * PostgreSQL: library prices only, whole minor units, per-currency totals, ownership, revocation.
 */
import {
  formatPrice,
  type Cart,
  type Design,
  type DesignSummary,
  type ShareLink,
} from '@roomcraft/contracts';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomPhoto } from '../../test-support/images';
import { startSmtpSink } from '../../test-support/smtp-sink';
import { TestClient, aPerson, databaseTargets, startTestApp } from '../../test-support/test-app';
import { insertProduct } from '../library/library.repository';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());

/** Poppler's tools check the PDF; without them those checks are skipped, saying so. */
const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('pdftotext/pdftoppm not installed: SKIPPING the PDF text and rendering checks');
    return false;
  }
})();
/** Where the rendered PDF pages go, to be looked at (CART_SHOTS_DIR, else a temp dir). */
const shotsDir = process.env.CART_SHOTS_DIR ?? mkdtempSync(path.join(tmpdir(), 'cart-pdf-'));

const sofa = DEMO_PRODUCTS.find((product) => product.id === 'sofa-lund');
const lamp = DEMO_PRODUCTS.find((product) => product.category === 'floor_lamp');
if (!sofa || !lamp) throw new Error('The demo catalogue lacks the sofa or a floor lamp');

describe.each(await databaseTargets())('cart and summaries on $name', (target) => {
  let harness: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    harness = await startTestApp(target, { smtpUrl: smtp.url });
    // Two catalogue rows: the sofa in euros, a lamp sold in dollars.
    for (const [product, currency] of [
      [sofa, 'EUR'],
      [lamp, 'USD'],
    ] as const) {
      await insertProduct(
        harness.db,
        {
          id: product.id,
          category: product.category,
          maker: product.maker,
          name: product.name,
          price: product.price,
          currency,
          description: product.description,
          colors: JSON.stringify(product.colors),
          width_cm: product.dimensions.width,
          depth_cm: product.dimensions.depth,
          height_cm: product.dimensions.height,
          materials: JSON.stringify(product.materials),
          distributor: product.maker,
          image: `${product.id}.png`,
          cutout: null,
          product_url: 'https://example.com/lund',
          created_at: new Date().toISOString(),
        },
        product.styles,
        product.spaceTypes,
      );
    }
  });
  afterAll(() => harness.close());

  async function newUser() {
    const client = await new TestClient(harness.app).csrf();
    expect((await client.post('/api/auth/register', aPerson())).statusCode).toBe(201);
    return client;
  }

  async function newDesign(client: TestClient, name = 'Living room - 23-11-2026') {
    const form = new FormData();
    const photo = await sharp(roomPhoto()).resize({ width: 1200 }).jpeg().toBuffer();
    form.append(
      'base_image',
      new File([new Uint8Array(photo)], 'room.jpg', { type: 'image/jpeg' }),
    );
    form.append('space_type', 'residential');
    form.append('space_sub_type', 'living_room');
    form.append('name', name);
    const created = await client.post('/api/designs', form);
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ data: Design }>().data;
  }

  const cartOf = (response: { json: () => unknown }) => (response.json() as { data: Cart }).data;

  it('is only for a signed-in user', async () => {
    const guest = await new TestClient(harness.app).csrf();
    expect((await guest.get('/api/cart')).statusCode).toBe(401);
    expect(
      (await guest.post('/api/cart/items', { items: [{ kind: 'product', product_id: sofa.id }] }))
        .statusCode,
    ).toBe(401);
  });

  it('adds products at the library price, sums quantities and totals each currency apart', async () => {
    const client = await newUser();
    expect(cartOf(await client.get('/api/cart'))).toEqual({ items: [], totals: [] });

    const slate = sofa.colors.find((colour) => colour.name === 'Slate');
    const added = await client.post('/api/cart/items', {
      // A price from the client is ignored: the library's is the one that counts.
      items: [{ kind: 'product', product_id: sofa.id, colour_hex: slate?.hex, price: 1 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const [item] = cartOf(added).items;
    expect(item).toMatchObject({
      kind: 'product',
      product_id: sofa.id,
      name: sofa.name,
      colour: { name: 'Slate', hex: slate?.hex },
      quantity: 1,
      dimensions: sofa.dimensions,
      materials: sofa.materials,
      distributor: sofa.maker,
      price: sofa.price,
      currency: 'EUR',
      product_url: 'https://example.com/lund',
    });

    // The same sofa again adds to its quantity; a lamp in dollars gets a total of its own.
    await client.post('/api/cart/items', {
      items: [{ kind: 'product', product_id: sofa.id, colour_hex: slate?.hex, quantity: 2 }],
    });
    const both = cartOf(
      await client.post('/api/cart/items', { items: [{ kind: 'product', product_id: lamp.id }] }),
    );
    expect(both.items.map((entry) => [entry.product_id, entry.quantity])).toEqual([
      [sofa.id, 3],
      [lamp.id, 1],
    ]);
    expect(both.totals).toEqual([
      { currency: 'EUR', amount: sofa.price * 3 },
      { currency: 'USD', amount: lamp.price },
    ]);

    // QTY editing and removal.
    const lampItem = both.items[1];
    const changed = await client.patch(`/api/cart/items/${lampItem?.id}`, { quantity: 4 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(cartOf(changed).totals[1]).toEqual({ currency: 'USD', amount: lamp.price * 4 });
    expect(
      (await client.patch(`/api/cart/items/${lampItem?.id}`, { quantity: 0 })).statusCode,
    ).toBe(422);
    const removed = await client.delete(`/api/cart/items/${lampItem?.id}`);
    expect(cartOf(removed).totals).toEqual([{ currency: 'EUR', amount: sofa.price * 3 }]);
  });

  it('refuses unknown products and colours, and adds nothing of a refused batch', async () => {
    const client = await newUser();
    const refused = await client.post('/api/cart/items', {
      items: [
        { kind: 'product', product_id: sofa.id },
        { kind: 'product', product_id: 'no-such-product' },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty([
      'items.1.product_id',
    ]);
    const wrongColour = await client.post('/api/cart/items', {
      items: [{ kind: 'product', product_id: sofa.id, colour_hex: '#010203' }],
    });
    expect(wrongColour.statusCode).toBe(422);
    expect(cartOf(await client.get('/api/cart')).items).toEqual([]);
  });

  it("keeps each cart to its owner: another user's items and designs are 404", async () => {
    const owner = await newUser();
    const other = await newUser();
    const design = await newDesign(owner);
    const [item] = cartOf(
      await owner.post('/api/cart/items', {
        items: [{ kind: 'product', product_id: sofa.id, design_id: design.id }],
      }),
    ).items;
    expect((await other.patch(`/api/cart/items/${item?.id}`, { quantity: 5 })).statusCode).toBe(
      404,
    );
    expect((await other.delete(`/api/cart/items/${item?.id}`)).statusCode).toBe(404);
    expect(cartOf(await other.get('/api/cart')).items).toEqual([]);
    // Linking to someone else's design (or image) is refused.
    const linked = await other.post('/api/cart/items', {
      items: [{ kind: 'product', product_id: sofa.id, design_id: design.id }],
    });
    expect(linked.statusCode).toBe(404);
    const image = await other.post('/api/cart/items', {
      items: [
        {
          kind: 'product',
          product_id: sofa.id,
          design_id: (await newDesign(other)).id,
          design_image: design.base_image,
        },
      ],
    });
    expect(image.statusCode).toBe(422);
    expect(cartOf(await owner.get('/api/cart')).items[0]?.quantity).toBe(1);
  });

  it('shares a design summary by an unguessable link that the owner alone can revoke', async () => {
    const owner = await newUser();
    const design = await newDesign(owner);
    await owner.post('/api/cart/items', {
      items: [
        { kind: 'product', product_id: sofa.id, design_id: design.id, quantity: 2 },
        { kind: 'paint', hex: '#45454a', design_id: design.id, area_m2: 12 },
      ],
    });
    const created = await owner.post(`/api/designs/${design.id}/share-links`);
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json<{ data: ShareLink }>().data;
    const token = link.url.split('/').pop() ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // Anyone with the link, signed in or not, reads the summary and sees the images.
    const stranger = new TestClient(harness.app);
    const shared = await stranger.get(`/api/shared/${token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    const summary = shared.json<{ data: DesignSummary }>().data;
    expect(summary.name).toBe(design.name);
    expect(summary.items.map((item) => item.name)).toEqual([sofa.name, 'Charcoal']);
    expect(summary.totals).toEqual([{ currency: 'EUR', amount: sofa.price * 2 }]);
    const after = await stranger.get(summary.after_url);
    expect(after.statusCode).toBe(200);
    expect((await sharp(after.rawPayload).metadata()).width).toBe(1200);
    // The owner's own file URL stays private.
    expect((await stranger.get(design.state_image)).statusCode).toBe(401);

    // Another user can neither list nor revoke it.
    const other = await newUser();
    expect((await other.get(`/api/designs/${design.id}/share-links`)).statusCode).toBe(404);
    expect((await other.delete(`/api/share-links/${link.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/shared/${token}`)).statusCode).toBe(200);

    const listed = await owner.get(`/api/designs/${design.id}/share-links`);
    expect(listed.json<{ data: ShareLink[] }>().data.map((entry) => entry.url)).toEqual([link.url]);
    expect((await owner.delete(`/api/share-links/${link.id}`)).statusCode).toBe(204);
    expect((await stranger.get(`/api/shared/${token}`)).statusCode).toBe(404);
    expect((await stranger.get(summary.after_url)).statusCode).toBe(404);
    expect((await owner.delete(`/api/share-links/${link.id}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/shared/${'A'.repeat(32)}`)).statusCode).toBe(404);
    expect((await stranger.get('/api/shared/short')).statusCode).toBe(404);
  });

  it('makes the summary PDF on A4 and Letter, with extractable items and totals', async () => {
    const owner = await newUser();
    const design = await newDesign(owner, 'Sunny lounge');
    await owner.post('/api/cart/items', {
      items: [
        { kind: 'product', product_id: sofa.id, design_id: design.id, quantity: 2 },
        { kind: 'product', product_id: lamp.id, design_id: design.id },
        { kind: 'paint', hex: '#45454a', design_id: design.id, area_m2: 12 },
        { kind: 'texture', texture_id: null, name: 'Uploaded oak', design_id: design.id },
      ],
    });
    const other = await newUser();
    expect((await other.get(`/api/designs/${design.id}/summary.pdf`)).statusCode).toBe(404);

    for (const paper of ['a4', 'letter'] as const) {
      const response = await owner.get(`/api/designs/${design.id}/summary.pdf?paper=${paper}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="Sunny-lounge-summary.pdf"',
      );
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      if (!hasPoppler) continue;
      const dir = path.join(shotsDir, `${target.name}-${paper}`);
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 'summary.pdf');
      writeFileSync(file, pdf);
      const info = execFileSync('pdfinfo', [file]).toString();
      // A4 is 595 × 842 pt, Letter 612 × 792.
      expect(info).toMatch(paper === 'a4' ? /Page size:\s+595\.\d* x 841\.\d*/ : /612 x 792/);
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      for (const expected of [
        'Sunny lounge',
        sofa.name,
        lamp.name,
        'Charcoal',
        '#45454A',
        '2.5 l for two coats (estimate)',
        'Uploaded oak',
        `Total (EUR): ${formatPrice(sofa.price * 2, 'EUR')}`,
        `Total (USD): ${formatPrice(lamp.price, 'USD')}`,
      ]) {
        expect(text).toContain(expected);
      }
      execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(dir, 'page')]);
      const pages = readdirSync(dir).filter((name) => name.endsWith('.png'));
      expect(pages.length).toBeGreaterThanOrEqual(1);
      // The rendered first page shows the photos: far from a blank page.
      const first = path.join(dir, pages.sort()[0] ?? '');
      const { channels } = await sharp(first).stats();
      expect(channels[0]?.stdev).toBeGreaterThan(20);
    }
  });
});
