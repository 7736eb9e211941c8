import {
  SPACES,
  budgetRangeValid,
  spaceMessages,
  spaceSubTypeBelongs,
  defaultDesignName,
  messages,
  type Design,
  type DesignFields,
  type DesignHistoryFields,
  type GeneratedImages,
} from '@roomcraft/contracts';
import type { Updateable } from 'kysely';
import type { Database, Executor } from '../../db/database';
import type { DesignRow, DesignsTable, ImageRow } from '../../db/schema';
import { notFound, uploadError, validationFailed } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import { attachImages, imagesOfDesign } from '../images/images.repository';
import { imageIdOf, imageUrl, storageKey, type ImagesService } from '../images/images.service';
import {
  deleteDesign,
  findOwnedDesign,
  insertDesign,
  listDesigns,
  updateDesign,
} from './designs.repository';

export const DESIGN_IMAGE_FIELDS = ['base_image', 'state_image', 'inspiration_image'] as const;
export type DesignImageField = (typeof DESIGN_IMAGE_FIELDS)[number];
export type DesignUploads = Partial<Record<DesignImageField, Buffer>>;

const keyOf = (url: string) => url.slice('/api/files/'.length);

export function toDesignResource(row: DesignRow): Design {
  return {
    id: row.id,
    name: row.name,
    base_image: imageUrl(row.base_image),
    state_image: imageUrl(row.state_image),
    state_is_base: row.state_is_base === 1,
    inspiration_image: row.inspiration_image ? imageUrl(row.inspiration_image) : null,
    generated_images: JSON.parse(row.generated_images) as GeneratedImages,
    budget_min: row.budget_min,
    budget_max: row.budget_max,
    design_mode: row.design_mode,
    design_style: row.design_style,
    space_type: row.space_type,
    space_sub_type: row.space_sub_type,
    space_elements: JSON.parse(row.space_elements) as Design['space_elements'],
    history: row.history === null ? null : (JSON.parse(row.history) as DesignHistoryFields),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The image columns of a design update, from the fields that name images. */
function imageChanges(fields: DesignFields): Updateable<DesignsTable> {
  const changes: Updateable<DesignsTable> = {};
  if (fields.base_image) changes.base_image = keyOf(fields.base_image);
  if (fields.state_image) changes.state_image = keyOf(fields.state_image);
  if (fields.inspiration_image !== undefined) {
    changes.inspiration_image = fields.inspiration_image ? keyOf(fields.inspiration_image) : null;
  }
  if (fields.generated_images) changes.generated_images = JSON.stringify(fields.generated_images);
  return changes;
}

/** Every stored-image URL a design's fields mention, keyed by the field that names it. */
function referencedImages(fields: DesignFields) {
  const urls: Record<string, string> = {};
  for (const field of DESIGN_IMAGE_FIELDS) {
    const url = fields[field];
    if (url) urls[field] = url;
  }
  for (const [action, images] of Object.entries(fields.generated_images ?? {})) {
    images.forEach(
      (image, index) => (urls[`generated_images.${action}.${index}.imageUrl`] = image.imageUrl),
    );
  }
  if (fields.history) {
    urls['history.current'] = fields.history.current;
    fields.history.past.forEach((image, index) => (urls[`history.past.${index}`] = image));
  }
  return urls;
}

export class DesignsService {
  constructor(private readonly deps: { db: Database; images: ImagesService; clock: Clock }) {}

  list(userId: number) {
    return listDesigns(this.deps.db, userId);
  }

  async get(userId: number, id: number) {
    const design = await findOwnedDesign(this.deps.db, userId, id);
    if (!design) throw notFound();
    return design;
  }

  async create(userId: number, fields: DesignFields, uploads: DesignUploads) {
    const errors: Record<string, string[]> = {};
    if (!fields.space_type) errors.space_type = [messages.required];
    if (!fields.space_sub_type) errors.space_sub_type = [messages.required];
    if (!budgetRangeValid(fields)) errors.budget_max = [messages.budgetMaxBelowMin];
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    if (!uploads.base_image && !fields.base_image)
      throw uploadError('no_file_received', 'base_image');

    const stored: ImageRow[] = [];
    try {
      const urls = { ...fields };
      for (const field of DESIGN_IMAGE_FIELDS) {
        const upload = uploads[field];
        if (!upload) continue;
        const image = await this.deps.images.ingest(userId, upload, field);
        stored.push(image);
        urls[field] = imageUrl(storageKey(image));
      }
      const now = this.deps.clock.now().toISOString();
      const baseImage = urls.base_image ?? '';
      return await this.deps.db.transaction().execute(async (trx) => {
        const owned = await this.ownImages(trx, userId, undefined, urls);
        stored.push(...owned.copies);
        Object.assign(urls, owned.fields);
        const design = await insertDesign(trx, {
          user_id: userId,
          name: urls.name || this.defaultName(urls.space_sub_type ?? ''),
          base_image: keyOf(baseImage),
          state_image: keyOf(urls.state_image ?? baseImage),
          state_is_base: (urls.state_is_base ?? !urls.state_image) ? 1 : 0,
          inspiration_image: urls.inspiration_image ? keyOf(urls.inspiration_image) : null,
          generated_images: JSON.stringify(urls.generated_images ?? {}),
          budget_min: urls.budget_min ?? null,
          budget_max: urls.budget_max ?? null,
          design_mode: urls.design_mode || null,
          design_style: urls.design_style || null,
          space_type: urls.space_type ?? '',
          space_sub_type: urls.space_sub_type ?? '',
          space_elements: JSON.stringify(urls.space_elements ?? []),
          history: urls.history ? JSON.stringify(urls.history) : null,
          created_at: now,
          updated_at: now,
        });
        await this.attach(trx, userId, design.id, urls);
        return design;
      });
    } catch (error) {
      // Nothing half-made stays behind: the files this request stored go with its failure.
      await this.deps.images.deleteRows(this.deps.db, stored);
      await this.deps.images.deleteFiles(stored);
      throw error;
    }
  }

  async update(userId: number, id: number, fields: DesignFields) {
    const existing = await this.get(userId, id);
    const budget = {
      budget_min: fields.budget_min !== undefined ? fields.budget_min : existing.budget_min,
      budget_max: fields.budget_max !== undefined ? fields.budget_max : existing.budget_max,
    };
    if (!budgetRangeValid(budget))
      throw validationFailed({ budget_max: [messages.budgetMaxBelowMin] });
    // A sub type sent alone must still belong to the design's space type.
    const spaceChanged = fields.space_type !== undefined || fields.space_sub_type !== undefined;
    const [type, subType] = [
      fields.space_type ?? existing.space_type,
      fields.space_sub_type ?? existing.space_sub_type,
    ];
    if (spaceChanged && !spaceSubTypeBelongs(type, subType)) {
      throw validationFailed({ space_sub_type: [spaceMessages.subTypeOfAnotherType] });
    }

    const changes: Updateable<DesignsTable> = { updated_at: this.deps.clock.now().toISOString() };
    if (fields.name !== undefined) {
      changes.name =
        fields.name || this.defaultName(fields.space_sub_type ?? existing.space_sub_type);
    }
    for (const key of ['design_mode', 'design_style'] as const) {
      if (fields[key] !== undefined) changes[key] = fields[key] || null;
    }
    for (const key of ['budget_min', 'budget_max'] as const) {
      if (fields[key] !== undefined) changes[key] = fields[key];
    }
    for (const key of ['space_type', 'space_sub_type'] as const) {
      if (fields[key] !== undefined) changes[key] = fields[key];
    }
    if (fields.state_is_base !== undefined) changes.state_is_base = fields.state_is_base ? 1 : 0;
    if (fields.space_elements) changes.space_elements = JSON.stringify(fields.space_elements);
    if (fields.history) changes.history = JSON.stringify(fields.history);

    const copies: ImageRow[] = [];
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const owned = await this.ownImages(trx, userId, existing.id, fields);
        copies.push(...owned.copies);
        const design = await updateDesign(trx, existing.id, {
          ...changes,
          ...imageChanges(owned.fields),
        });
        await this.attach(trx, userId, design.id, owned.fields);
        return design;
      });
    } catch (error) {
      await this.deps.images.deleteFiles(copies);
      throw error;
    }
  }

  async delete(userId: number, id: number) {
    const design = await this.get(userId, id);
    const images = await this.deps.db.transaction().execute(async (trx) => {
      const owned = await imagesOfDesign(trx, design.id);
      await this.deps.images.deleteRows(trx, owned);
      await deleteDesign(trx, design.id);
      return owned;
    });
    await this.deps.images.deleteFiles(images);
  }

  /**
   * Checks that every image the fields name is the user's, and gives the design its own copy of
   * each that belongs to another design (an image belongs to one design: deleting one design
   * never breaks another). Answers the fields with the copies' URLs, and the copies made.
   */
  private async ownImages(
    trx: Executor,
    userId: number,
    designId: number | undefined,
    fields: DesignFields,
  ): Promise<{ fields: DesignFields; copies: ImageRow[] }> {
    const found = await this.deps.images.requireOwned(trx, userId, referencedImages(fields));
    const copied = new Map<string, string>();
    const copies: ImageRow[] = [];
    for (const image of found) {
      if (image.design_id === null || image.design_id === designId) continue;
      const copy = await this.deps.images.copy(trx, image);
      copies.push(copy);
      copied.set(imageUrl(storageKey(image)), imageUrl(storageKey(copy)));
    }
    if (copies.length === 0) return { fields, copies };
    const swap = (url: string) => copied.get(url) ?? url;
    const result: DesignFields = { ...fields };
    for (const field of DESIGN_IMAGE_FIELDS) {
      const url = fields[field];
      if (url) result[field] = swap(url);
    }
    if (fields.generated_images) {
      result.generated_images = Object.fromEntries(
        Object.entries(fields.generated_images).map(([action, images]) => [
          action,
          images.map((image) => ({ ...image, imageUrl: swap(image.imageUrl) })),
        ]),
      );
    }
    if (fields.history) {
      result.history = {
        ...fields.history,
        current: swap(fields.history.current),
        past: fields.history.past.map(swap),
      };
    }
    return { fields: result, copies };
  }

  /** Gives the design the images it names; every one must end up its own. */
  private async attach(trx: Executor, userId: number, designId: number, fields: DesignFields) {
    const ids = [
      ...new Set(
        Object.values(referencedImages(fields))
          .map(imageIdOf)
          .filter((imageId) => imageId !== undefined),
      ),
    ];
    const attached = await attachImages(trx, userId, designId, ids);
    if (attached < ids.length) {
      // Deleted (the orphan sweep) or taken by another design between the check and now.
      throw validationFailed({ images: ['An image of this design is no longer available'] });
    }
  }

  private defaultName(spaceSubType: string) {
    const subTypeName =
      SPACES.flatMap((space) => space.sub).find((sub) => sub.type === spaceSubType)?.values ??
      spaceSubType;
    return defaultDesignName(subTypeName, this.deps.clock.now());
  }
}
