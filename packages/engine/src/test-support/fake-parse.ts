import type { Mask } from '../raster';
import { ADE, type RoomParse } from '../scene';
import type { SceneObject } from '../scene/objects';

/**
 * A room parse of only what the wall-paint steps read, from a label map: every wall pixel on one
 * plane (2), the parse sure of every pixel, the wall–floor line at `floorLine`.
 */
export function fakeParse(
  labels: Uint8Array,
  width: number,
  height: number,
  objects: SceneObject[] = [],
  floorLine = 110,
): RoomParse {
  const classMask = (ids: readonly number[]): Mask => {
    const data = new Uint8Array(width * height);
    for (let i = 0; i < data.length; i++) if (ids.includes(labels[i] ?? 0)) data[i] = 1;
    return { width, height, data };
  };
  const wallPlanes = new Uint8Array(width * height);
  for (let i = 0; i < wallPlanes.length; i++) if (labels[i] === ADE.wall) wallPlanes[i] = 2;
  return {
    width,
    height,
    labels,
    confidence: new Uint8Array(width * height).fill(255),
    wallPlanes,
    surface: () => classMask([ADE.wall]),
    surfaceAlpha: () => classMask([ADE.wall]).data.map((v) => v * 255),
    classMask,
    objects,
    wallFloorLine: new Float32Array(width).fill(floorLine),
    camera: {} as RoomParse['camera'],
  };
}
