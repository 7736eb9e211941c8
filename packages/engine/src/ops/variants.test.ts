import { describe, expect, it } from 'vitest';
import { fillVariant, paintVariant, restyleVariant, variantRandom } from './variants';

describe('variants', () => {
  it('variant 0 is the canonical look of every op', () => {
    expect(paintVariant({ variant: 0, seed: 42 })).toMatchObject({ lightnessShift: 0, sheen: 0 });
    expect(fillVariant({ variant: 0, seed: 42 })).toEqual({
      rotation: 0,
      scale: 1,
      offsetU: 0,
      offsetV: 0,
    });
    expect(restyleVariant({ variant: 0, seed: 42 })).toMatchObject({ midTone: 'neutral' });
  });

  it('gives the four variants of a request four different settings', () => {
    const paint = new Set(
      [0, 1, 2, 3].map((v) => JSON.stringify(paintVariant({ variant: v, seed: 1 }))),
    );
    const fill = new Set(
      [0, 1, 2, 3].map((v) => JSON.stringify(fillVariant({ variant: v, seed: 1 }))),
    );
    const style = new Set(
      [0, 1, 2, 3].map((v) => JSON.stringify(restyleVariant({ variant: v, seed: 1 }))),
    );
    expect(paint.size).toBe(4);
    expect(fill.size).toBe(4);
    expect(style.size).toBe(4);
  });

  it('lays floors along and across: odd variants turn the pattern 90°', () => {
    expect(fillVariant({ variant: 1, seed: 3 }).rotation).toBeCloseTo(Math.PI / 2);
    expect(fillVariant({ variant: 2, seed: 3 }).rotation).toBe(0);
  });

  it('is reproducible from the seed, and the seed matters', () => {
    const a = variantRandom({ variant: 2, seed: 7 });
    const b = variantRandom({ variant: 2, seed: 7 });
    const c = variantRandom({ variant: 2, seed: 8 });
    const sa = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(sa);
    expect([c(), c(), c()]).not.toEqual(sa);
    expect(fillVariant({ variant: 1, seed: 7 })).toEqual(fillVariant({ variant: 1, seed: 7 }));
    expect(fillVariant({ variant: 1, seed: 7 }).offsetU).not.toBe(
      fillVariant({ variant: 1, seed: 8 }).offsetU,
    );
  });
});
