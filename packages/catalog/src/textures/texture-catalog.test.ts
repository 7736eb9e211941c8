import { describe, expect, it } from 'vitest';
import { TEXTURE_KINDS } from './texture-definition';
import { textureCatalog } from './texture-catalog';
import { isSeamless, measureSeams } from './seam-check';

const SIZE = 128;

describe('texture catalogue', () => {
  it('has at least 24 textures with unique ids and valid metadata', () => {
    expect(textureCatalog.length).toBeGreaterThanOrEqual(24);
    const ids = textureCatalog.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const texture of textureCatalog) {
      expect(TEXTURE_KINDS).toContain(texture.kind);
      expect(texture.name.length).toBeGreaterThan(0);
      expect(texture.tileSizeCm).toBeGreaterThan(0);
    }
  });

  it('covers every family the catalogue promises', () => {
    const ids = new Set(textureCatalog.map((t) => t.id));
    const families = [
      'oak-planks-wide',
      'oak-planks-narrow',
      'walnut-planks-wide',
      'walnut-planks-narrow',
      'ash-planks-wide',
      'ash-planks-narrow',
      'pine-planks-wide',
      'pine-planks-narrow',
      'oak-herringbone',
      'oak-chevron',
      'white-gloss-tiles',
      'grey-porcelain-tiles',
      'encaustic-blue-star',
      'encaustic-geometric',
      'carrara-marble',
      'nero-marquina-marble',
      'terrazzo',
      'polished-concrete',
      'microcement',
      'slate-tiles',
      'travertine-tiles',
      'red-brick',
      'white-painted-brick',
      'loop-carpet',
      'natural-linen',
      'emerald-velvet',
      'damask-wallpaper',
      'regency-stripe-wallpaper',
      'botanical-wallpaper',
    ];
    for (const id of families) expect(ids, id).toContain(id);
    const types = new Set(textureCatalog.map((t) => t.materialType));
    for (const type of ['Wood', 'Stone', 'Ceramic', 'Fabric', 'Concrete', 'Masonry', 'Wallpaper']) {
      expect(types, type).toContain(type);
    }
  });

  describe.each(textureCatalog.map((t) => [t.id, t] as const))('%s', (_id, texture) => {
    it('is deterministic for a seed and varies with it', () => {
      const first = texture.generate(SIZE, 7);
      const again = texture.generate(SIZE, 7);
      const other = texture.generate(SIZE, 8);
      expect(first.length).toBe(SIZE * SIZE * 4);
      expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
      expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
    });

    it('tiles seamlessly', () => {
      const size = 256;
      const pixels = texture.generate(size, 3);
      const m = measureSeams(pixels, size);
      expect(m.seamX, 'seam between last and first column').toBeLessThanOrEqual(
        2 * m.interiorX + 1,
      );
      expect(m.seamY, 'seam between last and first row').toBeLessThanOrEqual(2 * m.interiorY + 1);
      expect(isSeamless(pixels, size)).toBe(true);
    });

    it('is opaque', () => {
      const pixels = texture.generate(32, 1);
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) throw new Error('alpha');
    });
  });
});
