/** Case goods: nightstands, dressers, wardrobes, bookshelves, TV units. */
import type { LegStyle } from './furniture-parts';
import { fourLegs, frontPanel, handle } from './furniture-parts';
import { defineProduct } from './product-model';
import type { MaterialSlot, SdfNode } from './sdf';
import { box, cylinder, ellipsoid, rotate, subtract, translate, union } from './sdf';
import { seededRandom } from './vec';

type Handle = 'knob' | 'bar';

/** A carcass on legs (or a plinth) with a grid of drawer fronts; returns the parts list. */
function drawerChest(
  width: number,
  depth: number,
  height: number,
  legStyle: LegStyle | 'plinth',
  columns: number,
  rows: number,
  pull: Handle,
): SdfNode {
  const legH = legStyle === 'plinth' ? 8 : 14;
  const carcassH = height - legH;
  const front = depth / 2;
  const parts: SdfNode[] = [
    translate(box([width, carcassH, depth], 'body', 1), [0, legH + carcassH / 2, 0]),
  ];
  if (legStyle === 'plinth') {
    parts.push(translate(box([width - 4, legH, depth - 4], 'wood', 0.5), [0, legH / 2, 0]));
  } else {
    parts.push(fourLegs(legStyle, width, depth, legH + 1, 4));
  }
  const gap = 0.6;
  const rim = 2;
  const fw = (width - 2 * rim) / columns;
  const fh = (carcassH - 2 * rim) / rows;
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const x = -width / 2 + rim + fw * (c + 0.5);
      const y = legH + rim + fh * (r + 0.5);
      parts.push(frontPanel(fw - gap, fh - gap, [x, y], front - 1.2, pull));
    }
  }
  return union(...parts);
}

export interface NightstandParams {
  width: number;
  depth: number;
  height: number;
  drawers: number;
  legStyle: LegStyle;
  handle: Handle;
}

export const nightstandModel = defineProduct<NightstandParams>({
  label: 'Nightstand',
  bodyFinish: 'satin',
  grounded: true,
  defaults: {
    width: 50,
    depth: 40,
    height: 56,
    drawers: 2,
    legStyle: 'tapered',
    handle: 'knob',
  },
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: (p: NightstandParams): SdfNode =>
    drawerChest(
      p.width,
      p.depth,
      p.height,
      p.legStyle,
      1,
      Math.max(1, Math.round(p.drawers)),
      p.handle,
    ),
});

export interface DresserParams {
  width: number;
  depth: number;
  height: number;
  columns: number;
  rows: number;
  legStyle: LegStyle | 'plinth';
  handle: Handle;
}

export const dresserModel = defineProduct<DresserParams>({
  label: 'Dresser',
  bodyFinish: 'satin',
  grounded: true,
  defaults: {
    width: 120,
    depth: 46,
    height: 82,
    columns: 2,
    rows: 3,
    legStyle: 'tapered',
    handle: 'bar',
  },
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: (p: DresserParams): SdfNode =>
    drawerChest(
      p.width,
      p.depth,
      p.height,
      p.legStyle,
      Math.max(1, Math.round(p.columns)),
      Math.max(1, Math.round(p.rows)),
      p.handle,
    ),
});

export interface WardrobeParams {
  width: number;
  depth: number;
  height: number;
  doors: number;
}

export const wardrobeModel = defineProduct<WardrobeParams>({
  label: 'Wardrobe',
  bodyFinish: 'satin',
  grounded: true,
  defaults: { width: 120, depth: 60, height: 200, doors: 2 },
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: (p: WardrobeParams): SdfNode => {
    const plinth = 8;
    const bodyH = p.height - plinth - 3;
    const front = p.depth / 2;
    const parts: SdfNode[] = [
      translate(box([p.width - 3, plinth, p.depth - 4], 'wood', 0.5), [0, plinth / 2, -1]),
      translate(box([p.width, bodyH, p.depth], 'body', 0.8), [0, plinth + bodyH / 2, 0]),
      translate(box([p.width + 2, 3, p.depth + 2], 'body', 0.8), [0, p.height - 1.5, 0]),
    ];
    const n = Math.max(1, Math.round(p.doors));
    const dw = (p.width - 2) / n;
    for (let i = 0; i < n; i++) {
      const x = -p.width / 2 + 1 + dw * (i + 0.5);
      // Handles sit on the meeting edges of each pair of doors.
      const handleX = x + (i % 2 === 0 ? 1 : -1) * (dw / 2 - 5);
      parts.push(frontPanel(dw - 0.6, bodyH - 2, [x, plinth + bodyH / 2], front - 1.2, 'none'));
      parts.push(handle('vertical-bar', handleX, plinth + bodyH * 0.55, front + 0.4, 40));
    }
    return union(...parts);
  },
});

export interface BookshelfParams {
  width: number;
  depth: number;
  height: number;
  shelves: number;
  books: boolean;
  seed: number;
}

const BOOK_SLOTS: readonly MaterialSlot[] = [
  'accent',
  'fabric2',
  'ink',
  'linen',
  'wood',
  'ink',
  'accent',
];

function shelfBooks(width: number, maxH: number, depth: number, random: () => number): SdfNode {
  const books: SdfNode[] = [];
  let x = -width / 2 + 1 + random() * 6;
  const end = x + width * (0.45 + random() * 0.35);
  while (x < end) {
    const t = 2 + random() * 2.6;
    const h = Math.min(maxH, maxH * (0.62 + random() * 0.3));
    const d = depth * (0.7 + random() * 0.2);
    const slot = BOOK_SLOTS[Math.floor(random() * BOOK_SLOTS.length)] ?? 'accent';
    books.push(translate(box([t, h, d], slot, 0.35), [x + t / 2, h / 2, 0]));
    x += t + 0.15;
  }
  if (x + 12 < width / 2) {
    // One book leaning against the row, and sometimes a small vase at the end.
    const h = maxH * 0.8;
    books.push(
      translate(rotate(box([2.5, h, depth * 0.75], 'accent', 0.35), 'z', -18), [
        x + 1.2 + (h / 2) * Math.sin(0.31),
        (h / 2) * Math.cos(0.31) + 0.3,
        0,
      ]),
    );
    if (random() > 0.4) {
      books.push(translate(ellipsoid([5, 7, 5], 'ceramic'), [width / 2 - 10, 6.5, 0]));
    }
  }
  return union(...books);
}

export const bookshelfModel = defineProduct<BookshelfParams>({
  label: 'Bookshelf',
  bodyFinish: 'satin',
  grounded: true,
  defaults: {
    width: 80,
    depth: 30,
    height: 180,
    shelves: 5,
    books: true,
    seed: 7,
  },
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: (p: BookshelfParams): SdfNode => {
    const t = 2.5;
    const inner = p.width - 2 * t;
    const n = Math.max(2, Math.round(p.shelves));
    const bay = (p.height - 6 - t) / n;
    const parts: SdfNode[] = [
      translate(box([t, p.height, p.depth], 'body', 0.4), [-(p.width - t) / 2, p.height / 2, 0]),
      translate(box([t, p.height, p.depth], 'body', 0.4), [(p.width - t) / 2, p.height / 2, 0]),
      translate(box([inner, p.height - 4, 1.2], 'body', 0.3), [
        0,
        p.height / 2,
        -p.depth / 2 + 0.6,
      ]),
      translate(box([inner, 6, p.depth - 2], 'body', 0.3), [0, 3, -1]),
    ];
    const random = seededRandom(p.seed);
    for (let i = 0; i <= n; i++) {
      const y = 6 + i * bay;
      parts.push(translate(box([inner, t, p.depth - 1], 'body', 0.3), [0, y + t / 2, 0.5]));
      if (p.books && i < n) {
        parts.push(translate(shelfBooks(inner, bay - t - 3, p.depth - 4, random), [0, y + t, 1]));
      }
    }
    return union(...parts);
  },
});

export interface TvUnitParams {
  width: number;
  depth: number;
  height: number;
  legStyle: LegStyle;
}

export const tvUnitModel = defineProduct<TvUnitParams>({
  label: 'TV unit',
  bodyFinish: 'satin',
  grounded: true,
  defaults: { width: 160, depth: 42, height: 50, legStyle: 'metal' },
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: (p: TvUnitParams): SdfNode => {
    const legH = 12;
    const h = p.height - legH;
    const front = p.depth / 2;
    const doorW = p.width * 0.3;
    const openW = p.width - 2 * doorW - 4;
    const carcass = translate(box([p.width, h, p.depth], 'body', 1), [0, legH + h / 2, 0]);
    // The middle bay is open: cut it out of the carcass and add a shelf inside.
    const bay = translate(box([openW, h - 4, p.depth], 'body'), [0, legH + h / 2, 3]);
    const parts: SdfNode[] = [
      subtract(carcass, bay),
      translate(box([openW, 1.6, p.depth - 4], 'body', 0.3), [0, legH + h / 2, 0]),
      fourLegs(p.legStyle, p.width, p.depth, legH + 1, 5),
      translate(cylinder(4, 10, 'ceramic', 1), [-openW / 4, legH + h / 2 + 5.8, 0]),
      translate(box([openW * 0.35, 4, 16], 'ink', 0.4), [openW / 5, legH + 4, 0]),
    ];
    for (const sx of [-1, 1]) {
      const x = sx * (p.width / 2 - 1 - doorW / 2);
      parts.push(frontPanel(doorW - 0.6, h - 2.6, [x, legH + h / 2], front - 1.2, 'none'));
      parts.push(handle('vertical-bar', x - sx * (doorW / 2 - 5), legH + h / 2, front + 0.4, 14));
    }
    return union(...parts);
  },
});
