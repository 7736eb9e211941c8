/**
 * Automatic selection (spec §2 mask tools; issue 10): each click adds a region, or with a modifier
 * (Alt or Shift on a desktop, the Add/Remove toggle on a phone) takes one away, and the clicks
 * build on each other. The clicks of one selection go to click-to-segment together; its answer is
 * shown on top of what was selected before the first click (a brushed area, a chosen surface),
 * so switching between automatic and manual keeps the mask and the brush can touch it up.
 */

/** What a click does: 1 adds what it points at, 0 takes it away. */
export type ClickLabel = 0 | 1;

export interface ClickModifiers {
  altKey: boolean;
  shiftKey: boolean;
}

/** Alt or Shift removes, as does the Remove mode of the toggle (for touch screens). */
export function clickLabel(modifiers: ClickModifiers, mode: 'add' | 'erase'): ClickLabel {
  return modifiers.altKey || modifiers.shiftKey || mode === 'erase' ? 0 : 1;
}

/** An RGB colour from #rrggbb. */
export function rgbOf(hex: string): [number, number, number] {
  const [red, green, blue] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return [red ?? 0, green ?? 0, blue ?? 0];
}

/**
 * The overlay's pixels after an answer of the segmenter: the answer's selected pixels (light and
 * opaque, as the server reads a mask) together with those selected before the clicks began
 * (`before`, the overlay's own RGBA pixels then; null for none), in the overlay colour, opaque.
 * Writes into `answer` and returns whether anything is selected.
 */
export function composeSelection(
  answer: Uint8ClampedArray,
  before: Uint8ClampedArray | null,
  colour: string,
): boolean {
  if (before !== null && before.length !== answer.length) {
    throw new Error('the selection before the clicks does not match the answer');
  }
  const [red, green, blue] = rgbOf(colour);
  let painted = false;
  for (let index = 0; index < answer.length; index += 4) {
    const clicked = (answer[index] ?? 0) > 127 && (answer[index + 3] ?? 0) > 127;
    const on = clicked || (before !== null && (before[index + 3] ?? 0) > 127);
    answer[index] = red;
    answer[index + 1] = green;
    answer[index + 2] = blue;
    answer[index + 3] = on ? 255 : 0;
    painted ||= on;
  }
  return painted;
}
