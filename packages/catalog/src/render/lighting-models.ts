/** Floor lamp, table lamp and pendant: the shade (or base) carries the product colour. */
import { defineProduct } from './product-model';
import type { SdfNode } from './sdf';
import {
  box,
  capsule,
  cone,
  cylinder,
  ellipsoid,
  shell,
  smoothUnion,
  subtract,
  torus,
  translate,
  union,
} from './sdf';

export type ShadeShape = 'drum' | 'cone' | 'dome';

/** A lampshade whose bottom rim sits at y = 0; open underneath, with a glowing inside. */
function lampShade(
  shape: ShadeShape,
  diameter: number,
  height: number,
  slot: 'body' | 'linen',
): SdfNode {
  const r = diameter / 2;
  if (shape === 'dome') {
    const dome = shell(ellipsoid([r, height, r], slot), 0.8);
    return union(
      subtract(
        dome,
        translate(box([diameter + 4, height * 2, diameter + 4], slot), [0, -height, 0]),
      ),
      translate(ellipsoid([r * 0.35, r * 0.35, r * 0.35], 'glow'), [0, r * 0.15, 0]),
    );
  }
  const top = shape === 'drum' ? r : r * 0.62;
  const outer = translate(cone(r, top, height, slot), [0, height / 2, 0]);
  const inner = translate(cone(r - 0.6, top - 0.6, height + 2, 'glow'), [0, height / 2, 0]);
  return union(
    subtract(outer, inner),
    translate(cylinder(top - 1, 0.6, 'glow'), [0, height - 0.4, 0]),
  );
}

export interface FloorLampParams {
  height: number;
  shade: ShadeShape;
  shadeDiameter: number;
}

export const floorLampModel = defineProduct<FloorLampParams>({
  label: 'Floor lamp',
  bodyFinish: 'fabric',
  grounded: true,
  defaults: { height: 160, shade: 'drum', shadeDiameter: 46 },
  fromDimensions: (d) => ({ height: d.height, shadeDiameter: Math.min(d.width, d.depth) }),
  build: (p: FloorLampParams): SdfNode => {
    const shadeH = p.shade === 'dome' ? p.shadeDiameter * 0.45 : p.shadeDiameter * 0.72;
    const shadeBottom = p.height - shadeH;
    return union(
      translate(cylinder(15, 2.6, 'metal', 1.1), [0, 1.3, 0]),
      translate(cylinder(1.2, shadeBottom + shadeH * 0.6, 'metal', 0.3), [
        0,
        (shadeBottom + shadeH * 0.6) / 2,
        0,
      ]),
      translate(ellipsoid([3, 4.5, 3], 'glow'), [0, shadeBottom + shadeH * 0.4, 0]),
      translate(lampShade(p.shade, p.shadeDiameter, shadeH, 'body'), [0, shadeBottom, 0]),
    );
  },
});

export interface TableLampParams {
  height: number;
  base: 'gourd' | 'column';
  shade: ShadeShape;
}

export const tableLampModel = defineProduct<TableLampParams>({
  label: 'Table lamp',
  bodyFinish: 'gloss',
  grounded: true,
  defaults: { height: 58, base: 'gourd', shade: 'cone' },
  fromDimensions: (d) => ({ height: d.height }),
  build: (p: TableLampParams): SdfNode => {
    const baseH = p.height * 0.48;
    const shadeH = p.height * 0.42;
    const shadeD = p.height * 0.62;
    const base =
      p.base === 'gourd'
        ? smoothUnion(
            6,
            translate(ellipsoid([12, baseH * 0.38, 12], 'body'), [0, baseH * 0.4, 0]),
            translate(ellipsoid([6.5, baseH * 0.3, 6.5], 'body'), [0, baseH * 0.78, 0]),
            translate(cylinder(7, 2, 'body', 0.8), [0, 1, 0]),
          )
        : translate(cylinder(7.5, baseH, 'body', 1.5), [0, baseH / 2, 0]);
    const neckTop = p.height - shadeH * 0.6;
    return union(
      base,
      translate(cylinder(1, neckTop - baseH + 1, 'metal'), [0, (neckTop + baseH - 1) / 2, 0]),
      translate(lampShade(p.shade, shadeD, shadeH, 'linen'), [0, p.height - shadeH, 0]),
    );
  },
});

export interface PendantParams {
  diameter: number;
  cordLength: number;
  shade: ShadeShape;
}

export const pendantModel = defineProduct<PendantParams>({
  label: 'Pendant',
  bodyFinish: 'satin',
  grounded: false,
  view: { elevationDeg: 6 },
  defaults: { diameter: 40, cordLength: 60, shade: 'dome' },
  fromDimensions: (d) => ({ diameter: Math.min(d.width, d.depth) }),
  build: (p: PendantParams): SdfNode => {
    const shadeH = p.shade === 'dome' ? p.diameter * 0.48 : p.diameter * 0.6;
    const top = shadeH + p.cordLength;
    return union(
      lampShade(p.shade, p.diameter, shadeH, 'body'),
      translate(cylinder(3, 5, 'metal', 1), [0, shadeH + 1.5, 0]),
      capsule([0, shadeH + 3, 0], [0, top - 1, 0], 0.35, 'ink'),
      translate(cylinder(6, 2.5, 'metal', 1), [0, top, 0]),
      translate(torus(p.diameter / 2 - 0.2, 0.5, 'body'), [0, 0.3, 0]),
    );
  },
});
