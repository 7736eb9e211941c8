import { z } from 'zod';
import {
  ACTION_IDS,
  isSpaceSubType,
  isSpaceType,
  spaceMessages,
  spaceSubTypeBelongs,
} from './design-config';
import { messages } from './messages';
import { imageUsedSchema } from './used';

/** Upload file errors of spec §3/§5, with their exact messages. */
export const uploadErrors = {
  file_too_large: 'Selected image is too large',
  invalid_extension: 'Only image files are acceptable',
  no_file_received: 'Received no file',
} as const;
export type UploadErrorCode = keyof typeof uploadErrors;

/** Where stored images are served; the id carries ≥ 128 random bits. */
export const FILE_URL_PATTERN = /^\/api\/files\/([A-Za-z0-9_-]{22,64})\.(jpg|png|webp)$/;
/** The URL of one of the user's stored images. */
export const storedImageUrlSchema = z
  .string()
  .regex(FILE_URL_PATTERN, { error: messages.notYourImage });

export const generatedImageSchema = z.object({
  name: z.string().min(1).max(200),
  imageUrl: storedImageUrlSchema,
  /** When it was generated (ISO 8601), so the strip lists results newest first across tools. */
  created_at: z.iso.datetime().optional(),
  /** What the image used (products, paints, textures); absent for images made before it. */
  used: imageUsedSchema.optional(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

export const generatedImagesSchema = z.partialRecord(
  z.enum(ACTION_IDS),
  z.array(generatedImageSchema).max(200),
);
export type GeneratedImages = z.infer<typeof generatedImagesSchema>;

/** Spec §4 History: at most this many earlier state images are kept with a design. */
export const MAX_DESIGN_HISTORY = 100;

/**
 * The undo/redo history saved with a design (spec §4): the newest state image, the earlier ones
 * (oldest first) and the pointer counting back from the newest (-1 shows the newest).
 */
export const designHistorySchema = z
  .object({
    current: storedImageUrlSchema,
    // A multipart form carries no entry for an empty list (see multipart.ts).
    past: z.array(storedImageUrlSchema).max(MAX_DESIGN_HISTORY).default([]),
    // Coerced: multipart sends numbers as text.
    pointer: z.coerce.number().int().min(-1),
  })
  .refine(({ past, pointer }) => pointer < past.length, {
    error: 'The pointer must name an image of the history',
    path: ['pointer'],
  });
export type DesignHistoryFields = z.infer<typeof designHistorySchema>;

/** Coerced: multipart sends numbers as text. */
export const pointSchema = z.object({
  x: z.coerce.number(),
  y: z.coerce.number(),
});
export const spaceElementSchema = z.object({
  label: z.string().min(1).max(100),
  /** The element's bounding box: its four corners, clockwise from the top left. */
  box: z.array(pointSchema).max(2000),
  /** The element's real outline (clockwise, image pixels) when the engine traced one. */
  polygon: z.array(pointSchema).min(3).max(2000).optional(),
});
export type SpaceElement = z.infer<typeof spaceElementSchema>;

/** A whole amount, or null for "no limit"; multipart sends null as an empty string. */
const budget = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce.number({ error: 'Must be a number' }).int().min(0).max(100_000_000).nullable(),
);
const shortText = z.string().trim().max(100);

/** The fields a client may set on a design; anything else in a request is ignored. */
export const designFieldsSchema = z
  .object({
    name: z.string().trim().max(120),
    budget_min: budget,
    budget_max: budget,
    design_mode: shortText,
    design_style: shortText,
    space_type: shortText
      .min(1, { error: messages.required })
      .refine(isSpaceType, { error: spaceMessages.unknownType }),
    space_sub_type: shortText
      .min(1, { error: messages.required })
      .refine(isSpaceSubType, { error: spaceMessages.unknownSubType }),
    state_is_base: z.union([z.boolean(), z.enum(['1', '0']).transform((flag) => flag === '1')]),
    generated_images: generatedImagesSchema,
    space_elements: z.array(spaceElementSchema).max(200),
    base_image: storedImageUrlSchema,
    state_image: storedImageUrlSchema,
    inspiration_image: storedImageUrlSchema.nullable(),
    history: designHistorySchema,
  })
  .partial()
  .refine(
    (fields) =>
      fields.space_type === undefined ||
      fields.space_sub_type === undefined ||
      spaceSubTypeBelongs(fields.space_type, fields.space_sub_type),
    { error: spaceMessages.subTypeOfAnotherType, path: ['space_sub_type'] },
  );
export type DesignFields = z.infer<typeof designFieldsSchema>;

export function budgetRangeValid({
  budget_min: min,
  budget_max: max,
}: Pick<DesignFields, 'budget_min' | 'budget_max'>) {
  return min === undefined || min === null || max === undefined || max === null || min <= max;
}

export const designSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  base_image: z.string(),
  state_image: z.string(),
  state_is_base: z.boolean(),
  inspiration_image: z.string().nullable(),
  generated_images: generatedImagesSchema,
  budget_min: z.number().int().nullable(),
  budget_max: z.number().int().nullable(),
  design_mode: z.string().nullable(),
  design_style: z.string().nullable(),
  space_type: z.string(),
  space_sub_type: z.string(),
  space_elements: z.array(spaceElementSchema),
  /** Null for a design saved before histories were kept, or never undone or applied. */
  history: designHistorySchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Design = z.infer<typeof designSchema>;

/** DD-MM-YYYY in the given time zone's calendar (local by default). */
export function formatDesignDate(date: Date) {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
}

/** Spec §3: when empty, the space sub type, a dash, and today's date as DD-MM-YYYY. */
export function defaultDesignName(spaceSubTypeName: string, today: Date) {
  return `${spaceSubTypeName} - ${formatDesignDate(today)}`;
}
