import { describe, expect, it } from 'vitest';
import { savedDesign } from '@/testing/design';
import { generatedImagesOf, withoutDesign, withSavedDesign } from './designs-list';

const older = savedDesign({ id: 1, name: 'Kitchen' });
const newer = savedDesign({ id: 2, name: 'Bedroom' });

describe('withSavedDesign', () => {
  it('replaces the entry of a design already in the list, in place', () => {
    const renamed = { ...older, name: 'Big kitchen' };
    expect(withSavedDesign([newer, older], renamed)).toEqual([newer, renamed]);
  });

  it('puts a new design first, as the list is newest first', () => {
    const created = savedDesign({ id: 3, name: 'Den' });
    expect(withSavedDesign([newer, older], created)).toEqual([created, newer, older]);
  });
});

describe('withoutDesign', () => {
  it('leaves the deleted design out', () => {
    expect(withoutDesign([newer, older], 2)).toEqual([older]);
    expect(withoutDesign([newer, older], 9)).toEqual([newer, older]);
  });
});

describe('generatedImagesOf', () => {
  it('lists every generated image, action by action', () => {
    const paint = { name: 'Wall paint 1', imageUrl: '/api/files/p.jpg' };
    const style = { name: 'Architectural style 1', imageUrl: '/api/files/s.jpg' };
    expect(
      generatedImagesOf({ generated_images: { paints: [paint], architectural_style: [style] } }),
    ).toEqual([style, paint]);
    expect(generatedImagesOf({ generated_images: {} })).toEqual([]);
  });
});
