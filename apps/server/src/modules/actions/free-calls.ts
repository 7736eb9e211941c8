/**
 * The free engine calls (spec §7 `actions/get/*`): element detection, click-to-segment, room
 * surfaces and replacement products. Nothing is charged; a full or draining engine answers 503
 * before anything is stored.
 */
import {
  categoriesFromWords,
  type FurnitureReplacementsRequest,
  type Product,
  type SegmentRequest,
  type SpaceElementsAnswer,
  type SurfaceRequest,
} from '@roomcraft/contracts';
import type { ImageEngine } from '@roomcraft/engine';
import type { Database } from '../../db/database';
import { engineBusy, freeEngineCallError } from '../../http/errors';
import type { ObjectStorage } from '../../platform/storage';
import { imageUrl, storageKey, type ImagesService } from '../images/images.service';
import { ActionInputs, FieldErrors } from './action-inputs';
import { availableCredits } from '../users/users.repository';
import { withDeadline } from './engine-deadline';
import type { ProductChoice } from './product-choice';

export interface FreeCallDeps {
  db: Database;
  engine: ImageEngine;
  images: ImagesService;
  catalogueStorage: ObjectStorage;
  products: ProductChoice;
  timeoutMs: number;
  /** False once shutdown has begun: no new engine work is taken. */
  open: () => boolean;
}

export class FreeCalls {
  constructor(private readonly deps: FreeCallDeps) {}

  /** Detects the space's elements; an uploaded base image is stored as the user's first. */
  async spaceElements(
    userId: number,
    upload: Buffer | undefined,
    url: string | undefined,
  ): Promise<SpaceElementsAnswer> {
    const errors = new FieldErrors();
    // A full engine stores nothing and answers at once.
    this.admit();
    let baseImage = url;
    let bytes: Buffer | undefined;
    if (upload) {
      const stored = await this.deps.images.ingest(userId, upload, 'base_image');
      baseImage = imageUrl(storageKey(stored));
      bytes = (await this.inputs(userId, errors).storedImage('base_image', baseImage))?.bytes;
    } else if (url) {
      bytes = (await this.inputs(userId, errors).storedImage('base_image', url))?.bytes;
    } else {
      errors.addUpload('base_image', 'no_file_received');
    }
    if (!errors.empty || !bytes || !baseImage) throw errors.failure();
    const image = bytes;
    const found = await this.call((signal) => this.deps.engine.detectElements(image, signal));
    return {
      baseImage,
      elements: found.map(({ label, box, polygon }) => ({
        label,
        box,
        ...(polygon ? { polygon } : {}),
      })),
      remainingCredits: await availableCredits(this.deps.db, userId),
    };
  }

  /** Click-to-segment on one of the user's images: a PNG mask as a data URL. */
  async segment(userId: number, request: SegmentRequest) {
    const errors = new FieldErrors();
    const image = await this.inputs(userId, errors).storedImage('image', request.image);
    if (!image) throw errors.failure();
    request.points.forEach((point, index) => {
      if (point.x >= image.width || point.y >= image.height) {
        errors.add(`points.${index}`, 'The point must lie inside the image');
      }
    });
    if (!errors.empty) throw errors.failure();
    this.admit();
    const mask = await this.call((signal) =>
      this.deps.engine.segment(image.bytes, request.points, signal),
    );
    return { mask: `data:image/png;base64,${mask.toString('base64')}` };
  }

  /** A surface of the room by name (wall, ceiling, floor) on one of the user's images. */
  async surface(userId: number, request: SurfaceRequest) {
    const errors = new FieldErrors();
    const image = await this.inputs(userId, errors).storedImage('image', request.image);
    if (!image) throw errors.failure();
    this.admit();
    const mask = await this.call((signal) =>
      this.deps.engine.surface(image.bytes, request.surface, signal),
    );
    return { mask: `data:image/png;base64,${mask.toString('base64')}` };
  }

  /** Catalogue products that could replace a detected element, best style match first. */
  furnitureReplacements(request: FurnitureReplacementsRequest): Promise<Product[]> {
    const categories = categoriesFromWords(request.furniture);
    if (categories.length === 0) return Promise.resolve([]);
    return this.deps.products.ranked({
      categories,
      style: request.design_style,
      spaceType: request.space_type,
      budgetMin: request.budget_min,
      budgetMax: request.budget_max,
    });
  }

  private admit() {
    if (!this.deps.open() || !this.deps.engine.hasCapacity()) throw engineBusy();
  }

  private call<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return withDeadline(this.deps.timeoutMs, work).catch((error: unknown) => {
      throw freeEngineCallError(error);
    });
  }

  private inputs(userId: number, errors: FieldErrors) {
    return new ActionInputs(this.deps, userId, errors);
  }
}
