import { create } from 'zustand';
import type { Design } from '@roomcraft/contracts';
import {
  draftFromDesign,
  canGoNext,
  hasWorkToLose,
  isUnsaved,
  newDraft,
  type DesignDetails,
  type DesignDraft,
  type DesignImage,
} from '../model/design-draft';
import {
  defaultTweakSettings,
  moveStep,
  toggleSelection,
  type TweakSettings,
} from '../model/design-flow';
import {
  canRedo,
  canUndo,
  redo,
  renameImage,
  shownImage,
  startHistory,
  undo,
  type DesignHistory,
} from '../model/history';

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
  discardChanges: () => void;
  reset: () => void;
  resetDefaults: () => void;
  flagNextStepAfterLogin: () => void;
  continueAfterLogin: () => void;
  setSaving: (saving: boolean) => void;
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
>;

function initialEditor(): EditorData {
  return {
    stepIndex: 0,
    draft: newDraft(),
    saved: null,
    history: startHistory(null),
    selectedImage: 0,
    tweak: defaultTweakSettings(),
    nextStepAfterLogin: false,
    saving: false,
  };
}

function chosenFile(file: File): DesignImage {
  return { source: file, url: URL.createObjectURL(file) };
}

/** Frees a chosen file's preview once nothing shows it any more. */
function release(image: DesignImage | null) {
  if (image?.source instanceof File) URL.revokeObjectURL(image.url);
}

function releaseFiles(draft: DesignDraft) {
  release(draft.base);
  release(draft.inspiration);
}

export const useEditorStore = create<EditorState>()((set, get) => {
  const loaded = (design: Design, stepIndex: number): Partial<EditorData> => ({
    stepIndex,
    draft: draftFromDesign(design),
    saved: design,
    history: startHistory(design.state_image),
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
      set({ draft: { ...draft, base }, history: startHistory(base.url), selectedImage: 0 });
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
    adoptSaved: (design) => {
      const { draft, history } = get();
      // The shown photo was the chosen file's preview; from now on it is the stored image.
      const renamed =
        draft.base?.source instanceof File
          ? renameImage(history, draft.base.url, design.base_image)
          : history;
      releaseFiles(draft);
      set({ draft: draftFromDesign(design), saved: design, history: renamed });
    },
    discardChanges: () => {
      const { saved, draft, stepIndex } = get();
      releaseFiles(draft);
      set(saved === null ? initialEditor() : loaded(saved, stepIndex));
    },
    reset: () => {
      releaseFiles(get().draft);
      set(initialEditor());
    },
    resetDefaults: () => set({ tweak: defaultTweakSettings() }),
    flagNextStepAfterLogin: () => set({ nextStepAfterLogin: true }),
    continueAfterLogin: () =>
      set(({ stepIndex, draft }) => ({
        nextStepAfterLogin: false,
        stepIndex: draft.base === null ? stepIndex : moveStep(stepIndex, 1),
      })),
    setSaving: (saving) => set({ saving }),
  };
});

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
