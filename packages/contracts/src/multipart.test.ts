import { describe, expect, it } from 'vitest';
import { fromFormEntries, toFormEntries } from './multipart';

class FakeFile {
  constructor(readonly name: string) {}
}

describe('the multipart encoding', () => {
  it('omits undefined, writes booleans as 1/0 and indexes arrays and objects', () => {
    const file = new FakeFile('room.jpg');
    expect(
      toFormEntries({
        base_image: file,
        name: undefined,
        budget_min: 100,
        state_is_base: true,
        generated_images: { paints: [{ name: 'Wall paint 1', imageUrl: '/api/files/a.jpg' }] },
        space_elements: [{ label: 'Sofa', box: [{ x: 1, y: 2 }] }],
      }),
    ).toEqual([
      ['base_image', file],
      ['budget_min', '100'],
      ['state_is_base', '1'],
      ['generated_images[paints][0][name]', 'Wall paint 1'],
      ['generated_images[paints][0][imageUrl]', '/api/files/a.jpg'],
      ['space_elements[0][label]', 'Sofa'],
      ['space_elements[0][box][0][x]', '1'],
      ['space_elements[0][box][0][y]', '2'],
    ]);
  });

  it('rebuilds what it encoded', () => {
    const fields = {
      name: 'Living room - 21-11-2026',
      generated_images: {
        paints: [
          { name: 'a', imageUrl: 'b' },
          { name: 'c', imageUrl: 'd' },
        ],
      },
      space_elements: [{ label: 'Sofa', box: [{ x: '1', y: '2' }] }],
    };
    const entries = toFormEntries(fields).map(
      ([key, value]) => [key, typeof value === 'string' ? value : ''] as [string, string],
    );
    expect(fromFormEntries(entries)).toEqual(fields);
  });

  it('drops holes in arrays and refuses prototype keys and malformed names', () => {
    expect(
      fromFormEntries([
        ['a[2]', 'x'],
        ['a[0]', 'y'],
      ]),
    ).toEqual({ a: ['y', 'x'] });
    expect(() => fromFormEntries([['__proto__[polluted]', '1']])).toThrow();
    expect(() => fromFormEntries([['a[constructor][prototype]', '1']])).toThrow();
    expect(() => fromFormEntries([['a[', '1']])).toThrow();
    expect(() => fromFormEntries([['a[]', '1']])).toThrow();
    expect(() => fromFormEntries([['a[99999999]', '1']])).toThrow();
    expect(() =>
      fromFormEntries([
        ['a', '1'],
        ['a[b]', '2'],
      ]),
    ).toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
