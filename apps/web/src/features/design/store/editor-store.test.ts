import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { savedDesign } from '@/testing/design';
import {
  selectCanRedo,
  selectCanSave,
  selectHasWorkToLose,
  selectShownImage,
  useEditorStore,
} from './editor-store';

const photo = new File(['jpeg bytes'], 'room.jpg', { type: 'image/jpeg' });
const editor = () => useEditorStore.getState();

// jsdom has no object URLs.
const revokeObjectURL = vi.fn();
beforeEach(() => {
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:room'), revokeObjectURL });
});

afterEach(() => {
  editor().reset();
});

function describedNewDesign() {
  editor().chooseBaseImage(photo);
  editor().updateDetails({ space_type: 'residential', space_sub_type: 'living_room' });
}

describe('the editor store', () => {
  it('shows a chosen photo as the state image of a new, unsaved design', () => {
    describedNewDesign();
    expect(selectShownImage(editor())).toBe('blob:room');
    expect(selectHasWorkToLose(editor())).toBe(true);
    expect(selectCanSave(editor())).toBe(true);
  });

  it('cannot save while saving, nor a design without its details', () => {
    editor().chooseBaseImage(photo);
    expect(selectCanSave(editor())).toBe(false);
    describedNewDesign();
    editor().setSaving(true);
    expect(selectCanSave(editor())).toBe(false);
  });

  it('adopts a saved design: the photo becomes the stored image and nothing is unsaved', () => {
    describedNewDesign();
    const saved = savedDesign({ id: 12 });
    editor().adoptSaved(saved);

    expect(editor().draft.id).toBe(12);
    expect(editor().draft.base).toEqual({ source: saved.base_image, url: saved.base_image });
    expect(selectShownImage(editor())).toBe(saved.state_image);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:room');
    expect(selectHasWorkToLose(editor())).toBe(false);
    expect(selectCanSave(editor())).toBe(false);
  });

  it('adopts the photo detection stored once: its URL is sent, the preview stays shown', () => {
    describedNewDesign();
    const stored = '/api/files/storedStoredStoredStored01.jpg';
    editor().adoptStoredBase('blob:other', stored);
    expect(editor().draft.base?.source).toBe(photo);

    editor().adoptStoredBase('blob:room', stored);
    expect(editor().draft.base).toEqual({ source: stored, url: 'blob:room' });
    expect(selectShownImage(editor())).toBe('blob:room');
    expect(revokeObjectURL).not.toHaveBeenCalled();

    // Saving names the stored photo; the history follows it and the preview is freed.
    const saved = savedDesign({ id: 13, base_image: stored, state_image: stored });
    editor().adoptSaved(saved);
    expect(selectShownImage(editor())).toBe(stored);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:room');
    expect(selectHasWorkToLose(editor())).toBe(false);
  });

  it('opens a design on the next step, with a fresh history and default tools', () => {
    const saved = savedDesign();
    editor().loadDesign(saved);
    expect(editor().stepIndex).toBe(1);
    expect(editor().history).toEqual({ current: saved.state_image, past: [], pointer: -1 });
    expect(editor().tweak).toEqual({ action: 'none', brushSize: 5, desiredNumberOfDesigns: 2 });
    expect(selectHasWorkToLose(editor())).toBe(false);
  });

  it('discards changes back to the saved copy, or to an empty editor for a new design', () => {
    const saved = savedDesign();
    editor().loadDesign(saved);
    editor().updateDetails({ budget_max: 99_000 });
    expect(selectHasWorkToLose(editor())).toBe(true);
    editor().discardChanges();
    expect(editor().draft.budget_max).toBe(saved.budget_max);
    expect(selectHasWorkToLose(editor())).toBe(false);

    editor().reset();
    describedNewDesign();
    editor().discardChanges();
    expect(editor().draft.base).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:room');
  });

  it('continues one step after login only with a photo to continue with', () => {
    editor().flagNextStepAfterLogin();
    editor().continueAfterLogin();
    expect(editor()).toMatchObject({ stepIndex: 0, nextStepAfterLogin: false });

    describedNewDesign();
    editor().flagNextStepAfterLogin();
    editor().continueAfterLogin();
    expect(editor()).toMatchObject({ stepIndex: 1, nextStepAfterLogin: false });
  });

  it('toggles the selected image of the strip', () => {
    expect(editor().selectedImage).toBe(0);
    editor().toggleImage(0);
    expect(editor().selectedImage).toBeNull();
    editor().toggleImage(2);
    expect(editor().selectedImage).toBe(2);
  });

  it('starts a newly selected action over (spec §4 Selected action)', () => {
    editor().loadDesign(
      savedDesign({
        space_elements: [
          { label: 'Sofa', box: [{ x: 1, y: 2 }] },
          { label: 'Chair', box: [{ x: 3, y: 4 }] },
        ],
      }),
    );
    editor().selectAction('remove_elements');
    editor().setMask({ painted: true, hidden: true, mode: 'erase' });
    editor().addGenerated('remove_elements', ['/api/files/removedRemovedRemoved01.png']);
    editor().setInputs({ element: 1, prompt: 'a plant' });
    editor().setSelectionPoints(false);
    const clears = editor().mask.clears;
    expect(editor()).toMatchObject({ newlyGenerated: true, selectedImage: 1 });

    editor().selectAction('furniture');
    expect(editor().mask).toMatchObject({ painted: false, hidden: false, mode: 'add', points: [] });
    expect(editor().mask.clears).toBe(clears + 1);
    expect(editor()).toMatchObject({
      newlyGenerated: false,
      selectedImage: 0,
      selectionPoints: true,
    });
    expect(editor().inputs).toMatchObject({ element: null, replacement: null, prompt: '' });
    expect(editor().draft.space_elements.map(({ label }) => label)).toEqual(['Chair', 'Sofa']);
  });

  it('keeps the mask when the selection type changes, and starts a new run of clicks', () => {
    editor().selectAction('paints');
    editor().setMask({
      selection: 'automatic',
      painted: true,
      points: [{ x: 5, y: 6, label: 1 }],
    });
    const { clears } = editor().mask;
    editor().setSelectionType('manual');
    expect(editor().mask).toMatchObject({ selection: 'manual', painted: true, points: [], clears });
    editor().setSelectionType('automatic');
    expect(editor().mask).toMatchObject({ selection: 'automatic', painted: true, clears });
  });
});

describe('a saved design in the editor (issue 15)', () => {
  const result = '/api/files/resultResultResultResult1.jpg';

  it('reopens with the history it was saved with (spec §4)', () => {
    const design = savedDesign({
      history: { current: result, past: [savedDesign().base_image], pointer: 0 },
    });
    editor().loadDesign(design);
    expect(selectShownImage(editor())).toBe(design.state_image);
    expect(selectCanRedo(editor())).toBe(true);
    editor().redo();
    expect(selectShownImage(editor())).toBe(result);
    expect(selectCanSave(editor())).toBe(true);
  });

  it('stays saved when detected elements or a new name are stored for it', () => {
    const design = savedDesign();
    editor().loadDesign(design);
    const elements = [{ label: 'Sofa', box: [{ x: 1, y: 2 }] }];
    editor().adoptSpaceElements(elements);
    expect(selectCanSave(editor())).toBe(true);
    editor().adoptSavedSpaceElements({ ...design, space_elements: elements });
    expect(selectCanSave(editor())).toBe(false);
    editor().adoptSavedName({ ...design, name: 'Sunny living room' });
    expect(editor().draft.name).toBe('Sunny living room');
    expect(selectCanSave(editor())).toBe(false);
  });
});
