import { describe, expect, it } from 'vitest';
import { bodyFinishFor } from './materials';
import { box, compileSdf, rotate, translate } from './sdf';
import type { SurfaceResponse } from './surface-texture';
import { resolved, seamShade, surfaceTexture } from './surface-texture';

const response = (): SurfaceResponse => ({ tone: 1, warmth: 0, bump: [0, 0, 0] });

describe('surface texture', () => {
  it('fades a feature out as the pixel grows past it', () => {
    expect(resolved(1, 0.2)).toBe(1);
    expect(resolved(1, 1)).toBe(0);
    const mid = resolved(1, 0.5);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(1);
  });

  it('leaves wood flat where its rings are too fine for the pixel, and grained where they show', () => {
    const spread = (footprint: number): number => {
      const tones: number[] = [];
      for (let i = 0; i < 200; i++) {
        tones.push(surfaceTexture('wood', 0, i * 0.037, 3, [1, 0, 0], footprint, response()).tone);
      }
      return Math.max(...tones) - Math.min(...tones);
    };
    expect(spread(0.05)).toBeGreaterThan(spread(5) + 0.05);
  });

  it('puts a box’s seam just inside its edge and blurs it over a wide pixel', () => {
    const half: [number, number, number] = [50, 20, 40];
    // On the front face (z = 40), on the seam (1.2 cm in from the top edge for a 2 cm rounding)
    // vs the face’s middle.
    const atSeam = seamShade([0, 18.8, 40], half, 2, 0.1);
    const middle = seamShade([0, 0, 40], half, 2, 0.1);
    expect(atSeam).toBeGreaterThan(0.5);
    expect(middle).toBeLessThan(0.01);
    expect(seamShade([0, 18.8, 40], half, 2, 3)).toBeLessThan(atSeam / 3);
  });

  it('maps a hit back into the primitive’s own coordinates, grain along its longest side', () => {
    const sdf = compileSdf(translate(rotate(box([80, 4, 10], 'wood'), 'y', 90), [5, 10, -20]));
    sdf.distance(5, 12, -20);
    const part = sdf.parts[sdf.lastPart()];
    expect(part?.grain).toEqual([1, 0, 0]);
    const m = part?.toLocal ?? [];
    const c = part?.offset ?? [];
    // The world point (5, 12, −20 + 30) lies 30 cm along the turned board's length.
    const local = [0, 1, 2].map(
      (r) =>
        (m[r * 3] ?? 0) * 5 + (m[r * 3 + 1] ?? 0) * 12 + (m[r * 3 + 2] ?? 0) * 10 + (c[r] ?? 0),
    );
    expect(Math.abs(local[0] ?? 0)).toBeCloseTo(30);
    expect(local[1]).toBeCloseTo(2);
  });

  it('textures the body as the product’s named material when the model can use it', () => {
    expect(bodyFinishFor('fabric', ['Leather', 'Oak']).surface).toBe('leather');
    expect(bodyFinishFor('fabric', ['Bouclé', 'Oak']).surface).toBe('boucle');
    expect(bodyFinishFor('satin', ['Oak', 'Lacquer']).surface).toBe('wood');
    expect(bodyFinishFor('satin', ['Marble', 'Steel']).surface).toBe('metal');
    expect(bodyFinishFor('fabric', ['Oak', 'Linen']).surface).toBe('fabric');
    expect(bodyFinishFor('gloss', ['Ceramic']).surface).toBe('plain');
  });
});
