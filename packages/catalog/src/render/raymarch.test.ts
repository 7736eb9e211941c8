import { describe, expect, it } from 'vitest';
import { productShotCamera } from './camera';
import { materialTable } from './materials';
import type { RenderScene } from './raymarch';
import { renderImage, renderRows } from './raymarch';
import {
  box,
  compileSdf,
  cone,
  cylinder,
  ellipsoid,
  rotate,
  subtract,
  torus,
  translate,
  union,
} from './sdf';

describe('signed distances', () => {
  it('measures simple primitives exactly', () => {
    const b = compileSdf(box([2, 2, 2], 'body'));
    expect(b.distance(3, 0, 0)).toBeCloseTo(2);
    expect(b.distance(0, 0, 0)).toBeCloseTo(-1);
    const c = compileSdf(cylinder(1, 4, 'wood'));
    expect(c.distance(0, 5, 0)).toBeCloseTo(3);
    expect(c.distance(3, 0, 0)).toBeCloseTo(2);
    const t = compileSdf(torus(3, 1, 'metal'));
    expect(t.distance(3, 0, 0)).toBeCloseTo(-1);
    const e = compileSdf(ellipsoid([2, 2, 2], 'leaf'));
    expect(e.distance(4, 0, 0)).toBeCloseTo(2);
    const k = compileSdf(cone(2, 1, 2, 'accent'));
    expect(k.distance(0, 3, 0)).toBeCloseTo(2);
  });

  it('reports the material slot of the nearest surface through operators', () => {
    const sdf = compileSdf(
      union(
        translate(box([2, 2, 2], 'wood'), [-5, 0, 0]),
        translate(rotate(cylinder(1, 2, 'metal'), 'z', 90), [5, 0, 0]),
        subtract(box([2, 2, 2], 'body'), box([1, 4, 1], 'body')),
      ),
    );
    sdf.distance(-3.5, 0, 0);
    expect(sdf.lastSlot()).toBe(1);
    expect(sdf.distance(7, 0, 0)).toBeCloseTo(1);
    expect(sdf.lastSlot()).toBe(2);
    expect(sdf.distance(0, 0, 0)).toBeGreaterThan(0);
    expect(sdf.lastSlot()).toBe(0);
  });
});

describe('renderRows', () => {
  it('gives the same bytes whether a frame is rendered whole or split by rows', () => {
    const root = union(
      box([60, 40, 40], 'body', 4),
      translate(cylinder(8, 30, 'wood'), [0, 35, 0]),
    );
    const sdf = compileSdf(translate(root, [0, 20, 0]));
    const scene: RenderScene = {
      sdf,
      materials: materialTable('#336699', 'satin'),
      keyLight: [-0.4, 0.9, 0.4],
      shadowCatcher: { groundY: 0, extent: sdf.bounds, frameFade: 0.1 },
    };
    const camera = productShotCamera(sdf.bounds, 48, 40);
    const whole = renderImage(scene, camera, 9);
    const top = renderRows(scene, camera, 0, 17, 9);
    const bottom = renderRows(scene, camera, 17, 40, 9);
    expect(Buffer.concat([top.rgba, bottom.rgba]).equals(Buffer.from(whole.rgba))).toBe(true);
  });
});
