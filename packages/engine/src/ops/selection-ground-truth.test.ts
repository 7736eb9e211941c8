/**
 * The wall-paint spaces chips and the detected elements' outlines against the hand-labelled
 * ground truth (test-data/room-labels): each chip's mask (the room parse's surface) and a few
 * labelled objects' best-matching outline, as IoU at a 1600 px working size. The bounds sit just
 * under what was measured on 2026-11-23 (decision record 013), so any regression fails; the
 * console prints the numbers of every run.
 */
import { describe, expect, it } from 'vitest';
import { resolveModel } from '../models/model-store';
import { createSegmentationModel } from '../models/segmentation-model';
import type { Mask } from '../raster';
import { parseRoom, type SurfaceName } from '../scene';
import {
  iou,
  labelMask,
  loadRoomLabels,
  type LabelledRegion,
  type RoomLabels,
} from '../test-support/ground-truth';
import { roomRaster, SHARED_DIR } from '../test-support/photos';
import { createDetector } from './detect';
import { createSegmenter } from './segment';
import { fillPolygon, spaceElements } from './space-elements';

const modelsDir = `${SHARED_DIR}models`;
const model = resolveModel('room_segmentation', { modelsDir }).then(createSegmentationModel);
const detector = resolveModel('yolox_nano', { modelsDir }).then((path) => createDetector(path));
const segmenter = Promise.all([
  resolveModel('sam_encoder', { modelsDir }),
  resolveModel('sam_decoder', { modelsDir }),
]).then(([encoderPath, decoderPath]) => createSegmenter({ encoderPath, decoderPath }));

/** The photo at 1600 px, its labels scaled to that size. */
async function labelledRoom(photo: string) {
  const image = await roomRaster(photo, 1600);
  const original = await loadRoomLabels(photo);
  const sx = image.width / original.width;
  const sy = image.height / original.height;
  const labels: RoomLabels = {
    ...original,
    width: image.width,
    height: image.height,
    regions: original.regions.map((region) => ({
      ...region,
      polygon: region.polygon.map(([x, y]) => [x * sx, y * sy] as [number, number]),
    })),
  };
  return { image, labels };
}

type Chip = Extract<SurfaceName, 'wall-left' | 'wall-front' | 'wall-right' | 'ceiling'>;

/**
 * IoU of each chip's mask with the labelled surface, as measured (only the surfaces a photo
 * shows) after merging the room parse's wall-plane split of scene 69567f8. Below 0.1 the parse's
 * wall planes are wrong there (a real wall split or merged at the wrong corner): recorded, not
 * asserted. Before 69567f8: living-room-neutral-sofa front 0.803, living-dining-room-red-armchair
 * left 0.469 / right 0.608, bathroom left 0.132 / front 0.032 / right 0.710, bedroom-minimal-mirror
 * front 0.535 (see decision record 013). Raised where decision 028 (walls give way to the
 * ceiling and doors; vanishing points only with a trusted camera) improved them.
 */
const CHIPS: Record<string, Partial<Record<Chip, number>>> = {
  'bathroom-grey-tile-bathtub.webp': {
    'wall-left': 0.017,
    'wall-front': 0.469,
    'wall-right': 0.662,
    ceiling: 0.895,
  },
  'bedroom-minimal-mirror.jpg': { 'wall-front': 0.782 },
  'bedroom-tufted-headboard.jpg': { 'wall-front': 0.702, 'wall-right': 0 },
  'dining-room-green-velvet-chairs.webp': { 'wall-front': 0.579 },
  'kitchen-black-minimal.jpg': { 'wall-front': 0.854, 'wall-right': 0.366, ceiling: 0.965 },
  'kitchen-dining-1.jpg': {
    // 0.568 / 0.28 / 0.004 before the ceiling and a trusted camera placed the planes (028).
    'wall-left': 0.589,
    'wall-front': 0.62,
    'wall-right': 0.836,
    ceiling: 0.783,
  },
  'living-dining-room-red-armchair.jpg': {
    'wall-left': 0.442,
    // 0.483 on scene 69567f8; 0.225 once the parse snapped paint to whole walls (scene fe3d93c).
    'wall-right': 0.225,
    ceiling: 0.695,
  },
  'living-room-1.jpg': { 'wall-front': 0.852, ceiling: 0.808 },
  // 0.589 / 0.903 before the wall above the ceiling became ceiling (decision 046).
  'living-room-beamed-ceiling.jpg': { 'wall-front': 0.664, ceiling: 0.966 },
  'living-room-neutral-sofa.jpg': { 'wall-front': 0.807, ceiling: 0.961 },
};

/** [photo, labelled object name (its first region of that name), IoU of the best outline]. */
const OBJECTS: [string, string, number][] = [
  ['living-room-1.jpg', 'sofa', 0.8],
  ['living-room-1.jpg', 'curtain', 0.86],
  ['living-room-1.jpg', 'painting', 0.95],
  ['living-room-neutral-sofa.jpg', 'sofa', 0.76],
  ['living-room-neutral-sofa.jpg', 'picture', 0.93],
  ['living-room-neutral-sofa.jpg', 'coffee table', 0.78],
  ['living-room-beamed-ceiling.jpg', 'coffee table', 0.93],
  ['living-room-beamed-ceiling.jpg', 'fireplace', 0.78],
  ['bedroom-tufted-headboard.jpg', 'lamp', 0.83],
  ['bedroom-tufted-headboard.jpg', 'bed', 0.78],
  ['living-dining-room-red-armchair.jpg', 'sofa', 0.9],
  ['living-dining-room-red-armchair.jpg', 'sideboard', 0.88],
];

const MARGIN = 0.03;

describe('the spaces chips select their surface (IoU with the labels)', () => {
  it.each(Object.entries(CHIPS))(
    '%s',
    async (photo, measured) => {
      const { image, labels } = await labelledRoom(photo);
      const parse = await parseRoom(image, { model: await model });
      const found: string[] = [];
      for (const [chip, expected] of Object.entries(measured) as [Chip, number][]) {
        const value = iou(parse.surface(chip), labelMask(labels, chip));
        found.push(`${chip} ${value.toFixed(3)}`);
        if (expected >= 0.1) expect(value, chip).toBeGreaterThan(expected - MARGIN);
      }
      console.log(`chips ${photo}: ${found.join(', ')}`);
    },
    60_000,
  );
});

describe('detected elements follow the objects\u2019 outlines (IoU with the labels)', () => {
  it.each(OBJECTS)(
    '%s: %s',
    async (photo, name, expected) => {
      const { image, labels } = await labelledRoom(photo);
      const parse = await parseRoom(image, { model: await model });
      const elements = spaceElements(await (await detector).detect(image), parse);
      const region = labels.regions.find(
        (r): r is LabelledRegion => r.label === 'object' && r.name === name,
      );
      expect(region).toBeDefined();
      const truth: Mask = labelMask(labels, (r) => r === region);
      let best = 0;
      let bestLabel = '';
      for (const element of elements) {
        const outline = fillPolygon(element.polygon ?? element.box, image.width, image.height);
        const value = iou(outline, truth);
        if (value > best) {
          best = value;
          bestLabel = element.label;
        }
      }
      console.log(`outline ${photo} ${name}: ${bestLabel} ${best.toFixed(3)}`);
      expect(best).toBeGreaterThan(expected - MARGIN);
    },
    60_000,
  );
});

/**
 * [photo, labelled object, mean IoU of one click's selection with it]: four clicks spread over
 * the object, each alone, with the space elements known (as the worker does). With the click
 * alone SAM picks one part: 0.114, 0.256, 0.484, 0.434 and 0.386 for these five; with the boxes
 * but not the outlines 0.808, 0.301, 0.936, 0.892 and 0.556.
 */
const CLICKS: [string, string, number][] = [
  ['living-room-1.jpg', 'sofa', 0.851],
  ['living-room-neutral-sofa.jpg', 'sofa', 0.607],
  ['living-dining-room-red-armchair.jpg', 'sofa', 0.936],
  ['living-room-beamed-ceiling.jpg', 'sofa', 0.892],
  ['bedroom-tufted-headboard.jpg', 'bed', 0.773],
];

describe('a click on a piece of furniture selects it whole (IoU with the labels)', () => {
  it.each(CLICKS)(
    '%s: %s',
    async (photo, name, expected) => {
      const { image, labels } = await labelledRoom(photo);
      const truth = labelMask(labels, `object:${name}`);
      const parse = await parseRoom(image, { model: await model });
      const elements = spaceElements(await (await detector).detect(image), parse);
      const objects = elements.map(({ box, polygon }) => {
        const xs = box.map((p) => p.x);
        const ys = box.map((p) => p.y);
        const bounds = {
          x0: Math.min(...xs),
          y0: Math.min(...ys),
          x1: Math.max(...xs),
          y1: Math.max(...ys),
        };
        // As the worker gives them: the outline too, where the parse traced one.
        return polygon ? { ...bounds, outline: polygon } : bounds;
      });
      // Points well inside the object (15 px from its edge), four spread over it.
      const inside: { x: number; y: number }[] = [];
      const { width } = image;
      for (let y = 20; y < image.height - 20; y += 23) {
        for (let x = 20; x < width - 20; x += 23) {
          const deep = [
            [0, 0],
            [-15, 0],
            [15, 0],
            [0, -15],
            [0, 15],
          ].every(([dx = 0, dy = 0]) => truth.data[(y + dy) * width + x + dx] === 1);
          if (deep) inside.push({ x, y });
        }
      }
      const clicks = [0.2, 0.4, 0.6, 0.8].map((f) => inside[Math.floor(f * inside.length)]);
      const sam = await segmenter;
      const found: number[] = [];
      const alone: number[] = [];
      for (const click of clicks) {
        if (!click) continue;
        found.push(iou(await sam.segment(image, [{ ...click, label: 1 }], { objects }), truth));
        alone.push(iou(await sam.segment(image, [{ ...click, label: 1 }]), truth));
      }
      const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
      console.log(
        `click ${photo} ${name}: ${mean(found).toFixed(3)} [${found.map((v) => v.toFixed(2)).join(', ')}], the click alone ${mean(alone).toFixed(3)}`,
      );
      expect(found).toHaveLength(4);
      expect(mean(found)).toBeGreaterThan(expected - MARGIN);
    },
    120_000,
  );
});
