import { describe, expect, it } from 'vitest';
import { actionOfRoute, generationCost, type GenerateRoute } from './action-descriptors';
import {
  MAX_DESIGNS,
  categoriesFromWords,
  findDesignMode,
  findStyle,
  floorsFieldsSchema,
  materialsOfType,
} from './actions';
import { fieldErrors } from './http';

const fieldsOf = (route: GenerateRoute) => {
  const action = actionOfRoute(route);
  if (!action) throw new Error(`no action at ${route}`);
  return action.fields;
};
const errorsOf = (route: GenerateRoute, fields: Record<string, unknown>) => {
  const parsed = fieldsOf(route).safeParse(fields);
  return parsed.success ? {} : fieldErrors(parsed.error.issues);
};

describe('generation cost', () => {
  it("is the action's credits times the designs; wall paint and floors count one", () => {
    expect(generationCost('architectural_style', 3)).toBe(6);
    expect(generationCost('remove_elements', 4)).toBe(4);
    expect(generationCost('ai_assistant', 2)).toBe(4);
    expect(generationCost('paints', 4)).toBe(1);
    expect(generationCost('floors', 3)).toBe(1);
    expect(MAX_DESIGNS).toBe(4);
  });
});

describe('lookups', () => {
  it('finds styles and modes by id or name, ignoring case', () => {
    expect(findStyle('Mid-century modern')?.id).toBe('mid_century');
    expect(findStyle('scandinavian')?.name).toBe('Scandinavian');
    expect(findStyle('Gothic')).toBeUndefined();
    expect(findDesignMode('Bold')?.strength).toBe(0.9);
  });

  it('reads product categories from prompts and element labels, whole words only', () => {
    expect(categoriesFromWords('Sofa')).toEqual(['sofa', 'sectional']);
    expect(categoriesFromWords('add a coffee table here')).toEqual(['coffee_table']);
    expect(categoriesFromWords('two chairs')).toEqual(['armchair', 'dining_chair']);
    expect(categoriesFromWords('a tall floor lamp')).toEqual(['floor_lamp']);
    expect(categoriesFromWords('TV')).toEqual(['tv_unit']);
    expect(categoriesFromWords('Potted plant')).toEqual(['plant']);
    expect(categoriesFromWords('something for the bedroom')).toEqual([]);
  });

  it('lists the materials of a type in a space', () => {
    expect(materialsOfType('Wood', 'residential')).toContain('Oak');
    expect(materialsOfType('Masonry', 'residential')).toEqual([]);
    expect(materialsOfType('Masonry')).toContain('Brick');
  });
});

describe('generate field schemas', () => {
  it('keeps the number of designs to 1–4 whole numbers, 1 when absent', () => {
    expect(errorsOf('remove-elements', { quantity: '5' })).toHaveProperty('quantity');
    expect(errorsOf('remove-elements', { quantity: '0' })).toHaveProperty('quantity');
    expect(errorsOf('remove-elements', { quantity: '1.5' })).toHaveProperty('quantity');
    expect((fieldsOf('remove-elements').parse({}) as { quantity: number }).quantity).toBe(1);
  });

  it('wants material and material type both or neither, from that type', () => {
    const base = { color: '#AABBCC' };
    expect(errorsOf('change-material', base)).toEqual({});
    expect((fieldsOf('change-material').parse(base) as { color: string }).color).toBe('#aabbcc');
    expect(errorsOf('change-material', { ...base, material: 'Oak' })).toHaveProperty(
      'material_type',
    );
    expect(errorsOf('change-material', { ...base, material_type: 'Wood' })).toHaveProperty(
      'material',
    );
    expect(
      errorsOf('change-material', { ...base, material: 'Marble', material_type: 'Wood' }),
    ).toHaveProperty('material');
    expect(
      errorsOf('change-material', { ...base, material: 'oak', material_type: 'Wood' }),
    ).toEqual({});
    expect(errorsOf('change-material', {})).toHaveProperty('color');
  });

  it('knows styles and modes, and keeps the budget ordered', () => {
    expect(errorsOf('architectural-style', { design_style: 'Gothic' })).toHaveProperty(
      'design_style',
    );
    expect(
      errorsOf('architectural-style', { design_style: 'Modern', design_mode: 'x' }),
    ).toHaveProperty('design_mode');
    expect(
      errorsOf('add-elements', { design_style: 'modern', budget_min: '900', budget_max: '100' }),
    ).toHaveProperty('budget_max');
  });

  it("takes Floors' rug choice, keep unless told, and nothing else (issue 10)", () => {
    const fields = (rug?: string) =>
      floorsFieldsSchema.safeParse(rug === undefined ? {} : { rug }).data?.rug;
    expect(fields()).toBe('keep');
    expect(fields('')).toBe('keep');
    expect(fields('replace')).toBe('replace');
    expect(errorsOf('floors', { rug: 'remove' })).toHaveProperty('rug');
  });

  it('accepts only stored or library image URLs', () => {
    expect(errorsOf('floors', { texture_url: 'https://evil.example/x.jpg' })).toHaveProperty(
      'texture_url',
    );
    expect(
      errorsOf('floors', { texture_url: '/api/library/images/oak-planks-0123456789.jpg' }),
    ).toEqual({});
    expect(errorsOf('remove-elements', { state_image: '/etc/passwd' })).toHaveProperty(
      'state_image',
    );
  });
});
