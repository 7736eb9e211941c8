import { describe, expect, it } from 'vitest';
import { resolveModel } from '../models/model-store';
import { createSegmentationModel } from '../models/segmentation-model';
import type { Mask, Raster } from '../raster';
import { labelMask, loadRoomLabels, scaleLabels } from '../test-support/ground-truth';
import { roomRaster, SHARED_DIR } from '../test-support/photos';
import { ADE } from './ade20k';
import { parseRoom, type RoomParse } from './room-parse';

const modelPath = resolveModel('room_segmentation', { modelsDir: `${SHARED_DIR}models` });
const model = modelPath.then(createSegmentationModel);

async function parse(name: string): Promise<{ image: Raster; parse: RoomParse }> {
  const image = await roomRaster(name, 1600);
  return { image, parse: await parseRoom(image, { model: await model }) };
}

/** Share of the mask's pixels inside the rectangle given in fractions of the image. */
function shareIn(mask: Mask, x0: number, y0: number, x1: number, y1: number): number {
  let inside = 0;
  let total = 0;
  for (let y = Math.round(y0 * mask.height); y < Math.round(y1 * mask.height); y++) {
    for (let x = Math.round(x0 * mask.width); x < Math.round(x1 * mask.width); x++) {
      total++;
      inside += mask.data[y * mask.width + x] ?? 0;
    }
  }
  return inside / total;
}

function count(mask: Mask): number {
  let n = 0;
  for (const v of mask.data) n += v;
  return n;
}

describe('parseRoom on real room photos', () => {
  it('finds the floor at the foot, the ceiling at the top and the walls between (living-room-1)', async () => {
    const { image, parse: room } = await parse('living-room-1.jpg');
    expect(room.width).toBe(image.width);
    expect(room.labels.length).toBe(image.width * image.height);
    // The wooden floor across the foot of the photo, the white ceiling across its top.
    expect(shareIn(room.surface('floor'), 0.75, 0.9, 0.95, 1)).toBeGreaterThan(0.9);
    expect(shareIn(room.surface('ceiling'), 0.2, 0, 0.8, 0.04)).toBeGreaterThan(0.9);
    // The wall above the sofa, not the painting hanging on it.
    expect(shareIn(room.surface('walls'), 0.08, 0.1, 0.28, 0.3)).toBeGreaterThan(0.9);
    expect(shareIn(room.surface('walls'), 0.35, 0.3, 0.55, 0.45)).toBeLessThan(0.05);
    // The wall–floor line runs behind the sofa at about 0.81 of the height where visible.
    const visible = [...room.wallFloorLine].filter((v) => !Number.isNaN(v));
    expect(visible.length).toBeGreaterThan(image.width * 0.12);
    const median = visible.sort((a, b) => a - b)[visible.length >> 1] ?? 0;
    expect(median / image.height).toBeGreaterThan(0.76);
    expect(median / image.height).toBeLessThan(0.86);
    // Objects: the sofa, the painting, the lamp, each with a real outline, not a box.
    const labels = room.objects.map((o) => o.label);
    expect(labels).toEqual(expect.arrayContaining(['Sofa', 'Painting', 'Lamp', 'Armchair']));
    const sofa = room.objects.find((o) => o.label === 'Sofa');
    expect(sofa?.polygon.length).toBeGreaterThan(8);
    expect(sofa && count(sofa.mask)).toBe(sofa?.area);
    expect(new Set(room.objects.map((o) => o.id)).size).toBe(room.objects.length);
  });

  it('splits the walls into left, front and right planes (living-room-cognac-leather-sofa)', async () => {
    const { parse: room } = await parse('living-room-cognac-leather-sofa.jpg');
    // The wall on the left edge recedes to the right; the kitchen wall faces the camera; the
    // wall with the doors on the right recedes to the left (between the grey header and the
    // doors' tops: the white face above the header is the vaulted ceiling, as the hand labels
    // have it, decision 062).
    expect(shareIn(room.surface('wall-left'), 0, 0.15, 0.06, 0.3)).toBeGreaterThan(0.5);
    expect(shareIn(room.surface('wall-front'), 0.2, 0.33, 0.4, 0.42)).toBeGreaterThan(0.5);
    expect(shareIn(room.surface('wall-right'), 0.78, 0.26, 0.98, 0.33)).toBeGreaterThan(0.5);
    expect(shareIn(room.surface('ceiling'), 0.8, 0.05, 1, 0.2)).toBeGreaterThan(0.5);
    // Planes partition the wall pixels.
    const walls = room.surface('walls');
    const planes = ['wall-left', 'wall-front', 'wall-right'] as const;
    const total = planes.reduce((sum, p) => sum + count(room.surface(p)), 0);
    expect(total).toBe(count(walls));
  });

  it('calls one flat wall behind a bed front when no wall–floor line is visible (bedroom-tufted-headboard)', async () => {
    const { parse: room } = await parse('bedroom-tufted-headboard.jpg');
    const walls = count(room.surface('walls'));
    expect(walls).toBeGreaterThan(0);
    expect(count(room.surface('wall-front')) / walls).toBeGreaterThan(0.9);
    // The bed is one object, and the carpet is floor.
    expect(room.objects[0]?.classId).toBe(ADE.bed);
    expect(shareIn(room.surface('floor'), 0, 0.85, 0.25, 1)).toBeGreaterThan(0.9);
  });

  it('follows the photo edges at full resolution: floor between the bench legs, none on them (bedroom-tufted-headboard)', async () => {
    const { parse: room } = await parse('bedroom-tufted-headboard.jpg');
    const floor = room.surface('floor');
    // A leg of the bench at the foot of the bed is ~30 px wide at this size; the carpet
    // beside it is floor right up to it.
    expect(shareIn(floor, 0.622, 0.9, 0.634, 0.95)).toBeLessThan(0.1);
    expect(shareIn(floor, 0.645, 0.88, 0.74, 0.95)).toBeGreaterThan(0.97);
    expect(shareIn(floor, 0.5, 0.93, 0.61, 0.97)).toBeGreaterThan(0.9);
  });

  /** The share of the photo's hand-labelled ceiling that the parse calls wall. */
  async function ceilingCalledWall(photo: string): Promise<number> {
    const { image, parse: room } = await parse(photo);
    const labels = scaleLabels(await loadRoomLabels(photo), image.width, image.height);
    const ceiling = labelMask(labels, 'ceiling');
    const walls = room.surface('walls');
    let onCeiling = 0;
    let calledWall = 0;
    for (let i = 0; i < ceiling.data.length; i++) {
      if (!ceiling.data[i]) continue;
      onCeiling++;
      calledWall += walls.data[i] ?? 0;
    }
    return calledWall / onCeiling;
  }

  it('leaves the ceiling between the beams to the ceiling (living-room-beamed-ceiling)', async () => {
    // The network calls pale patches between the beams wall (7.2 % of the labelled ceiling);
    // wall found above a stretch of ceiling is the ceiling (scene/wall-above-ceiling.ts).
    expect(await ceilingCalledWall('living-room-beamed-ceiling.jpg')).toBeLessThan(0.03);
  });

  it('gives the soffit over the bathroom door to the ceiling (bedroom-1)', async () => {
    // The network calls the soffit's underside wall, with the wall under it (96 % of the
    // labelled ceiling); a plain top piece on a straight edge is the ceiling (decision 062).
    expect(await ceilingCalledWall('bedroom-1.jpg')).toBeLessThan(0.3);
  });
});
