/**
 * The Replicate image engine (ARCHITECTURE §6, remote): architectural style goes to a
 * ControlNet-style restyle model, removal / wall paint / material / adding to an inpainting
 * model; detection, segmentation, floors and furniture swaps stay on the local `fallback`.
 * Outputs come back at the input's natural size, and for masked actions only pixels inside the
 * mask (dilated by 4 px, feathered) change, whatever the model did elsewhere.
 */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import {
  decodeImage,
  decodeMask,
  encodePng,
  featherMask,
  maskBounds,
  type Mask,
  type Raster,
  openRaster,
} from '../raster';
import {
  EngineError,
  type ClickPoint,
  type ColourSource,
  type DetectedElement,
  type GenerateRequest,
  type GenerateResult,
  type ImageEngine,
} from '../types';
import { abortReason, ReplicateClient } from './prediction';
import {
  addProductPrompt,
  materialPrompt,
  NEGATIVE_PROMPT,
  REMOVAL_PROMPT,
  restylePrompt,
  wallPaintPrompt,
} from './prompts';

export interface ReplicateEngineOptions {
  token: string;
  /** Default https://api.replicate.com. */
  baseUrl?: string;
  /** Model version id of the restyle (ControlNet) model. */
  restyleVersion: string;
  /** Model version id of the inpainting model. */
  inpaintVersion: string;
  /** Default 1000 ms. */
  pollIntervalMs?: number;
  /** Whole-request limit, all variants included; default 180 000 ms. */
  timeoutMs?: number;
  /** The local engine: detection, segmentation, floors, furniture swaps. */
  fallback: ImageEngine;
  fetchImpl?: typeof fetch;
  /** Remote generations running at once before hasCapacity() says no; default 4. */
  maxInFlight?: number;
}

/** Masked edits may change pixels up to this far outside the mask (blended seam). */
export const MASK_GROWTH_PX = 4;
/** Variants of one request run this many at a time on the provider. */
const VARIANT_CONCURRENCY = 2;
/** The models work around a megapixel; larger inputs are shrunk before upload. */
const MODEL_MAX_SIDE = 1024;

type RemoteRequest = Extract<
  GenerateRequest,
  {
    op:
      'architectural_style' | 'remove_elements' | 'wall_paint' | 'change_material' | 'add_elements';
  }
>;

function isRemote(request: GenerateRequest): request is RemoteRequest {
  return (
    request.op === 'architectural_style' ||
    request.op === 'remove_elements' ||
    request.op === 'wall_paint' ||
    request.op === 'change_material' ||
    request.op === 'add_elements'
  );
}

export function createReplicateEngine(options: ReplicateEngineOptions): ImageEngine {
  return new ReplicateEngine(options);
}

class ReplicateEngine implements ImageEngine {
  readonly name = 'replicate';
  private readonly client: ReplicateClient;
  private readonly fallback: ImageEngine;
  private readonly timeoutMs: number;
  private readonly maxInFlight: number;
  private readonly closing = new AbortController();
  private inFlight = 0;

  constructor(private readonly options: ReplicateEngineOptions) {
    if (options.token.trim() === '') throw new Error('A Replicate API token is required');
    this.client = new ReplicateClient({
      token: options.token,
      baseUrl: (options.baseUrl ?? 'https://api.replicate.com').replace(/\/+$/, ''),
      pollIntervalMs: options.pollIntervalMs ?? 1_000,
      fetchImpl: options.fetchImpl ?? fetch,
    });
    this.fallback = options.fallback;
    this.timeoutMs = options.timeoutMs ?? 180_000;
    this.maxInFlight = options.maxInFlight ?? 4;
  }

  hasCapacity(): boolean {
    return this.inFlight < this.maxInFlight;
  }

  detectElements(image: Buffer, signal?: AbortSignal): Promise<DetectedElement[]> {
    return this.fallback.detectElements(image, signal);
  }

  segment(image: Buffer, points: ClickPoint[], signal?: AbortSignal): Promise<Buffer> {
    return this.fallback.segment(image, points, signal);
  }

  async generate(request: GenerateRequest, signal?: AbortSignal): Promise<GenerateResult> {
    if (!isRemote(request)) return this.fallback.generate(request, signal);
    if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > 4) {
      throw new EngineError('invalid_input', 'The quantity must be between 1 and 4');
    }
    if (!this.hasCapacity()) {
      throw new EngineError('busy', 'The image provider is busy; try again in a moment');
    }
    this.inFlight++;
    const timeout = new AbortController();
    const timer = setTimeout(() => {
      timeout.abort(new EngineError('timeout', 'The image provider took too long'));
    }, this.timeoutMs);
    try {
      const signals = [timeout.signal, this.closing.signal];
      if (signal !== undefined) signals.push(signal);
      return await this.generateRemote(request, AbortSignal.any(signals));
    } finally {
      clearTimeout(timer);
      this.inFlight--;
    }
  }

  async close(): Promise<void> {
    this.closing.abort(new EngineError('failed', 'The image engine is shutting down'));
    await this.fallback.close();
  }

  private async generateRemote(
    request: RemoteRequest,
    signal: AbortSignal,
  ): Promise<GenerateResult> {
    const prepared =
      request.op === 'architectural_style'
        ? await prepareWhole(request.image)
        : await prepareMasked(request.image, request.mask);
    const prompts = await variantPrompts(request);
    if (signal.aborted) throw abortReason(signal);
    const firstSeed = Math.abs(Math.trunc(request.seed ?? randomInt(0, 2 ** 31)));
    const version =
      request.op === 'architectural_style'
        ? this.options.restyleVersion
        : this.options.inpaintVersion;

    // One prediction per variant; the first failure cancels the rest.
    const siblings = new AbortController();
    const variantSignal = AbortSignal.any([signal, siblings.signal]);
    const images = await mapConcurrently(request.quantity, VARIANT_CONCURRENCY, async (index) => {
      try {
        const input = {
          ...prepared.upload,
          ...modelSettings(request),
          prompt: prompts[index % prompts.length] ?? '',
          negative_prompt: NEGATIVE_PROMPT,
          seed: (firstSeed + index * 7_919) % 2 ** 31,
        };
        // One output per prediction was asked for; extra ones are ignored.
        const [url = ''] = await this.client.run(version, input, variantSignal);
        const output = await this.client.download(url, variantSignal);
        return await prepared.finish(output);
      } catch (error) {
        siblings.abort(error);
        throw error;
      }
    }).catch((error: unknown) => {
      if (signal.aborted) throw abortReason(signal);
      throw error;
    });
    return { images, width: prepared.width, height: prepared.height };
  }
}

/** Per-op model settings: how strongly to repaint. */
function modelSettings(request: RemoteRequest): Record<string, number> {
  const common = { num_inference_steps: 30, guidance_scale: 7.5, num_outputs: 1 };
  switch (request.op) {
    case 'architectural_style':
      return { ...common, prompt_strength: Math.min(1, Math.max(0, request.strength)) };
    case 'wall_paint':
    case 'change_material':
      // A recolour keeps the surface's shading; removal and adding need a fresh fill.
      return { ...common, strength: 0.85 };
    default:
      return { ...common, strength: 0.99 };
  }
}

/** One prompt per variant (adding cycles through the products; others share one prompt). */
async function variantPrompts(request: RemoteRequest): Promise<string[]> {
  switch (request.op) {
    case 'architectural_style': {
      const spaceType =
        'spaceType' in request && typeof request.spaceType === 'string'
          ? request.spaceType
          : undefined;
      return [restylePrompt(request.style, spaceType)];
    }
    case 'remove_elements':
      return [REMOVAL_PROMPT];
    case 'wall_paint':
      return [wallPaintPrompt(await colourHex(request.colour))];
    case 'change_material':
      return [materialPrompt(request.colour, request.texture !== undefined)];
    case 'add_elements':
      if (request.products.length === 0) {
        throw new EngineError('invalid_input', 'Choose at least one product to add');
      }
      return request.products.map(addProductPrompt);
  }
}

/**
 * A paint colour as #rrggbb; a swatch image gives its mean colour (exact for a flat swatch, and
 * the overall tone of a photographed one, which is what the prompt can describe).
 */
async function colourHex(colour: ColourSource): Promise<string> {
  if ('hex' in colour) return colour.hex;
  let means: number[];
  try {
    const { channels } = await openRaster(colour.swatch).removeAlpha().stats();
    means = channels.slice(0, 3).map((channel) => channel.mean);
  } catch {
    throw new EngineError('invalid_input', 'The colour swatch could not be read');
  }
  const byte = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${means.map(byte).join('')}`;
}

/**
 * Feathered blend weights (raster's featherMask) computed on the mask's bounding box plus the
 * feather margin only, which gives the same weights as the whole image at a fraction of the
 * cost for the usual small selection.
 */
export function seamWeights(mask: Mask, radius: number): Float32Array {
  const { width, height } = mask;
  const weights = new Float32Array(width * height);
  const box = maskBounds(mask);
  if (box === null) return weights;
  const x0 = Math.max(0, box.x0 - radius);
  const y0 = Math.max(0, box.y0 - radius);
  const cropWidth = Math.min(width - 1, box.x1 + radius) - x0 + 1;
  const cropHeight = Math.min(height - 1, box.y1 + radius) - y0 + 1;
  const crop = new Uint8Array(cropWidth * cropHeight);
  for (let y = 0; y < cropHeight; y++) {
    const from = (y0 + y) * width + x0;
    crop.set(mask.data.subarray(from, from + cropWidth), y * cropWidth);
  }
  const local = featherMask({ width: cropWidth, height: cropHeight, data: crop }, radius);
  for (let y = 0; y < cropHeight; y++) {
    weights.set(local.subarray(y * cropWidth, (y + 1) * cropWidth), (y0 + y) * width + x0);
  }
  return weights;
}

/** What a generation uploads, and how a model output becomes the PNG the caller gets. */
interface Prepared {
  width: number;
  height: number;
  upload: { image: string; mask?: string };
  finish(output: Buffer): Promise<Buffer>;
}

/** The model's working size: at most MODEL_MAX_SIDE on a side, never enlarged. */
function modelSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MODEL_MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * A whole-image edit (restyle): nothing is kept from the input, so the photo is never decoded
 * at full size; sharp shrinks it on load for the upload and scales the output straight to PNG.
 */
async function prepareWhole(bytes: Buffer): Promise<Prepared> {
  let width: number;
  let height: number;
  let jpeg: Buffer;
  try {
    const meta = await openRaster(bytes).metadata();
    width = meta.width;
    height = meta.height;
    const size = modelSize(width, height);
    jpeg = await openRaster(bytes)
      .resize(size.width, size.height, { fit: 'fill' })
      .jpeg({ quality: 92 })
      .toBuffer();
  } catch {
    throw new EngineError('invalid_input', 'The image could not be read');
  }
  return {
    width,
    height,
    upload: { image: dataUri('image/jpeg', jpeg) },
    finish: async (output) => {
      try {
        return await openRaster(output)
          .resize(width, height, { fit: 'fill' })
          .removeAlpha()
          .png({ compressionLevel: 3, adaptiveFiltering: false })
          .toBuffer();
      } catch {
        throw new EngineError('provider', 'The image provider returned an image we could not read');
      }
    },
  };
}

/**
 * A masked edit: the image and the mask grown to where the blend reaches (so the model
 * repaints the seam) are uploaded at model size; the output is scaled back and blended into
 * the decoded original so nothing outside the grown mask changes.
 */
async function prepareMasked(bytes: Buffer, maskBytes: Buffer): Promise<Prepared> {
  const image = await decodeImage(bytes);
  const mask = await decodeMask(maskBytes, image.width, image.height);
  const weights = seamWeights(mask, MASK_GROWTH_PX);
  const size = modelSize(image.width, image.height);
  const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  const jpeg = await sharp(pixels, {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .removeAlpha()
    .resize(size.width, size.height, { fit: 'fill' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const grey = Buffer.alloc(weights.length);
  for (let i = 0; i < grey.length; i++) grey[i] = (weights[i] ?? 0) > 0 ? 255 : 0;
  const png = await sharp(grey, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'nearest' })
    .png()
    .toBuffer();
  return {
    width: image.width,
    height: image.height,
    upload: { image: dataUri('image/jpeg', jpeg), mask: dataUri('image/png', png) },
    finish: async (output) =>
      encodePng(blendInside(image, await decodeAtSize(output, image.width, image.height), weights)),
  };
}

function dataUri(mime: string, bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}

/** Decodes a model output and stretches it to the input's natural size. */
async function decodeAtSize(bytes: Buffer, width: number, height: number): Promise<Raster> {
  try {
    const { data } = await openRaster(bytes)
      .resize(width, height, { fit: 'fill' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      width,
      height,
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    };
  } catch {
    throw new EngineError('provider', 'The image provider returned an image we could not read');
  }
}

/**
 * The original with the generated pixels blended in by `weights` (1 inside the mask, fading to
 * 0 within MASK_GROWTH_PX outside it): every pixel with weight 0 keeps its exact value.
 */
export function blendInside(original: Raster, generated: Raster, weights: Float32Array): Raster {
  const out = new Uint8ClampedArray(original.data);
  const src = generated.data;
  for (let i = 0, p = 0; i < weights.length; i++, p += 4) {
    const w = weights[i] ?? 0;
    if (w === 0) continue;
    const k = 1 - w;
    out[p] = (out[p] ?? 0) * k + (src[p] ?? 0) * w;
    out[p + 1] = (out[p + 1] ?? 0) * k + (src[p + 1] ?? 0) * w;
    out[p + 2] = (out[p + 2] ?? 0) * k + (src[p + 2] ?? 0) * w;
    out[p + 3] = 255;
  }
  return { width: original.width, height: original.height, data: out };
}

/**
 * Runs `task(0..count-1)` with at most `limit` running at once; results in index order. After
 * a failure no new task starts, and the first error is thrown only once the running ones have
 * settled, so their cancellations are done when the caller hears back.
 */
async function mapConcurrently<T>(
  count: number,
  limit: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  const state: { next: number; failure?: { error: unknown } } = { next: 0 };
  const worker = async () => {
    while (state.next < count && state.failure === undefined) {
      const index = state.next++;
      try {
        results[index] = await task(index);
      } catch (error) {
        state.failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  if (state.failure !== undefined) throw state.failure.error;
  return results;
}
