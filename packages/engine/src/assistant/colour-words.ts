/**
 * Everyday colour words for the assistant: a table of common names with sensible interior
 * hexes, and the modifiers people put in front of them ("light", "deep", "dusty"), applied in
 * OKLab so "light sage" stays sage-coloured rather than drifting grey.
 */
import { oklabToRgb, rgbToOklab } from '../colour';

/** Common colour names → hex. Paint-catalogue names are matched first; these fill the gaps. */
export const BASIC_COLOURS: Readonly<Record<string, string>> = {
  red: '#b23a30',
  crimson: '#a3222f',
  scarlet: '#c8322a',
  burgundy: '#6d1f2b',
  maroon: '#5e1f22',
  wine: '#6b2737',
  brick: '#9c4a35',
  rust: '#8d3f2a',
  terracotta: '#c0673d',
  coral: '#e08b72',
  salmon: '#e59a82',
  peach: '#efc8a8',
  apricot: '#eeb689',
  orange: '#e4742b',
  amber: '#d99a2b',
  mustard: '#d4a23c',
  ochre: '#c99a3f',
  gold: '#c9a13b',
  yellow: '#f0d04a',
  lemon: '#efd94a',
  butter: '#f3e2a1',
  cream: '#f3e9cf',
  ivory: '#f2ead8',
  beige: '#d8c8b0',
  sand: '#d9c3a0',
  tan: '#c6a57f',
  camel: '#b98c5a',
  caramel: '#b27a4a',
  brown: '#7a5034',
  chocolate: '#4e3326',
  espresso: '#3b2a22',
  taupe: '#a89b8c',
  greige: '#c9c1b4',
  khaki: '#b5a77f',
  white: '#f4f2ee',
  'off white': '#efebe2',
  grey: '#9a9a96',
  silver: '#c0c2c4',
  charcoal: '#3c3c3e',
  anthracite: '#33363a',
  black: '#1b1b1d',
  slate: '#5b6770',
  green: '#4f7a4c',
  sage: '#9caf88',
  olive: '#7f8458',
  mint: '#b9dcc5',
  lime: '#a8c545',
  emerald: '#1f6b4f',
  forest: '#2f4a35',
  'forest green': '#2f4a35',
  'bottle green': '#274537',
  teal: '#2f6e73',
  turquoise: '#40a6a0',
  aqua: '#7fc8c4',
  blue: '#3f6f95',
  'sky blue': '#a9c9e2',
  'baby blue': '#bcd4e6',
  'royal blue': '#2b4f9e',
  navy: '#25344f',
  indigo: '#34376e',
  cobalt: '#2e4f8f',
  denim: '#5b7390',
  petrol: '#1f4b57',
  purple: '#6a3d7a',
  violet: '#7c5aa6',
  lavender: '#b9a9d4',
  lilac: '#c7b2d6',
  mauve: '#a5818f',
  plum: '#6e3560',
  aubergine: '#4a2a3f',
  pink: '#e3a5b4',
  blush: '#e3b7ae',
  rose: '#d8909b',
  'dusty pink': '#c99a93',
  fuchsia: '#b83b7a',
  magenta: '#9c2a6b',
  // Compound names people use as one colour.
  'sage green': '#9caf88',
  'olive green': '#7f8458',
  'mint green': '#b9dcc5',
  'emerald green': '#1f6b4f',
  'navy blue': '#25344f',
  'midnight blue': '#202a44',
  'teal blue': '#2f6e73',
  'duck egg blue': '#b7cfcb',
  'blue grey': '#7c8c9a',
  'grey blue': '#6a7f91',
  'green grey': '#8f998c',
  'grey green': '#8f998c',
  'warm grey': '#a39b90',
  'cool grey': '#9aa0a4',
  'dove grey': '#b5b3ae',
  'burnt orange': '#c0582a',
  'pure white': '#fbfbf9',
  'warm white': '#f3eee2',
};

/** Words that adjust the colour after them, and how (in OKLab lightness and chroma). */
const MODIFIERS: Readonly<Record<string, { lighten: number; chroma: number }>> = {
  light: { lighten: 0.12, chroma: 0.8 },
  pale: { lighten: 0.2, chroma: 0.55 },
  pastel: { lighten: 0.2, chroma: 0.6 },
  soft: { lighten: 0.08, chroma: 0.7 },
  dark: { lighten: -0.15, chroma: 1 },
  deep: { lighten: -0.12, chroma: 1.15 },
  rich: { lighten: -0.08, chroma: 1.2 },
  bright: { lighten: 0.04, chroma: 1.35 },
  vivid: { lighten: 0.02, chroma: 1.4 },
  muted: { lighten: 0, chroma: 0.55 },
  dusty: { lighten: 0.02, chroma: 0.5 },
};

/** "a lighter blue" means a light blue: comparatives map to their modifier. */
const COMPARATIVES: Readonly<Record<string, string>> = {
  lighter: 'light',
  paler: 'pale',
  softer: 'soft',
  darker: 'dark',
  deeper: 'deep',
  richer: 'rich',
  brighter: 'bright',
};

/** The modifier a word stands for ("lighter" → "light"), or undefined for other words. */
export function colourModifier(word: string): string | undefined {
  const base = COMPARATIVES[word] ?? word;
  return Object.hasOwn(MODIFIERS, base) ? base : undefined;
}

export function isColourModifier(word: string): boolean {
  return colourModifier(word) !== undefined;
}

interface Lab {
  l: number;
  a: number;
  b: number;
}

/** `rgb(r, g, b)` → `#rrggbb`, or null when the numbers are out of range. */
export function rgbToHexString(r: number, g: number, b: number): string | null {
  if (![r, g, b].every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) return null;
  return rgbToHex(r, g, b);
}

/** `#rrggbb` (or `#rgb`) → lower-case `#rrggbb`, or null when it is not a hex colour. */
export function normaliseHex(text: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  const digits = match?.[1]?.toLowerCase();
  if (digits === undefined) return null;
  const full = digits.length === 3 ? digits.replace(/./g, '$&$&') : digits;
  return `#${full}`;
}

function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex(r: number, g: number, b: number): string {
  const byte = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${byte(r)}${byte(g)}${byte(b)}`;
}

/** sRGB hex → OKLab (colour.ts holds the matrices). */
export function hexToOklab(hex: string): Lab {
  const [l, a, b] = rgbToOklab(hexToRgb(hex));
  return { l, a, b };
}

function oklabToHex({ l, a, b }: Lab): string {
  return rgbToHex(...oklabToRgb([l, a, b]));
}

/** Applies a modifier word ("light", "deep"…) to a colour; unknown words leave it unchanged. */
export function applyColourModifier(hex: string, modifier: string): string {
  const change = MODIFIERS[colourModifier(modifier) ?? ''];
  if (change === undefined) return hex;
  const lab = hexToOklab(hex);
  const l = Math.min(0.96, Math.max(0.12, lab.l + change.lighten));
  return oklabToHex({ l, a: lab.a * change.chroma, b: lab.b * change.chroma });
}

/** Squared OKLab distance, a perceptual "how different" for naming colours. */
function labDistance(x: Lab, y: Lab): number {
  return (x.l - y.l) ** 2 + (x.a - y.a) ** 2 + (x.b - y.b) ** 2;
}

const BASIC_LABS = Object.entries(BASIC_COLOURS).map(([name, hex]) => ({
  name,
  lab: hexToOklab(hex),
}));

/**
 * The everyday name nearest a colour, with "light"/"dark" when its lightness is well off the
 * name's, e.g. `#2d3e4b` → "dark slate". Used to describe colours in prompts and summaries.
 */
export function describeHex(hex: string): string {
  const lab = hexToOklab(normaliseHex(hex) ?? '#808080');
  let best = BASIC_LABS[0];
  let bestDistance = Infinity;
  for (const entry of BASIC_LABS) {
    const distance = labDistance(lab, entry.lab);
    if (distance < bestDistance) {
      best = entry;
      bestDistance = distance;
    }
  }
  if (best === undefined) return hex;
  const dl = lab.l - best.lab.l;
  if (dl > 0.08) return `light ${best.name}`;
  if (dl < -0.08) return `dark ${best.name}`;
  return best.name;
}
