import { describe, expect, it } from 'vitest';
import { designFieldsSchema, fromFormEntries } from '@roomcraft/contracts';
import { savedDesign } from '@/testing/design';
import { draftFromDesign, newDraft, type DesignDraft } from './design-draft';
import { newDesignFormData, savedDesignFields } from './design-payload';

const photo = new File(['jpeg bytes'], 'room.jpg', { type: 'image/jpeg' });
const inspiration = new File(['png bytes'], 'mood.png', { type: 'image/png' });

function chosenDraft(overrides: Partial<DesignDraft> = {}): DesignDraft {
  return {
    ...newDraft(),
    base: { source: photo, url: 'blob:room' },
    space_type: 'residential',
    space_sub_type: 'living_room',
    ...overrides,
  };
}

const textEntries = (form: FormData) =>
  [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string');

describe('newDesignFormData', () => {
  it('sends the chosen file as base_image and leaves empty fields out', () => {
    const form = newDesignFormData(chosenDraft(), 'blob:room');

    expect(form.get('base_image')).toBe(photo);
    expect([...form.keys()].sort()).toEqual(['base_image', 'name', 'space_sub_type', 'space_type']);
    expect(form.get('name')).toBe('');
    expect(form.get('space_type')).toBe('residential');
    expect(form.get('space_sub_type')).toBe('living_room');
  });

  it('writes numbers as text and lists and maps with indexed keys', () => {
    const form = newDesignFormData(
      chosenDraft({
        inspiration: { source: inspiration, url: 'blob:mood' },
        budget_min: 0,
        budget_max: 2500,
        design_mode: 'bold',
        generated_images: {
          paints: [
            { name: 'Wall paint 1', imageUrl: '/api/files/paintPaintPaintPaintPaint01.jpg' },
          ],
        },
        space_elements: [{ label: 'sofa', box: [{ x: 10, y: 20 }] }],
      }),
      'blob:room',
    );

    expect(form.get('inspiration_image')).toBe(inspiration);
    expect(Object.fromEntries(textEntries(form))).toEqual({
      name: '',
      budget_min: '0',
      budget_max: '2500',
      design_mode: 'bold',
      space_type: 'residential',
      space_sub_type: 'living_room',
      'generated_images[paints][0][name]': 'Wall paint 1',
      'generated_images[paints][0][imageUrl]': '/api/files/paintPaintPaintPaintPaint01.jpg',
      'space_elements[0][label]': 'sofa',
      'space_elements[0][box][0][x]': '10',
      'space_elements[0][box][0][y]': '20',
    });
  });

  it('is read back by the server as the same fields', () => {
    const draft = chosenDraft({
      budget_min: 100,
      budget_max: 200,
      space_elements: [{ label: 'lamp', box: [{ x: 1, y: 2 }] }],
    });
    const fields = designFieldsSchema.parse(
      fromFormEntries(textEntries(newDesignFormData(draft, 'blob:room'))),
    );
    expect(fields).toEqual({
      name: '',
      budget_min: 100,
      budget_max: 200,
      space_type: 'residential',
      space_sub_type: 'living_room',
      space_elements: [{ label: 'lamp', box: [{ x: 1, y: 2 }] }],
    });
  });

  it('sends the state image only when it is not the base image', () => {
    const stored = '/api/files/stateStateStateStateState01.jpg';
    expect(newDesignFormData(chosenDraft(), stored).get('state_image')).toBe(stored);
    expect(newDesignFormData(chosenDraft(), 'blob:room').has('state_image')).toBe(false);
  });

  it('sends stored images as their URLs', () => {
    const url = '/api/files/baseBaseBaseBaseBaseBase01.jpg';
    const form = newDesignFormData(chosenDraft({ base: { source: url, url } }), url);
    expect(form.get('base_image')).toBe(url);
  });

  it('refuses a design without a base image', () => {
    expect(() => newDesignFormData(newDraft(), null)).toThrow();
  });
});

describe('savedDesignFields', () => {
  it('sends the fields of a saved design as JSON the server accepts', () => {
    const saved = savedDesign();
    const fields = savedDesignFields(draftFromDesign(saved), saved.state_image);
    expect(fields).toEqual({
      name: saved.name,
      base_image: saved.base_image,
      state_image: saved.state_image,
      state_is_base: true,
      inspiration_image: null,
      budget_min: 1000,
      budget_max: 5000,
      design_mode: '',
      design_style: '',
      space_type: 'residential',
      space_sub_type: 'living_room',
      generated_images: {},
      space_elements: [],
    });
    expect(designFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it('marks a state image other than the base', () => {
    const state = '/api/files/stateStateStateStateState01.jpg';
    const fields = savedDesignFields(draftFromDesign(savedDesign()), state);
    expect(fields).toMatchObject({ state_image: state, state_is_base: false });
  });

  it('leaves an empty budget as it is on the server', () => {
    const fields = savedDesignFields(
      { ...draftFromDesign(savedDesign()), budget_min: null, budget_max: null },
      null,
    );
    expect(fields.budget_min).toBeUndefined();
    expect(fields.budget_max).toBeUndefined();
  });
});
