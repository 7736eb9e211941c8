/**
 * The editor's history of state images (spec §3, §4): the current state image, the earlier ones
 * (oldest first) and a pointer counting back from the newest. Pointer -1 shows the current image;
 * pointer k ≥ 0 shows the (k + 1)-th most recent earlier image.
 */
export interface DesignHistory {
  current: string | null;
  past: readonly string[];
  pointer: number;
}

export function startHistory(current: string | null): DesignHistory {
  return { current, past: [], pointer: -1 };
}

/** The image the editor shows: the current one, or an earlier one after undo. */
export function shownImage({ current, past, pointer }: DesignHistory): string | null {
  return pointer === -1 ? current : (past[past.length - 1 - pointer] ?? null);
}

/**
 * Spec §4: a new state image, when different, discards the redo entries (everything newer than
 * the shown image), pushes the shown image onto the history and resets the pointer.
 */
export function setStateImage(history: DesignHistory, image: string): DesignHistory {
  const previous = shownImage(history);
  if (image === previous) return history;
  const kept =
    history.pointer === -1
      ? history.past
      : history.past.slice(0, history.past.length - 1 - history.pointer);
  return {
    current: image,
    past: previous === null ? [...kept] : [...kept, previous],
    pointer: -1,
  };
}

/** Spec §4: possible while the pointer is before the end of the history. */
export function canUndo({ past, pointer }: DesignHistory): boolean {
  return pointer < past.length - 1;
}

/** Spec §4: possible while the pointer is above -1. */
export function canRedo({ pointer }: DesignHistory): boolean {
  return pointer > -1;
}

export function undo(history: DesignHistory): DesignHistory {
  return canUndo(history) ? { ...history, pointer: history.pointer + 1 } : history;
}

export function redo(history: DesignHistory): DesignHistory {
  return canRedo(history) ? { ...history, pointer: history.pointer - 1 } : history;
}

/** The same history with one image's address changed (a chosen file once it is stored). */
export function renameImage(history: DesignHistory, from: string, to: string): DesignHistory {
  const rename = (image: string) => (image === from ? to : image);
  return {
    current: history.current === null ? null : rename(history.current),
    past: history.past.map(rename),
    pointer: history.pointer,
  };
}

/**
 * The history a design was saved with, when it still leads to the design's state image; otherwise
 * (an older design, or one changed elsewhere) a history that starts at the state image.
 */
export function restoreHistory(
  saved: DesignHistory | null | undefined,
  stateImage: string,
): DesignHistory {
  if (!saved || saved.current === null) return startHistory(stateImage);
  const restored = { current: saved.current, past: [...saved.past], pointer: saved.pointer };
  return shownImage(restored) === stateImage ? restored : startHistory(stateImage);
}

/**
 * The history as a design keeps it (spec §4: saved with the design), the oldest entries dropped
 * beyond `limit`; none while there is no image.
 */
export function historyToSave(
  history: DesignHistory,
  limit: number,
): { current: string; past: string[]; pointer: number } | undefined {
  if (history.current === null) return undefined;
  const past = history.past.slice(Math.max(0, history.past.length - limit));
  return { current: history.current, past, pointer: Math.min(history.pointer, past.length - 1) };
}
