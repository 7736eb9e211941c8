import { describe, expect, it } from 'vitest';
import { productShotCamera, projectPoint } from './camera';
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

describe('ambient light', () => {
  it('darkens a floor in the lee of a wall over tens of centimetres, as the diffuse light of a room does', () => {
    // A slab with a wall along its back; the key light from below leaves only the ambient light.
    const sdf = compileSdf(
      union(
        translate(box([240, 10, 200], 'body'), [0, -5, 0]),
        translate(box([240, 120, 10], 'body'), [0, 60, -95]),
      ),
    );
    const scene: RenderScene = {
      sdf,
      materials: materialTable('#999999', 'satin'),
      keyLight: [0, -1, 0],
      shadowCatcher: null,
    };
    const camera = productShotCamera(sdf.bounds, 160, 160);
    const image = renderImage(scene, camera, 3);
    const lum = (z: number): number => {
      const at = projectPoint(camera, [0, 0, z]);
      if (!at) throw new Error('off screen');
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const i = ((Math.round(at[1]) + dy) * camera.width + Math.round(at[0]) + dx) * 4;
          sum += image.rgba[i + 1] ?? 0;
        }
      return sum / 9;
    };
    const near = lum(-68); // 22 cm from the wall's face
    const open = lum(-10);
    const far = lum(40);
    expect(open).toBeGreaterThan(40);
    expect(Math.abs(open - far)).toBeLessThan(0.02 * far);
    // A 14 cm occlusion alone leaves the floor 22 cm from the wall as bright as the open floor.
    expect(near).toBeLessThan(0.95 * open);
  });
});
