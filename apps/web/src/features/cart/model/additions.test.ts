import { describe, expect, it } from 'vitest';
import { additionsFromUsed, usesAnything } from './additions';

const region = { share: 0.2, box: { x: 0, y: 0, width: 10, height: 10 } };

describe('what an image used, as cart additions', () => {
  it('links each product, paint and texture to the design and image', () => {
    const used = {
      products: [
        {
          id: 'sofa-lund',
          name: 'Lund 3-Seat Sofa',
          colour: { name: 'Slate', hex: '#6a7178' },
          price: 74_900,
          currency: 'EUR' as const,
          region,
        },
      ],
      paints: [{ name: 'Charcoal', hex: '#45454a', region: { ...region, area_m2: 12 } }],
      textures: [{ id: null, name: 'Uploaded texture', kind: 'floor' as const, region }],
    };
    const link = { design_id: 7, design_image: '/api/files/abcdefghijklmnopqrstuv.png' };
    expect(additionsFromUsed(used, { designId: 7, imageUrl: link.design_image })).toEqual([
      { kind: 'product', product_id: 'sofa-lund', colour_hex: '#6a7178', ...link },
      { kind: 'paint', hex: '#45454a', area_m2: 12, ...link },
      { kind: 'texture', texture_id: null, name: 'Uploaded texture', ...link },
    ]);
    // Prices never travel from the client: the server reads them from the library.
    expect(JSON.stringify(additionsFromUsed(used, { designId: 7, imageUrl: 'x' }))).not.toContain(
      '74900',
    );
  });

  it('has nothing to offer for an image that used nothing', () => {
    expect(usesAnything({ products: [], paints: [], textures: [] })).toBe(false);
    expect(usesAnything(undefined)).toBe(false);
  });
});
