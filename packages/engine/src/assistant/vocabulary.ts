/**
 * The words the assistant understands beyond the catalogue's own names: verbs per action,
 * everyday names for product categories, materials and styles, and the surfaces people point
 * at. Everything is in the tokenised form `tokenise` produces (lower case, singular where it
 * matters, "gray" → "grey").
 */
import type { ProductCategory } from '@roomcraft/contracts';

export const REMOVE_VERBS: ReadonlySet<string> = new Set([
  'remove',
  'delete',
  'erase',
  'eliminate',
  'rid',
  'clear',
  'declutter',
  'ditch',
  'lose',
]);

/** Two-word removal phrases ("take away", "take out"), checked on adjacent tokens. */
export const REMOVE_PHRASES: readonly (readonly [string, string])[] = [
  ['take', 'away'],
  ['take', 'out'],
  ['get', 'rid'],
  ['clean', 'up'],
];

export const ADD_VERBS: ReadonlySet<string> = new Set([
  'add',
  'put',
  'place',
  'insert',
  'bring',
  'include',
  'want',
  'need',
  'like',
  'stage',
  'furnish',
]);

/** Add verbs that mean adding even when a look is described too ("add a green sofa"). */
export const STRONG_ADD_VERBS: ReadonlySet<string> = new Set([
  'add',
  'put',
  'place',
  'insert',
  'bring',
  'include',
  'stage',
]);

export const PAINT_VERBS: ReadonlySet<string> = new Set(['paint', 'repaint', 'colour', 'recolour']);

export const WALL_WORDS: ReadonlySet<string> = new Set(['wall', 'ceiling']);

export const FLOOR_WORDS: ReadonlySet<string> = new Set(['floor', 'flooring', 'ground']);

/** Words that only ever describe a floor covering, so they imply the floor on their own. */
export const FLOOR_COVERING_WORDS: ReadonlySet<string> = new Set([
  'lay',
  'parquet',
  'herringbone',
  'chevron',
  'floorboard',
  'laminate',
  'carpet',
  'carpeted',
]);

/** Generic things to add when the user names no category ("add something here"). */
export const GENERIC_ADD_WORDS: ReadonlySet<string> = new Set([
  'furniture',
  'something',
  'decor',
  'decoration',
  'piece',
  'item',
  'thing',
  'accessory',
  'object',
  'stuff',
]);

/** Parts of the building the image actions cannot create or take away. */
export const STRUCTURAL_WORDS: ReadonlySet<string> = new Set([
  'window',
  'skylight',
  'fireplace',
  'staircase',
  'stair',
  'column',
  'room',
  'wall',
  'ceiling',
  'floor',
  'balcony',
  'extension',
  'doorway',
  'beam',
]);

/** Words that say where, not what: they end the object phrase after a verb. */
export const PLACE_WORDS: ReadonlySet<string> = new Set([
  'here',
  'there',
  'in',
  'on',
  'at',
  'by',
  'next',
  'near',
  'to',
  'under',
  'beside',
  'behind',
  'against',
  'between',
  'into',
  'onto',
  'from',
  'of',
  'off',
  'with',
  'for',
  'please',
  'corner',
  'left',
  'right',
]);

/** Words that carry no meaning for the interpreter ("please make the … a bit"). */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'it',
  'some',
  'few',
  'couple',
  'new',
  'nice',
  'small',
  'little',
  'big',
  'large',
  'tall',
  'cute',
  'pretty',
  'lovely',
  'another',
  'more',
  'one',
  'i',
  'id',
  'we',
  'you',
  'can',
  'could',
  'would',
  'will',
  'please',
  'just',
  'also',
  'and',
  'my',
  'our',
  'your',
  'all',
  'everything',
  'them',
  'thing',
]);

/** Everyday names for each product category, as token sequences; longest are tried first. */
export const CATEGORY_SYNONYMS: Readonly<Record<ProductCategory, readonly string[]>> = {
  sofa: ['sofa', 'couch', 'settee', 'loveseat', 'love seat'],
  sectional: ['sectional', 'corner sofa', 'sectional sofa', 'l shaped sofa', 'modular sofa'],
  armchair: ['armchair', 'arm chair', 'accent chair', 'lounge chair', 'reading chair', 'chair'],
  dining_chair: ['dining chair', 'kitchen chair', 'side chair'],
  stool: ['stool', 'bar stool', 'barstool', 'ottoman', 'pouf', 'footstool'],
  coffee_table: ['coffee table', 'cocktail table'],
  dining_table: ['dining table', 'kitchen table', 'table'],
  side_table: ['side table', 'end table', 'accent table'],
  bed: ['bed', 'double bed', 'single bed', 'king bed', 'queen bed'],
  nightstand: ['nightstand', 'night stand', 'bedside table', 'bedside cabinet', 'night table'],
  dresser: ['dresser', 'chest of drawer', 'chest', 'sideboard', 'console', 'console table'],
  wardrobe: ['wardrobe', 'closet', 'armoire'],
  bookshelf: ['bookshelf', 'bookcase', 'book shelf', 'shelving unit', 'shelf'],
  tv_unit: ['tv unit', 'tv stand', 'tv cabinet', 'media unit', 'media console', 'tv'],
  floor_lamp: ['floor lamp', 'standing lamp', 'standard lamp', 'lamp'],
  table_lamp: ['table lamp', 'desk lamp', 'bedside lamp'],
  pendant: ['pendant', 'pendant light', 'pendant lamp', 'chandelier', 'ceiling light'],
  rug: ['rug', 'area rug', 'runner'],
  plant: ['plant', 'houseplant', 'house plant', 'potted plant', 'fern', 'palm', 'monstera', 'tree'],
  mirror: ['mirror', 'wall mirror'],
};

/** A representative colour for each catalogue material, used when no colour is given. */
export const MATERIAL_SWATCHES: Readonly<Record<string, string>> = {
  oak: '#b08a5a',
  walnut: '#5d4030',
  ash: '#d2bc94',
  pine: '#d9b47c',
  teak: '#9a6a3a',
  cedar: '#a0623f',
  marble: '#e8e6e1',
  granite: '#6b6763',
  travertine: '#d8c7a8',
  slate: '#4f5458',
  limestone: '#d9d1bf',
  sandstone: '#d5b08a',
  basalt: '#3d3d3f',
  'brushed steel': '#a8aaad',
  brass: '#b5903f',
  copper: '#b46a3c',
  'black iron': '#2a2a2b',
  linen: '#d9cfbd',
  velvet: '#4f5d75',
  wool: '#cfc5b3',
  leather: '#7a4b2c',
  cotton: '#ece8df',
  'glazed tile': '#e4e2dc',
  terracotta: '#c0673d',
  porcelain: '#e6e4df',
  'encaustic tile': '#5f7a8a',
  'polished concrete': '#9c9a95',
  microcement: '#bdb6aa',
  terrazzo: '#d8d2c6',
  'clear glass': '#dfe7e8',
  'frosted glass': '#e9eeee',
  'fluted glass': '#dde5e6',
};

/** Everyday words for a material in the catalogue (key: what people say; value: its name). */
export const MATERIAL_ALIASES: Readonly<Record<string, string>> = {
  steel: 'Brushed steel',
  'stainless steel': 'Brushed steel',
  iron: 'Black iron',
  'wrought iron': 'Black iron',
  glass: 'Clear glass',
  concrete: 'Polished concrete',
  tile: 'Glazed tile',
  ceramic: 'Glazed tile',
  suede: 'Velvet',
};

/** Everyday words for a material type (key: what people say; value: the type's name). */
export const MATERIAL_TYPE_ALIASES: Readonly<Record<string, string>> = {
  wood: 'Wood',
  wooden: 'Wood',
  timber: 'Wood',
  hardwood: 'Wood',
  stone: 'Stone',
  metal: 'Metal',
  metallic: 'Metal',
  fabric: 'Fabric',
  upholstery: 'Fabric',
};

/** Other names people use for a style, by style id (used only when the id is in the context). */
export const STYLE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  scandinavian: ['scandi', 'nordic', 'scandinavia'],
  mid_century: ['mid century', 'midcentury', 'mcm', 'retro'],
  minimalist: ['minimal', 'minimalism', 'minimalistic'],
  bohemian: ['boho', 'bohemia'],
  industrial: ['loft'],
  coastal: ['beach', 'nautical', 'hampton'],
  farmhouse: ['country', 'cottage'],
  traditional: ['classic', 'classical'],
  art_deco: ['deco'],
  mediterranean: ['tuscan', 'greek'],
  rustic: ['cabin', 'lodge'],
  japandi: ['japanese scandinavian', 'zen'],
};

/** Things people point at that are not catalogue categories but can change material. */
export const OBJECT_WORDS: ReadonlySet<string> = new Set([
  'cabinet',
  'cupboard',
  'counter',
  'countertop',
  'worktop',
  'benchtop',
  'island',
  'door',
  'drawer',
  'unit',
  'bench',
  'desk',
  'headboard',
  'cushion',
  'pillow',
  'curtain',
  'blind',
  'vanity',
  'sink',
  'bathtub',
  'tub',
  'splashback',
  'backsplash',
  'frame',
  'shelf',
  'table',
  'chair',
  'lamp',
  'surface',
  'top',
  'leg',
  'base',
  'fridge',
  'radiator',
  'vase',
  'throw',
  'blanket',
  'bedding',
  'duvet',
]);

/** Texture-name words that mark a colour tone, so "dark wood" finds walnut, "light" finds ash. */
export const TONE_WORDS: Readonly<Record<'dark' | 'light', ReadonlySet<string>>> = {
  dark: new Set(['walnut', 'nero', 'slate', 'black', 'charcoal', 'dark', 'smoked']),
  light: new Set(['ash', 'white', 'pale', 'light', 'birch', 'carrara', 'pine']),
};
