import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  historyToSave,
  redo,
  renameImage,
  restoreHistory,
  setStateImage,
  shownImage,
  startHistory,
  undo,
  type DesignHistory,
} from './history';

/** The history after setting each image in turn, starting from `first`. */
function after(first: string, ...images: string[]): DesignHistory {
  return images.reduce(setStateImage, startHistory(first));
}

describe('setStateImage', () => {
  it('pushes the previous image onto the history and shows the new one', () => {
    const history = after('base', 'a');
    expect(history).toEqual({ current: 'a', past: ['base'], pointer: -1 });
    expect(shownImage(history)).toBe('a');
  });

  it('changes nothing when the image is the one shown', () => {
    const history = after('base', 'a');
    expect(setStateImage(history, 'a')).toBe(history);
  });

  it('starts the history with nothing to push when there was no image', () => {
    expect(setStateImage(startHistory(null), 'base')).toEqual(startHistory('base'));
  });

  it('discards the redo entries and resets the pointer', () => {
    const undone = undo(undo(after('base', 'a', 'b')));
    expect(shownImage(undone)).toBe('base');

    const history = setStateImage(undone, 'c');
    expect(history).toEqual({ current: 'c', past: ['base'], pointer: -1 });
    expect(canRedo(history)).toBe(false);
  });

  it('keeps the older entries when replacing after a single undo', () => {
    const history = setStateImage(undo(after('base', 'a', 'b')), 'c');
    expect(history).toEqual({ current: 'c', past: ['base', 'a'], pointer: -1 });
  });
});

describe('undo', () => {
  it('is possible while the pointer is before the end of the history', () => {
    const history = after('base', 'a', 'b');
    expect(canUndo(history)).toBe(true);
    expect(canUndo(undo(history))).toBe(true);
    expect(canUndo(undo(undo(history)))).toBe(false);
  });

  it('is not possible without earlier images', () => {
    expect(canUndo(startHistory('base'))).toBe(false);
    expect(canUndo(startHistory(null))).toBe(false);
  });

  it('moves the pointer back, showing ever older images', () => {
    const history = after('base', 'a', 'b');
    expect(undo(history).pointer).toBe(0);
    expect(shownImage(undo(history))).toBe('a');
    expect(shownImage(undo(undo(history)))).toBe('base');
  });

  it('stops at the oldest image', () => {
    const oldest = undo(after('base', 'a'));
    expect(undo(oldest)).toBe(oldest);
  });
});

describe('redo', () => {
  it('is possible while the pointer is above -1', () => {
    const history = after('base', 'a', 'b');
    expect(canRedo(history)).toBe(false);
    expect(canRedo(undo(history))).toBe(true);
  });

  it('moves the pointer forward again, back to the current image', () => {
    const undone = undo(undo(after('base', 'a', 'b')));
    expect(shownImage(redo(undone))).toBe('a');
    expect(shownImage(redo(redo(undone)))).toBe('b');
    expect(redo(redo(undone)).pointer).toBe(-1);
  });

  it('changes nothing at the current image', () => {
    const history = after('base', 'a');
    expect(redo(history)).toBe(history);
  });
});

describe('renameImage', () => {
  it('renames the image wherever it appears, keeping the pointer', () => {
    const history = undo(after('blob:base', 'a'));
    expect(renameImage(history, 'blob:base', '/api/files/base.jpg')).toEqual({
      current: 'a',
      past: ['/api/files/base.jpg'],
      pointer: 0,
    });
  });
});

describe('a saved history (spec §4: saved with the design, restored on open)', () => {
  it('is restored when it leads to the saved state image', () => {
    const saved = { current: 'c', past: ['a', 'b'], pointer: 0 };
    expect(restoreHistory(saved, 'b')).toEqual(saved);
    expect(canRedo(restoreHistory(saved, 'b'))).toBe(true);
    expect(canUndo(restoreHistory(saved, 'b'))).toBe(true);
  });

  it('starts over at the state image when there is none or it leads elsewhere', () => {
    expect(restoreHistory(null, 'a')).toEqual(startHistory('a'));
    expect(restoreHistory({ current: 'c', past: ['a'], pointer: -1 }, 'a')).toEqual(
      startHistory('a'),
    );
  });

  it('keeps the newest entries within the limit, pointing at the same image', () => {
    let history = startHistory('0');
    for (let image = 1; image <= 5; image += 1) history = setStateImage(history, String(image));
    const kept = historyToSave(undo(history), 3);
    expect(kept).toEqual({ current: '5', past: ['2', '3', '4'], pointer: 0 });
    expect(historyToSave(startHistory(null), 3)).toBeUndefined();
  });
});
