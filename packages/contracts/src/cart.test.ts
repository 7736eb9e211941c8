import { describe, expect, it } from 'vitest';
import { cartAdditionSchema, cartTotals, paintLitres } from './cart';

const item = (price: number | null, currency: 'EUR' | 'USD' | null, quantity: number) => ({
  price,
  currency,
  quantity,
});

describe('cart totals (totalPrice = Σ price × quantity)', () => {
  it('adds whole minor units exactly, where floats would not', () => {
    // 0.1 + 0.2 in euros would be 0.30000000000000004; in cents it is 30.
    expect(cartTotals([item(10, 'EUR', 1), item(20, 'EUR', 1)])).toEqual([
      { currency: 'EUR', amount: 30 },
    ]);
    expect(cartTotals([item(74_900, 'EUR', 3), item(1_999, 'EUR', 2)])).toEqual([
      { currency: 'EUR', amount: 228_698 },
    ]);
  });

  it('groups by currency, in the order the currencies first appear', () => {
    expect(cartTotals([item(500, 'USD', 2), item(1_000, 'EUR', 1), item(250, 'USD', 1)])).toEqual([
      { currency: 'USD', amount: 1_250 },
      { currency: 'EUR', amount: 1_000 },
    ]);
  });

  it('leaves unpriced items (paints, textures) out, and an empty cart totals nothing', () => {
    expect(cartTotals([item(null, null, 3)])).toEqual([]);
    expect(cartTotals([])).toEqual([]);
  });

  it('refuses a fractional amount rather than rounding money', () => {
    expect(() => cartTotals([item(10.5, 'EUR', 1)])).toThrow(/whole minor units/);
  });
});

describe('cart additions', () => {
  it('take a quantity of 1 to 99, 1 by default, and never a price', () => {
    const parsed = cartAdditionSchema.parse({ kind: 'product', product_id: 'sofa-lund', price: 1 });
    expect(parsed).toEqual({ kind: 'product', product_id: 'sofa-lund', quantity: 1 });
    expect(
      cartAdditionSchema.safeParse({ kind: 'product', product_id: 'x', quantity: 100 }).success,
    ).toBe(false);
    expect(cartAdditionSchema.parse({ kind: 'paint', hex: '#9CAF88' })).toMatchObject({
      hex: '#9caf88',
    });
  });
});

describe('paint for a surface', () => {
  it('is two coats at 10 m² a litre, rounded up to the half litre', () => {
    expect(paintLitres(12)).toBe(2.5);
    expect(paintLitres(10)).toBe(2);
    expect(paintLitres(0.4)).toBe(0.5);
  });
});
