import { describe, expect, it } from 'vitest';
import {
  defaultTweakSettings,
  moveStep,
  stepAt,
  carouselStep,
  scrollIntoViewTarget,
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

  it('lists the newest result first whichever tool made it (spec §4)', () => {
    const strip = stripImages('/api/files/work.jpg', {
      architectural_style: [
        {
          name: 'Architectural style 1',
          imageUrl: '/api/files/s1.jpg',
          created_at: '2026-11-23T10:00:00.000Z',
        },
      ],
      paints: [
        {
          name: 'Wall paint 2',
          imageUrl: '/api/files/p2.jpg',
          created_at: '2026-11-23T12:00:00.000Z',
        },
        {
          name: 'Wall paint 1',
          imageUrl: '/api/files/p1.jpg',
          created_at: '2026-11-23T09:00:00.000Z',
        },
      ],
      floors: [{ name: 'Floors 1', imageUrl: '/api/files/f1.jpg' }],
    });
    expect(strip.map(({ name }) => name)).toEqual([
      null,
      'Wall paint 2',
      'Architectural style 1',
      'Wall paint 1',
      'Floors 1',
    ]);
  });

  it('lists results without generation times after the work image, by action, newest first', () => {
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

describe('the desktop carousel (spec §2, §9)', () => {
  it('scrolls by 75 percent of the visible width either way', () => {
    expect(carouselStep(800, 1)).toBe(600);
    expect(carouselStep(800, -1)).toBe(-600);
  });

  it('brings an item into view only as far as needed', () => {
    const view = { left: 200, width: 500 };
    expect(scrollIntoViewTarget(view, { left: 300, width: 150 })).toBe(200);
    expect(scrollIntoViewTarget(view, { left: 100, width: 150 })).toBe(100);
    expect(scrollIntoViewTarget(view, { left: 650, width: 150 })).toBe(300);
  });
});
