/**
 * What a worker process of the local engine does with a task: decode the request's images, run one
 * operation, encode the result. Models are loaded once per process, on first use. Benchmarks call
 * `runTask` directly to time an operation without the pool.
 *
 * Cancellation is cooperative between steps: the signal is polled after each decode and before
 * the operation and the encoding, so an abandoned task stops at the next step boundary; what
 * cannot be interrupted (one native call) is ended by the pool killing the process.
 */
import { dominantColour } from './colour';
import { estimateRoomCamera, floorMappingOf } from './geometry/room-camera';
import { coveredAreaM2 } from './geometry/surface-area';
import { openDetector, openSegmenter } from './ops/open-ops';
import { openSegmentationModel } from './models/segmentation-model';
import { floorOf, floorRegionOf } from './ops/find-floor';
import { objectsOverFloor } from './ops/floor-objects';
import { wallPaintSurface } from './ops/walls-to-paint';
import { inpaint } from './ops/inpaint';
import {
  addProduct,
  MIN_SHOWN_SHARE,
  NOTHING_ADDED,
  replaceFurniture,
  swapExtent,
} from './ops/place-product';
import { removeElements } from './ops/removal';
import { snapSelection } from './ops/material-selection';
import { redesign } from './ops/redesign';
import { restyle } from './ops/restyle';
import { spaceElements, withFloorWidths } from './ops/space-elements';
import { wholeOldPiece } from './ops/placement/whole-piece';
import { rasterKey, type ObjectBox, type SegmentHints } from './ops/segment';
import { fillSurface } from './ops/surface-fill';
import { paintWalls } from './ops/wall-paint';
import type { Box } from './ops/placement/pose';
import type { Mask, Raster } from './raster';
import { ADE, parseRoom, type RoomParse } from './scene';
import { decodeImage, decodeMask, encodeMask, encodePng, featherMask } from './raster';
import { REDESIGN_GRADE_SHARE } from '@roomcraft/contracts';
import type { AppliedItem, DetectedElement, GenerateRequest } from './types';
import { EngineError } from './types';
import type { WorkerData, WorkerResult, WorkerTask } from './worker-protocol';

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The feather radius masked actions may blend over, and the most they may change outside. */
export const MASK_FEATHER_PX = 4;

let detector: ReturnType<typeof openDetector> | undefined;
let segmenter: ReturnType<typeof openSegmenter> | undefined;
let segmentationModel: ReturnType<typeof openSegmentationModel> | undefined;

function loadDetector(settings: WorkerData) {
  detector ??= openDetector(settings);
  // A failed load (model missing) must be retried on the next call, not cached.
  detector.catch(() => (detector = undefined));
  return detector;
}

/** SAM when installed, else the region-growing fallback (see openSegmenter). */
function loadSegmenter(settings: WorkerData) {
  segmenter ??= openSegmenter(settings);
  segmenter.catch(() => (segmenter = undefined));
  return segmenter;
}

function loadSegmentationModel(settings: WorkerData) {
  segmentationModel ??= openSegmentationModel(settings);
  segmentationModel.catch(() => (segmentationModel = undefined));
  return segmentationModel;
}

/**
 * Room parses of the last few photos this worker saw, keyed by their pixels like the SAM
 * embedding cache: several ops on one photo (floors, then paint, then removal) pay once.
 */
const PARSE_CACHE_SIZE = 3;
const parses = new Map<string, Promise<RoomParse>>();

/** The room parse of `image` (cached per worker); throws model_missing without the model. */
export async function roomParseOf(image: Raster, settings: WorkerData): Promise<RoomParse> {
  const key = rasterKey(image);
  const cached = parses.get(key);
  if (cached) {
    parses.delete(key);
    parses.set(key, cached);
    return cached;
  }
  const model = await loadSegmentationModel(settings);
  const parse = (async () => {
    // The detector's boxes let furniture take back what the network called wall; without the
    // detector's weights the parse goes on from the network alone.
    const detections = await detectionsOf(image, settings).catch(() => []);
    return parseRoom(image, { model, detections });
  })();
  parses.set(key, parse);
  parse.catch(() => parses.delete(key));
  while (parses.size > PARSE_CACHE_SIZE) {
    const oldest = parses.keys().next();
    if (oldest.done === true) break;
    parses.delete(oldest.value);
  }
  return parse;
}

/** Forgets the cached parses (benches time the uncached path). */
export function clearRoomParses(): void {
  parses.clear();
}

export { NOTHING_ADDED };

/** A pixel moved by more than this (levels) shows the added product or its shadow. */
const ADDED_LEVELS = 8;

/** Pixels where `after` differs from `before` by more than a few levels in a channel. */
function changedPixels(before: Raster, after: Raster): number {
  let changed = 0;
  for (let p = 0; p < before.data.length; p += 4) {
    for (let c = 0; c < 3; c++) {
      if (Math.abs((before.data[p + c] ?? 0) - (after.data[p + c] ?? 0)) > ADDED_LEVELS) {
        changed++;
        break;
      }
    }
  }
  return changed;
}

/** `mask` with every pixel of `box` set. */
function withBox(mask: Mask, box: Box): Mask {
  const data = new Uint8Array(mask.data);
  for (let y = box.y0; y <= box.y1; y++) {
    data.fill(1, y * mask.width + box.x0, y * mask.width + box.x1 + 1);
  }
  return { width: mask.width, height: mask.height, data };
}

/**
 * The promise of a masked action (issue 5, spec §7): nothing changes outside the mask dilated by
 * the feather radius. Paint, fills and removal keep it by construction (their tests check it);
 * a placed product's shadow and edges may reach past the user's mask, so they are blended back
 * into the photo over the feather radius instead of being cut hard. An added product is drawn at
 * its real size (decision 098): its mask is the user's with the box it was drawn in. A swap's
 * selection is the chosen element: its mask is the element's outline grown over the old piece's
 * legs and contact shadow (`swapExtent`), which belong to it.
 */
function confineToMask(input: Raster, output: Raster, mask: Mask): Raster {
  const weight = featherMask(mask, MASK_FEATHER_PX);
  const src = input.data;
  const dst = output.data;
  for (let i = 0; i < weight.length; i++) {
    const w = weight[i] ?? 0;
    if (w >= 1) continue;
    const p = i * 4;
    for (let c = 0; c < 4; c++) {
      const a = src[p + c] ?? 0;
      dst[p + c] = a + w * ((dst[p + c] ?? 0) - a);
    }
  }
  return output;
}

async function paintColour(request: Extract<GenerateRequest, { op: 'wall_paint' }>) {
  const source = request.colour;
  if ('hex' in source) return source.hex;
  return dominantColour(await decodeImage(asBuffer(source.swatch)));
}

/** Throws the engine's timeout error once the task was cancelled (a step boundary). */
export function checkpoint(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new EngineError('timeout', 'The generation was cancelled');
}

/** The room parse, or null when the segmentation model is not installed. */
function parseIfInstalled(image: Raster, settings: WorkerData): Promise<RoomParse | null> {
  return roomParseOf(image, settings).catch((error: unknown) => {
    if (error instanceof EngineError && error.kind === 'model_missing') return null;
    throw error;
  });
}

const ELEMENTS_KEPT = 4;

/** The detector's boxes in the last few photos (the parse and the space's elements both read them). */
const detectionsFound = new Map<string, Promise<DetectedElement[]>>();

function detectionsOf(image: Raster, settings: WorkerData): Promise<DetectedElement[]> {
  const key = rasterKey(image);
  const cached = detectionsFound.get(key);
  if (cached) return cached;
  const found = loadDetector(settings).then((found) => found.detect(image));
  detectionsFound.set(key, found);
  found.catch(() => detectionsFound.delete(key));
  for (const old of detectionsFound.keys()) {
    if (detectionsFound.size <= ELEMENTS_KEPT) break;
    detectionsFound.delete(old);
  }
  return found;
}

/** The space's elements in the last few photos (a photo gets many clicks), by rasterKey. */
const elementsFound = new Map<string, Promise<DetectedElement[]>>();

/**
 * The space's elements (ops/space-elements): the detector's and the room parse's findings as one
 * list with real outlines. Without the segmentation model, the detector's alone.
 */
function elementsOf(image: Raster, settings: WorkerData): Promise<DetectedElement[]> {
  const key = rasterKey(image);
  const cached = elementsFound.get(key);
  if (cached) return cached;
  const found = (async () => {
    const detected = await detectionsOf(image, settings);
    const parse = await parseIfInstalled(image, settings);
    return parse
      ? withFloorWidths(spaceElements(detected, parse), parse.camera, image.width, image.height)
      : detected;
  })();
  elementsFound.set(key, found);
  found.catch(() => elementsFound.delete(key));
  for (const old of elementsFound.keys()) {
    if (elementsFound.size <= ELEMENTS_KEPT) break;
    elementsFound.delete(old);
  }
  return found;
}

/**
 * What automatic selection knows of the photo: the boxes and outlines of its elements, so a
 * click on a sofa takes the whole sofa. Without the models it knows nothing, and selection still works.
 */
async function segmentHints(image: Raster, settings: WorkerData): Promise<SegmentHints> {
  const elements = await elementsOf(image, settings).catch(() => []);
  const parse = await parseIfInstalled(image, settings).catch(() => null);
  const openings = (parse?.objects ?? []).filter((o) => OPENINGS.has(o.classId));
  return {
    objects: [
      ...elements.map((element) => ({
        ...boundsOf(element.box),
        ...(element.polygon ? { outline: element.polygon } : {}),
      })),
      ...openings.map((o) => ({
        x0: o.box.x,
        y0: o.box.y,
        x1: o.box.x + o.box.width,
        y1: o.box.y + o.box.height,
        opening: o.mask,
      })),
    ],
  };
}

/** The parse's openings a click takes whole: a window or a door is one thing, not its panes. */
const OPENINGS: ReadonlySet<number> = new Set([ADE.window, ADE.door, ADE.screenDoor]);

function boundsOf(outline: readonly { x: number; y: number }[]): ObjectBox {
  const xs = outline.map((p) => p.x);
  const ys = outline.map((p) => p.y);
  return {
    x0: Math.min(...xs),
    y0: Math.min(...ys),
    x1: Math.max(...xs),
    y1: Math.max(...ys),
  };
}

/** A variant's image and, for floors and paint, the surface it covers (m², an estimate). */
interface Variant {
  image: Raster;
  areaM2?: number;
}

const withArea = (image: Raster, area: number | null): Variant =>
  area === null ? { image } : { image, areaM2: area };

async function runVariant(
  request: GenerateRequest,
  variant: number,
  settings: WorkerData,
  signal?: AbortSignal,
): Promise<Variant> {
  const image = await decodeImage(asBuffer(request.image));
  checkpoint(signal);
  const options = { variant, seed: (request.seed ?? 1) + variant * 7919 };
  const maskOf = async (bytes: Uint8Array) => {
    const mask = await decodeMask(asBuffer(bytes), image.width, image.height);
    checkpoint(signal);
    return mask;
  };
  switch (request.op) {
    case 'wall_paint': {
      const mask = await maskOf(request.mask);
      const parse = await roomParseOf(image, settings);
      // The redesign's walls (decision 051), less SAM's objects on them (decision 042).
      const surface = await wallPaintSurface(image, mask, parse, await loadSegmenter(settings));
      checkpoint(signal);
      const painted = paintWalls(image, mask, await paintColour(request), options, surface);
      // Paint on walls only: a region painted as given (a cabinet) or the ceiling has no area.
      return withArea(painted, surface ? coveredAreaM2(parse, surface.matte, 'walls') : null);
    }
    case 'floors': {
      const parse = await roomParseOf(image, settings);
      const segmenter = await loadSegmenter(settings);
      const notFloor = await objectsOverFloor(image, floorRegionOf(parse), segmenter, parse.labels);
      checkpoint(signal);
      const floor = floorOf(parse, {
        rug: request.rug ?? 'keep',
        image,
        notFloor,
        ...(request.mask ? { within: await maskOf(request.mask) } : {}),
      });
      const texture = await decodeImage(asBuffer(request.texture.image));
      checkpoint(signal);
      const floored = fillSurface(
        image,
        floor.mask,
        { texture, tileSizeCm: request.texture.tileSizeCm ?? 60 },
        floorMappingOf(parse.camera),
        options,
        floor.matte,
      );
      return withArea(floored, coveredAreaM2(parse, floor.matte, 'floor'));
    }
    case 'change_material': {
      // The selection snaps to the thing it starts on (the parse); as given without the model.
      const parse = await parseIfInstalled(image, settings);
      const given = await maskOf(request.mask);
      const mask = parse ? snapSelection(given, parse) : given;
      const texture = request.texture
        ? await decodeImage(asBuffer(request.texture.image))
        : undefined;
      checkpoint(signal);
      return {
        image: fillSurface(
          image,
          mask,
          { texture, tileSizeCm: request.texture?.tileSizeCm ?? 60, colour: request.colour },
          null,
          options,
        ),
      };
    }
    case 'remove_elements': {
      const mask = await maskOf(request.mask);
      // Structure-aware with the room parse; without the segmentation model, the plain fill.
      const parse = await roomParseOf(image, settings).catch(() => null);
      return {
        image: parse ? removeElements(image, mask, parse, options) : inpaint(image, mask, options),
      };
    }
    case 'add_elements': {
      const mask = await maskOf(request.mask);
      const product = request.products[variant % request.products.length];
      if (!product) throw new Error('add_elements needs a product');
      // With the room parse the product stands on free floor, behind what is nearer; without
      // the segmentation model it is placed from the camera alone.
      const parse = await parseIfInstalled(image, settings);
      checkpoint(signal);
      const camera = parse?.camera ?? estimateRoomCamera(image);
      // The product at its real size may reach past the mask (a tall plant in a short box):
      // the answer changes the mask and the box the product was drawn in, nothing else.
      const added = await addProduct(image, mask, product, camera, options, parse);
      const placed = confineToMask(image, added.image, withBox(mask, added.window));
      // A product stood where nearer furniture hides it (a region over the foot of a bed sends a
      // tall plant back behind the bed): the photo came back as it was, and is not charged for.
      if (changedPixels(image, placed) < MIN_SHOWN_SHARE * image.width * image.height) {
        throw new EngineError('invalid_input', NOTHING_ADDED);
      }
      return { image: placed };
    }
    case 'change_furniture': {
      const mask = await maskOf(request.mask);
      const product = request.products[variant % request.products.length];
      if (!product) throw new Error('change_furniture needs a product');
      // The old piece is removed structure-aware when the parse is there (wall and floor behind).
      const parse = await parseIfInstalled(image, settings);
      checkpoint(signal);
      const camera = parse?.camera ?? estimateRoomCamera(image);
      // The old piece whole where SAM sees its edges (the parse's and the outline's are ragged);
      // without SAM (or with a broken one) the selection as it is.
      const segmenter = parse ? await loadSegmenter(settings).catch(() => null) : null;
      const asSelected = { mask, scene: parse, apart: null };
      const whole =
        parse && segmenter?.method === 'sam'
          ? await wholeOldPiece(image, mask, parse, segmenter).catch(() => asSelected)
          : asSelected;
      checkpoint(signal);
      const replaced = await replaceFurniture(
        image,
        whole.mask,
        product,
        camera,
        options,
        whole.scene,
        segmenter,
        whole.apart,
      );
      // The element's outline and, with the parse, the old piece's legs and contact shadow below
      // it (a detector's box stops short of them): they go with the piece, the new one's shadow
      // falls there.
      return {
        image: confineToMask(image, replaced, swapExtent(whole.mask, whole.scene, whole.apart)),
      };
    }
    case 'architectural_style': {
      const plan = request.plans?.[variant % request.plans.length];
      if (!plan) return { image: restyle(image, request.style, request.strength, options) };
      // A redesign reads the room parse; without the segmentation model, the grade alone.
      const parse = await parseIfInstalled(image, settings);
      if (!parse) return { image: restyle(image, request.style, request.strength, options) };
      // What stands in front of a swapped piece whole where SAM sees it (docs/decisions/060).
      const segmenter = await loadSegmenter(settings).catch(() => null);
      const done = await redesign(
        image,
        parse,
        plan,
        request.style,
        request.strength * REDESIGN_GRADE_SHARE,
        options,
        () => checkpoint(signal),
        segmenter,
      );
      redesigned.set(done.image, done.applied);
      return { image: done.image };
    }
  }
}

/** What a redesign applied to the raster it returned (read once by runTask). */
const redesigned = new WeakMap<Raster, AppliedItem[]>();

/**
 * Errors cross the thread boundary as a result, not a throw: structured cloning keeps an
 * Error's message but drops the engine's `kind`, which the server maps to a status.
 */
function failure(error: unknown): WorkerResult {
  if (error instanceof EngineError) {
    return { kind: 'error', errorKind: error.kind, message: error.message, refusal: error.refusal };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'error', errorKind: 'failed', message };
}

export async function runTask(
  task: WorkerTask,
  settings: WorkerData,
  signal?: AbortSignal,
): Promise<WorkerResult> {
  try {
    switch (task.kind) {
      case 'detect': {
        const image = await decodeImage(asBuffer(task.image));
        checkpoint(signal);
        return { kind: 'detect', elements: await elementsOf(image, settings) };
      }
      case 'segment': {
        const image = await decodeImage(asBuffer(task.image));
        checkpoint(signal);
        const segmenter = await loadSegmenter(settings);
        const hints = segmenter.method === 'sam' ? await segmentHints(image, settings) : {};
        checkpoint(signal);
        const mask = await segmenter.segment(image, task.points, hints);
        checkpoint(signal);
        return { kind: 'segment', mask: await encodeMask(mask) };
      }
      case 'surface': {
        const image = await decodeImage(asBuffer(task.image));
        checkpoint(signal);
        const parse = await roomParseOf(image, settings);
        return { kind: 'surface', mask: await encodeMask(parse.surface(task.surface)) };
      }
      case 'variant': {
        const { image: out, areaM2 } = await runVariant(
          task.request,
          task.variant,
          settings,
          signal,
        );
        checkpoint(signal);
        const applied = redesigned.get(out);
        return {
          kind: 'variant',
          png: await encodePng(out),
          width: out.width,
          height: out.height,
          ...(areaM2 === undefined ? {} : { areaM2 }),
          ...(applied ? { applied } : {}),
        };
      }
    }
  } catch (error) {
    return failure(error);
  }
}
