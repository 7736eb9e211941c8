import { describe, expect, it } from 'vitest';
import { SURFACE_NAMES } from '@roomcraft/contracts';
import {
  WALL_SPACES,
  WALL_SPACE_SURFACES,
  canGenerate,
  costOf,
  emptyToolInputs,
  surfacesOf,
  takesQuantity,
  withGenerated,
} from './tools';

const inputs = (overrides: Partial<ReturnType<typeof emptyToolInputs>> = {}) => ({
  ...emptyToolInputs(),
  ...overrides,
});
const swatch = { kind: 'hex', id: 'sage', name: 'Sage', hex: '#9caf88' } as const;

describe('Generate enabled when (spec §5)', () => {
  it('add elements: a painted mask and a style', () => {
    expect(canGenerate('add_elements', inputs({ style: 'modern' }), false)).toBe(false);
    expect(canGenerate('add_elements', inputs(), true)).toBe(false);
    expect(canGenerate('add_elements', inputs({ style: 'modern' }), true)).toBe(true);
  });

  it('remove elements: a painted mask', () => {
    expect(canGenerate('remove_elements', inputs(), false)).toBe(false);
    expect(canGenerate('remove_elements', inputs(), true)).toBe(true);
  });

  it('wall paint: a painted mask and a colour, a swatch or an uploaded image', () => {
    const file = new File(['x'], 'swatch.jpg', { type: 'image/jpeg' });
    const upload = { kind: 'file', id: 'up', name: 'swatch.jpg', file, url: 'blob:1' } as const;
    expect(canGenerate('paints', inputs({ colour: swatch }), false)).toBe(false);
    expect(canGenerate('paints', inputs(), true)).toBe(false);
    expect(canGenerate('paints', inputs({ colour: swatch }), true)).toBe(true);
    expect(canGenerate('paints', inputs({ colour: upload }), true)).toBe(true);
  });

  it('material change: mask and colour, material and type both set or both empty', () => {
    expect(canGenerate('change_material', inputs({ colour: swatch }), true)).toBe(true);
    expect(canGenerate('change_material', inputs({ colour: swatch }), false)).toBe(false);
    expect(canGenerate('change_material', inputs(), true)).toBe(false);
    expect(
      canGenerate('change_material', inputs({ colour: swatch, materialType: 'Wood' }), true),
    ).toBe(false);
    expect(
      canGenerate(
        'change_material',
        inputs({ colour: swatch, materialType: 'Wood', material: 'Oak' }),
        true,
      ),
    ).toBe(true);
  });

  it('floors: a template; architectural style: a style; furniture: an element', () => {
    expect(canGenerate('floors', inputs(), true)).toBe(false);
    expect(
      canGenerate(
        'floors',
        inputs({ texture: { kind: 'url', id: 'o', name: 'Oak', url: '/x' } }),
        false,
      ),
    ).toBe(true);
    expect(canGenerate('architectural_style', inputs(), true)).toBe(false);
    expect(canGenerate('architectural_style', inputs({ style: 'japandi' }), false)).toBe(true);
    expect(canGenerate('furniture', inputs({ element: 0 }), false)).toBe(false);
    expect(canGenerate('none', inputs({ style: 'japandi' }), true)).toBe(false);
  });

  it('AI assistant: a painted mask and an instruction', () => {
    expect(canGenerate('ai_assistant', inputs({ prompt: '   ' }), true)).toBe(false);
    expect(canGenerate('ai_assistant', inputs({ prompt: 'paint it teal' }), false)).toBe(false);
    expect(canGenerate('ai_assistant', inputs({ prompt: 'paint it teal' }), true)).toBe(true);
  });
});

describe('the cost of a generation (spec §5)', () => {
  it('is the action credits times the number of designs; paint and floors count one', () => {
    expect(costOf('architectural_style', 2)).toBe(4);
    expect(costOf('remove_elements', 3)).toBe(3);
    expect(costOf('add_elements', 4)).toBe(8);
    expect(costOf('paints', 4)).toBe(1);
    expect(costOf('floors', 3)).toBe(1);
    expect(takesQuantity('paints')).toBe(false);
    expect(takesQuantity('floors')).toBe(false);
    expect(takesQuantity('ai_assistant')).toBe(true);
  });
});

describe('naming generated images (spec §4)', () => {
  it('puts new images first with running numbers, newest first', () => {
    const at = new Date('2026-11-23T10:00:00.000Z');
    const once = withGenerated({}, 'paints', ['/api/files/a.png'], [], at);
    expect(once.paints).toEqual([
      {
        name: 'Wall paint 1',
        imageUrl: '/api/files/a.png',
        created_at: '2026-11-23T10:00:00.000Z',
      },
    ]);
    const twice = withGenerated(once, 'paints', ['/api/files/b.png', '/api/files/c.png']);
    expect(twice.paints?.map(({ name }) => name)).toEqual([
      'Wall paint 3',
      'Wall paint 2',
      'Wall paint 1',
    ]);
    expect(twice.paints?.[0]?.imageUrl).toBe('/api/files/b.png');
    // Other actions' lists are left alone and count on their own.
    const other = withGenerated(twice, 'remove_elements', ['/api/files/d.png']);
    expect(other.remove_elements?.[0]?.name).toBe('Remove elements 1');
    expect(other.paints).toBe(twice.paints);
  });

  it('keeps what each image used with it', () => {
    const region = { share: 0.25, box: { x: 1, y: 2, width: 3, height: 4 } };
    const used = { products: [], paints: [{ name: 'Sage', hex: '#9caf88', region }], textures: [] };
    const at = new Date('2026-11-23T10:00:00Z');
    const made = withGenerated({}, 'paints', ['/api/files/a.png'], [used], at);
    expect(made.paints?.[0]).toEqual({
      name: 'Wall paint 1',
      imageUrl: '/api/files/a.png',
      created_at: at.toISOString(),
      used,
    });
  });

  it('asks the server for each chosen space by its surface name, in the offered order', () => {
    expect(surfacesOf(['Ceiling', 'Front wall'])).toEqual(['wall-front', 'ceiling']);
    expect(surfacesOf(['Left wall', 'Right wall'])).toEqual(['wall-right', 'wall-left']);
    expect(surfacesOf([])).toEqual([]);
    for (const space of WALL_SPACES) expect(SURFACE_NAMES).toContain(WALL_SPACE_SURFACES[space]);
  });
});
