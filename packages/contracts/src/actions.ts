/**
 * The generation API (/api/actions): the fields each action takes (each action's descriptor in
 * `action-descriptors.ts` names its schema), the answers and the lookups (style, mode, material, product category) the web app and the server must agree on.
 * Image fields travel as multipart file parts or as the URL of one of the user's stored images;
 * the text fields below are what remains after `fromFormEntries`.
 */
import { z } from 'zod';
import {
  DESIGN_MODES,
  SPACES,
  STYLES,
  isSpaceSubType,
  isSpaceType,
  spaceMessages,
  type ArchitecturalStyle,
  type DesignMode,
} from './design-config';
import { FILE_URL_PATTERN, spaceElementSchema, storedImageUrlSchema } from './design';
import { PRODUCT_CATEGORIES, productSchema, type ProductCategory } from './library';
import { messages } from './messages';
import { imageUsedSchema } from './used';

/** Spec §5 "Number of designs: 1 to 4, step 1". */
export const MIN_DESIGNS = 1;
export const MAX_DESIGNS = 4;
/** Click-to-segment takes at most this many points. */
export const MAX_SEGMENT_POINTS = 20;

/** A style by id or display name, case-insensitive (the spec sends the name). */
export function findStyle(value: string): ArchitecturalStyle | undefined {
  const wanted = value.trim().toLowerCase();
  return STYLES.find((style) => style.id === wanted || style.name.toLowerCase() === wanted);
}

/** A design mode by id or display name, case-insensitive. */
export function findDesignMode(value: string): DesignMode | undefined {
  const wanted = value.trim().toLowerCase();
  return DESIGN_MODES.find((mode) => mode.id === wanted || mode.name.toLowerCase() === wanted);
}

/** The materials of a material type in the given space type (in any space when none is given). */
export function materialsOfType(materialType: string, spaceType?: string): string[] {
  const spaces = SPACES.filter((space) => spaceType === undefined || space.type === spaceType);
  return [...new Set(spaces.flatMap((space) => space.material_types[materialType] ?? []))];
}

/**
 * Words in a prompt or an element label and the product categories they mean, longest phrase
 * first so "coffee table" wins over "table". The detector's labels (Sofa, Chair, Table, Bed,
 * Plant, TV, Lamp…) are all here.
 */
const CATEGORY_WORDS: readonly [string, readonly ProductCategory[]][] = [
  ['chest of drawers', ['dresser']],
  ['bedside table', ['nightstand']],
  ['coffee table', ['coffee_table']],
  ['dining table', ['dining_table']],
  ['side table', ['side_table']],
  ['dining chair', ['dining_chair']],
  ['floor lamp', ['floor_lamp']],
  ['table lamp', ['table_lamp']],
  ['desk lamp', ['table_lamp']],
  ['ceiling light', ['pendant']],
  ['tv unit', ['tv_unit']],
  ['tv stand', ['tv_unit']],
  ['potted plant', ['plant']],
  ['sectional', ['sectional']],
  ['armchair', ['armchair']],
  ['nightstand', ['nightstand']],
  ['bookshelf', ['bookshelf']],
  ['bookcase', ['bookshelf']],
  ['shelving', ['bookshelf']],
  ['wardrobe', ['wardrobe']],
  ['dresser', ['dresser']],
  ['pendant', ['pendant']],
  ['television', ['tv_unit']],
  ['settee', ['sofa']],
  ['couch', ['sofa', 'sectional']],
  ['sofa', ['sofa', 'sectional']],
  ['chair', ['armchair', 'dining_chair']],
  ['stool', ['stool']],
  ['table', ['dining_table', 'coffee_table', 'side_table']],
  ['desk', ['dining_table']],
  ['bed', ['bed']],
  ['lamp', ['floor_lamp', 'table_lamp']],
  ['light', ['floor_lamp', 'table_lamp', 'pendant']],
  ['rug', ['rug']],
  ['carpet', ['rug']],
  ['plant', ['plant']],
  ['mirror', ['mirror']],
  ['tv', ['tv_unit']],
];

/** The categories a prompt or an element label names; empty when it names none. */
export function categoriesFromWords(text: string): ProductCategory[] {
  const words = ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  for (const [phrase, categories] of CATEGORY_WORDS) {
    // Whole words only, with an optional plural: "chairs" is a chair, "bedroom" is no bed.
    if (new RegExp(` ${phrase}(s|es)? `).test(words)) return [...categories];
  }
  const direct = PRODUCT_CATEGORIES.find((category) =>
    words.includes(` ${category.replace('_', ' ')} `),
  );
  return direct ? [direct] : [];
}

/** A stored image of the user's, or a catalogue image (textures, swatches). */
export const CATALOGUE_IMAGE_PATTERN =
  /^\/api\/library\/images\/([A-Za-z0-9_-]{16,64}\.(?:jpg|png|webp))$/;
const userOrCatalogueUrl = z
  .string()
  .refine((url) => FILE_URL_PATTERN.test(url) || CATALOGUE_IMAGE_PATTERN.test(url), {
    error: `${messages.notYourImage} or a library image`,
  });

const hexColour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Must be a colour like #a1b2c3' })
  .transform((hex) => hex.toLowerCase());
const shortText = z.string().trim().max(100);
const optionalText = z.preprocess(
  (value) => (value === '' ? undefined : value),
  shortText.optional(),
);

/** Multipart sends numbers as text; an empty value means "not set". */
const quantity = z.preprocess(
  (value) => (value === '' || value === undefined ? 1 : value),
  z.coerce
    .number({ error: 'Must be a number' })
    .int({ error: 'Must be a whole number' })
    .min(MIN_DESIGNS, { error: `Must be between ${MIN_DESIGNS} and ${MAX_DESIGNS}` })
    .max(MAX_DESIGNS, { error: `Must be between ${MIN_DESIGNS} and ${MAX_DESIGNS}` }),
);
const budget = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : value),
  z.coerce
    .number({ error: 'Must be a number' })
    .int()
    .min(0)
    .max(100_000_000)
    .nullable()
    .optional(),
);

const styleName = shortText
  .min(1, { error: messages.required })
  .refine((value) => findStyle(value) !== undefined, { error: 'Unknown style' });
const modeName = z.preprocess(
  (value) => (value === '' ? undefined : value),
  shortText
    .refine((value) => findDesignMode(value) !== undefined, { error: 'Unknown design mode' })
    .optional(),
);

/** Fields every generate form shares: the state image as a URL (else a file part), the count. */
const generateBase = z.object({
  state_image: storedImageUrlSchema.optional(),
  quantity,
  space_type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    shortText.refine(isSpaceType, { error: spaceMessages.unknownType }).optional(),
  ),
  space_sub_type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    shortText.refine(isSpaceSubType, { error: spaceMessages.unknownSubType }).optional(),
  ),
});

const budgetFields = { budget_min: budget, budget_max: budget };

/** Spec §5 budget rule, on the action forms too. */
const budgetOrdered = (fields: { budget_min?: number | null; budget_max?: number | null }) =>
  fields.budget_min === undefined ||
  fields.budget_min === null ||
  fields.budget_max === undefined ||
  fields.budget_max === null ||
  fields.budget_min <= fields.budget_max;
const budgetIssue = { error: messages.budgetMaxBelowMin, path: ['budget_max'] };

export const architecturalStyleFieldsSchema = generateBase
  .extend({
    design_style: styleName,
    design_mode: modeName,
    prompt: z.string().trim().max(500).optional(),
    /** The room's budget: the products a restyle places add up to no more than budget_max. */
    ...budgetFields,
  })
  .refine(budgetOrdered, budgetIssue);

/** One of color, color_url or a color_image file part (checked by the server with the files). */
export const wallPaintFieldsSchema = generateBase.extend({
  color: hexColour.optional(),
  color_url: userOrCatalogueUrl.optional(),
});

/** Issue 10: Floors keeps the rugs on the floor, or lays the new floor over them too. */
export const RUG_CHOICES = ['keep', 'replace'] as const;
export type RugChoice = (typeof RUG_CHOICES)[number];

export const floorsFieldsSchema = generateBase.extend({
  texture_url: userOrCatalogueUrl.optional(),
  rug: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(RUG_CHOICES, { error: `Must be one of: ${RUG_CHOICES.join(', ')}` }).default('keep'),
  ),
});

export const addElementsFieldsSchema = generateBase
  .extend({
    design_style: styleName,
    prompt: z.string().trim().max(500).optional(),
    product_id: optionalText,
    ...budgetFields,
  })
  .refine(budgetOrdered, budgetIssue);

export const removeElementsFieldsSchema = generateBase;

export const changeMaterialFieldsSchema = generateBase
  .extend({
    color: hexColour,
    material: optionalText,
    material_type: optionalText,
  })
  .superRefine((fields, context) => {
    // Spec §5: "Material and material type must both be set or both empty."
    if (fields.material && !fields.material_type) {
      context.addIssue({ code: 'custom', path: ['material_type'], message: messages.required });
    } else if (fields.material_type && !fields.material) {
      context.addIssue({ code: 'custom', path: ['material'], message: messages.required });
    } else if (fields.material && fields.material_type) {
      const known = materialsOfType(fields.material_type, fields.space_type);
      if (known.length === 0) {
        context.addIssue({
          code: 'custom',
          path: ['material_type'],
          message: 'Unknown material type',
        });
      } else if (!known.some((name) => name.toLowerCase() === fields.material?.toLowerCase())) {
        context.addIssue({
          code: 'custom',
          path: ['material'],
          message: `Must be one of: ${known.join(', ')}`,
        });
      }
    }
  });

const outlinePoint = z.object({ x: z.coerce.number(), y: z.coerce.number() });

export const furnitureFieldsSchema = generateBase
  .extend({
    furniture: shortText.min(1, { error: messages.required }),
    /** The element's outline in image pixels; a masked_image part may replace it. */
    box: z.array(outlinePoint).max(2000).optional(),
    product_id: optionalText,
    color: hexColour.optional(),
    design_style: optionalText,
    ...budgetFields,
  })
  .refine(budgetOrdered, budgetIssue);

export const aiAssistantFieldsSchema = generateBase
  .extend({
    prompt: z.string().trim().min(1, { error: messages.required }).max(500),
    design_style: optionalText,
    ...budgetFields,
  })
  .refine(budgetOrdered, budgetIssue);

/** Every generate endpoint answers this. */
export const generationAnswerSchema = z.object({
  images: z.array(z.string()),
  /** `used[i]` is what `images[i]` used. */
  used: z.array(imageUsedSchema),
  remainingCredits: z.number().int().nonnegative(),
  /**
   * What the generation could not do as asked, in plain words for the user (a restyle's swap
   * skipped because nothing fits what remains of the budget). Absent when there is nothing to say.
   */
  notices: z.array(z.string()).optional(),
});
export type GenerationAnswer = z.infer<typeof generationAnswerSchema>;

/** POST /api/actions/get/space-elements. */
export const spaceElementsAnswerSchema = z.object({
  baseImage: z.string(),
  elements: z.array(spaceElementSchema),
  remainingCredits: z.number().int().nonnegative(),
});
export type SpaceElementsAnswer = z.infer<typeof spaceElementsAnswerSchema>;

/** POST /api/actions/get/segment. */
export const segmentRequestSchema = z.object({
  image: storedImageUrlSchema,
  points: z
    .array(
      z.object({
        x: z.number().nonnegative(),
        y: z.number().nonnegative(),
        label: z.union([z.literal(0), z.literal(1)]),
      }),
    )
    .min(1, { error: 'Click at least one point' })
    .max(MAX_SEGMENT_POINTS, { error: `At most ${MAX_SEGMENT_POINTS} points` }),
});
export type SegmentRequest = z.infer<typeof segmentRequestSchema>;
export const segmentAnswerSchema = z.object({
  /** A PNG data URL: white = selected, at the image's natural size. */
  mask: z.string(),
});

/**
 * The room's surfaces by name (issue 10): the engine's room parse knows which pixels are each
 * wall, the floor and the ceiling, with whatever stands in front of them left out.
 */
export const SURFACE_NAMES = [
  'wall-left',
  'wall-front',
  'wall-right',
  'ceiling',
  'floor',
  'walls',
] as const;
export type SurfaceName = (typeof SURFACE_NAMES)[number];

/** POST /api/actions/get/surface: the mask of one surface of the photo. Free. */
export const surfaceRequestSchema = z.object({
  image: storedImageUrlSchema,
  surface: z.enum(SURFACE_NAMES, { error: `Must be one of: ${SURFACE_NAMES.join(', ')}` }),
});
export type SurfaceRequest = z.infer<typeof surfaceRequestSchema>;
/** The surface's mask, as segment answers one. */
export const surfaceAnswerSchema = segmentAnswerSchema;

/** POST /api/actions/get/furniture-replacements. */
export const furnitureReplacementsRequestSchema = z
  .object({
    furniture: shortText.min(1, { error: messages.required }),
    budget_min: z.number().int().nonnegative().nullable().optional(),
    budget_max: z.number().int().nonnegative().nullable().optional(),
    design_style: shortText.optional(),
    space_type: shortText.optional(),
  })
  .refine(budgetOrdered, budgetIssue);
export type FurnitureReplacementsRequest = z.infer<typeof furnitureReplacementsRequestSchema>;
export const furnitureReplacementsAnswerSchema = z.object({ data: z.array(productSchema) });
