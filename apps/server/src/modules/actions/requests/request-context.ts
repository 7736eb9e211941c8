/**
 * What every action's request builder works with: the checked form (state image, mask, files,
 * the field errors gathered so far), the catalogue, and the shape of what a builder answers.
 */
import {
  DESIGN_MODES,
  messages,
  type ActionDescriptorOf,
  type ActionFields,
  type ArchitecturalStyle,
  type ToolId,
} from '@roomcraft/contracts';
import { findTexture, renderTexture, textureCatalog } from '@roomcraft/catalog';
import type {
  AssistantInterpretation,
  GenerateRequest,
  ImageEngine,
  PlacementProduct,
  StyleTarget,
  TextureSource,
} from '@roomcraft/engine';
import { randomInt } from 'node:crypto';
import type { Database } from '../../../db/database';
import type { ObjectStorage } from '../../../platform/storage';
import { readStream } from '../../images/images.service';
import type { ActionInputs, FieldErrors, StateImage } from '../action-inputs';
import { textureById } from '../../library/library.repository';
import type { LibraryService } from '../../library/library.service';
import type { ProductChoice, ProductWish } from '../product-choice';
import type { TexturePick } from '../used-record';

/** The file parts a generate form may carry. */
export const GENERATE_FILE_FIELDS = [
  'state_image',
  'masked_image',
  'color_image',
  'texture_image',
] as const;
export type GenerateFileField = (typeof GENERATE_FILE_FIELDS)[number];
export type GenerateFiles = Partial<Record<GenerateFileField, Buffer>>;

/** A generate form whose state image (and mask, when sent) has been read and checked. */
export interface GenerateForm {
  state: StateImage;
  mask: Buffer | undefined;
  files: GenerateFiles;
  inputs: ActionInputs;
  errors: FieldErrors;
}

/** What the builders read besides the form. */
export interface RequestDeps {
  db: Database;
  catalogueStorage: ObjectStorage;
  products: ProductChoice;
  /** The assistant's interpreter for a space type (its materials differ outdoors). */
  interpret: (text: string, spaceType: string | undefined) => AssistantInterpretation;
  /**
   * What a restyle's plan reads besides (restyle-plan.ts), and what the assistant finds its
   * target with (issue 11): the engine's detection and surfaces, within the engine deadline, and
   * the catalogue. Without them a restyle is the colour grade alone.
   */
  engine?: Pick<ImageEngine, 'detectElements' | 'surface'>;
  library?: Pick<LibraryService, 'products'>;
  timeoutMs?: number;
}

export interface RequestContext {
  form: GenerateForm;
  deps: RequestDeps;
  /** The designs to make, the action's quantity rule applied. */
  quantity: number;
}

/** The engine request of an action: its descriptor's op (the assistant runs any op). */
export type RequestOf<Id extends ToolId> = ActionDescriptorOf<Id>['engineOp'] extends null
  ? GenerateRequest
  : Extract<GenerateRequest, { op: ActionDescriptorOf<Id>['engineOp'] }>;

/** A built request and the library texture it carries, for the `used` record. */
export interface BuiltRequest<Request extends GenerateRequest = GenerateRequest> {
  request: Request;
  texture?: TexturePick | undefined;
  /** The action charged when not the form's own: the assistant's planned action (issue 11). */
  chargedAction?: ToolId | undefined;
  /** What the answer tells the user the generation could not do (a restyle over budget). */
  notices?: string[] | undefined;
}

/** What every engine request carries: the state image, the designs to make, a fresh seed. */
export const requestBase = ({ form, quantity }: RequestContext) => ({
  image: form.state.bytes,
  quantity,
  seed: randomInt(0, 2 ** 31),
});

export const balancedMode = () =>
  DESIGN_MODES.find((mode) => mode.id === 'balanced') ?? { strength: 0.6 };

export const styleTarget = (style: ArchitecturalStyle): StyleTarget => ({
  id: style.id,
  name: style.name,
  palette: style.palette,
});

/** The user's pick (it must exist and be placeable), else the best fits in the catalogue. */
export async function chooseProducts(
  context: RequestContext,
  choice: {
    productId?: string | undefined;
    colour?: string | undefined;
    /** The field a "nothing fits" error belongs to. */
    field: string;
    wish: ProductWish;
  },
): Promise<PlacementProduct[] | undefined> {
  const { form, deps, quantity } = context;
  if (choice.productId) {
    const product = await deps.products.byId(choice.productId, choice.colour);
    if (!product) form.errors.add('product_id', 'Unknown product');
    return product ? [product] : undefined;
  }
  const products = await deps.products.placements(choice.wish, quantity, choice.colour);
  if (products.length === 0) {
    form.errors.add(choice.field, messages.noProductFits);
    return undefined;
  }
  return products;
}

/** The first catalogue texture named after the material ("Oak" → "Oak planks"). */
export function textureForMaterial(material: string) {
  const wanted = material.toLowerCase();
  return textureCatalog.find((texture) => texture.name.toLowerCase().includes(wanted))?.id;
}

/** The library texture a material name or texture id means, for the `used` record. */
export function texturePick(
  material: string | undefined,
  id = material && textureForMaterial(material),
): TexturePick | undefined {
  const definition = id ? findTexture(id) : undefined;
  if (definition) return { id: definition.id, name: definition.name };
  return material ? { id: null, name: material } : undefined;
}

/** A library texture by id: the stored catalogue image, or rendered when none is stored. */
export async function libraryTexture(
  deps: RequestDeps,
  id: string,
): Promise<TextureSource | undefined> {
  const row = await textureById(deps.db, id);
  const object = row ? await deps.catalogueStorage.get(row.image) : undefined;
  if (row && object) return { image: await readStream(object.body), tileSizeCm: row.tile_size_cm };
  const definition = findTexture(id);
  if (!definition) return undefined;
  return { image: await renderTexture(definition), tileSizeCm: definition.tileSizeCm };
}

/** Reads an action's checked form fields into its engine request; errors go to the form. */
export type FormRequest<Id extends ToolId> = (
  fields: ActionFields<Id>,
  context: RequestContext,
) => Promise<BuiltRequest<RequestOf<Id>> | undefined>;
