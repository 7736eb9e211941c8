import { describe, expect, it } from 'vitest';
import { designFieldsSchema, fromFormEntries } from '@roomcraft/contracts';
import { savedDesign } from '@/testing/design';
import { draftFromDesign, newDraft, type DesignDraft } from './design-draft';
import { newDesignFormData, savedDesignFields } from './design-payload';
import { setStateImage, startHistory, undo } from './history';

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
    const form = newDesignFormData(chosenDraft(), startHistory('blob:room'));

    expect(form.get('base_image')).toBe(photo);
    expect([...form.keys()].sort()).toEqual(['base_image', 'name', 'space_sub_type', 'space_type']);
    expect(form.get('name')).toBe('');
    expect(form.get('space_type')).toBe('residential');
    expect(form.get('space_sub_type')).toBe('living_room');
  });

  it('sends the stored URL of a photo detection has stored, not the file again', () => {
    const stored = '/api/files/storedStoredStoredStored01.jpg';
    const draft = chosenDraft({ base: { source: stored, url: 'blob:room' } });
    const form = newDesignFormData(draft, startHistory('blob:room'));
    expect(form.get('base_image')).toBe(stored);
    expect(form.get('state_image')).toBeNull();
    expect([...form.values()].some((value) => value instanceof File)).toBe(false);
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
      startHistory('blob:room'),
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
      fromFormEntries(textEntries(newDesignFormData(draft, startHistory('blob:room')))),
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
    expect(newDesignFormData(chosenDraft(), startHistory(stored)).get('state_image')).toBe(stored);
    expect(newDesignFormData(chosenDraft(), startHistory('blob:room')).has('state_image')).toBe(
      false,
    );
  });

  it('sends stored images as their URLs', () => {
    const url = '/api/files/baseBaseBaseBaseBaseBase01.jpg';
    const form = newDesignFormData(chosenDraft({ base: { source: url, url } }), startHistory(url));
    expect(form.get('base_image')).toBe(url);
  });

  it('refuses a design without a base image', () => {
    expect(() => newDesignFormData(newDraft(), startHistory(null))).toThrow();
  });
});

describe('savedDesignFields', () => {
  it('sends the fields of a saved design as JSON the server accepts', () => {
    const saved = savedDesign();
    const fields = savedDesignFields(draftFromDesign(saved), startHistory(saved.state_image));
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
      history: { current: saved.state_image, past: [], pointer: -1 },
    });
    expect(designFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it('marks a state image other than the base', () => {
    const state = '/api/files/stateStateStateStateState01.jpg';
    const fields = savedDesignFields(draftFromDesign(savedDesign()), startHistory(state));
    expect(fields).toMatchObject({ state_image: state, state_is_base: false });
  });

  it('leaves an empty budget as it is on the server', () => {
    const fields = savedDesignFields(
      { ...draftFromDesign(savedDesign()), budget_min: null, budget_max: null },
      startHistory(null),
    );
    expect(fields.budget_min).toBeUndefined();
    expect(fields.budget_max).toBeUndefined();
  });
});

describe('the history saved with a design (spec §4)', () => {
  const base = '/api/files/baseBaseBaseBaseBaseBase01.jpg';
  const result = '/api/files/resultResultResultResult1.jpg';

  it('sends the undo history with the shown image as the state image', () => {
    const history = undo(setStateImage(startHistory(base), result));
    const fields = savedDesignFields(draftFromDesign(savedDesign()), history);
    expect(fields).toMatchObject({
      state_image: base,
      history: { current: result, past: [base], pointer: 0 },
    });
    expect(designFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it('leaves out a history that still runs through a photo only this browser has', () => {
    const history = setStateImage(startHistory('blob:room'), result);
    const form = newDesignFormData(chosenDraft(), history);
    expect([...form.keys()].some((key) => key.startsWith('history'))).toBe(false);
    expect(form.get('state_image')).toBe(result);
  });
});
