import { create } from 'zustand';
import type { ActionId, Design, ImageUsed, SpaceElement } from '@roomcraft/contracts';
import {
  draftFromDesign,
  canGoNext,
  hasWorkToLose,
  isUnsaved,
  newDraft,
  showsPreview,
  type DesignDetails,
  type DesignDraft,
  type DesignImage,
} from '../model/design-draft';
import {
  defaultTweakSettings,
  moveStep,
  stripImages,
  toggleSelection,
  type TweakSettings,
} from '../model/design-flow';
import {
  canRedo,
  canUndo,
  redo,
  renameImage,
  restoreHistory,
  setStateImage,
  shownImage,
  startHistory,
  undo,
  type DesignHistory,
} from '../model/history';
import { emptyToolInputs, withGenerated, type ToolId, type ToolInputs } from '../model/tools';

/** A click of automatic selection: label 1 includes, 0 excludes (natural pixels). */
export interface SelectionPoint {
  x: number;
  y: number;
  label: 0 | 1;
}

/** The mask tools' state (spec §2, §3 Brush). The pixels live in the overlay canvas. */
export interface MaskState {
  painted: boolean;
  /** "Hide selection" / "Show selection". */
  hidden: boolean;
  mode: 'add' | 'erase';
  selection: 'automatic' | 'manual';
  points: SelectionPoint[];
  /** Bumped to wipe the overlay (Clear, another action). */
  clears: number;
}

function freshMask(clears = 0): MaskState {
  return { painted: false, hidden: false, mode: 'add', selection: 'manual', points: [], clears };
}

/**
 * The design editor (spec §3, §4). It lives for the page load, not in storage: a chosen photo is
 * a File in memory, which is how a guest's design survives the trip to login and back.
 */
interface EditorState {
  stepIndex: number;
  draft: DesignDraft;
  /** The design as the server last answered it; null while it was never saved. */
  saved: Design | null;
  history: DesignHistory;
  /** Index in the image strip (0 is the work image); null when nothing is selected. */
  selectedImage: number | null;
  tweak: TweakSettings;
  /** Spec §4: advance the flow one step once the person has logged in. */
  nextStepAfterLogin: boolean;
  saving: boolean;
  /** The open tool panel's inputs (spec §3 Tweak config). */
  inputs: ToolInputs;
  mask: MaskState;
  /** Spec §4: set after a generation, reset when the action changes. */
  newlyGenerated: boolean;
  generating: boolean;
  /** The design's space elements are being detected (spec §4 Space elements). */
  detecting: boolean;
  /** "Selection points" (true) or "Empty image" (false) on Change furniture. */
  selectionPoints: boolean;
  /** The number of designs before Floors forced it to 1 (spec §4 Per-tool behaviour). */
  designsBeforeFloors: number | null;
  /** The shown image's natural size, once it has loaded. */
  workSize: { width: number; height: number } | null;
  /** Counts the designs opened or started on this page load; saving keeps the count. */
  designSession: number;

  nextStep: () => void;
  previousStep: () => void;
  chooseBaseImage: (file: File) => void;
  chooseInspirationImage: (file: File | null) => void;
  updateDetails: (details: Partial<DesignDetails>) => void;
  undo: () => void;
  redo: () => void;
  toggleImage: (index: number) => void;
  loadDesign: (design: Design) => void;
  adoptSaved: (design: Design) => void;
  /** The open design was renamed elsewhere (the designs list): the new name is its saved one. */
  adoptSavedName: (design: Design) => void;
  /** Space elements detected for the saved design and stored with it on the server. */
  adoptSavedSpaceElements: (design: Design) => void;
  discardChanges: () => void;
  reset: () => void;
  resetDefaults: () => void;
  flagNextStepAfterLogin: () => void;
  continueAfterLogin: () => void;
  setSaving: (saving: boolean) => void;
  selectAction: (action: ActionId) => void;
  setInputs: (inputs: Partial<ToolInputs>) => void;
  setMask: (mask: Partial<MaskState>) => void;
  /** Automatic or manual selection: the mask stays, a new run of clicks starts. */
  setSelectionType: (selection: MaskState['selection']) => void;
  clearMask: () => void;
  setBrushSize: (size: number) => void;
  setDesiredDesigns: (count: number) => void;
  setGenerating: (generating: boolean) => void;
  setDetecting: (detecting: boolean) => void;
  setSelectionPoints: (shown: boolean) => void;
  addGenerated: (action: ToolId, urls: readonly string[], used?: readonly ImageUsed[]) => void;
  applySelectedImage: () => void;
  adoptSpaceElements: (elements: SpaceElement[]) => void;
  /**
   * The chosen photo (shown from `preview`) was stored by the server (space-element detection
   * stores it): from now on the API is sent its stored URL, never the file again.
   */
  adoptStoredBase: (preview: string, stored: string) => void;
  setWorkSize: (size: { width: number; height: number } | null) => void;
}

type EditorData = Pick<
  EditorState,
  | 'stepIndex'
  | 'draft'
  | 'saved'
  | 'history'
  | 'selectedImage'
  | 'tweak'
  | 'nextStepAfterLogin'
  | 'saving'
  | 'inputs'
  | 'mask'
  | 'newlyGenerated'
  | 'generating'
  | 'detecting'
  | 'selectionPoints'
  | 'designsBeforeFloors'
  | 'workSize'
  | 'designSession'
>;

function initialEditor(designSession = 0): EditorData {
  return {
    designSession,
    stepIndex: 0,
    draft: newDraft(),
    saved: null,
    history: startHistory(null),
    selectedImage: 0,
    tweak: defaultTweakSettings(),
    nextStepAfterLogin: false,
    saving: false,
    inputs: emptyToolInputs(),
    mask: freshMask(),
    newlyGenerated: false,
    generating: false,
    detecting: false,
    selectionPoints: true,
    designsBeforeFloors: null,
    workSize: null,
  };
}

function chosenFile(file: File): DesignImage {
  return { source: file, url: URL.createObjectURL(file) };
}

/** Frees a chosen file's preview once nothing shows it any more. */
function release(image: DesignImage | null) {
  if (image !== null && showsPreview(image)) URL.revokeObjectURL(image.url);
}

function releaseFiles(draft: DesignDraft) {
  release(draft.base);
  release(draft.inspiration);
}

export const useEditorStore = create<EditorState>()((set, get) => {
  const loaded = (design: Design, stepIndex: number): Partial<EditorData> => ({
    stepIndex,
    designSession: get().designSession + 1,
    draft: draftFromDesign(design),
    saved: design,
    // Spec §4 History: the history is part of the design, restored when it is reopened.
    history: restoreHistory(design.history, design.state_image),
    selectedImage: 0,
    tweak: defaultTweakSettings(),
  });

  return {
    ...initialEditor(),
    nextStep: () => set(({ stepIndex }) => ({ stepIndex: moveStep(stepIndex, 1) })),
    previousStep: () => set(({ stepIndex }) => ({ stepIndex: moveStep(stepIndex, -1) })),
    chooseBaseImage: (file) => {
      const { draft } = get();
      release(draft.base);
      const base = chosenFile(file);
      // A new photo starts the design over: it is the state image, with no history behind it.
      set(({ designSession }) => ({
        draft: { ...draft, base },
        history: startHistory(base.url),
        selectedImage: 0,
        designSession: designSession + 1,
      }));
    },
    chooseInspirationImage: (file) => {
      const { draft } = get();
      release(draft.inspiration);
      set({ draft: { ...draft, inspiration: file === null ? null : chosenFile(file) } });
    },
    updateDetails: (details) => set(({ draft }) => ({ draft: { ...draft, ...details } })),
    undo: () => set(({ history }) => ({ history: undo(history) })),
    redo: () => set(({ history }) => ({ history: redo(history) })),
    toggleImage: (index) =>
      set(({ selectedImage }) => ({ selectedImage: toggleSelection(selectedImage, index) })),
    // Spec §2: opening a design by id advances the flow to the next step.
    loadDesign: (design) => {
      releaseFiles(get().draft);
      set(({ stepIndex }) => loaded(design, moveStep(stepIndex, 1)));
    },
    adoptSavedName: (design) =>
      set(({ draft, saved }) =>
        saved === null || saved.id !== design.id
          ? {}
          : { draft: { ...draft, name: design.name }, saved: { ...saved, name: design.name } },
      ),
    adoptSavedSpaceElements: (design) =>
      set(({ draft, saved }) =>
        saved === null || saved.id !== design.id
          ? {}
          : {
              draft: { ...draft, space_elements: design.space_elements },
              saved: { ...saved, space_elements: design.space_elements },
            },
      ),
    adoptSaved: (design) => {
      const { draft, history } = get();
      // The shown photo was the chosen file's preview; from now on it is the stored image.
      const renamed =
        draft.base !== null && showsPreview(draft.base)
          ? renameImage(history, draft.base.url, design.base_image)
          : history;
      releaseFiles(draft);
      set({ draft: draftFromDesign(design), saved: design, history: renamed });
    },
    discardChanges: () => {
      const { saved, draft, stepIndex } = get();
      releaseFiles(draft);
      set(saved === null ? initialEditor(get().designSession + 1) : loaded(saved, stepIndex));
    },
    reset: () => {
      releaseFiles(get().draft);
      set(initialEditor(get().designSession + 1));
    },
    resetDefaults: () => set({ tweak: defaultTweakSettings() }),
    flagNextStepAfterLogin: () => set({ nextStepAfterLogin: true }),
    continueAfterLogin: () =>
      set(({ stepIndex, draft }) => ({
        nextStepAfterLogin: false,
        stepIndex: draft.base === null ? stepIndex : moveStep(stepIndex, 1),
      })),
    setSaving: (saving) => set({ saving }),
    selectAction: (action) => {
      const { tweak, draft, mask, designsBeforeFloors } = get();
      if (action === tweak.action) return;
      // Spec §4 Per-tool behaviour: Floors forces one design and gives the number back after.
      const leavingFloors = tweak.action === 'floors' && designsBeforeFloors !== null;
      const designs = leavingFloors ? designsBeforeFloors : tweak.desiredNumberOfDesigns;
      const entering = action === 'floors';
      // Spec §4 Selected action: flags, selection, mask and the selected image all start over.
      set({
        tweak: { ...tweak, action, desiredNumberOfDesigns: entering ? 1 : designs },
        designsBeforeFloors: entering ? designs : null,
        inputs: emptyToolInputs(draft.design_style),
        mask: freshMask(mask.clears + 1),
        newlyGenerated: false,
        selectionPoints: true,
        selectedImage: 0,
        draft: {
          ...draft,
          space_elements: [...draft.space_elements].sort((a, b) => a.label.localeCompare(b.label)),
        },
      });
    },
    setInputs: (inputs) => set((state) => ({ inputs: { ...state.inputs, ...inputs } })),
    setMask: (mask) => set((state) => ({ mask: { ...state.mask, ...mask } })),
    setSelectionType: (selection) =>
      set(({ mask }) => ({ mask: { ...mask, selection, points: [] } })),
    clearMask: () =>
      set(({ mask }) => ({
        mask: { ...mask, painted: false, points: [], clears: mask.clears + 1 },
      })),
    setBrushSize: (brushSize) => set(({ tweak }) => ({ tweak: { ...tweak, brushSize } })),
    setDesiredDesigns: (desiredNumberOfDesigns) =>
      set(({ tweak }) => ({ tweak: { ...tweak, desiredNumberOfDesigns } })),
    setGenerating: (generating) => set({ generating }),
    setDetecting: (detecting) => set({ detecting }),
    setSelectionPoints: (selectionPoints) => set({ selectionPoints }),
    addGenerated: (action, urls, used) => {
      const { draft, history } = get();
      const generated_images = withGenerated(draft.generated_images, action, urls, used);
      const work = shownImage(history) ?? '';
      // Spec §4: the first generated image is the one selected.
      const first = stripImages(work, generated_images).findIndex(({ url }) => url === urls[0]);
      set({
        draft: { ...draft, generated_images },
        newlyGenerated: true,
        selectedImage: first > 0 ? first : 0,
      });
    },
    applySelectedImage: () => {
      const { draft, history, selectedImage } = get();
      const work = shownImage(history);
      if (work === null || selectedImage === null || selectedImage === 0) return;
      const chosen = stripImages(work, draft.generated_images)[selectedImage];
      if (chosen === undefined) return;
      // Spec §4 Going back from an action: Yes makes it the new design state (undoable).
      set({ history: setStateImage(history, chosen.url), selectedImage: 0 });
    },
    // Spec §4 Space elements: kept in the design, sorted by label.
    adoptSpaceElements: (elements) =>
      set(({ draft }) => ({
        draft: {
          ...draft,
          space_elements: [...elements].sort((a, b) => a.label.localeCompare(b.label)),
        },
      })),
    adoptStoredBase: (preview, stored) =>
      set(({ draft }) =>
        draft.base?.url === preview && draft.base.source instanceof File
          ? { draft: { ...draft, base: { source: stored, url: preview } } }
          : {},
      ),
    setWorkSize: (workSize) => set({ workSize }),
  };
});

/** The image the strip has selected, or the work image when none is. */
export const selectSelectedImageUrl = (
  state: Pick<EditorState, 'history' | 'draft' | 'selectedImage'>,
): string | null => {
  const work = shownImage(state.history);
  if (work === null) return null;
  const images = stripImages(work, state.draft.generated_images);
  return (images[state.selectedImage ?? 0] ?? images[0])?.url ?? work;
};

type EditorSnapshot = Pick<EditorState, 'draft' | 'saved' | 'history' | 'saving'>;

export const selectShownImage = (state: Pick<EditorState, 'history'>) => shownImage(state.history);
export const selectCanUndo = (state: Pick<EditorState, 'history'>) => canUndo(state.history);
export const selectCanRedo = (state: Pick<EditorState, 'history'>) => canRedo(state.history);

export const selectHasWorkToLose = (state: EditorSnapshot) =>
  hasWorkToLose(state.draft, shownImage(state.history), state.saved);

/** Save is possible for a complete design with something new in it, once at a time. */
export const selectCanSave = (state: EditorSnapshot) =>
  !state.saving &&
  canGoNext(state.draft) &&
  isUnsaved(state.draft, shownImage(state.history), state.saved);

/** What a tool panel edits: the design's space type, the tool inputs and their setter. */
export function useToolInputs() {
  const spaceType = useEditorStore((state) => state.draft.space_type);
  const inputs = useEditorStore((state) => state.inputs);
  const setInputs = useEditorStore((state) => state.setInputs);
  return { spaceType, inputs, setInputs };
}
