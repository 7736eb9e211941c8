import { describe, expect, it } from 'vitest';
import { generationCost } from './action-descriptors';
import { DESIGN_CONFIG } from './config';
import { STYLES, SPACES } from './design-config';
import { budgetRangeValid, defaultDesignName, designFieldsSchema } from './design';
import { fromFormEntries, toFormEntries } from './multipart';

describe('design rules', () => {
  it('names a design after its sub type and the date as DD-MM-YYYY', () => {
    expect(defaultDesignName('Living room', new Date(2026, 0, 5))).toBe('Living room - 05-01-2026');
  });

  it('costs credits × designs, wall paint and floors counting one', () => {
    expect(generationCost('architectural_style', 3)).toBe(6);
    expect(generationCost('paints', 4)).toBe(1);
    expect(generationCost('floors', 2)).toBe(1);
  });

  it('ships nine actions, at least twelve styles and three kinds of space', () => {
    expect(DESIGN_CONFIG.actions).toHaveLength(9);
    expect(STYLES.length).toBeGreaterThanOrEqual(12);
    expect(SPACES.map((space) => space.type)).toEqual(['residential', 'commercial', 'outdoor']);
  });

  it('lists every material under its own type (Leather is not a fabric)', () => {
    const interior = SPACES.find((space) => space.type === 'residential')?.material_types ?? {};
    expect(interior.Fabric).not.toContain('Leather');
    expect(interior.Leather).toContain('Leather');
    const all = Object.values(interior).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('reads a design history sent as multipart text, its pointer naming one of its images', () => {
    const url = (id: string) => `/api/files/${id.repeat(22)}.jpg`;
    const parsed = designFieldsSchema.parse({
      history: { current: url('b'), past: [url('a')], pointer: '-1' },
    });
    expect(parsed.history).toEqual({ current: url('b'), past: [url('a')], pointer: -1 });
    const outside = designFieldsSchema.safeParse({
      history: { current: url('b'), past: [url('a')], pointer: '1' },
    });
    expect(outside.success).toBe(false);
  });

  it('accepts MIN equal to MAX but not MAX below MIN', () => {
    expect(budgetRangeValid({ budget_min: 500, budget_max: 500 })).toBe(true);
    expect(budgetRangeValid({ budget_min: 500, budget_max: 499 })).toBe(false);
    expect(budgetRangeValid({ budget_min: 500 })).toBe(true);
  });

  it('reads booleans sent as 1/0 and numbers sent as text', () => {
    expect(designFieldsSchema.parse({ state_is_base: '0', budget_min: '250' })).toEqual({
      state_is_base: false,
      budget_min: 250,
    });
  });

  it('keeps empty lists of a used record and an empty history through a multipart form', () => {
    const url = (id: string) => `/api/files/${id.repeat(22)}.png`;
    const region = { share: 0.1, box: { x: 1, y: 2, width: 3, height: 4 } };
    const fields = {
      generated_images: {
        paints: [
          {
            name: 'Wall paint 1',
            imageUrl: url('a'),
            used: {
              products: [],
              paints: [{ name: 'Sage', hex: '#9caf88', region }],
              textures: [],
            },
          },
        ],
      },
      history: { current: url('b'), past: [], pointer: -1 },
    };
    const sent = fromFormEntries(toFormEntries(fields) as [string, string][]);
    expect(designFieldsSchema.parse(sent)).toMatchObject(fields);
  });
});
