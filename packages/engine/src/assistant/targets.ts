/**
 * What an instruction points at, so the assistant can act without a mask: the whole room (a
 * style or a mood), a surface of the room parse (walls, ceiling, floor), or an object the space's
 * elements hold ("the sofa", "the lamps"). Also the mood words that pick a style for the room,
 * and how far a restyle of the room goes (`restyleScope`).
 */
import type { RedesignDepth } from '@roomcraft/contracts';
import { hexToOklab } from './colour-words';
import { PhraseIndex, tokenise } from './text';

/** A room surface the parse finds (its `surface(name)`). */
export type TargetSurface = 'walls' | 'ceiling' | 'floor';

/**
 * Where the planned action works:
 * - `room`: the whole image (architectural style);
 * - `surface`: the parse's walls, ceiling or floor (narrowed by a mask when one is given);
 * - `object`: the space's elements of that kind (`labels` are element labels, lower case);
 *   `all` when the user asked for every one ("the chairs", "all the lamps");
 * - `selection`: only the user's mask says where (nothing the parse knows was named).
 */
export type AssistantTarget =
  | { kind: 'room' }
  | { kind: 'surface'; surface: TargetSurface }
  | { kind: 'object'; name: string; labels: readonly string[]; all: boolean }
  | { kind: 'selection' };

/** An object people name, and the labels of the space elements that are one. */
interface ObjectName {
  name: string;
  labels: readonly string[];
}

const obj = (name: string, labels: readonly string[]): ObjectName => ({ name, labels });

/**
 * Everyday names → element labels (the detector's and the room parse's, see
 * models/coco-classes.ts and scene/ade20k.ts). The longest phrase wins ("coffee table" before
 * "table"); a name whose labels no element ever carries ("piano") is simply never found.
 */
const OBJECT_PHRASES: readonly (readonly [readonly string[], ObjectName])[] = [
  [['sofa', 'couch', 'settee', 'loveseat', 'love seat', 'sectional'], obj('sofa', ['sofa'])],
  [
    ['armchair', 'arm chair', 'accent chair', 'lounge chair', 'reading chair'],
    obj('armchair', ['armchair', 'seat', 'chair']),
  ],
  [
    ['chair', 'dining chair', 'kitchen chair', 'seat'],
    obj('chair', ['chair', 'armchair', 'seat', 'office chair']),
  ],
  [['office chair', 'desk chair', 'swivel chair'], obj('office chair', ['office chair', 'chair'])],
  [['stool', 'bar stool', 'barstool'], obj('stool', ['stool', 'ottoman'])],
  [['ottoman', 'pouf', 'pouffe', 'footstool', 'foot stool'], obj('ottoman', ['ottoman', 'stool'])],
  [['bench'], obj('bench', ['bench'])],
  [['bed', 'double bed', 'single bed', 'headboard'], obj('bed', ['bed'])],
  [
    ['table', 'dining table', 'kitchen table'],
    obj('table', ['table', 'coffee table', 'desk', 'kitchen island']),
  ],
  [['coffee table', 'cocktail table'], obj('coffee table', ['coffee table', 'table'])],
  [['side table', 'end table', 'accent table'], obj('side table', ['table', 'coffee table'])],
  [
    ['nightstand', 'night stand', 'bedside table', 'bedside cabinet', 'night table'],
    obj('nightstand', ['table', 'chest of drawers', 'cabinet']),
  ],
  [['desk', 'writing desk'], obj('desk', ['desk', 'table'])],
  [
    ['lamp', 'floor lamp', 'table lamp', 'standing lamp', 'desk lamp', 'bedside lamp'],
    obj('lamp', ['lamp']),
  ],
  [
    ['pendant', 'pendant light', 'pendant lamp', 'chandelier', 'ceiling light', 'light fitting'],
    obj('ceiling light', ['chandelier', 'light', 'lamp']),
  ],
  [['sconce', 'wall light', 'wall lamp'], obj('wall light', ['sconce', 'light', 'lamp'])],
  [
    ['plant', 'houseplant', 'house plant', 'potted plant', 'fern', 'palm', 'monstera', 'tree'],
    obj('plant', ['plant', 'flowers']),
  ],
  [['flower', 'bouquet'], obj('flowers', ['flowers', 'plant', 'vase'])],
  [['vase'], obj('vase', ['vase'])],
  [['rug', 'area rug', 'runner', 'mat'], obj('rug', ['rug'])],
  [
    ['painting', 'picture', 'art', 'artwork', 'art work', 'print', 'poster', 'canvas', 'frame'],
    obj('picture', ['painting', 'poster']),
  ],
  [['mirror', 'wall mirror'], obj('mirror', ['mirror'])],
  [['curtain', 'drape', 'drapery'], obj('curtain', ['curtain', 'blind'])],
  [['blind', 'roller blind'], obj('blind', ['blind', 'curtain'])],
  [['tv', 'television', 'telly', 'screen', 'monitor'], obj('TV', ['tv', 'monitor', 'screen'])],
  [
    ['bookshelf', 'bookcase', 'book shelf', 'shelving', 'shelving unit', 'shelf'],
    obj('shelf', ['shelf', 'bookcase']),
  ],
  [['cabinet', 'cupboard'], obj('cabinet', ['cabinet', 'wardrobe', 'chest of drawers'])],
  [['wardrobe', 'closet', 'armoire'], obj('wardrobe', ['wardrobe', 'cabinet'])],
  [
    ['dresser', 'chest of drawer', 'chest', 'drawer'],
    obj('chest of drawers', ['chest of drawers', 'cabinet']),
  ],
  [['sideboard', 'buffet', 'credenza', 'console'], obj('sideboard', ['sideboard', 'cabinet'])],
  [['fireplace', 'mantel', 'mantelpiece'], obj('fireplace', ['fireplace'])],
  [['clock'], obj('clock', ['clock'])],
  [['book'], obj('books', ['books'])],
  [['basket'], obj('basket', ['basket'])],
  [['sculpture', 'statue'], obj('sculpture', ['sculpture'])],
  [['cushion', 'pillow', 'throw pillow'], obj('cushion', ['cushion', 'pillow'])],
  [['toilet'], obj('toilet', ['toilet'])],
  [['sink', 'basin'], obj('sink', ['sink'])],
  [['bathtub', 'bath', 'tub'], obj('bathtub', ['bathtub'])],
  [['fridge', 'refrigerator'], obj('fridge', ['refrigerator'])],
  [['oven', 'stove', 'cooker', 'hob'], obj('oven', ['oven', 'stove'])],
  [['microwave'], obj('microwave', ['microwave'])],
  [['laptop', 'computer'], obj('computer', ['laptop', 'computer'])],
  [['kitchen island', 'island'], obj('kitchen island', ['kitchen island', 'counter'])],
  [['radiator'], obj('radiator', ['radiator'])],
  // Things people name that a room parse never lists: understood, and honestly not found.
  [['piano', 'grand piano', 'upright piano'], obj('piano', [])],
  [['guitar'], obj('guitar', [])],
  [['bicycle', 'bike'], obj('bicycle', [])],
  [['dog', 'cat', 'pet'], obj('pet', [])],
  [['person', 'people', 'man', 'woman', 'child'], obj('person', ['person'])],
];

/** The object names indexed by their tokens (built once). */
export const OBJECT_NAMES: PhraseIndex<ObjectName> = (() => {
  const index = new PhraseIndex<ObjectName>();
  for (const [phrases, name] of OBJECT_PHRASES)
    for (const phrase of phrases) index.add(phrase, name);
  return index;
})();

/** Words that ask for every one of a kind, even in the singular ("every chair", "both lamps"). */
const EVERY_WORDS: ReadonlySet<string> = new Set(['all', 'every', 'each', 'both']);

/**
 * Words after which a thing is where, not what: in "the vase on the table" and "everything off
 * the shelf" the table and the shelf say where. The target (`namedObject`) and the interpreter's
 * summary (`targetLabel`) read the same list, so the summary names what the action works on.
 */
const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set([
  'on',
  'off',
  'from',
  'in',
  'at',
  'by',
  'next',
  'near',
  'under',
  'beside',
  'behind',
  'against',
  'between',
  'onto',
  'above',
  'below',
  'over',
]);

/** Whether the token at `index` stands after a place preposition (it says where, not what). */
export function isPlace(tokens: readonly string[], index: number): boolean {
  return tokens.slice(0, index).some((t) => PLACE_PREPOSITIONS.has(t));
}

/** The words of `text` as `tokenise` splits them, but not singularised (to see plurals). */
function rawWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/**
 * The first object the instruction names as its target (not a place: in "remove the vase on the
 * table" the vase), with whether it asks for all of them (a plural or "all"/"every"), or
 * undefined when it names none. `taken` marks tokens that belong to something else (a colour).
 */
export function namedObject(
  text: string,
  taken?: readonly boolean[],
): { name: string; labels: readonly string[]; all: boolean; start: number } | undefined {
  const tokens = tokenise(text);
  const raw = rawWords(text);
  const spans = OBJECT_NAMES.findAll(tokens, taken);
  const span = spans.find((candidate) => !isPlace(tokens, candidate.start));
  if (span === undefined) return undefined;
  const last = span.end - 1;
  const plural =
    raw.length === tokens.length && raw[last] !== tokens[last] && /s$/.test(raw[last] ?? '');
  const every = tokens
    .slice(Math.max(0, span.start - 3), span.start)
    .some((t) => EVERY_WORDS.has(t));
  return { ...span.value, all: plural || every, start: span.start };
}

/** Moods people ask for the whole room in, and how a style's palette answers each. */
export type Mood = 'warm' | 'bright' | 'calm' | 'bold' | 'dark';

export const MOOD_WORDS: Readonly<Record<string, Mood>> = {
  warm: 'warm',
  warmer: 'warm',
  cosy: 'warm',
  cosier: 'warm',
  cosiest: 'warm',
  cozy: 'warm',
  cozier: 'warm',
  snug: 'warm',
  inviting: 'warm',
  homely: 'warm',
  homey: 'warm',
  hygge: 'warm',
  earthy: 'warm',
  bright: 'bright',
  brighter: 'bright',
  airy: 'bright',
  airier: 'bright',
  fresh: 'bright',
  fresher: 'bright',
  lighter: 'bright',
  spacious: 'bright',
  calm: 'calm',
  calmer: 'calm',
  serene: 'calm',
  peaceful: 'calm',
  relaxing: 'calm',
  tranquil: 'calm',
  soothing: 'calm',
  quiet: 'calm',
  bold: 'bold',
  bolder: 'bold',
  dramatic: 'bold',
  luxurious: 'bold',
  glamorous: 'bold',
  glam: 'bold',
  elegant: 'bold',
  vibrant: 'bold',
  moody: 'dark',
  darker: 'dark',
};

/** How well a palette answers a mood (higher is better), from its colours in Oklab. */
export function moodScore(palette: readonly string[], mood: Mood): number {
  const labs = palette.map(hexToOklab);
  if (labs.length === 0) return -Infinity;
  const mean = (f: (lab: { l: number; a: number; b: number }) => number) =>
    labs.reduce((sum, lab) => sum + f(lab), 0) / labs.length;
  const chroma = (lab: { a: number; b: number }) => Math.hypot(lab.a, lab.b);
  switch (mood) {
    // Warm: yellow–red hues carried with some colour (Oklab b and a positive).
    case 'warm':
      return mean((lab) => lab.b + 0.5 * lab.a);
    case 'bright':
      return mean((lab) => lab.l) - mean(chroma);
    case 'calm':
      return -mean(chroma) - 0.2 * Math.abs(mean((lab) => lab.l) - 0.75);
    case 'bold': {
      const ls = labs.map((lab) => lab.l);
      return mean(chroma) + 0.5 * (Math.max(...ls) - Math.min(...ls));
    }
    case 'dark':
      return -mean((lab) => lab.l);
  }
}

/** What a restyle changes, in the order its depths add them (contracts REDESIGN_DEPTHS). */
type RestylePart = 'colours' | 'floor' | 'furniture';

/** Words that name a part of the room a restyle changes (tokenised: "colors" → "colour"). */
const PART_WORDS: Readonly<Record<string, RestylePart>> = {
  colour: 'colours',
  palette: 'colours',
  paint: 'colours',
  repaint: 'colours',
  recolour: 'colours',
  paintwork: 'colours',
  floor: 'floor',
  flooring: 'floor',
  furniture: 'furniture',
  furnishing: 'furniture',
  refurnish: 'furniture',
  decor: 'furniture',
  // "A full redesign", "change it completely": everything a restyle can change.
  full: 'furniture',
  fully: 'furniture',
  complete: 'furniture',
  completely: 'furniture',
  total: 'furniture',
  totally: 'furniture',
};

/** Words after which the parts named are kept, not changed ("keep the furniture"). */
const KEEP_WORDS: ReadonlySet<string> = new Set([
  'keep',
  'leave',
  'except',
  'without',
  'not',
  'dont',
  'no',
]);
/** Words that end what a keep word covers ("keep the floor but change the furniture"). */
const KEEP_ENDS: ReadonlySet<string> = new Set([
  'but',
  'only',
  'just',
  'instead',
  'change',
  'give',
  'lay',
  'swap',
  'replace',
  'paint',
  'repaint',
  'add',
  'with',
]);

/** Words that ask for a restyle of the whole room without naming a style. */
const RESTYLE_VERBS: ReadonlySet<string> = new Set([
  'redesign',
  'restyle',
  'makeover',
  'overhaul',
  'revamp',
  'redecorate',
  'redo',
]);
/** Words that limit a change to what is named ("just the colours", "only repaint", "new floor"). */
const LIMIT_WORDS: ReadonlySet<string> = new Set(['just', 'only', 'simply', 'new']);

/**
 * How far a restyle of the whole room goes, from the parts of the room the instruction names
 * (issue 11: colours only → colours and floor → full redesign). The least depth that changes
 * every part named: "just change the colours" and "only repaint" the colours, "new floor and
 * colours" the colours and floor, furniture or "a full redesign" everything. With nothing named
 * to change, the most that keeps what is named to keep ("but keep the furniture": colours and
 * floor), else the full redesign ("make it Scandinavian", "redesign"). `asked`: the words ask
 * for a restyle of the room without a style or mood (a restyle verb, or the colours named with
 * "just", "only" or "new"), in the room's own style.
 */
export function restyleScope(tokens: readonly string[]): {
  depth: RedesignDepth;
  asked: boolean;
} {
  const named = new Set<RestylePart>();
  const kept = new Set<RestylePart>();
  // Where the last keep word stood: a verb right after it is negated, not a new clause ("don't
  // change the floor").
  let keptFrom = -Infinity;
  let keeping = false;
  for (const [index, token] of tokens.entries()) {
    if (KEEP_WORDS.has(token)) {
      keeping = true;
      keptFrom = index;
    } else if (KEEP_ENDS.has(token) && index - keptFrom > 2) keeping = false;
    const part = PART_WORDS[token];
    if (part !== undefined) (keeping ? kept : named).add(part);
  }
  const asked =
    tokens.some((t) => RESTYLE_VERBS.has(t)) ||
    (named.has('colours') && tokens.some((t) => LIMIT_WORDS.has(t)));
  let depth: RedesignDepth;
  if (named.has('furniture')) depth = 'full';
  else if (named.has('floor')) depth = 'colours_floor';
  else if (named.has('colours')) depth = 'colours';
  else if (kept.has('floor')) depth = 'colours';
  else if (kept.has('furniture')) depth = 'colours_floor';
  else depth = 'full';
  return { depth, asked };
}
