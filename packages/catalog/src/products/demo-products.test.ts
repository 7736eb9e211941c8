import { PRODUCT_CATEGORIES, STYLES, SPACES } from '@roomcraft/contracts';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MODELS } from '../render/product-catalog';
import { DEMO_PRODUCTS } from './demo-products';

describe('the demo catalogue', () => {
  it('has at least 60 products with unique ids, three or more in every category', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(DEMO_PRODUCTS.map((product) => product.id)).size).toBe(DEMO_PRODUCTS.length);
    for (const category of PRODUCT_CATEGORIES) {
      expect(
        DEMO_PRODUCTS.filter((product) => product.category === category).length,
        category,
      ).toBeGreaterThanOrEqual(3);
    }
  });

  it('names only styles and space types the config knows, and colours as hex', () => {
    const styles = new Set(STYLES.map((style) => style.id));
    const spaces = new Set(SPACES.map((space) => space.type));
    for (const product of DEMO_PRODUCTS) {
      for (const style of product.styles)
        expect(styles.has(style), `${product.id}: ${style}`).toBe(true);
      for (const space of product.spaceTypes)
        expect(spaces.has(space), `${product.id}: ${space}`).toBe(true);
      for (const colour of product.colors) expect(colour.hex, product.id).toMatch(/^#[0-9a-f]{6}$/);
      expect(product.colors.length, product.id).toBeGreaterThan(0);
    }
  });

  it('covers every style and spreads prices across budgets', () => {
    for (const style of STYLES) {
      expect(
        DEMO_PRODUCTS.some((product) => product.styles.includes(style.id)),
        style.id,
      ).toBe(true);
    }
    const euros = DEMO_PRODUCTS.map((product) => product.price / 100);
    expect(euros.filter((price) => price < 150).length).toBeGreaterThanOrEqual(10);
    expect(euros.filter((price) => price >= 150 && price < 800).length).toBeGreaterThanOrEqual(15);
    expect(euros.filter((price) => price >= 800).length).toBeGreaterThanOrEqual(10);
  });
});

describe('the demo products’ model parameters', () => {
  it('name only parameters their category’s model has, with values of the same kind', () => {
    for (const product of DEMO_PRODUCTS) {
      const model = PRODUCT_MODELS[product.category as keyof typeof PRODUCT_MODELS];
      const defaults = model.defaults as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(product.model)) {
        expect(key in defaults, `${product.id}: ${key}`).toBe(true);
        expect(typeof value, `${product.id}: ${key}`).toBe(typeof defaults[key]);
      }
    }
  });
});
