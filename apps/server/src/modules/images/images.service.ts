import { FILE_URL_PATTERN, messages, type UploadErrorCode } from '@roomcraft/contracts';
import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../db/database';
import type { ImageRow } from '../../db/schema';
import { notFound, uploadError, validationFailed } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { MediaError, normaliseImage, type MediaProblem } from '../../platform/media';
import type { ObjectStorage } from '../../platform/storage';
import {
  deleteImageRows,
  deleteOrphanImages,
  findOwnedImage,
  findOwnedImages,
  imagesOfUser,
  insertImage,
  orphanImagesBefore,
} from './images.repository';

const SWEEP_BATCH = 500;

/** The spec's upload error for what the content check found. */
export const uploadErrorCodeOf = (problem: MediaProblem): UploadErrorCode =>
  problem === 'empty'
    ? 'no_file_received'
    : problem === 'too_many_pixels'
      ? 'file_too_large'
      : 'invalid_extension';

/** A stored object's stream, read whole (images are at most a few MB). */
export async function readStream(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export const storageKey = (image: Pick<ImageRow, 'id' | 'ext'>) => `${image.id}.${image.ext}`;
export const imageUrl = (key: string) => `/api/files/${key}`;

/** The image id in one of our file URLs, or undefined for anything else. */
export const imageIdOf = (url: string) => FILE_URL_PATTERN.exec(url)?.[1];

export class ImagesService {
  constructor(private readonly deps: { db: Database; storage: ObjectStorage; clock: Clock }) {}

  /** Checks, normalises and stores an uploaded image as the user's. */
  async ingest(userId: number, upload: Buffer, field: string): Promise<ImageRow> {
    let image;
    try {
      image = await normaliseImage(upload);
    } catch (error) {
      if (!(error instanceof MediaError)) throw error;
      throw uploadError(uploadErrorCodeOf(error.problem), field);
    }
    const row: ImageRow = {
      id: randomBytes(24).toString('base64url'),
      user_id: userId,
      design_id: null,
      ext: image.ext,
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      created_at: this.deps.clock.now().toISOString(),
    };
    // Bytes first, then the row: a row never points at a file that is not there.
    await this.deps.storage.put(storageKey(row), image.data, row.content_type);
    await insertImage(this.deps.db, row);
    return row;
  }

  /**
   * Stores an engine output (a PNG it made itself) as the user's image, as it is: it is already
   * upright and metadata-free, and re-encoding would only cost time and change pixels.
   */
  async storeGenerated(
    userId: number,
    png: Buffer,
    size: { width: number; height: number },
  ): Promise<ImageRow> {
    const row: ImageRow = {
      id: randomBytes(24).toString('base64url'),
      user_id: userId,
      design_id: null,
      ext: 'png',
      content_type: 'image/png',
      width: size.width,
      height: size.height,
      bytes: png.length,
      created_at: this.deps.clock.now().toISOString(),
    };
    await this.deps.storage.put(storageKey(row), png, row.content_type);
    await insertImage(this.deps.db, row);
    return row;
  }

  /** The bytes of one of the user's stored images, or a 422 naming the field. */
  async readOwned(userId: number, field: string, url: string) {
    const [image] = await this.requireOwned(this.deps.db, userId, { [field]: url });
    const object = image ? await this.deps.storage.get(storageKey(image)) : undefined;
    if (!image || !object) throw validationFailed({ [field]: [messages.notYourImage] });
    return { image, bytes: await readStream(object.body) };
  }

  /** The user's own image behind a URL, or a 422 naming the field. */
  async requireOwned(db: Executor, userId: number, urls: Record<string, string>) {
    const ids = Object.fromEntries(
      Object.entries(urls).map(([field, url]) => [field, imageIdOf(url)]),
    );
    const found = await findOwnedImages(
      db,
      userId,
      Object.values(ids).filter((id) => id !== undefined),
    );
    const owned = new Set(found.map((image) => image.id));
    const errors: Record<string, string[]> = {};
    for (const [field, id] of Object.entries(ids)) {
      if (!id || !owned.has(id)) errors[field] = [messages.notYourImage];
    }
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    return found;
  }

  async open(userId: number, key: string) {
    const [, id, ext] = FILE_URL_PATTERN.exec(imageUrl(key)) ?? [];
    const image = id ? await findOwnedImage(this.deps.db, userId, id) : undefined;
    if (!image || image.ext !== ext) throw notFound();
    const object = await this.deps.storage.get(key);
    if (!object) throw notFound();
    return { image, ...object };
  }

  /** Removes files whose rows are already gone (or going) in the caller's transaction. */
  async deleteFiles(images: readonly Pick<ImageRow, 'id' | 'ext'>[]) {
    await this.deps.storage.delete(images.map(storageKey));
  }

  async deleteRows(db: Executor, images: readonly Pick<ImageRow, 'id'>[]) {
    await deleteImageRows(
      db,
      images.map((image) => image.id),
    );
  }

  /**
   * A copy of one of the user's images (new name, same bytes), belonging to no design yet: a
   * design saved with another design's image gets its own copy (docs/decisions/011).
   */
  async copy(db: Executor, image: ImageRow): Promise<ImageRow> {
    const object = await this.deps.storage.get(storageKey(image));
    if (!object) throw validationFailed({ image: [messages.notYourImage] });
    const row: ImageRow = {
      ...image,
      id: randomBytes(24).toString('base64url'),
      design_id: null,
      created_at: this.deps.clock.now().toISOString(),
    };
    await this.deps.storage.put(storageKey(row), await readStream(object.body), row.content_type);
    await insertImage(db, row);
    return row;
  }

  /**
   * Deletes the images no design uses (unsaved generations, detection uploads) stored more than
   * `retentionMs` ago: rows first, by a conditional delete (safe in several processes at once),
   * then the files of the rows this call deleted. Answers how many it deleted.
   */
  async sweepOrphans(retentionMs: number): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - retentionMs).toISOString();
    let deleted = 0;
    for (;;) {
      const candidates = await orphanImagesBefore(this.deps.db, before, SWEEP_BATCH);
      if (candidates.length === 0) return deleted;
      const gone = await deleteOrphanImages(
        this.deps.db,
        candidates.map((image) => image.id),
        before,
      );
      await this.deleteFiles(gone);
      deleted += gone.length;
      if (candidates.length < SWEEP_BATCH) return deleted;
    }
  }

  /** Everything a user stored, for account deletion. */
  allOfUser(userId: number) {
    return imagesOfUser(this.deps.db, userId);
  }
}
