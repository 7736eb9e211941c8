/** Coffee, dining and side tables. */
import type { LegStyle } from './furniture-parts';
import { fourLegs } from './furniture-parts';
import { defineProduct } from './product-model';
import type { SdfNode } from './sdf';
import { box, cone, cylinder, translate, union } from './sdf';

export interface CoffeeTableParams {
  width: number;
  depth: number;
  height: number;
  shape: 'rect' | 'round' | 'oval';
  legStyle: LegStyle;
  lowerShelf: boolean;
}

function tableTop(
  shape: CoffeeTableParams['shape'],
  width: number,
  depth: number,
  thickness: number,
  y: number,
): SdfNode {
  if (shape === 'round') return translate(cylinder(width / 2, thickness, 'body', 1.2), [0, y, 0]);
  if (shape === 'oval') {
    // A stadium: a slab between two round ends.
    const r = depth / 2;
    const straight = Math.max(0, width - depth);
    return translate(
      union(
        box([straight, thickness, depth], 'body', 1.2),
        translate(cylinder(r, thickness, 'body', 1.2), [-straight / 2, 0, 0]),
        translate(cylinder(r, thickness, 'body', 1.2), [straight / 2, 0, 0]),
      ),
      [0, y, 0],
    );
  }
  return translate(box([width, thickness, depth], 'body', 1.2), [0, y, 0]);
}

export const coffeeTableModel = defineProduct<CoffeeTableParams>({
  label: 'Coffee table',
  bodyFinish: 'satin',
  grounded: true,
  defaults: {
    width: 110,
    depth: 60,
    height: 42,
    shape: 'rect',
    legStyle: 'tapered',
    lowerShelf: true,
  },
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: (p: CoffeeTableParams): SdfNode => {
    const top = 4;
    const round = p.shape === 'round';
    const d = round ? p.width : p.depth;
    const legH = p.height - top;
    const parts: SdfNode[] = [tableTop(p.shape, p.width, d, top, p.height - top / 2)];
    // Round and oval tops stand on legs pulled in from their curved edges.
    const oval = p.shape === 'oval';
    const fw = round ? p.width * 0.62 : oval ? p.width - d * 0.5 : p.width;
    const fd = round ? p.width * 0.62 : oval ? d * 0.62 : d;
    parts.push(fourLegs(p.legStyle, fw, fd, legH, round ? 2 : 6));
    if (p.lowerShelf && !round) {
      parts.push(tableTop(p.shape, fw - 8, fd - 8, 2, 12));
    }
    return union(...parts);
  },
});

export interface DiningTableParams {
  width: number;
  depth: number;
  height: number;
  base: 'legs' | 'trestle' | 'pedestal';
  legStyle: LegStyle;
}

export const diningTableModel = defineProduct<DiningTableParams>({
  label: 'Dining table',
  bodyFinish: 'satin',
  grounded: true,
  defaults: {
    width: 180,
    depth: 90,
    height: 75,
    base: 'legs',
    legStyle: 'block',
  },
  fromDimensions: (d) => ({ width: d.width, depth: d.depth, height: d.height }),
  build: (p: DiningTableParams): SdfNode => {
    const top = 4;
    const parts: SdfNode[] = [
      translate(box([p.width, top, p.depth], 'body', 1), [0, p.height - top / 2, 0]),
    ];
    const under = p.height - top;
    if (p.base === 'legs') {
      parts.push(translate(box([p.width - 16, 8, p.depth - 16], 'wood', 0.5), [0, under - 4, 0]));
      parts.push(fourLegs(p.legStyle, p.width - 12, p.depth - 12, under, 4));
    } else if (p.base === 'trestle') {
      for (const sx of [-1, 1]) {
        const x = sx * (p.width / 2 - 25);
        parts.push(translate(box([7, under - 8, 8], 'wood', 1), [x, under / 2, 0]));
        parts.push(translate(box([8, 6, p.depth - 14], 'wood', 1.5), [x, 3, 0]));
        parts.push(translate(box([8, 5, p.depth - 18], 'wood', 1), [x, under - 2.5, 0]));
      }
      parts.push(translate(box([p.width - 50, 6, 5], 'wood', 1), [0, under * 0.35, 0]));
    } else {
      parts.push(translate(cone(12, 8, under - 4, 'wood'), [0, (under - 4) / 2 + 4, 0]));
      parts.push(translate(cylinder(30, 4, 'wood', 1.5), [0, 2, 0]));
    }
    return union(...parts);
  },
});

export interface SideTableParams {
  diameter: number;
  height: number;
  base: 'pedestal' | 'tripod';
}

export const sideTableModel = defineProduct<SideTableParams>({
  label: 'Side table',
  bodyFinish: 'satin',
  grounded: true,
  defaults: { diameter: 45, height: 55, base: 'pedestal' },
  fromDimensions: (d) => ({ diameter: Math.min(d.width, d.depth), height: d.height }),
  build: (p: SideTableParams): SdfNode => {
    const r = p.diameter / 2;
    const parts: SdfNode[] = [translate(cylinder(r, 3, 'body', 1), [0, p.height - 1.5, 0])];
    if (p.base === 'pedestal') {
      parts.push(translate(cylinder(2, p.height - 4, 'metal', 0.4), [0, (p.height - 3) / 2, 0]));
      parts.push(translate(cone(r * 0.65, r * 0.2, 2.4, 'metal'), [0, 2.6, 0]));
      parts.push(translate(cylinder(r * 0.65, 1.4, 'metal', 0.6), [0, 0.7, 0]));
    } else {
      parts.push(fourLegs('tapered', p.diameter * 0.7, p.diameter * 0.7, p.height - 3, 2));
    }
    return union(...parts);
  },
});
