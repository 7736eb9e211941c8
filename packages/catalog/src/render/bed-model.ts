/** Bed: upholstered frame and headboard (the product colour), mattress, duvet and pillows. */
import type { LegStyle } from './furniture-parts';
import { fourLegs } from './furniture-parts';
import { defineProduct } from './product-model';
import type { SdfNode } from './sdf';
import {
  box,
  capsule,
  ellipsoid,
  folds,
  pillow,
  repeat,
  rotate,
  subtract,
  translate,
  union,
} from './sdf';

export interface BedParams {
  /** Mattress size (cm). */
  width: number;
  length: number;
  headboardHeight: number;
  headboard: 'panel' | 'tufted' | 'channel';
  legStyle: LegStyle;
}

function headboardPanel(style: BedParams['headboard'], width: number, height: number): SdfNode {
  const panel = box([width, height, 10], 'body', 4);
  if (style === 'panel') return panel;
  if (style === 'channel') {
    const channels = Math.max(3, Math.round(width / 18));
    const groove = capsule([0, -height / 2 + 8, 5.4], [0, height / 2 - 8, 5.4], 1.1, 'body');
    return subtract(panel, repeat(groove, 'x', width / channels, channels - 1));
  }
  // A tufted headboard is stuffed: its face crowned 2 cm over its 7 cm thick edges (boxed, its seams kept) (a pillow
  // standing up), so light falls off towards its sides and top rather than lying flat on a board,
  // and its buttons pull the face in where they sit (docs/decisions/099).
  const rim = 7;
  const padded = rotate(pillow([width, 11, height], 'body', rim, 3.5), 'x', 90);
  const face = (x: number, y: number) =>
    rim / 2 +
    (5.5 - rim / 2) * (1 - Math.abs((2 * x) / width) ** 3) * (1 - Math.abs((2 * y) / height) ** 3);
  const buttons: SdfNode[] = [];
  const cols = Math.max(3, Math.round(width / 24));
  const rows = Math.max(2, Math.round((height - 20) / 22));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols - (r % 2); c++) {
      const x = (c - (cols - 1 - (r % 2)) / 2) * (width / cols);
      const y = (r - (rows - 1) / 2) * ((height - 24) / Math.max(1, rows - 1)) * 0.9;
      buttons.push(translate(ellipsoid([2.5, 2.5, 2.5], 'body'), [x, y, face(x, y) + 0.8]));
    }
  }
  return subtract(padded, union(...buttons), 6);
}

export const bedModel = defineProduct<BedParams>({
  label: 'Bed',
  bodyFinish: 'fabric',
  grounded: true,
  view: { elevationDeg: 26 },
  defaults: {
    width: 160,
    length: 200,
    headboardHeight: 115,
    headboard: 'tufted',
    legStyle: 'block',
  },
  fromDimensions: (d) => ({ width: d.width - 8, length: d.depth - 16, headboardHeight: d.height }),
  build: (p: BedParams): SdfNode => {
    const legH = 9;
    const frameH = 24;
    const frameTop = legH + frameH;
    const mattressH = 22;
    const mattressTop = frameTop + mattressH - 3;
    const fw = p.width + 8;
    const fl = p.length + 6;
    const head = -fl / 2;
    const hbH = p.headboardHeight - legH;
    const duvetL = p.length * 0.72;
    const duvetZ = fl / 2 - duvetL / 2 + 1.5;
    // The bedding is cloth over the mattress: the duvet hangs past the mattress over the frame,
    // its top turned back under the pillows, a runner across its foot; one drape over all three
    // so they crease and fall together (docs/decisions/085).
    const hang = 24;
    const bedding = folds(
      union(
        translate(box([p.width + 7, hang + 6, duvetL], 'fabric2', 7), [
          0,
          mattressTop + 3 - (hang + 6) / 2,
          duvetZ,
        ]),
        translate(box([p.width + 8.5, 8, 22], 'linen', 4), [
          0,
          mattressTop + 2.8,
          fl / 2 - duvetL + 12,
        ]),
        translate(box([p.width + 9, hang - 2, 46], 'accent', 5), [
          0,
          mattressTop + 4.2 - (hang - 2) / 2,
          fl / 2 - 26,
        ]),
      ),
      2,
      mattressTop - 2,
      p.width,
    );
    const parts: SdfNode[] = [
      fourLegs(p.legStyle, fw, fl + 10, legH + 1, 5),
      translate(box([fw, frameH, fl], 'body', 3.5), [0, legH + frameH / 2, 0]),
      translate(headboardPanel(p.headboard, fw + 6, hbH), [0, legH + hbH / 2, head - 5]),
      translate(box([p.width, mattressH, p.length], 'linen', 6), [
        0,
        mattressTop - mattressH / 2,
        2,
      ]),
      bedding,
    ];
    // Two plump pillows leaning on the headboard, and a smaller cushion in front of them.
    for (const sx of [-1, 1]) {
      const lean = rotate(pillow([p.width / 2 - 8, 17, 46], 'linen', 2.5), 'x', 58);
      parts.push(translate(lean, [sx * (p.width / 4 - 0.5), mattressTop + 17, head + 22]));
    }
    parts.push(
      translate(rotate(pillow([46, 15, 32], 'fabric2', 2), 'x', 68), [
        0,
        mattressTop + 15,
        head + 38,
      ]),
    );
    return union(...parts);
  },
});
