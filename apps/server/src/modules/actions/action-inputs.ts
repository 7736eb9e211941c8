/**
 * Reading and checking the images a generate form carries — all before any credit moves: the
 * state image (an upload or one of the user's stored images), masks at its exact size, swatches
 * and textures from the user's images or the catalogue.
 */
import {
  CATALOGUE_IMAGE_PATTERN,
  FILE_URL_PATTERN,
  messages,
  uploadErrors,
  type UploadErrorCode,
} from '@roomcraft/contracts';
import sharp from 'sharp';
import {
  EngineError,
  MASK_SELECTS_NOTHING,
  MASK_UNREADABLE,
  decodeMask,
  type Point,
} from '@roomcraft/engine';
import { HttpError, validationFailed } from '../../http/errors';
import { MediaError, inspectImage, normaliseImage } from '../../platform/media';
import type { ObjectStorage } from '../../platform/storage';
import { readStream, uploadErrorCodeOf, type ImagesService } from '../images/images.service';

/**
 * Field errors gathered over a whole form, so the user sees every problem at once. A bad file
 * makes the answer an upload error with the spec's code (413 for one too large, else 422).
 */
export class FieldErrors {
  readonly errors: Record<string, string[]> = {};
  private uploadCode: UploadErrorCode | undefined;

  add(field: string, message: string) {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }

  addUpload(field: string, code: UploadErrorCode) {
    this.add(field, uploadErrors[code]);
    // The most serious problem names the answer: a file too large outranks the others.
    if (this.uploadCode !== 'file_too_large') this.uploadCode = code;
  }

  get empty() {
    return Object.keys(this.errors).length === 0;
  }

  /** The answer for the problems found. */
  failure() {
    const code = this.uploadCode;
    if (!code) return validationFailed(this.errors);
    return new HttpError(code === 'file_too_large' ? 413 : 422, uploadErrors[code], {
      code,
      errors: this.errors,
    });
  }
}

export interface StateImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Reads the user's images and the catalogue's for one request. */
export class ActionInputs {
  constructor(
    private readonly deps: { images: ImagesService; catalogueStorage: ObjectStorage },
    private readonly userId: number,
    private readonly errors: FieldErrors,
  ) {}

  /** An image given as an upload or as one of the user's URLs; undefined (and an error) if not. */
  async image(field: string, upload: Buffer | undefined, url: string | undefined) {
    if (upload) return this.uploadedImage(field, upload);
    if (url) return this.storedImage(field, url);
    this.errors.add(field, messages.imageRequired);
    return undefined;
  }

  /** One of the user's stored images; another user's is refused exactly like a made-up URL. */
  async storedImage(field: string, url: string): Promise<StateImage | undefined> {
    if (!FILE_URL_PATTERN.test(url)) {
      this.errors.add(field, messages.notYourImage);
      return undefined;
    }
    try {
      const { image, bytes } = await this.deps.images.readOwned(this.userId, field, url);
      return { bytes, width: image.width, height: image.height };
    } catch {
      this.errors.add(field, messages.notYourImage);
      return undefined;
    }
  }

  /** An upload, turned upright and capped like every stored image, so masks match what is shown. */
  async uploadedImage(field: string, upload: Buffer): Promise<StateImage | undefined> {
    try {
      const image = await normaliseImage(upload);
      return { bytes: image.data, width: image.width, height: image.height };
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      this.errors.addUpload(field, uploadErrorCodeOf(error.problem));
      return undefined;
    }
  }

  /** A swatch or texture image from the user's images or the catalogue, as its bytes. */
  async userOrCatalogueImage(field: string, url: string): Promise<Buffer | undefined> {
    const catalogueKey = CATALOGUE_IMAGE_PATTERN.exec(url)?.[1];
    if (catalogueKey) {
      const object = await this.deps.catalogueStorage.get(catalogueKey);
      if (!object) {
        this.errors.add(field, 'Unknown library image');
        return undefined;
      }
      return readStream(object.body);
    }
    return (await this.storedImage(field, url))?.bytes;
  }

  /**
   * A small image upload (swatch, texture), checked and re-encoded exactly like a base image,
   * so the engine only ever sees a clean raster the server made.
   */
  async smallUpload(field: string, upload: Buffer): Promise<Buffer | undefined> {
    return (await this.uploadedImage(field, upload))?.bytes;
  }

  /** Checks a mask against the state image: a readable image, the same size, something painted. */
  async mask(field: string, bytes: Buffer, size: { width: number; height: number }) {
    try {
      await inspectImage(bytes);
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      this.errors.addUpload(field, uploadErrorCodeOf(error.problem));
      return undefined;
    }
    const problem = await maskProblem(bytes, size);
    if (problem === MASK_UNREADABLE) {
      // A valid header over a broken body.
      this.errors.addUpload(field, 'invalid_extension');
      return undefined;
    }
    if (problem) {
      this.errors.add(field, problem);
      return undefined;
    }
    return bytes;
  }
}

/**
 * Why a mask cannot be used, or undefined when it can: read by the engine's own rule (alpha
 * above 127, or luminance above 127 for a mask without meaningful alpha), so the server never
 * accepts a mask the engine would refuse after the credits were taken.
 */
export async function maskProblem(
  bytes: Buffer,
  size: { width: number; height: number },
): Promise<string | undefined> {
  try {
    await decodeMask(bytes, size.width, size.height);
    return undefined;
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    return error.message === MASK_SELECTS_NOTHING ? messages.maskEmpty : error.message;
  }
}

/**
 * A mask PNG (opaque white inside, transparent outside) from an element's outline: a polygon of
 * three or more points, or the rectangle spanned by two corners.
 */
export async function outlineMask(
  outline: readonly Point[],
  size: { width: number; height: number },
) {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));
  const points =
    outline.length === 2
      ? rectangleCorners(outline[0] ?? { x: 0, y: 0 }, outline[1] ?? { x: 0, y: 0 })
      : outline;
  const polygon = points
    .map(
      (point) =>
        `${clamp(point.x, size.width).toFixed(1)},${clamp(point.y, size.height).toFixed(1)}`,
    )
    .join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><polygon points="${polygon}" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 3 }).toBuffer();
}

const rectangleCorners = (a: Point, b: Point): Point[] => [
  { x: a.x, y: a.y },
  { x: b.x, y: a.y },
  { x: b.x, y: b.y },
  { x: a.x, y: b.y },
];
