import { PRODUCT_CATEGORIES } from '@roomcraft/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../products/demo-products';
import { PRODUCT_MODELS } from './product-catalog';
import type { ProductModel } from './product-model';
import { compileSdf } from './sdf';

describe('product models', () => {
  it('has a model for every catalogue category', () => {
    expect(Object.keys(PRODUCT_MODELS).sort()).toEqual([...PRODUCT_CATEGORIES].sort());
  });

  it.each(DEMO_PRODUCTS.map((p) => [p.id, p] as const))(
    'builds %s at its catalogue size',
    (_id, product) => {
      const model: ProductModel<object> =
        PRODUCT_MODELS[product.category as keyof typeof PRODUCT_MODELS];
      const params = { ...model.defaults, ...model.fromDimensions(product.dimensions) };
      const { min, max } = compileSdf(model.build(params)).bounds;
      const { width, height } = product.dimensions;
      // Bounds include splayed legs, pillows and shades, so allow a generous tolerance.
      expect(max[0] - min[0]).toBeGreaterThan(width * 0.6);
      expect(max[0] - min[0]).toBeLessThan(width * 1.5);
      if (model.grounded) {
        // Smooth unions pad their bounds by a quarter of the blend radius.
        expect(min[1]).toBeGreaterThanOrEqual(-2);
        expect(max[1]).toBeGreaterThan(height * 0.6);
        expect(max[1]).toBeLessThan(height * 1.5);
      }
    },
  );
});
