/** Bed: upholstered frame and headboard (the product colour), mattress, duvet and pillows. */
import type { LegStyle } from './furniture-parts';
import { fourLegs } from './furniture-parts';
import { defineProduct } from './product-model';
import type { SdfNode } from './sdf';
import { box, capsule, ellipsoid, repeat, rotate, subtract, translate, union } from './sdf';

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
  const buttons: SdfNode[] = [];
  const cols = Math.max(3, Math.round(width / 24));
  const rows = Math.max(2, Math.round((height - 20) / 22));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols - (r % 2); c++) {
      const x = (c - (cols - 1 - (r % 2)) / 2) * (width / cols);
      const y = (r - (rows - 1) / 2) * ((height - 24) / Math.max(1, rows - 1)) * 0.9;
      buttons.push(translate(ellipsoid([2.6, 2.6, 2.6], 'body'), [x, y, 5.8]));
    }
  }
  return subtract(panel, union(...buttons));
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
    const duvetL = p.length * 0.7;
    const parts: SdfNode[] = [
      fourLegs(p.legStyle, fw, fl + 10, legH + 1, 5),
      translate(box([fw, frameH, fl], 'body', 3.5), [0, legH + frameH / 2, 0]),
      translate(headboardPanel(p.headboard, fw + 6, hbH), [0, legH + hbH / 2, head - 5]),
      translate(box([p.width, mattressH, p.length], 'linen', 6), [
        0,
        mattressTop - mattressH / 2,
        2,
      ]),
      // Duvet: hangs over the mattress sides and foot, folded back at the top edge.
      translate(box([p.width + 7, 24, duvetL], 'fabric2', 7), [
        0,
        mattressTop - 9,
        fl / 2 - duvetL / 2 + 1.5,
      ]),
      translate(box([p.width + 8, 7, 20], 'linen', 3.5), [
        0,
        mattressTop + 2.7,
        fl / 2 - duvetL + 12,
      ]),
      translate(rotate(box([p.width * 0.55, 10, 16], 'accent', 4), 'x', -4), [
        0,
        mattressTop + 5.5,
        fl / 2 - 24,
      ]),
    ];
    // Two pillows leaning on the headboard, and a smaller cushion in front.
    for (const sx of [-1, 1]) {
      const pillow = rotate(box([p.width / 2 - 8, 14, 44], 'linen', 6.8), 'x', 58);
      parts.push(translate(pillow, [sx * (p.width / 4 - 0.5), mattressTop + 16, head + 22]));
    }
    parts.push(
      translate(rotate(box([44, 30, 11], 'fabric2', 5.4), 'x', -22), [
        0,
        mattressTop + 15,
        head + 36,
      ]),
    );
    return union(...parts);
  },
});
