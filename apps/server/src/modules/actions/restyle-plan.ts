/**
 * The plan of a restyle (docs/decisions/025): for each variant a different design from the style's
 * kit (contracts STYLE_KITS) — another wall colour, another floor, other products — as deep as the
 * design mode asks (MODE_DEPTH). Products are chosen by the style's tags, the category of the
 * piece the detection found and its footprint, and within the room's budget: Σ prices of the
 * products a design uses ≤ budget_max; a swap takes a product that fits what remains, and when
 * nothing does the piece is kept and the answer says so.
 */
import {
  BUDGET_CURRENCY,
  DECOR_CATEGORIES,
  STYLE_KITS,
  messages,
  redesignDepth,
  type DecorKind,
  type Product,
  type ProductCategory,
  type RedesignDepth,
  type StyleKit,
} from '@roomcraft/contracts';
import type {
  AppliedItem,
  DetectedElement,
  PlacementProduct,
  RedesignPlan,
  TextureSource,
} from '@roomcraft/engine';
import type { LibraryService } from '../library/library.service';

/**
 * Like for like: the one product category each kind of piece may be swapped for, by the parse's
 * word for it (`DetectedElement.kinds`, which outranks the detector's) or else its label. A
 * plain chair is a dining chair, never an armchair; a table is swapped only for a table of its
 * own kind, so the detector's "Dining table" counts as one only where the parse agrees it is a
 * table and not a coffee table. Anything else (stools, benches, desks, decor) is kept.
 */
const SWAP_CATEGORY: Readonly<Record<string, ProductCategory>> = {
  armchair: 'armchair',
  sofa: 'sofa',
  couch: 'sofa',
  chair: 'dining_chair',
  'dining chair': 'dining_chair',
  bed: 'bed',
  'coffee table': 'coffee_table',
  'dining table': 'dining_table',
  'side table': 'side_table',
  'chest of drawers': 'dresser',
  dresser: 'dresser',
  bookcase: 'bookshelf',
  nightstand: 'nightstand',
  'bedside table': 'nightstand',
};
/**
 * The most pieces one design swaps, and the most pieces of decor it stands on the floor. The
 * style's art hangs on the wall besides: it takes no floor, and a customer who picks a style
 * expects its art (with art last in most kits, two floor pieces left it out of every design).
 */
export const MAX_SWAPS = 2;
export const MAX_DECOR = 2;
/** Pieces smaller than this share of the photo are not worth a swap (a stool far away). */
const MIN_PIECE_SHARE = 0.015;
/**
 * Pieces larger than this share, or cut by two edges of the photo (a bed seen from its foot),
 * are kept: too little of the room around them shows to rebuild what is behind them.
 */
const MAX_PIECE_SHARE = 0.3;
/** Minor units per whole unit of every catalogue currency (all have cents). */
const MINOR_PER_UNIT = 100;

/** A piece the detection found that a design may swap. */
export interface FoundPiece {
  label: string;
  /** Its outline (polygon, else box corners), image pixels. */
  outline: { x: number; y: number }[];
  /** The one category it may be swapped for (like for like, {@link swapCategoryOf}). */
  category: ProductCategory;
  /** Width and height of its outline's box, pixels. */
  width: number;
  height: number;
  /** Its width on the floor (cm, from the room camera), when the parse measured it. */
  widthCm?: number;
}

/** One product a design uses, with the colour it is shown in. */
export interface ChosenProduct {
  product: Product;
  colour: string;
}

/** One variant's design, before the engine's inputs (textures, product models) are loaded. */
export interface VariantDesign {
  walls: { name: string; hex: string };
  floor?: string;
  swaps: { piece: FoundPiece; choice: ChosenProduct }[];
  decor: ChosenProduct[];
  /** Σ prices of the design's products, minor units. */
  total: number;
}

export interface RestyleDesigns {
  depth: RedesignDepth;
  designs: VariantDesign[];
  /** What a design could not do within the budget, in the user's words (deduplicated). */
  notices: string[];
}

/**
 * The category `element` may be swapped for, or null when it is kept: the parse's largest kind
 * inside it when it has one (a detector "Sofa" over two armchairs is armchairs; a detector
 * "Chair" the parse calls an armchair is one), else its label — see {@link SWAP_CATEGORY}.
 */
export function swapCategoryOf(
  element: Pick<DetectedElement, 'label' | 'kinds'>,
): ProductCategory | null {
  const label = element.label.toLowerCase().trim();
  const kind = element.kinds?.[0];
  // The parse's plain "table" is a dining table only where the detector said so too.
  if (kind === 'table') return label === 'dining table' ? 'dining_table' : null;
  return SWAP_CATEGORY[kind ?? label] ?? null;
}

/**
 * The pieces of `elements` a restyle may swap, each one piece (its own outline, not the
 * detector's box round a group), biggest first, at most MAX_SWAPS.
 */
export function swappablePieces(
  elements: readonly DetectedElement[],
  imageWidth: number,
  imageHeight: number,
): FoundPiece[] {
  const pieces: (FoundPiece & { area: number })[] = [];
  for (const element of elements) {
    const category = swapCategoryOf(element);
    if (!category) continue;
    // Two seats the parse gave one region (armchairs side by side) are kept: one product in
    // their place would make a seat vanish, and neither has an outline of its own to swap.
    if ((element.seats ?? 1) > 1) continue;
    const outline = element.polygon && element.polygon.length >= 3 ? element.polygon : element.box;
    // The outline is the piece the parse traced (one connected piece); the detector's box may
    // hold two armchairs and the table between them.
    const xs = outline.map((p) => p.x);
    const ys = outline.map((p) => p.y);
    const width = Math.max(...xs) - Math.min(...xs);
    const height = Math.max(...ys) - Math.min(...ys);
    const area = width * height;
    if (area < MIN_PIECE_SHARE * imageWidth * imageHeight) continue;
    if (area > MAX_PIECE_SHARE * imageWidth * imageHeight) continue;
    const edge = 0.01 * Math.max(imageWidth, imageHeight);
    const cut = [
      Math.min(...xs) <= edge,
      Math.max(...xs) >= imageWidth - 1 - edge,
      Math.min(...ys) <= edge,
      Math.max(...ys) >= imageHeight - 1 - edge,
    ].filter(Boolean).length;
    if (cut >= 2) continue;
    // Its foot out of frame: where it meets the floor is unknown, so a product cannot stand in
    // its place (the engine keeps such a piece too, ops/redesign.ts).
    if (Math.max(...ys) >= imageHeight - 1 - edge) continue;
    // Named as the parse saw it: the detector's "Sofa" over an armchair is the armchair.
    const kind = element.kinds?.[0];
    const label =
      kind && kind !== 'table' ? `${kind.charAt(0).toUpperCase()}${kind.slice(1)}` : element.label;
    pieces.push({
      label,
      outline,
      category,
      width,
      height,
      area,
      ...(element.widthCm ? { widthCm: element.widthCm } : {}),
    });
  }
  pieces.sort((a, b) => b.area - a.area);
  return pieces.slice(0, MAX_SWAPS).map(({ area: _area, ...piece }) => piece);
}

/** How well a product suits the style: 0 when it carries the style's own tag, larger is worse. */
function styleRank(kit: StyleKit, product: Product): number {
  const ranks = product.styles
    .map((tag) => kit.productStyles.indexOf(tag))
    .filter((rank) => rank >= 0);
  return ranks.length > 0 ? Math.min(...ranks) : kit.productStyles.length + 1;
}

/**
 * How far the product's front (width × height) is from the piece's box in proportion: a long
 * sofa for a long sofa, not an armchair. 0 is the same aspect.
 */
function footprintMismatch(piece: FoundPiece, product: Product): number {
  if (piece.width <= 0 || piece.height <= 0) return 0;
  const pieceAspect = piece.width / piece.height;
  const productAspect = product.dimensions.width / product.dimensions.height;
  return Math.abs(Math.log(productAspect / pieceAspect));
}

/**
 * How much wider than the old piece (its width on the floor, from the room camera) a product may
 * be: a wider one would be drawn shrunk to the footprint or stand over what stays beside it.
 * Seen at an angle, a piece's floor width is wider than the piece, so this is not tighter.
 */
export const MAX_WIDTH_OVER_PIECE = 1.4;
/**
 * How much narrower it may be: the engine sizes a replacement to the old piece's footprint, so a
 * much smaller product would be drawn far larger than it is (a 2-seat sofa as big as a 3-seat).
 */
export const MIN_WIDTH_OF_PIECE = 0.6;

/**
 * Whether `product` is near the width of `piece`: no much wider, no much narrower (true when the
 * piece was not measured).
 */
export function fitsFootprint(piece: FoundPiece, product: Product): boolean {
  if (piece.widthCm === undefined) return true;
  const width = product.dimensions.width;
  return (
    width <= MAX_WIDTH_OVER_PIECE * piece.widthCm && width >= MIN_WIDTH_OF_PIECE * piece.widthCm
  );
}

/** The products of the piece's own category, like for like. */
function sameKind(piece: FoundPiece, products: readonly Product[]): Product[] {
  return products.filter((p) => p.category === piece.category);
}

/**
 * The candidates for a piece, best first: its own category at a size that fits its footprint,
 * then style, then proportions, then price.
 */
function rankForPiece(kit: StyleKit, piece: FoundPiece, products: readonly Product[]): Product[] {
  return sameKind(piece, products)
    .filter((p) => fitsFootprint(piece, p))
    .map((product) => ({
      product,
      score: styleRank(kit, product) + 0.8 * footprintMismatch(piece, product),
    }))
    .sort((a, b) => a.score - b.score || a.product.price - b.product.price)
    .map(({ product }) => product);
}

function rankForDecor(kit: StyleKit, kind: DecorKind, products: readonly Product[]): Product[] {
  const categories = DECOR_CATEGORIES[kind];
  return products
    .filter((p) => categories.includes(p.category))
    .sort((a, b) => styleRank(kit, a) - styleRank(kit, b) || a.price - b.price);
}

/**
 * The first of `ranked`, starting at the variant's turn among the well-matched ones, whose price
 * fits what remains; undefined when none does.
 */
function pick(
  ranked: readonly Product[],
  variant: number,
  remaining: number,
  used: ReadonlySet<string>,
): Product | undefined {
  const fresh = ranked.filter((p) => !used.has(p.id));
  // Nothing else of its kind fits: the same product again (two matching armchairs).
  if (fresh.length === 0) return ranked.find((p) => p.price <= remaining);
  // The variant's turn: variant k starts at the k-th best of the top three, so designs differ.
  const top = Math.min(3, fresh.length);
  const start = variant % top;
  const order = [...fresh.slice(start, top), ...fresh.slice(0, start), ...fresh.slice(top)];
  return order.find((p) => p.price <= remaining);
}

/** RGB distance below which a product's colour would melt into the wall behind it. */
const TOO_CLOSE_TO_WALL = 70;

function rgbDistance(a: string, b: string): number {
  const channel = (hex: string, k: number) => parseInt(hex.slice(1 + 2 * k, 3 + 2 * k), 16);
  return Math.hypot(
    channel(a, 0) - channel(b, 0),
    channel(a, 1) - channel(b, 1),
    channel(a, 2) - channel(b, 2),
  );
}

/**
 * The colour variant k shows a product in: its k-th, skipping colours too close to the design's
 * wall colour (an orange sofa vanishes against a terracotta wall).
 */
function colourOf(product: Product, variant: number, wall: string): string {
  const colours = product.colors.map((c) => c.hex);
  if (colours.length === 0) return '#9a9a96';
  for (let step = 0; step < colours.length; step++) {
    const hex = colours[(variant + step) % colours.length] ?? '#9a9a96';
    if (rgbDistance(hex, wall) >= TOO_CLOSE_TO_WALL) return hex;
  }
  return colours[variant % colours.length] ?? '#9a9a96';
}

/**
 * The designs of a restyle, one per variant. `budgetMax` is the room's budget in whole currency
 * units (null or undefined: no limit); `products` the catalogue products to choose from.
 */
export function planRestyle(input: {
  styleId: string;
  modeId: string | undefined;
  quantity: number;
  budgetMax: number | null | undefined;
  pieces: readonly FoundPiece[];
  products: readonly Product[];
}): RestyleDesigns {
  const kit = STYLE_KITS[input.styleId];
  const depth = redesignDepth(input.modeId);
  if (!kit) return { depth, designs: [], notices: [] };
  // What each design could not do; said for all designs at once when it is true of all.
  const perDesign: Set<string>[] = [];
  const limit =
    input.budgetMax === null || input.budgetMax === undefined
      ? Infinity
      : input.budgetMax * MINOR_PER_UNIT;
  const designs: VariantDesign[] = [];
  for (let k = 0; k < input.quantity; k++) {
    const walls = kit.walls[k % kit.walls.length] ?? { name: 'Chalk White', hex: '#f4f2ec' };
    const design: VariantDesign = { walls, swaps: [], decor: [], total: 0 };
    const notices = new Set<string>();
    perDesign.push(notices);
    if (depth !== 'colours') design.floor = kit.floors[k % kit.floors.length];
    if (depth === 'full') {
      const used = new Set<string>();
      for (const piece of input.pieces) {
        const chosen = pick(
          rankForPiece(kit, piece, input.products),
          k,
          limit - design.total,
          used,
        );
        if (!chosen) {
          const item = piece.label.toLowerCase();
          if (rankForPiece(kit, piece, input.products).length > 0) {
            notices.add(messages.restyleKeptForBudget.replace('{item}', item));
          } else if (sameKind(piece, input.products).length > 0) {
            notices.add(messages.restyleKeptNoFit.replace('{item}', item));
          }
          continue;
        }
        used.add(chosen.id);
        design.total += chosen.price;
        design.swaps.push({
          piece,
          choice: { product: chosen, colour: colourOf(chosen, k, walls.hex) },
        });
      }
      // Variant k leads with a different piece of decor, so designs differ in what they add.
      const kinds = kit.decor.map((_, i) => kit.decor[(i + k) % kit.decor.length] as DecorKind);
      let onFloor = 0;
      for (const kind of kinds) {
        if (kind !== 'art' && onFloor >= MAX_DECOR) continue;
        const ranked = rankForDecor(kit, kind, input.products);
        const chosen = pick(ranked, k, limit - design.total, used);
        if (!chosen) {
          if (ranked.length > 0) {
            notices.add(messages.restyleDecorOverBudget.replace('{item}', kind));
          }
          continue;
        }
        used.add(chosen.id);
        design.total += chosen.price;
        design.decor.push({ product: chosen, colour: colourOf(chosen, k, walls.hex) });
        if (kind !== 'art') onFloor++;
      }
    }
    designs.push(design);
  }
  return { depth, designs, notices: saidOnce(perDesign) };
}

/** Each design's notices, said once when all designs share them, else with the design's number. */
function saidOnce(perDesign: readonly Set<string>[]): string[] {
  const said = new Set<string>();
  perDesign.forEach((notices, k) => {
    for (const notice of notices) {
      const everywhere = perDesign.every((other) => other.has(notice));
      said.add(everywhere || perDesign.length === 1 ? notice : `Design ${k + 1}: ${notice}`);
    }
  });
  return [...said];
}

/**
 * What a redesign planned but its images do not show: a swap the engine kept (the piece joined to
 * its neighbours in the photo) or decor with no free spot. `applied` is the engine's list per
 * image; image k carries out `plans[k % plans.length]`, as the engine does. Empty without plans.
 */
export function notAppliedNotices(
  plans: readonly RedesignPlan[],
  applied: readonly (readonly AppliedItem[] | undefined)[] | undefined,
): string[] {
  if (plans.length === 0 || !applied) return [];
  const perDesign = applied.map((items, k) => {
    const notices = new Set<string>();
    const plan = plans[k % plans.length];
    if (!plan || !items) return notices;
    const shown = (id: string, role: 'swap' | 'decor') =>
      items.some((item) => item.kind === 'product' && item.id === id && item.role === role);
    for (const { product } of plan.swaps ?? []) {
      if (!shown(product.id, 'swap')) {
        notices.add(messages.restyleKeptInPhoto.replace('{item}', categoryWords(product)));
      }
    }
    for (const product of plan.decor ?? []) {
      if (!shown(product.id, 'decor')) {
        notices.add(messages.restyleDecorNoSpace.replace('{item}', categoryWords(product)));
      }
    }
    return notices;
  });
  return saidOnce(perDesign);
}

/** A product's category in plain words ("coffee table"). */
const categoryWords = (product: PlacementProduct): string => product.category.replace(/_/g, ' ');

/** What the engine needs to draw a product, and a floor texture; undefined when it cannot. */
export interface PlanLoaders {
  placement(id: string, colour: string): Promise<PlacementProduct | undefined>;
  texture(id: string): Promise<TextureSource | undefined>;
}

/** The engine's plans for the designs (textures and product models loaded once each). */
export async function enginePlans(
  designs: readonly VariantDesign[],
  load: PlanLoaders,
): Promise<RedesignPlan[]> {
  const textures = new Map<string, Promise<TextureSource | undefined>>();
  const textureOf = (id: string) => {
    let found = textures.get(id);
    if (!found) {
      found = load.texture(id);
      textures.set(id, found);
    }
    return found;
  };
  const plans: RedesignPlan[] = [];
  for (const design of designs) {
    const plan: RedesignPlan = { walls: { hex: design.walls.hex } };
    if (design.floor) {
      const texture = await textureOf(design.floor);
      if (texture) plan.floor = { id: design.floor, texture };
    }
    const swaps: NonNullable<RedesignPlan['swaps']> = [];
    for (const { piece, choice } of design.swaps) {
      const product = await load.placement(choice.product.id, choice.colour);
      if (product) swaps.push({ outline: piece.outline, product });
    }
    const decor: PlacementProduct[] = [];
    for (const choice of design.decor) {
      const product = await load.placement(choice.product.id, choice.colour);
      if (product) decor.push(product);
    }
    if (swaps.length > 0) plan.swaps = swaps;
    if (decor.length > 0) plan.decor = decor;
    plans.push(plan);
  }
  return plans;
}

/** What planning a restyle reads: the room's elements, the catalogue, and the engine's inputs. */
export interface RestyleSources extends PlanLoaders {
  /** The space's elements (the detection flow); rejects when the detector is not installed. */
  detect(image: Buffer): Promise<DetectedElement[]>;
  library: Pick<LibraryService, 'products'>;
}

/**
 * The plans of a restyle for the architectural_style request, and what the answer should tell
 * the user. Only a full redesign looks for pieces to swap (a detection, free and cached by the
 * engine); without a detector it redesigns without swaps.
 */
export async function restylePlans(
  sources: RestyleSources,
  input: {
    image: { bytes: Buffer; width: number; height: number };
    styleId: string;
    modeId: string | undefined;
    quantity: number;
    budgetMax: number | null | undefined;
  },
): Promise<{ plans: RedesignPlan[]; designs: VariantDesign[]; notices: string[] }> {
  const kit = STYLE_KITS[input.styleId];
  if (!kit) return { plans: [], designs: [], notices: [] };
  const depth = redesignDepth(input.modeId);
  let pieces: FoundPiece[] = [];
  const categories = new Set<ProductCategory>();
  if (depth === 'full') {
    const elements = await sources.detect(input.image.bytes).catch(() => []);
    pieces = swappablePieces(elements, input.image.width, input.image.height);
    for (const piece of pieces) categories.add(piece.category);
    for (const kind of kit.decor)
      for (const category of DECOR_CATEGORIES[kind]) categories.add(category);
  }
  const products: Product[] = [];
  for (const category of categories) {
    const found = await sources.library.products({ category, limit: 200 });
    // The budget is in the catalogue's currency; products priced in another cannot be added up.
    products.push(...found.filter((product) => product.currency === BUDGET_CURRENCY));
  }
  const { designs, notices } = planRestyle({
    styleId: input.styleId,
    modeId: input.modeId,
    quantity: input.quantity,
    budgetMax: input.budgetMax,
    pieces,
    products,
  });
  return { plans: await enginePlans(designs, sources), designs, notices };
}
