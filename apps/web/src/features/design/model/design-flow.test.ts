import { describe, expect, it } from 'vitest';
import {
  defaultTweakSettings,
  moveStep,
  stepAt,
  stripImages,
  toggleSelection,
} from './design-flow';

describe('moveStep', () => {
  it('moves one step at a time', () => {
    expect(moveStep(0, 1)).toBe(1);
    expect(moveStep(1, -1)).toBe(0);
  });

  it('cannot pass either end', () => {
    expect(moveStep(0, -1)).toBe(0);
    expect(moveStep(1, 1)).toBe(1);
  });

  it('names the steps in order', () => {
    expect(stepAt(0)).toBe('upload-image');
    expect(stepAt(1)).toBe('tweak-design');
  });
});

describe('defaultTweakSettings', () => {
  it('is brush size 5, two designs and no action (spec §4)', () => {
    expect(defaultTweakSettings()).toEqual({
      action: 'none',
      brushSize: 5,
      desiredNumberOfDesigns: 2,
    });
  });
});

describe('stripImages', () => {
  it('holds just the work image for a design without generated images', () => {
    expect(stripImages('blob:room', {})).toEqual([{ name: null, url: 'blob:room' }]);
  });

  it('lists the generated images after the work image, by action, newest first', () => {
    const strip = stripImages('/api/files/work.jpg', {
      paints: [{ name: 'Wall paint 1', imageUrl: '/api/files/p1.jpg' }],
      architectural_style: [
        { name: 'Architectural style 2', imageUrl: '/api/files/s2.jpg' },
        { name: 'Architectural style 1', imageUrl: '/api/files/s1.jpg' },
      ],
    });
    expect(strip.map(({ name }) => name)).toEqual([
      null,
      'Architectural style 2',
      'Architectural style 1',
      'Wall paint 1',
    ]);
    expect(strip[3]?.url).toBe('/api/files/p1.jpg');
  });
});

describe('toggleSelection', () => {
  it('selects a clicked image and deselects it on a second click', () => {
    expect(toggleSelection(0, 2)).toBe(2);
    expect(toggleSelection(2, 2)).toBeNull();
    expect(toggleSelection(null, 0)).toBe(0);
  });
});
