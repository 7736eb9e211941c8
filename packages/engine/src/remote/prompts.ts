/**
 * Text prompts for the remote generative models, built from the request: the model only knows
 * what the words say, so colours are named ("dark slate, #2d3e4b") and products described.
 */
import { describeHex } from '../assistant/colour-words';
import type { PlacementProduct, StyleTarget } from '../types';

/** What every generation should avoid; shared by restyle and inpainting. */
export const NEGATIVE_PROMPT =
  'blurry, distorted, deformed, low quality, watermark, text, logo, people, cartoon, painting';

const PHOTO = 'professional interior photography, photorealistic, natural light, high detail';

/** "living_room" → "living room"; the room when the space type is unknown. */
function spaceLabel(spaceType: string | undefined): string {
  return spaceType === undefined || spaceType.trim() === '' ? 'room' : spaceType.replace(/_/g, ' ');
}

/** Distinct everyday names of a palette's colours, in the palette's order. */
function paletteWords(palette: readonly string[]): string {
  const names = [...new Set(palette.map(describeHex))];
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

export function restylePrompt(style: StyleTarget, spaceType?: string): string {
  const palette = paletteWords(style.palette);
  const colours = palette === '' ? '' : `, a colour palette of ${palette}`;
  return `A ${style.name} style ${spaceLabel(spaceType)} interior${colours}, same room layout and camera angle, ${PHOTO}`;
}

export const REMOVAL_PROMPT =
  'empty wall and floor, nothing there, the room continues seamlessly behind, ' + PHOTO;

export function wallPaintPrompt(hex: string): string {
  return `walls painted ${describeHex(hex)} (${hex}), smooth matt emulsion, even colour, same lighting and shadows, ${PHOTO}`;
}

export function materialPrompt(hex: string, hasTexture: boolean): string {
  const finish = hasTexture ? 'with a natural material texture' : 'with a smooth finish';
  return `the same object in ${describeHex(hex)} (${hex}) ${finish}, same shape, same lighting and shadows, ${PHOTO}`;
}

export function addProductPrompt(product: PlacementProduct): string {
  const { width, depth, height } = product.dimensions;
  const kind = product.category.replace(/_/g, ' ');
  return `a ${describeHex(product.colour)} ${kind}, ${product.name}, about ${width}×${depth}×${height} cm, standing naturally in the room with a soft contact shadow, ${PHOTO}`;
}
