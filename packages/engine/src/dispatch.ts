/**
 * What a worker thread of the local engine does with a task: decode the request's images, run one
 * operation, encode the result. Models are loaded once per thread, on first use. Benchmarks call
 * `runTask` directly to time an operation without the pool.
 */
import { dominantColour } from './colour';
import { estimateRoomCamera, floorMappingOf } from './geometry/room-camera';
import { openDetector, openSegmenter } from './models/open-ops';
import { detectFloor } from './ops/floor-mask';
import { inpaint } from './ops/inpaint';
import { placeProduct, replaceFurniture } from './ops/place-product';
import { restyle } from './ops/restyle';
import { fillSurface } from './ops/surface-fill';
import { paintWalls } from './ops/wall-paint';
import type { Mask, Raster } from './raster';
import { decodeImage, decodeMask, dilateMask, encodeMask, encodePng } from './raster';
import type { GenerateRequest } from './types';
import { EngineError } from './types';
import type { WorkerData, WorkerResult, WorkerTask } from './worker-protocol';

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The feather radius masked actions may blend over, and the most they may change outside. */
export const MASK_FEATHER_PX = 4;

let detector: ReturnType<typeof openDetector> | undefined;
let segmenter: ReturnType<typeof openSegmenter> | undefined;

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

/**
 * The guarantee of spec'd masked actions, enforced once for all of them: no pixel outside the
 * mask dilated by the feather radius differs from the input.
 */
function keepOutside(input: Raster, output: Raster, mask: Mask, radius: number): Raster {
  const allowed = dilateMask(mask, radius).data;
  const src = input.data;
  const dst = output.data;
  for (let i = 0; i < allowed.length; i++) {
    if (allowed[i]) continue;
    const p = i * 4;
    dst[p] = src[p] ?? 0;
    dst[p + 1] = src[p + 1] ?? 0;
    dst[p + 2] = src[p + 2] ?? 0;
    dst[p + 3] = src[p + 3] ?? 0;
  }
  return output;
}

async function paintColour(request: Extract<GenerateRequest, { op: 'wall_paint' }>) {
  const source = request.colour;
  if ('hex' in source) return source.hex;
  return dominantColour(await decodeImage(asBuffer(source.swatch)));
}

async function runVariant(request: GenerateRequest, variant: number): Promise<Raster> {
  const image = await decodeImage(asBuffer(request.image));
  const options = { variant, seed: (request.seed ?? 1) + variant * 7919 };
  const maskOf = (bytes: Uint8Array) => decodeMask(asBuffer(bytes), image.width, image.height);
  switch (request.op) {
    case 'wall_paint': {
      const mask = await maskOf(request.mask);
      const out = paintWalls(image, mask, await paintColour(request), options);
      return keepOutside(image, out, mask, MASK_FEATHER_PX);
    }
    case 'floors': {
      const mapping = floorMappingOf(estimateRoomCamera(image));
      const mask = request.mask ? await maskOf(request.mask) : detectFloor(image, mapping);
      const texture = await decodeImage(asBuffer(request.texture.image));
      const out = fillSurface(
        image,
        mask,
        { texture, tileSizeCm: request.texture.tileSizeCm ?? 60 },
        mapping,
        options,
      );
      return keepOutside(image, out, mask, MASK_FEATHER_PX);
    }
    case 'change_material': {
      const mask = await maskOf(request.mask);
      const texture = request.texture
        ? await decodeImage(asBuffer(request.texture.image))
        : undefined;
      const out = fillSurface(
        image,
        mask,
        { texture, tileSizeCm: request.texture?.tileSizeCm ?? 60, colour: request.colour },
        null,
        options,
      );
      return keepOutside(image, out, mask, MASK_FEATHER_PX);
    }
    case 'remove_elements': {
      const mask = await maskOf(request.mask);
      return inpaint(image, mask, options);
    }
    case 'add_elements': {
      const mask = await maskOf(request.mask);
      const product = request.products[variant % request.products.length];
      if (!product) throw new Error('add_elements needs a product');
      return placeProduct(image, mask, product, estimateRoomCamera(image), options);
    }
    case 'change_furniture': {
      const mask = await maskOf(request.mask);
      const product = request.products[variant % request.products.length];
      if (!product) throw new Error('change_furniture needs a product');
      return replaceFurniture(image, mask, product, estimateRoomCamera(image), options);
    }
    case 'architectural_style':
      return restyle(image, request.style, request.strength, options);
  }
}

/**
 * Errors cross the thread boundary as a result, not a throw: structured cloning keeps an
 * Error's message but drops the engine's `kind`, which the server maps to a status.
 */
function failure(error: unknown): WorkerResult {
  if (error instanceof EngineError) {
    return { kind: 'error', errorKind: error.kind, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'error', errorKind: 'failed', message };
}

export async function runTask(task: WorkerTask, settings: WorkerData): Promise<WorkerResult> {
  try {
    switch (task.kind) {
      case 'detect': {
        const image = await decodeImage(asBuffer(task.image));
        return { kind: 'detect', elements: await (await loadDetector(settings)).detect(image) };
      }
      case 'segment': {
        const image = await decodeImage(asBuffer(task.image));
        const mask = await (await loadSegmenter(settings)).segment(image, task.points);
        return { kind: 'segment', mask: await encodeMask(mask) };
      }
      case 'variant': {
        const out = await runVariant(task.request, task.variant);
        return { kind: 'variant', png: await encodePng(out), width: out.width, height: out.height };
      }
    }
  } catch (error) {
    return failure(error);
  }
}
