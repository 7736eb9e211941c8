import { describe, expect, it } from 'vitest';
import { savedDesign } from '@/testing/design';
import {
  budgetMaxBelowMin,
  canGoNext,
  draftFromDesign,
  hasWorkToLose,
  isUnsaved,
  newDraft,
  type DesignDraft,
} from './design-draft';

const photo = new File(['jpeg bytes'], 'room.jpg', { type: 'image/jpeg' });

function readyDraft(overrides: Partial<DesignDraft> = {}): DesignDraft {
  return {
    ...newDraft(),
    base: { source: photo, url: 'blob:room' },
    space_type: 'residential',
    space_sub_type: 'living_room',
    ...overrides,
  };
}

describe('canGoNext', () => {
  it('holds with a base image, a space type, a design type and no budget', () => {
    expect(canGoNext(readyDraft())).toBe(true);
  });

  it('needs a base image', () => {
    expect(canGoNext(readyDraft({ base: null }))).toBe(false);
  });

  it('needs both the space type and the design type', () => {
    expect(canGoNext(readyDraft({ space_type: '' }))).toBe(false);
    expect(canGoNext(readyDraft({ space_sub_type: '' }))).toBe(false);
    expect(canGoNext(newDraft())).toBe(false);
  });

  it('needs budget_min <= budget_max', () => {
    expect(canGoNext(readyDraft({ budget_min: 500, budget_max: 500 }))).toBe(true);
    expect(canGoNext(readyDraft({ budget_min: 100, budget_max: 900 }))).toBe(true);
    expect(canGoNext(readyDraft({ budget_min: 900, budget_max: 100 }))).toBe(false);
  });

  it('accepts a budget with one end open', () => {
    expect(canGoNext(readyDraft({ budget_min: 900 }))).toBe(true);
    expect(canGoNext(readyDraft({ budget_max: 100 }))).toBe(true);
  });
});

describe('budgetMaxBelowMin', () => {
  it('is an error only when both ends are given and MAX is lower', () => {
    expect(budgetMaxBelowMin({ budget_min: 10, budget_max: 5 })).toBe(true);
    expect(budgetMaxBelowMin({ budget_min: 10, budget_max: 10 })).toBe(false);
    expect(budgetMaxBelowMin({ budget_min: 10, budget_max: null })).toBe(false);
    expect(budgetMaxBelowMin({ budget_min: null, budget_max: 0 })).toBe(false);
  });
});

describe('isUnsaved', () => {
  const saved = savedDesign({
    generated_images: {
      paints: [{ name: 'Wall paint 1', imageUrl: '/api/files/paintPaintPaintPaintPaint01.jpg' }],
    },
    space_elements: [{ label: 'sofa', box: [{ x: 1, y: 2 }] }],
  });
  const draft = draftFromDesign(saved);

  it('is unsaved when the design is new', () => {
    expect(isUnsaved(readyDraft(), 'blob:room', null)).toBe(true);
    expect(isUnsaved({ ...draft, id: 0 }, saved.state_image, saved)).toBe(true);
  });

  it('is saved when the fields and the shown image match the saved copy', () => {
    expect(isUnsaved(draft, saved.state_image, saved)).toBe(false);
    // A copy with the same content counts as the same.
    expect(isUnsaved(structuredClone(draft), saved.state_image, saved)).toBe(false);
  });

  it('is unsaved when a field differs from the saved copy', () => {
    expect(isUnsaved({ ...draft, name: 'Den' }, saved.state_image, saved)).toBe(true);
    expect(isUnsaved({ ...draft, budget_max: 6000 }, saved.state_image, saved)).toBe(true);
    expect(isUnsaved({ ...draft, design_mode: 'bold' }, saved.state_image, saved)).toBe(true);
    expect(isUnsaved({ ...draft, space_sub_type: 'bedroom' }, saved.state_image, saved)).toBe(true);
    expect(isUnsaved({ ...draft, generated_images: {} }, saved.state_image, saved)).toBe(true);
    expect(isUnsaved({ ...draft, space_elements: [] }, saved.state_image, saved)).toBe(true);
    expect(
      isUnsaved(
        { ...draft, inspiration: { source: photo, url: 'blob:inspiration' } },
        saved.state_image,
        saved,
      ),
    ).toBe(true);
  });

  it('is unsaved when the shown image differs from the saved state image', () => {
    expect(isUnsaved(draft, '/api/files/paintPaintPaintPaintPaint01.jpg', saved)).toBe(true);
  });
});

describe('hasWorkToLose', () => {
  it('is false for an empty new design, which holds nothing', () => {
    expect(hasWorkToLose(newDraft(), null, null)).toBe(false);
  });

  it('is true for a new design with a photo, and for changes to a saved one', () => {
    const saved = savedDesign();
    expect(hasWorkToLose(readyDraft(), 'blob:room', null)).toBe(true);
    expect(hasWorkToLose(draftFromDesign(saved), saved.state_image, saved)).toBe(false);
    expect(
      hasWorkToLose({ ...draftFromDesign(saved), budget_min: 0 }, saved.state_image, saved),
    ).toBe(true);
  });
});
