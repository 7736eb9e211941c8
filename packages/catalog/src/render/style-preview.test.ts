import { describe, expect, it } from 'vitest';
import { STYLES } from '@roomcraft/contracts';
import { DEMO_PRODUCTS } from '../products/demo-products';
import {
  encodeStylePreview,
  pickStyleProducts,
  renderStylePreview,
  styleScene,
} from './style-preview';

const SIZE = { width: 96, height: 64 };

function style(id: string) {
  const found = STYLES.find((s) => s.id === id);
  if (!found) throw new Error(`No style ${id}`);
  return found;
}

describe('styleScene', () => {
  it.each(STYLES.map((s) => [s.id, s] as const))(
    '%s gets at least two of its own products',
    (_id, s) => {
      const scene = styleScene(s);
      expect(scene.products.length).toBeGreaterThanOrEqual(2);
      expect(scene.products.length).toBeLessThanOrEqual(3);
      for (const placed of scene.products) expect(placed.product.styles).toContain(s.id);
      // Every product stands inside the room, in front of both walls.
      for (const placed of scene.products) {
        expect(placed.position[0]).toBeGreaterThan(0);
        expect(placed.position[2]).toBeGreaterThan(0);
      }
      expect(scene.render.materials.length).toBeLessThanOrEqual(14);
    },
  );

  it.each(STYLES.map((s) => [s.id] as const))(
    'the fallback picker finds at least two %s products',
    (id) => {
      const ids = pickStyleProducts(id);
      expect(ids.length).toBeGreaterThanOrEqual(2);
      for (const pid of ids) {
        expect(DEMO_PRODUCTS.find((p) => p.id === pid)?.styles).toContain(id);
      }
    },
  );

  it('lays out an uncurated style from the fallback picks', () => {
    const scene = styleScene({ ...style('rustic'), id: 'rustic-copy' });
    // No demo product carries the made-up id, so nothing is placed but the room still renders.
    expect(scene.products).toEqual([]);
    const image = renderStylePreview({ ...style('rustic'), id: 'rustic-copy' }, SIZE);
    expect(image.rgba.length).toBe(SIZE.width * SIZE.height * 4);
  });
});

describe('renderStylePreview', () => {
  it('is deterministic for a seed', () => {
    const a = renderStylePreview(style('scandinavian'), { ...SIZE, seed: 3 });
    const b = renderStylePreview(style('scandinavian'), { ...SIZE, seed: 3 });
    expect(Buffer.from(a.rgba).equals(Buffer.from(b.rgba))).toBe(true);
  });

  it('is fully opaque', () => {
    const image = renderStylePreview(style('industrial'), SIZE);
    expect(image.width).toBe(SIZE.width);
    expect(image.height).toBe(SIZE.height);
    expect(image.rgba.length).toBe(SIZE.width * SIZE.height * 4);
    for (let i = 3; i < image.rgba.length; i += 4) expect(image.rgba[i]).toBe(255);
  });

  it('differs between styles', () => {
    const a = renderStylePreview(style('scandinavian'), SIZE);
    const b = renderStylePreview(style('industrial'), SIZE);
    let diff = 0;
    for (let i = 0; i < a.rgba.length; i++) diff += Math.abs((a.rgba[i] ?? 0) - (b.rgba[i] ?? 0));
    expect(diff / a.rgba.length).toBeGreaterThan(10);
  });

  it('encodes a JPEG', async () => {
    const jpeg = await encodeStylePreview(renderStylePreview(style('japandi'), SIZE));
    expect(jpeg.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  });
});
