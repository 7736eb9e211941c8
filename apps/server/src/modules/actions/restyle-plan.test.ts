import { DEMO_CATALOGUE } from '../../test-support/demo-catalogue';
import { findTexture } from '@roomcraft/catalog';
import { PAINT_COLOURS } from '@roomcraft/catalog/paint-colours';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';
import {
  DESIGN_MODES,
  MODE_DEPTH,
  STYLES,
  STYLE_KITS,
  messages,
  type Product,
} from '@roomcraft/contracts';
import type { PlacementProduct, RedesignPlan } from '@roomcraft/engine';
import { describe, expect, it } from 'vitest';
import {
  MAX_WIDTH_OVER_PIECE,
  MIN_WIDTH_OF_PIECE,
  notAppliedNotices,
  planRestyle,
  swapCategoryOf,
  swappablePieces,
  type FoundPiece,
} from './restyle-plan';

const CATALOGUE: Product[] = DEMO_CATALOGUE;

const box = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

const SOFA: FoundPiece = {
  label: 'Sofa',
  outline: box(200, 400, 700, 600),
  category: 'sofa',
  width: 500,
  height: 200,
};
const ARMCHAIR: FoundPiece = {
  label: 'Armchair',
  outline: box(750, 420, 900, 600),
  category: 'armchair',
  width: 150,
  height: 180,
};

const priceOf = (id: string) => CATALOGUE.find((p) => p.id === id)?.price ?? NaN;

describe('style kits', () => {
  it('cover every style with paint colours, floors and style tags the shipped library has', () => {
    const tags = new Set(DEMO_PRODUCTS.flatMap((p) => p.styles));
    for (const style of STYLES) {
      const kit = STYLE_KITS[style.id];
      expect(kit, style.id).toBeDefined();
      if (!kit) continue;
      for (const wall of kit.walls) {
        expect(PAINT_COLOURS.find((paint) => paint.name === wall.name)?.hex, wall.name).toBe(
          wall.hex,
        );
      }
      for (const id of kit.floors) expect(findTexture(id)?.kind, id).toBe('floor');
      expect(kit.productStyles[0]).toBe(style.id);
      for (const tag of kit.productStyles) expect(tags.has(tag), tag).toBe(true);
    }
  });

  it('map every design mode to a depth', () => {
    expect(DESIGN_MODES.map((mode) => MODE_DEPTH[mode.id])).toEqual([
      'colours',
      'colours_floor',
      'full',
    ]);
  });
});

describe('planning a restyle', () => {
  it('makes each variant a different design: wall colour, floor and products', () => {
    const { designs } = planRestyle({
      styleId: 'scandinavian',
      modeId: 'bold',
      quantity: 3,
      budgetMax: null,
      pieces: [SOFA, ARMCHAIR],
      products: CATALOGUE,
    });
    expect(designs).toHaveLength(3);
    expect(new Set(designs.map((d) => d.walls.hex)).size).toBe(3);
    expect(new Set(designs.map((d) => d.floor)).size).toBe(3);
    const products = designs.map((d) =>
      [...d.swaps.map((s) => s.choice.product.id), ...d.decor.map((c) => c.product.id)].join(),
    );
    expect(new Set(products).size).toBe(3);
    // The sofa becomes a sofa, the armchair an armchair; the first design's sofa is of the
    // style (the demo catalogue has one Scandinavian sofa, so the others differ in style).
    for (const design of designs) {
      expect(design.swaps[0]?.choice.product.category).toBe('sofa');
      expect(design.swaps[1]?.choice.product.category).toBe('armchair');
    }
    const tags = designs[0]?.swaps[0]?.choice.product.styles ?? [];
    expect(tags.some((tag) => STYLE_KITS.scandinavian?.productStyles.includes(tag))).toBe(true);
  });

  it('keeps what every design uses within budget_max', () => {
    for (const budgetMax of [150, 400, 900, 1500, 3000]) {
      const { designs } = planRestyle({
        styleId: 'industrial',
        modeId: 'bold',
        quantity: 4,
        budgetMax,
        pieces: [SOFA, ARMCHAIR],
        products: CATALOGUE,
      });
      for (const design of designs) {
        const ids = [
          ...design.swaps.map((s) => s.choice.product.id),
          ...design.decor.map((c) => c.product.id),
        ];
        const total = ids.reduce((sum, id) => sum + priceOf(id), 0);
        expect(total).toBe(design.total);
        expect(total).toBeLessThanOrEqual(budgetMax * 100);
      }
    }
  });

  it('keeps a piece, and says so, when nothing of its kind fits what remains', () => {
    const { designs, notices } = planRestyle({
      styleId: 'scandinavian',
      modeId: 'bold',
      quantity: 2,
      budgetMax: 100,
      pieces: [SOFA],
      products: CATALOGUE,
    });
    for (const design of designs) expect(design.swaps).toEqual([]);
    expect(notices).toContain(messages.restyleKeptForBudget.replace('{item}', 'sofa'));
    // What does fit is still added: a plant under €100.
    for (const design of designs) expect(design.total).toBeLessThanOrEqual(100 * 100);
  });

  it('goes as far as the mode says: colours, colours and floor, or everything', () => {
    const plan = (modeId: string) =>
      planRestyle({
        styleId: 'japandi',
        modeId,
        quantity: 1,
        budgetMax: null,
        pieces: [SOFA],
        products: CATALOGUE,
      }).designs[0];
    expect(plan('subtle')?.floor).toBeUndefined();
    expect(plan('subtle')).toMatchObject({ swaps: [], decor: [] });
    expect(plan('balanced')?.floor).toBe('oak-planks-wide');
    expect(plan('balanced')?.swaps).toEqual([]);
    expect(plan('bold')?.swaps).toHaveLength(1);
    expect(plan('bold')?.decor.length).toBeGreaterThan(0);
  });

  it('swaps only the main furniture the detection found, biggest first', () => {
    const element = (label: string, x0: number, y0: number, x1: number, y1: number) => ({
      label,
      category: label.toLowerCase(),
      score: 0.9,
      box: box(x0, y0, x1, y1),
    });
    const pieces = swappablePieces(
      [
        element('Chair', 20, 300, 220, 500),
        element('Plant', 0, 0, 300, 300),
        element('Sofa', 100, 100, 700, 400),
        element('Coffee table', 300, 400, 360, 420),
        // Seen from its foot: cut by the bottom and the right edge of the photo.
        element('Bed', 500, 500, 999, 799),
        // A dining chair in the foreground, its legs cut by the bottom of the photo.
        element('Armchair', 360, 560, 620, 799),
      ],
      1000,
      800,
    );
    expect(pieces.map((p) => p.label)).toEqual(['Sofa', 'Chair']);
  });

  it('keeps two armchairs the parse gave one region: one product would make a seat vanish', () => {
    const one = {
      label: 'Chair',
      category: 'chair',
      score: 0.7,
      box: box(40, 300, 280, 560),
      kinds: ['armchair'],
    };
    const sofa = { label: 'Sofa', category: 'couch', score: 0.8, box: box(500, 300, 900, 560) };
    const pieces = swappablePieces([{ ...one, seats: 2 }, sofa], 1000, 800);
    expect(pieces.map((p) => p.label)).toEqual(['Sofa']);
    // One seat in its region is swapped as before.
    expect(swappablePieces([one, sofa], 1000, 800).map((p) => p.label)).toEqual([
      'Sofa',
      'Armchair',
    ]);
  });
});

describe('like for like, at the right size', () => {
  const element = (label: string, kinds?: string[]) => ({
    label,
    category: label.toLowerCase(),
    score: 0.9,
    box: box(100, 300, 400, 600),
    ...(kinds ? { kinds } : {}),
  });

  it('swaps a piece only for a product of its own kind', () => {
    expect(swapCategoryOf(element('Sofa'))).toBe('sofa');
    expect(swapCategoryOf(element('Armchair'))).toBe('armchair');
    expect(swapCategoryOf(element('Bed'))).toBe('bed');
    // A plain chair is a dining chair, never an armchair, unless the parse sees an armchair.
    expect(swapCategoryOf(element('Chair'))).toBe('dining_chair');
    expect(swapCategoryOf(element('Chair', ['chair']))).toBe('dining_chair');
    expect(swapCategoryOf(element('Chair', ['armchair', 'stool']))).toBe('armchair');
    // The parse's word outranks the detector's: a "Sofa" over armchairs is an armchair.
    expect(swapCategoryOf(element('Sofa', ['armchair']))).toBe('armchair');
    // Tables only for a table of the same kind; a table of no known kind stays.
    expect(swapCategoryOf(element('Coffee table'))).toBe('coffee_table');
    expect(swapCategoryOf(element('Dining table', ['table']))).toBe('dining_table');
    expect(swapCategoryOf(element('Dining table', ['coffee table']))).toBe('coffee_table');
    expect(swapCategoryOf(element('Table'))).toBeNull();
    expect(swapCategoryOf(element('Table', ['table']))).toBeNull();
    expect(swapCategoryOf(element('Stool'))).toBeNull();
    expect(swapCategoryOf(element('Plant', ['plant']))).toBeNull();
  });

  it('never plans an armchair for a dining chair, nor a sofa for an armchair', () => {
    const [armchair, chair] = swappablePieces(
      [
        { ...element('Chair', ['chair']), box: box(600, 300, 700, 500) },
        { ...element('Sofa', ['armchair']), box: box(100, 300, 400, 600) },
      ],
      1000,
      800,
    );
    expect(armchair?.category).toBe('armchair');
    expect(chair?.category).toBe('dining_chair');
    const { designs } = planRestyle({
      styleId: 'industrial',
      modeId: 'bold',
      quantity: 3,
      budgetMax: null,
      pieces: [armchair, chair].filter((p) => p !== undefined),
      products: CATALOGUE,
    });
    for (const design of designs) {
      const swapped = design.swaps.map((s) => [s.piece.category, s.choice.product.category]);
      expect(swapped).toEqual([
        ['armchair', 'armchair'],
        ['dining_chair', 'dining_chair'],
      ]);
    }
    // Without dining chairs in the catalogue the chair is kept, not made an armchair.
    const noChairs = planRestyle({
      styleId: 'industrial',
      modeId: 'bold',
      quantity: 2,
      budgetMax: null,
      pieces: [chair].filter((p) => p !== undefined),
      products: CATALOGUE.filter((p) => p.category !== 'dining_chair'),
    });
    for (const design of noChairs.designs) expect(design.swaps).toEqual([]);
  });

  it('takes the measured width of the one piece (its outline), not the detector box', () => {
    const [piece] = swappablePieces(
      [
        {
          ...element('Sofa', ['sofa']),
          box: box(0, 200, 900, 600),
          polygon: box(0, 220, 500, 600),
          widthCm: 120,
        },
      ],
      1000,
      800,
    );
    expect(piece).toMatchObject({ width: 500, widthCm: 120, category: 'sofa' });
  });

  it('chooses a product near the width of the piece, else keeps it and says so', () => {
    const narrow: FoundPiece = { ...SOFA, widthCm: 150 };
    const { designs } = planRestyle({
      styleId: 'industrial',
      modeId: 'bold',
      quantity: 3,
      budgetMax: null,
      pieces: [narrow],
      products: CATALOGUE,
    });
    for (const design of designs) {
      const product = design.swaps[0]?.choice.product;
      expect(product?.category).toBe('sofa');
      expect(product?.dimensions.width).toBeLessThanOrEqual(MAX_WIDTH_OVER_PIECE * 150);
      expect(product?.dimensions.width).toBeGreaterThanOrEqual(MIN_WIDTH_OF_PIECE * 150);
    }
    // A long sofa never gets the 2-seat one, drawn twice its size in its place.
    const long: FoundPiece = { ...SOFA, widthCm: 320 };
    for (const design of planRestyle({
      styleId: 'bohemian',
      modeId: 'bold',
      quantity: 3,
      budgetMax: null,
      pieces: [long],
      products: CATALOGUE,
    }).designs) {
      expect(design.swaps[0]?.choice.product.id).not.toBe('sofa-pilar');
    }
    const small: FoundPiece = { ...ARMCHAIR, label: 'Armchair', widthCm: 40 };
    const kept = planRestyle({
      styleId: 'industrial',
      modeId: 'bold',
      quantity: 2,
      budgetMax: null,
      pieces: [small],
      products: CATALOGUE,
    });
    for (const design of kept.designs) expect(design.swaps).toEqual([]);
    expect(kept.notices).toContain(messages.restyleKeptNoFit.replace('{item}', 'armchair'));
  });

  it('gives two pieces the same product when only that one fits them both', () => {
    const twin: FoundPiece = { ...ARMCHAIR, widthCm: 80 };
    const { designs, notices } = planRestyle({
      styleId: 'industrial',
      modeId: 'bold',
      quantity: 2,
      budgetMax: null,
      pieces: [twin, { ...twin, outline: box(920, 420, 1000, 600) }],
      products: CATALOGUE.filter((p) => p.id === 'armchair-nest'),
    });
    expect(notices).toEqual([]);
    for (const design of designs) {
      expect(design.swaps.map((s) => s.choice.product.id)).toEqual([
        'armchair-nest',
        'armchair-nest',
      ]);
    }
  });
});

describe('what the images show', () => {
  const placed = (id: string, category: string) =>
    ({ id, category, colour: '#ffffff' }) as unknown as PlacementProduct;
  const region = { share: 0.1, box: { x: 0, y: 0, width: 10, height: 10 } };
  const sofa = placed('sofa-lund', 'sofa');
  const plant = placed('plant-fig', 'plant');
  const lamp = placed('floor-column', 'floor_lamp');
  const plans: RedesignPlan[] = [
    { swaps: [{ outline: [], product: sofa }], decor: [plant] },
    { swaps: [{ outline: [], product: sofa }], decor: [lamp] },
  ];
  const shown = (id: string, role: 'swap' | 'decor') =>
    ({ kind: 'product', id, colour: '#ffffff', role, region }) as const;

  it('says which planned swap or decor an image does not show, once when no design does', () => {
    const notices = notAppliedNotices(plans, [[shown('plant-fig', 'decor')], []]);
    expect(notices).toEqual([
      messages.restyleKeptInPhoto.replace('{item}', 'sofa'),
      `Design 2: ${messages.restyleDecorNoSpace.replace('{item}', 'floor lamp')}`,
    ]);
  });

  it('says nothing when every image shows its plan, or when the engine reports nothing', () => {
    const all = [
      [shown('sofa-lund', 'swap'), shown('plant-fig', 'decor')],
      [shown('sofa-lund', 'swap'), shown('floor-column', 'decor')],
    ];
    expect(notAppliedNotices(plans, all)).toEqual([]);
    expect(notAppliedNotices(plans, undefined)).toEqual([]);
    expect(notAppliedNotices([], all)).toEqual([]);
  });
});
