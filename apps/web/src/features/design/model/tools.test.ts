import { describe, expect, it } from 'vitest';
import { SURFACE_NAMES } from '@roomcraft/contracts';
import {
  WALL_SPACES,
  WALL_SPACE_SURFACES,
  costOf,
  surfacesOf,
  takesQuantity,
  withGenerated,
} from './tools';

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
