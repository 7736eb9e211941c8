/**
 * The AI assistant's instruction interpreter: turns a free-text instruction into ONE of the
 * engine's operations, deterministically and without a model. The user's mask says *where*;
 * the words say *what*: a colour for the walls, a material for a surface, a floor from the
 * texture library, removal, a product category to add, or a style for the whole room.
 */
import type { ProductCategory, RedesignDepth } from '@roomcraft/contracts';
import {
  applyColourModifier,
  BASIC_COLOURS,
  colourModifier,
  isColourModifier,
  normaliseHex,
  rgbToHexString,
} from './colour-words';
import { editDistance, PhraseIndex, tokenise, type Span } from './text';
import {
  isPlace,
  MOOD_WORDS,
  moodScore,
  namedObject,
  restyleScope,
  type AssistantTarget,
  type Mood,
} from './targets';
import {
  ADD_VERBS,
  CATEGORY_SYNONYMS,
  FILLER_WORDS,
  FLOOR_COVERING_WORDS,
  FLOOR_WORDS,
  GENERIC_ADD_WORDS,
  MATERIAL_ALIASES,
  MATERIAL_SWATCHES,
  MATERIAL_TYPE_ALIASES,
  OBJECT_WORDS,
  PAINT_VERBS,
  PLACE_WORDS,
  REMOVE_PHRASES,
  REMOVE_VERBS,
  STRONG_ADD_VERBS,
  STRUCTURAL_WORDS,
  STYLE_ALIASES,
  TONE_WORDS,
  WALL_WORDS,
} from './vocabulary';

/** What the interpreter may choose from: the app's catalogue and configuration. */
export interface AssistantContext {
  /** Named paint colours (the paint catalogue). */
  colours: readonly { name: string; hex: string }[];
  styles: readonly { id: string; name: string; palette: readonly string[] }[];
  /** Material type → its materials, e.g. `Wood: ['Oak', 'Walnut', …]`. */
  materialTypes: Readonly<Record<string, readonly string[]>>;
  productCategories: readonly ProductCategory[];
  /** Floor, wall and material textures; `materialType` helps "wooden floor" find a wood. */
  textures: readonly { id: string; name: string; kind: string; materialType?: string }[];
}

export type AssistantPlan =
  | { action: 'paints'; hex: string }
  | { action: 'change_material'; hex: string; material?: string; materialType?: string }
  | { action: 'floors'; textureId: string }
  | { action: 'remove_elements' }
  | { action: 'add_elements'; category?: ProductCategory }
  /**
   * Restyle the whole room, as deep as the words ask (issue 11: colours only → colours and floor
   * → full redesign). No `styleId` when the words name no style or mood ("just change the
   * colours", "redesign"): the room's own style (the design's) is meant.
   */
  | { action: 'architectural_style'; styleId?: string; depth: RedesignDepth }
  /** Swap a piece for a catalogue product of `category`, of `material` when the catalogue has it. */
  | { action: 'furniture'; category: ProductCategory; material?: string };

export type { AssistantTarget } from './targets';

/**
 * An instruction understood: the plan, a summary for the user and where it applies (`target`,
 * found in the photo by `locateTarget`, so instructions need no mask).
 */
export type AssistantInterpretation =
  | { ok: true; plan: AssistantPlan; summary: string; target: AssistantTarget }
  | { ok: false; reason: string };

/** An interpretation before its target is known (the planners' answer). */
type Planned = { ok: true; plan: AssistantPlan; summary: string } | { ok: false; reason: string };

const TRY_INSTEAD =
  'Try: paint the walls, change a material or the floor, remove or add furniture, or restyle the room.';

interface ColourEntry {
  label: string;
  hex: string;
}

interface MaterialEntry {
  material?: string;
  materialType: string;
  swatch: string;
}

interface StyleEntry {
  id: string;
  name: string;
}

interface TextureEntry {
  id: string;
  name: string;
  kind: string;
  materialType?: string;
  words: ReadonlySet<string>;
}

/** The context's names indexed for matching; built once per context object. */
interface Lexicon {
  paintColours: PhraseIndex<ColourEntry>;
  colours: PhraseIndex<ColourEntry>;
  categories: PhraseIndex<ProductCategory>;
  materials: PhraseIndex<MaterialEntry>;
  styles: PhraseIndex<StyleEntry>;
  textures: TextureEntry[];
  /** Every word some index or verb list knows, so fuzzy colour matching leaves them alone. */
  knownWords: ReadonlySet<string>;
  context: AssistantContext;
}

const lexicons = new WeakMap<AssistantContext, Lexicon>();

function lexiconFor(context: AssistantContext): Lexicon {
  let lexicon = lexicons.get(context);
  if (lexicon === undefined) {
    lexicon = buildLexicon(context);
    lexicons.set(context, lexicon);
  }
  return lexicon;
}

function buildLexicon(context: AssistantContext): Lexicon {
  const paintColours = new PhraseIndex<ColourEntry>();
  const colours = new PhraseIndex<ColourEntry>();
  for (const { name, hex } of context.colours) {
    const entry = { label: name, hex: normaliseHex(hex) ?? hex };
    paintColours.add(name, entry);
    colours.add(name, entry);
  }
  for (const [name, hex] of Object.entries(BASIC_COLOURS)) colours.add(name, { label: name, hex });

  const categories = new PhraseIndex<ProductCategory>();
  for (const category of context.productCategories) {
    for (const phrase of CATEGORY_SYNONYMS[category]) categories.add(phrase, category);
    categories.add(category.replace(/_/g, ' '), category);
  }

  const styles = new PhraseIndex<StyleEntry>();
  for (const { id, name } of context.styles) {
    styles.add(name, { id, name });
    styles.add(id.replace(/_/g, ' '), { id, name });
    for (const alias of STYLE_ALIASES[id] ?? []) styles.add(alias, { id, name });
  }

  const knownWords = new Set<string>([
    ...REMOVE_VERBS,
    ...ADD_VERBS,
    ...PAINT_VERBS,
    ...WALL_WORDS,
    ...FLOOR_WORDS,
    ...FILLER_WORDS,
    ...PLACE_WORDS,
    ...OBJECT_WORDS,
    ...GENERIC_ADD_WORDS,
    ...STRUCTURAL_WORDS,
    ...['make', 'turn', 'change', 'swap', 'style', 'look', 'feel', 'into', 'be', 'like'],
  ]);
  for (const phrase of Object.values(CATEGORY_SYNONYMS).flat()) {
    for (const word of tokenise(phrase)) knownWords.add(word);
  }
  for (const { name } of context.styles) for (const word of tokenise(name)) knownWords.add(word);

  return {
    paintColours,
    colours,
    categories,
    materials: buildMaterialIndex(context.materialTypes, knownWords),
    styles,
    textures: context.textures.map((texture) => ({
      ...texture,
      words: new Set(tokenise(texture.name)),
    })),
    knownWords,
    context,
  };
}

/** Materials by name, everyday alias, and type name (a type alone means its first material's look). */
function buildMaterialIndex(
  materialTypes: AssistantContext['materialTypes'],
  knownWords: Set<string>,
): PhraseIndex<MaterialEntry> {
  const index = new PhraseIndex<MaterialEntry>();
  const byName = new Map<string, MaterialEntry>();
  for (const [materialType, materials] of Object.entries(materialTypes)) {
    for (const material of materials) {
      const entry = {
        material,
        materialType,
        swatch: MATERIAL_SWATCHES[material.toLowerCase()] ?? '#9a9a96',
      };
      index.add(material, entry);
      byName.set(material.toLowerCase(), entry);
      for (const word of tokenise(material)) knownWords.add(word);
    }
  }
  for (const [alias, material] of Object.entries(MATERIAL_ALIASES)) {
    const entry = byName.get(material.toLowerCase());
    if (entry !== undefined) index.add(alias, entry);
  }
  const typeEntry = (materialType: string): MaterialEntry | undefined => {
    const first = materialTypes[materialType]?.[0];
    if (first === undefined) return undefined;
    return { materialType, swatch: MATERIAL_SWATCHES[first.toLowerCase()] ?? '#9a9a96' };
  };
  for (const materialType of Object.keys(materialTypes)) {
    const entry = typeEntry(materialType);
    if (entry !== undefined) index.add(materialType, entry);
  }
  for (const [alias, materialType] of Object.entries(MATERIAL_TYPE_ALIASES)) {
    const entry = typeEntry(materialType);
    if (entry !== undefined) index.add(alias, entry);
  }
  return index;
}

/** What an instruction mentions, found once and shared by the planners. */
interface Analysis {
  text: string;
  tokens: string[];
  /** Tokens that belong to a recognised phrase (category, colour, material), not verbs. */
  inPhrase: boolean[];
  category?: Span<ProductCategory>;
  colour?: ColourEntry;
  /** The colour for a surface's material: `colour` unless that is part of the material's name. */
  surfaceColour?: ColourEntry;
  colourSpans: Span<ColourEntry>[];
  material?: Span<MaterialEntry>;
  style?: Span<StyleEntry>;
  removeVerb: boolean;
  strongAddVerb: boolean;
  weakAddVerb: boolean;
  paintVerb: boolean;
  wallTarget: boolean;
  floorTarget: boolean;
  /** A non-category thing the user names, e.g. "cabinet", for summaries. */
  objectWord?: string;
  /** How far a restyle of the room would go, and whether the words ask for one (`restyleScope`). */
  restyle: { depth: RedesignDepth; asked: boolean };
  /** Moods asked for the whole room ("warmer and cosier"), first first. */
  moods: Mood[];
}

const HEX_IN_TEXT = /#([0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-z])/i;
const RGB_IN_TEXT = /rgb\s*\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)/i;

/** A colour written as `#rrggbb`, `#rgb` or `rgb(r, g, b)`. */
function hexInText(text: string): string | null {
  const hex = HEX_IN_TEXT.exec(text);
  if (hex !== null) return normaliseHex(hex[0]);
  const rgb = RGB_IN_TEXT.exec(text);
  if (rgb === null) return null;
  return rgbToHexString(Number(rgb[1]), Number(rgb[2]), Number(rgb[3]));
}

function analyse(text: string, lexicon: Lexicon): Analysis {
  const tokens = tokenise(text);
  const inPhrase = tokens.map(() => false);
  const mark = (span: Span<unknown>) => {
    for (let i = span.start; i < span.end; i++) inPhrase[i] = true;
  };

  // Colours first, so "ceiling light sage" is a light sage ceiling, not a ceiling light.
  const colourSpans = withModifiers(tokens, lexicon.colours.findAll(tokens));
  const colourTaken = tokens.map((_, i) =>
    colourSpans.some((span) => i >= span.start && i < span.end),
  );
  const category = refineLamp(
    tokens,
    lexicon.categories.findAll(tokens, withModifierWords(tokens, colourTaken))[0],
  );
  const categoryTaken = tokens.map(
    (_, i) => category !== undefined && i >= category.start && i < category.end,
  );
  const material = lexicon.materials.findAll(tokens, categoryTaken)[0];
  for (const span of [category, material, ...colourSpans]) if (span) mark(span);

  const hex = hexInText(text);
  const fuzzy = fuzzyPaintColour(tokens, inPhrase, colourTaken, lexicon);
  const hexColour = hex !== null ? { label: hex, hex } : undefined;
  const colour = hexColour ?? (fuzzy ?? colourSpans[0])?.value;
  // A colour word inside the material's name ("black iron") is the material, not a colour;
  // a longer colour name around the material ("linen white") is the colour.
  const surfaceColour =
    hexColour ??
    (fuzzy ?? colourSpans.find((span) => !overlaps(span, material) || longer(span, material)))
      ?.value;
  const style = lexicon.styles
    .findAll(tokens, colourTaken)
    .find((span) => !overlaps(span, material) && !overlaps(span, category));

  const free = (i: number) => !inPhrase[i];
  const has = (words: ReadonlySet<string>) => tokens.some((t, i) => free(i) && words.has(t));
  const removePhrase = REMOVE_PHRASES.some(([a, b]) =>
    tokens.some((t, i) => t === a && tokens[i + 1] === b),
  );
  return {
    text,
    tokens,
    inPhrase,
    ...(category && { category }),
    ...(colour && { colour }),
    ...(surfaceColour && { surfaceColour }),
    colourSpans,
    ...(material && { material }),
    ...(style && { style }),
    removeVerb: removePhrase || has(REMOVE_VERBS),
    strongAddVerb: tokens.some((t, i) => free(i) && STRONG_ADD_VERBS.has(t)),
    weakAddVerb: has(ADD_VERBS),
    paintVerb: has(PAINT_VERBS),
    wallTarget: has(WALL_WORDS),
    floorTarget: has(FLOOR_WORDS) || has(FLOOR_COVERING_WORDS),
    ...optionalObject(tokens.find((t, i) => free(i) && OBJECT_WORDS.has(t))),
    restyle: restyleScope(tokens),
    moods: tokens.flatMap((t, i) => {
      const mood = MOOD_WORDS[t];
      const inColour = colourTaken[i] === true;
      return mood !== undefined && !inColour ? [mood] : [];
    }),
  };
}

/** Words that mean the whole room ("make it cosier with a new floor"). */
const ROOM_WORDS: ReadonlySet<string> = new Set(['it', 'room', 'space', 'home', 'everything']);

/**
 * Whether the words ask for the whole room restyled without naming its style: a mood, or restyle
 * words ("redesign", "just change the colours"), with no wall or thing in the room named.
 * A mood with the floor named is the room's only when the room is named too: "make it cosier
 * with a new floor" is, "make the floor warmer" is not.
 */
function asksRoomRestyle(a: Analysis): boolean {
  if (a.category !== undefined || a.objectWord !== undefined || a.wallTarget) return false;
  if (a.restyle.asked) return true;
  return a.moods.length > 0 && (!a.floorTarget || a.tokens.some((t) => ROOM_WORDS.has(t)));
}

function optionalObject(word: string | undefined): { objectWord?: string } {
  return word === undefined ? {} : { objectWord: word };
}

function longer(a: Span<unknown>, b: Span<unknown> | undefined): boolean {
  return b === undefined || a.end - a.start > b.end - b.start;
}

function overlaps(a: Span<unknown>, b: Span<unknown> | undefined): boolean {
  return b !== undefined && a.start < b.end && b.start < a.end;
}

/** A bare "lamp" put *on* something ("a lamp on the side table") is a table lamp. */
function refineLamp(
  tokens: readonly string[],
  span: Span<ProductCategory> | undefined,
): Span<ProductCategory> | undefined {
  if (
    span?.value !== 'floor_lamp' ||
    span.end - span.start !== 1 ||
    tokens[span.start] !== 'lamp'
  ) {
    return span;
  }
  const onSomething = tokens.slice(span.end).some((t) => t === 'on' || t === 'onto');
  return onSomething ? { ...span, value: 'table_lamp' } : span;
}

/**
 * Only a colour's modifier ("light" in "light sage") is kept from the category search; the
 * colour word itself may be part of a product name too rarely to matter.
 */
function withModifierWords(tokens: readonly string[], colourTaken: readonly boolean[]): boolean[] {
  return tokens.map((token, i) => colourTaken[i] === true && isColourModifier(token));
}

/** Extends colour spans over a modifier in front ("light sage") and adjusts their colour. */
function withModifiers(tokens: readonly string[], spans: Span<ColourEntry>[]): Span<ColourEntry>[] {
  return spans.map((span) => {
    // Look past "a shade of" in "a lighter shade of blue".
    let at = span.start - 1;
    while (at >= 0 && at >= span.start - 3 && SHADE_WORDS.has(tokens[at] ?? '')) at--;
    const modifier = colourModifier(tokens[at] ?? '');
    if (modifier === undefined) return span;
    const hex = applyColourModifier(span.value.hex, modifier);
    return { start: at, end: span.end, value: { label: `${modifier} ${span.value.label}`, hex } };
  });
}

const SHADE_WORDS: ReadonlySet<string> = new Set(['shade', 'tone', 'hue', 'of', 'a', 'version']);

/**
 * A paint colour the user misspelt ("hauge blue", "terracota"): the closest paint name within
 * one edit (two for long names), over windows of up to three words that contain at least one
 * word nothing else recognised (so "navy" stays the basic navy, but "hauge blue" is Hague Blue).
 */
function fuzzyPaintColour(
  tokens: readonly string[],
  inPhrase: readonly boolean[],
  colourTaken: readonly boolean[],
  lexicon: Lexicon,
): Span<ColourEntry> | undefined {
  let best: { span: Span<ColourEntry>; distance: number } | undefined;
  for (let start = 0; start < tokens.length; start++) {
    let window = '';
    let unknown = 0;
    for (let end = start; end < Math.min(tokens.length, start + 3); end++) {
      const word = tokens[end] ?? '';
      const isColourWord = colourTaken[end] === true;
      if (!isColourWord && (inPhrase[end] === true || lexicon.knownWords.has(word))) break;
      if (!isColourWord) unknown++;
      window += word;
      if (window.length < 5 || unknown === 0) continue;
      for (const [letters, entry] of lexicon.paintColours.entries()) {
        const limit = letters.length >= 9 ? 2 : 1;
        const distance = editDistance(window, letters, limit);
        if (distance <= limit && (best === undefined || distance < best.distance)) {
          best = { span: { start, end: end + 1, value: entry }, distance };
        }
      }
    }
  }
  return best?.span;
}

/**
 * The library texture the words describe best: one point per shared word, half a point for a
 * colour word, the material type ("wooden"), or a tone ("dark" → walnut); a quarter point for
 * floor textures. Colour words alone never pick a texture ("white floor" is a recolour).
 */
function bestTexture(analysis: Analysis, lexicon: Lexicon): TextureEntry | undefined {
  const colourWords = new Set<number>();
  for (const span of analysis.colourSpans) {
    for (let i = span.start; i < span.end; i++) colourWords.add(i);
  }
  const ignored = (word: string) =>
    FILLER_WORDS.has(word) || FLOOR_WORDS.has(word) || PLACE_WORDS.has(word);
  const typeWords = analysis.tokens.flatMap((t) => MATERIAL_TYPE_ALIASES[t] ?? []);
  const named = analysis.material?.value.material;
  const materialWords = named === undefined ? [] : tokenise(named);
  const wantsDark = analysis.tokens.some((t) => t === 'dark' || t === 'deep');
  const wantsLight = analysis.tokens.some((t) => t === 'light' || t === 'pale' || t === 'blonde');

  let best: TextureEntry | undefined;
  let bestScore = 0;
  for (const texture of lexicon.textures) {
    let specific = 0;
    let colourScore = 0;
    analysis.tokens.forEach((word, i) => {
      if (ignored(word) || !texture.words.has(word)) return;
      if (colourWords.has(i)) colourScore += 0.5;
      else specific += 1;
    });
    if (texture.materialType !== undefined && typeWords.includes(texture.materialType)) {
      specific += 0.5;
    }
    // The named material outweighs generic words: "white marble tiles" is marble first.
    if (materialWords.length > 0 && materialWords.every((w) => texture.words.has(w))) {
      specific += 1;
    }
    const tones = [...texture.words];
    if (wantsDark && tones.some((w) => TONE_WORDS.dark.has(w))) specific += 0.5;
    if (wantsLight && tones.some((w) => TONE_WORDS.light.has(w))) specific += 0.5;
    if (specific < 0.5) continue;
    const unmatched = [...texture.words].filter((w) => !analysis.tokens.includes(w)).length;
    const score = specific + colourScore + (texture.kind === 'floor' ? 0.25 : 0) - unmatched / 100;
    if (score > bestScore) {
      best = texture;
      bestScore = score;
    }
  }
  return best;
}

const ok = (plan: AssistantPlan, summary: string): Planned => ({
  ok: true,
  plan,
  summary,
});
const fail = (reason: string): Planned => ({ ok: false, reason });

/** The instruction quoted back to the user, shortened so a long paste stays readable. */
function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}…` : flat;
}

function unsupported(text: string): Planned {
  return fail(`I can't do "${quoted(text)}" yet. ${TRY_INSTEAD}`);
}

const categoryLabel = (category: ProductCategory) => category.replace(/_/g, ' ');

/** What the user pointed at, for a summary: "the sofa", "the cabinet" or "the selection". */
function targetLabel(analysis: Analysis): string {
  const { tokens, category, objectWord } = analysis;
  // A thing after a preposition is where, not what: "remove everything on the table".
  const isTarget = (index: number) => !isPlace(tokens, index);
  const candidates: { index: number; label: string }[] = [];
  if (objectWord !== undefined) {
    candidates.push({ index: tokens.indexOf(objectWord), label: objectWord });
  }
  if (category !== undefined) {
    candidates.push({
      index: category.start,
      label: tokens.slice(category.start, category.end).join(' '),
    });
  }
  const target = candidates.sort((x, y) => x.index - y.index).find((c) => isTarget(c.index));
  return target === undefined ? 'the selection' : `the ${target.label}`;
}

const describeColour = (colour: ColourEntry) =>
  colour.label === colour.hex ? colour.hex : `${colour.label} (${colour.hex})`;

function planRemoval(a: Analysis): Planned | null {
  if (!a.removeVerb) return null;
  const structural = a.tokens.find((t, i) => !a.inPhrase[i] && STRUCTURAL_WORDS.has(t));
  if (structural !== undefined && a.category === undefined && a.objectWord === undefined) {
    return unsupported(a.text);
  }
  return ok(
    { action: 'remove_elements' },
    `Remove ${targetLabel(a)} and fill in what was behind it`,
  );
}

/** "add a plant here", "put a floor lamp in the corner": a named category with an add verb. */
function planAddCategory(a: Analysis): Planned | null {
  if (a.category === undefined) return null;
  const describesLook = a.colour !== undefined || a.material !== undefined || a.style !== undefined;
  if (!a.strongAddVerb && !(a.weakAddVerb && !describesLook)) return null;
  return addCategory(a.category.value);
}

function addCategory(category: ProductCategory): Planned {
  const label = categoryLabel(category);
  const article = /^[aeiou]/.test(label) ? 'an' : 'a';
  return ok({ action: 'add_elements', category }, `Add ${article} ${label} in the marked area`);
}

function planFloor(a: Analysis, lexicon: Lexicon): Planned | null {
  if (!a.floorTarget || a.wallTarget || a.objectWord !== undefined) return null;
  const texture = bestTexture(a, lexicon);
  if (texture !== undefined && !(a.paintVerb && a.colour !== undefined)) {
    return ok({ action: 'floors', textureId: texture.id }, `Lay ${texture.name} on the floor`);
  }
  const colour = a.colour;
  if (colour !== undefined) {
    return ok(
      { action: 'change_material', hex: colour.hex },
      `Change the floor to ${describeColour(colour)}`,
    );
  }
  // No floor of its own named: "Scandinavian with a new floor" restyles the room.
  if (a.style !== undefined || asksRoomRestyle(a)) return null;
  const examples = lexicon.context.textures
    .filter((t) => t.kind === 'floor')
    .slice(0, 3)
    .map((t) => t.name.toLowerCase());
  return fail(
    `Which floor would you like? Try e.g. "${examples.join('", "')}" or a wood, tile or stone.`,
  );
}

/** The walls or ceiling named, or "paint it …" with nothing else pointed at. */
function planPaint(a: Analysis): Planned | null {
  const pointsAtObject = a.category !== undefined || a.objectWord !== undefined;
  if (!a.wallTarget && !(a.paintVerb && !pointsAtObject)) return null;
  const colour = a.colour;
  if (colour === undefined && a.strongAddVerb) return null; // "add art on the wall"
  if (colour !== undefined) {
    const surface =
      a.tokens.includes('ceiling') && !a.tokens.includes('wall') ? 'ceiling' : 'walls';
    return ok(
      { action: 'paints', hex: colour.hex },
      `Paint the ${surface} ${describeColour(colour)}`,
    );
  }
  // No colour named: "only repaint it Scandinavian", "make it warmer, just repaint" restyle.
  if (a.style !== undefined || asksRoomRestyle(a)) return null;
  return fail(
    'Which colour should the walls be? Try "paint the walls sage green", a paint name like "Hague Blue", or a hex code like #a7b39a.',
  );
}

/** What a restyle of each depth changes, for its summary (the full redesign says nothing more). */
const DEPTH_NAMES: Readonly<Record<RedesignDepth, string>> = {
  colours: ', new wall colours only',
  colours_floor: ', new wall colours and floor',
  full: '',
};

function planStyle(a: Analysis): Planned | null {
  if (a.style === undefined) return null;
  const { id, name } = a.style.value;
  const { depth } = a.restyle;
  return ok(
    { action: 'architectural_style', styleId: id, depth },
    `Restyle the room as ${name}${DEPTH_NAMES[depth]}`,
  );
}

/** "Just change the colours", "redesign": a restyle in the room's own style (the design's). */
function planRoomRestyle(a: Analysis): Planned | null {
  if (!a.restyle.asked || !asksRoomRestyle(a)) return null;
  const { depth } = a.restyle;
  return ok(
    { action: 'architectural_style', depth },
    `Restyle the room in the design's style${DEPTH_NAMES[depth]}`,
  );
}

function planMaterial(a: Analysis): Planned | null {
  const colour = a.surfaceColour;
  const material = a.material?.value;
  if (colour === undefined && material === undefined) return null;
  const hex = colour?.hex ?? material?.swatch ?? '#9a9a96';
  const materialName = (material?.material ?? material?.materialType)?.toLowerCase();
  const colourName = colour?.label;
  // "Linen White" already says linen.
  const look =
    materialName === undefined || colourName?.toLowerCase().includes(materialName) === true
      ? (colourName ?? '')
      : [colourName, materialName].filter((part) => part !== undefined).join(' ');
  return ok(
    {
      action: 'change_material',
      hex,
      ...(material?.material !== undefined && { material: material.material }),
      ...(material !== undefined && { materialType: material.materialType }),
    },
    `Make ${targetLabel(a)} ${look} (${hex})`,
  );
}

/** Adding without a recognised category: "add something here", or an object we do not sell. */
function planAddOther(a: Analysis, lexicon: Lexicon): Planned | null {
  if (a.category !== undefined) return addCategory(a.category.value);
  if (!a.strongAddVerb) return null;
  const verbAt = a.tokens.findIndex((t) => ADD_VERBS.has(t));
  const object: string[] = [];
  for (const word of a.tokens.slice(verbAt + 1)) {
    if (PLACE_WORDS.has(word)) break;
    if (!FILLER_WORDS.has(word)) object.push(word);
  }
  if (object.some((word) => STRUCTURAL_WORDS.has(word))) return unsupported(a.text);
  if (object.length === 0 || object.every((word) => GENERIC_ADD_WORDS.has(word))) {
    return ok({ action: 'add_elements' }, 'Add a piece of furniture or decor in the marked area');
  }
  const sold = lexicon.context.productCategories.map(categoryLabel).join(', ');
  return fail(`I can't add "${object.join(' ')}" yet. I can add: ${sold}.`);
}

/** Verbs that swap a piece for another ("replace the sofa with…", "swap the chair for…"). */
const REPLACE_VERBS: ReadonlySet<string> = new Set([
  'replace',
  'swap',
  'exchange',
  'substitute',
  'switch',
  'upgrade',
]);

/**
 * "Replace the sofa with a leather one", "swap the armchair for a velvet one": a catalogue
 * product of the named category (or of the one named after "with"/"for"), in the material asked
 * for when one is.
 */
function planFurniture(a: Analysis, lexicon: Lexicon): Planned | null {
  if (a.category === undefined || a.removeVerb) return null;
  const verb = a.tokens.findIndex((t, i) => !a.inPhrase[i] && REPLACE_VERBS.has(t));
  if (verb < 0) return null;
  const spans = lexicon.categories.findAll(a.tokens);
  const joint = a.tokens.findIndex(
    (t, i) => i > verb && (t === 'with' || t === 'for' || t === 'by'),
  );
  const wanted = (joint >= 0 ? spans.find((span) => span.start > joint) : undefined) ?? a.category;
  const category = wanted.value;
  const material = a.material?.value.material;
  const label = categoryLabel(category);
  return ok(
    { action: 'furniture', category, ...(material !== undefined && { material }) },
    material === undefined
      ? `Replace ${targetLabel(a)} with a catalogue ${label}`
      : `Replace ${targetLabel(a)} with a ${material.toLowerCase()} ${label} from the catalogue`,
  );
}

const MOOD_NAMES: Readonly<Record<Mood, string>> = {
  warm: 'warmer and cosier',
  bright: 'brighter and airier',
  calm: 'calmer',
  bold: 'bolder',
  dark: 'moodier',
};

/**
 * A mood for the whole room ("warmer and cosier", "brighter"): the style whose palette answers
 * it best. Only when nothing in the room is named: "make the sofa warmer" is not a restyle.
 */
function planMood(a: Analysis, lexicon: Lexicon): Planned | null {
  const { moods } = a;
  const mood = moods[0];
  if (mood === undefined || !asksRoomRestyle(a)) return null;
  const styles = lexicon.context.styles;
  let best: (typeof styles)[number] | undefined;
  let bestScore = -Infinity;
  for (const style of styles) {
    // Every mood asked for counts; the first counts most.
    const score = moods.reduce((sum, m, k) => sum + moodScore(style.palette, m) / (k + 1), 0);
    if (score > bestScore) {
      best = style;
      bestScore = score;
    }
  }
  if (best === undefined) return null;
  const { depth } = a.restyle;
  return ok(
    { action: 'architectural_style', styleId: best.id, depth },
    `Make the room ${MOOD_NAMES[mood]}: restyle it as ${best.name}${DEPTH_NAMES[depth]}`,
  );
}

/** Where a plan applies: the whole room, a surface of the parse, a named object or the mask. */
function targetOf(plan: AssistantPlan, a: Analysis): AssistantTarget {
  const colourTaken = a.tokens.map((_, i) =>
    a.colourSpans.some((span) => i >= span.start && i < span.end),
  );
  const object = namedObject(a.text, colourTaken);
  const named = (): AssistantTarget =>
    object === undefined
      ? { kind: 'selection' }
      : { kind: 'object', name: object.name, labels: object.labels, all: object.all };
  const wallSurface = (): AssistantTarget => ({
    kind: 'surface',
    surface: a.tokens.includes('ceiling') && !a.tokens.includes('wall') ? 'ceiling' : 'walls',
  });
  switch (plan.action) {
    case 'architectural_style':
      return { kind: 'room' };
    case 'paints':
      return wallSurface();
    case 'floors':
      return { kind: 'surface', surface: 'floor' };
    case 'change_material':
      if (object !== undefined) return named();
      if (a.floorTarget) return { kind: 'surface', surface: 'floor' };
      if (a.wallTarget) return wallSurface();
      return { kind: 'selection' };
    case 'remove_elements':
    case 'furniture':
      return named();
    case 'add_elements':
      return { kind: 'selection' };
  }
}

/**
 * Interprets one instruction. Planners run from the most specific intent to the least:
 * removal, swapping a piece, adding a named product, the floor, the walls, a style, a mood for
 * the room, a restyle in the room's own style, a material or colour for the selection, then
 * adding anything; what none of them
 * claims is unsupported. The answer says where the plan applies (`target`).
 */
export function interpretInstruction(
  text: string,
  context: AssistantContext,
): AssistantInterpretation {
  if (text.trim().length === 0) {
    return {
      ok: false,
      reason: 'Tell me what to change, e.g. "paint the walls sage green" or "remove the chair".',
    };
  }
  const lexicon = lexiconFor(context);
  const a = analyse(text.trim(), lexicon);
  const planned =
    a.tokens.length === 0 && a.colour === undefined
      ? unsupported(text)
      : (planRemoval(a) ??
        planFurniture(a, lexicon) ??
        planAddCategory(a) ??
        planFloor(a, lexicon) ??
        planPaint(a) ??
        planStyle(a) ??
        planMood(a, lexicon) ??
        planRoomRestyle(a) ??
        planMaterial(a) ??
        planAddOther(a, lexicon) ??
        unsupported(text));
  return planned.ok ? { ...planned, target: targetOf(planned.plan, a) } : planned;
}
