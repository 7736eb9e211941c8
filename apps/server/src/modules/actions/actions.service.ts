/**
 * The AI actions (spec §3, §5, §7): every input is checked before a credit moves; a generation
 * is paid for up front through the ledger and refunded if the engine fails, times out or its
 * images cannot be stored (ARCHITECTURE §5).
 */
import {
  DESIGN_MODES,
  GENERATE_FIELD_SCHEMAS,
  MASK_REQUIRED,
  categoriesFromWords,
  fieldErrors,
  findDesignMode,
  findStyle,
  forcesSingleDesign,
  generationCost,
  messages,
  spaceMessages,
  spaceSubTypeBelongs,
  type ActionId,
  type FurnitureReplacementsRequest,
  type GenerateFields,
  type GenerateRoute,
  type GenerationAnswer,
  type ImageUsed,
  type Product,
  type SegmentRequest,
  type SpaceElementsAnswer,
  type SurfaceRequest,
} from '@roomcraft/contracts';
import { findTexture, renderTexture, textureCatalog } from '@roomcraft/catalog';
import {
  EngineError,
  type AssistantInterpretation,
  type AssistantPlan,
  type ColourSource,
  type GenerateRequest,
  type ImageEngine,
  type PlacementProduct,
  type StyleTarget,
  type TextureSource,
} from '@roomcraft/engine';
import type { FastifyBaseLogger } from 'fastify';
import { randomInt, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { ImageRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { ObjectStorage } from '../../platform/storage';
import { imageUrl, readStream, storageKey, type ImagesService } from '../images/images.service';
import type { LibraryService } from '../library/library.service';
import { ActionInputs, FieldErrors, outlineMask, type StateImage } from './action-inputs';
import { creditBalance, textureByImage, textureById } from './actions.repository';
import { findGeneration } from './generations.repository';
import {
  completeGeneration,
  refundGeneration,
  startGeneration,
  type GenerationLease,
  type RefundOutcome,
} from './generations';
import { DEFAULT_ADD_CATEGORIES, ProductChoice } from './product-choice';
import { usedRecords, type TexturePick } from './used-record';
import { engineAdmission, type GenerationAdmission } from './admission';

/** The file parts a generate form may carry. */
export const GENERATE_FILE_FIELDS = [
  'state_image',
  'masked_image',
  'color_image',
  'texture_image',
] as const;
export type GenerateFileField = (typeof GENERATE_FILE_FIELDS)[number];
export type GenerateFiles = Partial<Record<GenerateFileField, Buffer>>;

/** A checked generation, ready to be paid for and run. */
interface Job {
  /** The action whose credits are charged (the assistant's own, whatever it plans). */
  chargedAction: ActionId;
  quantity: number;
  request: GenerateRequest;
  /** The library texture a floors or material request carries, for the `used` record. */
  texture?: TexturePick;
}

export interface ActionsDeps {
  db: Database;
  engine: ImageEngine;
  images: ImagesService;
  library: LibraryService;
  catalogueStorage: ObjectStorage;
  clock: Clock;
  /** The assistant's interpreter for a space type (its materials differ outdoors). */
  interpret: (text: string, spaceType: string | undefined) => AssistantInterpretation;
  /** How long one engine call may take before it is abandoned (and refunded). */
  timeoutMs: number;
  /** Whether a paid generation may start; by default the engine's own bounded queue decides. */
  admission?: GenerationAdmission;
  /** This process's lease on the generations it runs (several processes, one database). */
  lease?: GenerationLease;
  log: FastifyBaseLogger;
}

const busy = () => new HttpError(503, messages.engineBusy);

export class ActionsService {
  private readonly products: ProductChoice;
  /** Set at shutdown: no new engine work is taken. */
  private draining = false;
  /** This process's generations between debit and settlement, by ledger reference. */
  private readonly running = new Map<
    string,
    {
      generation: { reference: string; userId: number; cost: number };
      stop: AbortController;
      done: Promise<void>;
    }
  >();

  private readonly admission: GenerationAdmission;

  constructor(private readonly deps: ActionsDeps) {
    this.products = new ProductChoice(deps);
    this.admission = deps.admission ?? engineAdmission(deps.engine);
  }

  // ---------------------------------------------------------------- free calls

  /** Detects the space's elements; an uploaded base image is stored as the user's first. */
  async spaceElements(
    userId: number,
    upload: Buffer | undefined,
    url: string | undefined,
  ): Promise<SpaceElementsAnswer> {
    const errors = new FieldErrors();
    // A full engine stores nothing and answers at once.
    if (this.draining || !this.deps.engine.hasCapacity()) throw busy();
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
    const found = await this.withDeadline((signal) =>
      this.deps.engine.detectElements(image, signal),
    ).catch((error: unknown) => {
      throw freeCallError(error);
    });
    return {
      baseImage,
      elements: found.map(({ label, box, polygon }) => ({
        label,
        box,
        ...(polygon ? { polygon } : {}),
      })),
      remainingCredits: await creditBalance(this.deps.db, userId),
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
    if (this.draining || !this.deps.engine.hasCapacity()) throw busy();
    const mask = await this.withDeadline((signal) =>
      this.deps.engine.segment(image.bytes, request.points, signal),
    ).catch((error: unknown) => {
      throw freeCallError(error);
    });
    return { mask: `data:image/png;base64,${mask.toString('base64')}` };
  }

  /** A surface of the room by name (wall, ceiling, floor) on one of the user's images. Free. */
  async surface(userId: number, request: SurfaceRequest) {
    const errors = new FieldErrors();
    const image = await this.inputs(userId, errors).storedImage('image', request.image);
    if (!image) throw errors.failure();
    if (this.draining || !this.deps.engine.hasCapacity()) throw busy();
    const mask = await this.withDeadline((signal) =>
      this.deps.engine.surface(image.bytes, request.surface, signal),
    ).catch((error: unknown) => {
      throw freeCallError(error);
    });
    return { mask: `data:image/png;base64,${mask.toString('base64')}` };
  }

  /** Catalogue products that could replace a detected element, best style match first. */
  furnitureReplacements(request: FurnitureReplacementsRequest): Promise<Product[]> {
    const categories = categoriesFromWords(request.furniture);
    if (categories.length === 0) return Promise.resolve([]);
    return this.products.ranked({
      categories,
      style: request.design_style,
      spaceType: request.space_type,
      budgetMin: request.budget_min,
      budgetMax: request.budget_max,
    });
  }

  // ---------------------------------------------------------------- generations

  /** Checks a generate form completely, then charges, runs and stores (or refunds). */
  async generate(
    userId: number,
    route: GenerateRoute,
    rawFields: Record<string, unknown>,
    files: GenerateFiles,
  ): Promise<GenerationAnswer> {
    const job = await this.prepare(userId, route, rawFields, files);
    return this.run(userId, job);
  }

  private async prepare(
    userId: number,
    route: GenerateRoute,
    rawFields: Record<string, unknown>,
    files: GenerateFiles,
  ): Promise<Job> {
    const errors = new FieldErrors();
    const inputs = this.inputs(userId, errors);
    const stateUrl = typeof rawFields.state_image === 'string' ? rawFields.state_image : undefined;
    const state = await inputs.image('state_image', files.state_image, stateUrl);
    let mask: Buffer | undefined;
    if (state && files.masked_image) {
      mask = await inputs.mask('masked_image', files.masked_image, state);
    } else if (MASK_REQUIRED[route] && !files.masked_image) {
      errors.add('masked_image', messages.maskEmpty);
    }
    if (!state) {
      // Still report the other fields' problems, all at once.
      parseFields(GENERATE_FIELD_SCHEMAS[route], rawFields, errors);
      throw errors.failure();
    }
    const job = await this.buildJob(route, rawFields, { state, mask, files, inputs, errors });
    if (!errors.empty || !job) throw errors.failure();
    return job;
  }

  /** Parses the route's own fields (reporting their errors) and builds its job. */
  private async buildJob(
    route: GenerateRoute,
    raw: Record<string, unknown>,
    form: Form,
  ): Promise<Job | undefined> {
    const { errors } = form;
    switch (route) {
      case 'architectural-style': {
        const fields = parseFields(GENERATE_FIELD_SCHEMAS[route], raw, errors);
        return fields && this.architecturalStyle(fields, form);
      }
      case 'wall-paint': {
        const fields = parseFields(GENERATE_FIELD_SCHEMAS[route], raw, errors);
        return fields && this.wallPaint(fields, form);
      }
      case 'floors': {
        const fields = parseFields(GENERATE_FIELD_SCHEMAS[route], raw, errors);
        return fields && this.floors(fields, form);
      }
      case 'add-elements': {
        const fields = parseFields(GENERATE_FIELD_SCHEMAS[route], raw, errors);
        return fields && this.addElements(fields, form);
      }
      case 'remove-elements': {
        const fields = parseFields(GENERATE_FIELD_SCHEMAS[route], raw, errors);
        return fields && this.removeElements(fields, form);
      }
      case 'change-material': {
        const fields = parseFields(GENERATE_FIELD_SCHEMAS[route], raw, errors);
        return fields && this.changeMaterial(fields, form);
      }
      case 'furniture': {
        const fields = parseFields(GENERATE_FIELD_SCHEMAS[route], raw, errors);
        return fields && this.furniture(fields, form);
      }
      case 'ai-assistant': {
        const fields = parseFields(GENERATE_FIELD_SCHEMAS[route], raw, errors);
        return fields && this.assistant(fields, form);
      }
    }
  }

  private architecturalStyle(
    fields: GenerateFields<'architectural-style'>,
    form: Form,
  ): Job | undefined {
    const style = findStyle(fields.design_style);
    if (!style) return undefined;
    const mode = fields.design_mode ? findDesignMode(fields.design_mode) : balancedMode();
    return {
      chargedAction: 'architectural_style',
      quantity: fields.quantity,
      request: {
        op: 'architectural_style',
        image: form.state.bytes,
        quantity: fields.quantity,
        seed: newSeed(),
        style: styleTarget(style),
        strength: mode?.strength ?? balancedMode().strength,
      },
    };
  }

  private async wallPaint(fields: GenerateFields<'wall-paint'>, form: Form) {
    const colour = await this.colourSource(fields, form);
    if (!colour || !form.mask) return undefined;
    return {
      chargedAction: 'paints',
      quantity: 1,
      request: {
        op: 'wall_paint',
        image: form.state.bytes,
        quantity: 1,
        seed: newSeed(),
        mask: form.mask,
        colour,
      },
    } satisfies Job;
  }

  /** Spec: "Wall paint: a colour, either a library item or an uploaded image." */
  private async colourSource(
    fields: GenerateFields<'wall-paint'>,
    form: Form,
  ): Promise<ColourSource | undefined> {
    if (fields.color) return { hex: fields.color };
    if (fields.color_url) {
      const swatch = await form.inputs.userOrCatalogueImage('color_url', fields.color_url);
      return swatch ? { swatch } : undefined;
    }
    if (form.files.color_image) {
      const swatch = await form.inputs.smallUpload('color_image', form.files.color_image);
      return swatch ? { swatch } : undefined;
    }
    form.errors.add('color', messages.colourRequired);
    return undefined;
  }

  private async floors(fields: GenerateFields<'floors'>, form: Form) {
    const texture = await this.textureSource(fields, form);
    if (!texture) return undefined;
    const key =
      fields.texture_url && /^\/api\/library\/images\/(.+)$/.exec(fields.texture_url)?.[1];
    const row = key ? await textureByImage(this.deps.db, key) : undefined;
    return {
      chargedAction: 'floors',
      texture: row ? { id: row.id, name: row.name } : undefined,
      quantity: 1,
      request: {
        op: 'floors',
        image: form.state.bytes,
        quantity: 1,
        seed: newSeed(),
        texture,
        ...(form.mask ? { mask: form.mask } : {}),
      },
    } satisfies Job;
  }

  /** Spec: "Floors: a template, either an item or an uploaded image." */
  private async textureSource(
    fields: GenerateFields<'floors'>,
    form: Form,
  ): Promise<TextureSource | undefined> {
    if (fields.texture_url) {
      const key = /^\/api\/library\/images\/(.+)$/.exec(fields.texture_url)?.[1];
      const row = key ? await textureByImage(this.deps.db, key) : undefined;
      const image = await form.inputs.userOrCatalogueImage('texture_url', fields.texture_url);
      if (!image) return undefined;
      return row ? { image, tileSizeCm: row.tile_size_cm } : { image };
    }
    if (form.files.texture_image) {
      const image = await form.inputs.smallUpload('texture_image', form.files.texture_image);
      return image ? { image } : undefined;
    }
    form.errors.add('texture_url', messages.textureRequired);
    return undefined;
  }

  private async addElements(fields: GenerateFields<'add-elements'>, form: Form) {
    const categories = categoriesFromWords(fields.prompt ?? '');
    const products = await this.chooseProducts(form, fields.quantity, {
      productId: fields.product_id,
      field: fields.product_id ? 'product_id' : 'prompt',
      wish: {
        categories: categories.length > 0 ? categories : DEFAULT_ADD_CATEGORIES,
        style: fields.design_style,
        spaceType: fields.space_type,
        budgetMin: fields.budget_min,
        budgetMax: fields.budget_max,
      },
    });
    if (!products || !form.mask) return undefined;
    return {
      chargedAction: 'add_elements',
      quantity: fields.quantity,
      request: {
        op: 'add_elements',
        image: form.state.bytes,
        quantity: fields.quantity,
        seed: newSeed(),
        mask: form.mask,
        products,
      },
    } satisfies Job;
  }

  private removeElements(fields: GenerateFields<'remove-elements'>, form: Form): Job | undefined {
    if (!form.mask) return undefined;
    return {
      chargedAction: 'remove_elements',
      quantity: fields.quantity,
      request: {
        op: 'remove_elements',
        image: form.state.bytes,
        quantity: fields.quantity,
        seed: newSeed(),
        mask: form.mask,
      },
    };
  }

  private async changeMaterial(fields: GenerateFields<'change-material'>, form: Form) {
    if (!form.mask) return undefined;
    const texture = fields.material ? await this.materialTexture(fields.material) : undefined;
    return {
      chargedAction: 'change_material',
      texture: fields.material ? this.texturePick(fields.material) : undefined,
      quantity: fields.quantity,
      request: {
        op: 'change_material',
        image: form.state.bytes,
        quantity: fields.quantity,
        seed: newSeed(),
        mask: form.mask,
        colour: fields.color,
        ...(texture ? { texture } : {}),
      },
    } satisfies Job;
  }

  private async furniture(fields: GenerateFields<'furniture'>, form: Form) {
    let mask = form.mask;
    if (!mask && !form.files.masked_image) {
      if (!fields.box || fields.box.length < 2) {
        form.errors.add('box', "Select the element's outline");
        return undefined;
      }
      mask = await form.inputs.mask('box', await outlineMask(fields.box, form.state), form.state);
    }
    const categories = categoriesFromWords(fields.furniture);
    if (!fields.product_id && categories.length === 0) {
      form.errors.add('furniture', 'No catalogue category matches this element');
      return undefined;
    }
    const products = await this.chooseProducts(form, fields.quantity, {
      productId: fields.product_id,
      colour: fields.color,
      field: fields.product_id ? 'product_id' : 'furniture',
      wish: {
        categories,
        style: fields.design_style,
        spaceType: fields.space_type,
        budgetMin: fields.budget_min,
        budgetMax: fields.budget_max,
      },
    });
    if (!products || !mask) return undefined;
    return {
      chargedAction: 'furniture',
      quantity: fields.quantity,
      request: {
        op: 'change_furniture',
        image: form.state.bytes,
        quantity: fields.quantity,
        seed: newSeed(),
        mask,
        products,
      },
    } satisfies Job;
  }

  /** Interprets the instruction, then builds the planned action's job; charged as the assistant. */
  private async assistant(fields: GenerateFields<'ai-assistant'>, form: Form) {
    if (!form.mask) return undefined;
    const interpretation = this.deps.interpret(fields.prompt, fields.space_type);
    if (!interpretation.ok) {
      // Nothing is charged for an instruction the assistant cannot carry out.
      throw new HttpError(422, interpretation.reason, {
        errors: { prompt: [interpretation.reason] },
      });
    }
    const { plan } = interpretation;
    const request = await this.plannedRequest(plan, fields, form, form.mask);
    if (!request) return undefined;
    const texture =
      plan.action === 'floors'
        ? this.texturePick(undefined, plan.textureId)
        : plan.action === 'change_material' && plan.material
          ? this.texturePick(plan.material)
          : undefined;
    return {
      chargedAction: 'ai_assistant',
      quantity: request.quantity,
      request,
      texture,
    } satisfies Job;
  }

  private async plannedRequest(
    plan: AssistantPlan,
    fields: GenerateFields<'ai-assistant'>,
    form: Form,
    mask: Buffer,
  ): Promise<GenerateRequest | undefined> {
    const image = form.state.bytes;
    const seed = newSeed();
    const quantity = forcesSingleDesign(plan.action) ? 1 : fields.quantity;
    switch (plan.action) {
      case 'paints':
        return { op: 'wall_paint', image, quantity, seed, mask, colour: { hex: plan.hex } };
      case 'change_material': {
        const texture = plan.material ? await this.materialTexture(plan.material) : undefined;
        return {
          op: 'change_material',
          image,
          quantity,
          seed,
          mask,
          colour: plan.hex,
          ...(texture ? { texture } : {}),
        };
      }
      case 'floors': {
        const texture = await this.libraryTexture(plan.textureId);
        if (!texture) {
          form.errors.add('prompt', messages.assistantCannot);
          return undefined;
        }
        return { op: 'floors', image, quantity, seed, mask, texture };
      }
      case 'remove_elements':
        return { op: 'remove_elements', image, quantity, seed, mask };
      case 'add_elements': {
        const products = await this.chooseProducts(form, quantity, {
          field: 'prompt',
          wish: {
            categories: plan.category ? [plan.category] : DEFAULT_ADD_CATEGORIES,
            style: fields.design_style,
            spaceType: fields.space_type,
            budgetMin: fields.budget_min,
            budgetMax: fields.budget_max,
          },
        });
        return products ? { op: 'add_elements', image, quantity, seed, mask, products } : undefined;
      }
      case 'architectural_style': {
        const style = findStyle(plan.styleId);
        if (!style) {
          form.errors.add('prompt', messages.assistantCannot);
          return undefined;
        }
        return {
          op: 'architectural_style',
          image,
          quantity,
          seed,
          style: styleTarget(style),
          strength: balancedMode().strength,
        };
      }
    }
  }

  /** The user's pick (it must exist and be placeable), else the best fits in the catalogue. */
  private async chooseProducts(
    form: Form,
    quantity: number,
    choice: {
      productId?: string | undefined;
      colour?: string | undefined;
      field: string;
      wish: Parameters<ProductChoice['ranked']>[0];
    },
  ): Promise<PlacementProduct[] | undefined> {
    if (choice.productId) {
      const product = await this.products.byId(choice.productId, choice.colour);
      if (!product) form.errors.add('product_id', 'Unknown product');
      return product ? [product] : undefined;
    }
    const products = await this.products.placements(choice.wish, quantity, choice.colour);
    if (products.length === 0) {
      form.errors.add(choice.field, messages.noProductFits);
      return undefined;
    }
    return products;
  }

  /** The library texture a material name or texture id means, for the `used` record. */
  private texturePick(material: string | undefined, id = material && textureForMaterial(material)) {
    const definition = id ? findTexture(id) : undefined;
    if (definition) return { id: definition.id, name: definition.name };
    return material ? { id: null, name: material } : undefined;
  }

  /** A catalogue texture for a material name ("Oak" → the first texture named after oak). */
  private async materialTexture(material: string) {
    const id = textureForMaterial(material);
    return id ? this.libraryTexture(id) : undefined;
  }

  /** A library texture by id: the stored catalogue image, or rendered when none is stored. */
  private async libraryTexture(id: string): Promise<TextureSource | undefined> {
    const row = await textureById(this.deps.db, id);
    const object = row ? await this.deps.catalogueStorage.get(row.image) : undefined;
    if (row && object)
      return { image: await readStream(object.body), tileSizeCm: row.tile_size_cm };
    const definition = findTexture(id);
    if (!definition) return undefined;
    return { image: await renderTexture(definition), tileSizeCm: definition.tileSizeCm };
  }

  // ---------------------------------------------------------------- paying and running

  /**
   * Capacity → debit (recorded as running) → engine (with a deadline) → store → completed; any
   * failure after the debit refunds, and so does a shutdown that cannot wait for it.
   */
  private async run(userId: number, job: Job): Promise<GenerationAnswer> {
    if (this.draining) throw busy();
    const leave = await this.admission.enter();
    if (!leave) throw busy();
    try {
      return await this.runAdmitted(userId, job);
    } finally {
      await leave().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'could not leave generation admission'),
      );
    }
  }

  private async runAdmitted(userId: number, job: Job): Promise<GenerationAnswer> {
    const { db, clock } = this.deps;
    const cost = generationCost(job.chargedAction, job.quantity);
    const generation = { reference: `gen_${randomUUID()}`, userId, cost };
    const at = clock.now();
    const { lease } = this.deps;
    await startGeneration(db, {
      ...generation,
      action: job.chargedAction,
      designs: job.quantity,
      at,
      ...(lease ? { lease: { owner: lease.owner, until: lease.until(at) } } : {}),
    });
    const stop = new AbortController();
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    this.running.set(generation.reference, { generation, stop, done });
    try {
      return await this.runPaid(generation, job, stop.signal);
    } finally {
      this.running.delete(generation.reference);
      finished();
    }
  }

  private async runPaid(
    generation: { reference: string; userId: number; cost: number },
    job: Job,
    stop: AbortSignal,
  ): Promise<GenerationAnswer> {
    const { db, engine, clock } = this.deps;
    const { reference, userId } = generation;
    const stored: ImageRow[] = [];
    let used: ImageUsed[] = [];
    try {
      const result = await this.withDeadline(
        (signal) => engine.generate(job.request, signal),
        stop,
      );
      if (result.images.length !== job.quantity) {
        throw new EngineError(
          'failed',
          `The engine made ${result.images.length} of ${job.quantity} images`,
        );
      }
      for (const png of result.images) {
        stored.push(await this.deps.images.storeGenerated(userId, png, result));
      }
      used = await usedRecords(db, job.request, job.texture, result.images);
      if (!(await completeGeneration(db, reference, clock.now()))) {
        // Settled meanwhile (a shutdown refunded it): the credits are back, the images go.
        throw new GenerationSettled();
      }
    } catch (error) {
      const outcome = refundOutcome(error, stop);
      this.deps.log.warn({ err: error, reference, outcome }, 'generation failed; refunding');
      await this.discard(stored).catch((cleanup: unknown) =>
        this.deps.log.error({ err: cleanup, reference }, 'could not remove partial outputs'),
      );
      if (!(error instanceof GenerationSettled)) {
        try {
          await refundGeneration(db, generation, outcome, clock.now());
        } catch (refundError) {
          // The generation stays running in the database: the next start refunds it.
          this.deps.log.error(
            { err: refundError, reference, userId, cost: generation.cost },
            'REFUND FAILED',
          );
          throw new HttpError(500, messages.somethingWentWrong);
        }
      }
      throw paidCallError(error, outcome);
    }
    return {
      images: stored.map((row) => imageUrl(storageKey(row))),
      used,
      remainingCredits: await creditBalance(db, userId),
    };
  }

  /**
   * Graceful shutdown: no new generation or engine call is taken (503), running ones may finish
   * within `graceMs`; the rest are stopped and refunded. Answers how many were refunded.
   */
  async drain(graceMs: number): Promise<number> {
    this.draining = true;
    const all = () => Promise.all([...this.running.values()].map((entry) => entry.done));
    if (this.running.size === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, graceMs, 'late')));
    const result = await Promise.race([all().then(() => 'done' as const), waited]);
    clearTimeout(timer);
    if (result === 'done') return 0;
    const late = [...this.running.values()];
    this.deps.log.warn({ count: late.length }, 'stopping generations still running at shutdown');
    for (const entry of late) entry.stop.abort(new EngineError('timeout', 'shutdown'));
    // Each stopped generation refunds itself; any that cannot within a moment is refunded here.
    await Promise.race([all(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    let refunded = 0;
    for (const { generation } of late) {
      const row = await findGeneration(this.deps.db, generation.reference);
      if (row?.status === 'refunded') refunded++;
      else if (
        row?.status === 'running' &&
        (await refundGeneration(this.deps.db, generation, 'shutdown', this.deps.clock.now()))
      ) {
        refunded++;
      }
    }
    return refunded;
  }

  private async discard(rows: ImageRow[]) {
    if (rows.length === 0) return;
    await this.deps.images.deleteRows(this.deps.db, rows);
    await this.deps.images.deleteFiles(rows);
  }

  /**
   * Runs an engine call that must finish within the configured time. The signal asks the engine
   * to stop; the race answers at the deadline even if an engine does not listen.
   */
  private async withDeadline<T>(
    work: (signal: AbortSignal) => Promise<T>,
    stop?: AbortSignal,
  ): Promise<T> {
    // A timer of our own, not AbortSignal.timeout combined by AbortSignal.any: the combined
    // signal holds its sources weakly, and a collected timeout signal never fires.
    const controller = new AbortController();
    let expire!: () => void;
    const deadline = new Promise<never>((_, reject) => {
      expire = () => {
        reject(new EngineError('timeout', 'The image engine did not answer in time'));
        controller.abort();
      };
    });
    // The race settles at once; nobody waits on the deadline afterwards.
    deadline.catch(() => undefined);
    const timer = setTimeout(expire, this.deps.timeoutMs);
    const onStop = () => expire();
    if (stop?.aborted) onStop();
    stop?.addEventListener('abort', onStop, { once: true });
    try {
      return await Promise.race([work(controller.signal), deadline]);
    } finally {
      clearTimeout(timer);
      stop?.removeEventListener('abort', onStop);
    }
  }

  private inputs(userId: number, errors: FieldErrors) {
    return new ActionInputs(this.deps, userId, errors);
  }
}

interface Form {
  state: StateImage;
  mask: Buffer | undefined;
  files: GenerateFiles;
  inputs: ActionInputs;
  errors: FieldErrors;
}

/** The fields as the schema reads them, or undefined with every problem added to `errors`. */
function parseFields<T>(schema: z.ZodType<T>, raw: unknown, errors: FieldErrors): T | undefined {
  const parsed = schema.safeParse(raw);
  if (parsed.success) {
    const { space_type: type, space_sub_type: subType } = parsed.data as {
      space_type?: string;
      space_sub_type?: string;
    };
    if (!type || !subType || spaceSubTypeBelongs(type, subType)) return parsed.data;
    errors.add('space_sub_type', spaceMessages.subTypeOfAnotherType);
    return undefined;
  }
  for (const [field, list] of Object.entries(fieldErrors(parsed.error.issues))) {
    for (const message of list) errors.add(field, message);
  }
  return undefined;
}

const newSeed = () => randomInt(0, 2 ** 31);
const balancedMode = () => DESIGN_MODES.find((mode) => mode.id === 'balanced') ?? { strength: 0.6 };
const styleTarget = (style: { id: string; name: string; palette: string[] }): StyleTarget => ({
  id: style.id,
  name: style.name,
  palette: style.palette,
});

/** The first catalogue texture named after the material ("Oak" → "Oak planks"). */
function textureForMaterial(material: string) {
  const wanted = material.toLowerCase();
  return textureCatalog.find((texture) => texture.name.toLowerCase().includes(wanted))?.id;
}

const isTimeout = (error: unknown) =>
  (error instanceof EngineError && error.kind === 'timeout') ||
  (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'));

/** Engine errors of a free call (detection, segmentation, surfaces). */
function freeCallError(error: unknown): unknown {
  if (isTimeout(error)) return new HttpError(504, messages.timeout);
  if (error instanceof EngineError) {
    if (error.kind === 'busy') return busy();
    if (error.kind === 'model_missing')
      return new HttpError(503, error.message, { code: 'model_missing' });
    if (error.kind === 'invalid_input') return new HttpError(422, error.message);
    return new HttpError(500, messages.somethingWentWrong);
  }
  return error;
}

/** The generation was refunded by someone else (a shutdown) while its result was being stored. */
class GenerationSettled extends Error {
  constructor() {
    super('The generation was settled before its result was stored');
  }
}

/** Why a paid generation is refunded, for its ledger row. */
function refundOutcome(error: unknown, stop: AbortSignal): RefundOutcome {
  if (stop.aborted || error instanceof GenerationSettled) return 'shutdown';
  return isTimeout(error) ? 'timeout' : 'failed';
}

/** Engine or storage errors of a generation, after its credits were refunded. */
function paidCallError(error: unknown, outcome: RefundOutcome): HttpError {
  if (outcome === 'shutdown') {
    return new HttpError(503, `${messages.engineBusy}. Your credits were refunded`);
  }
  if (isTimeout(error)) return new HttpError(504, messages.generationTimedOut, { code: 'timeout' });
  if (error instanceof EngineError) {
    if (error.kind === 'busy')
      return new HttpError(503, `${messages.engineBusy}. Your credits were refunded`);
    if (error.kind === 'model_missing') {
      return new HttpError(503, `${error.message} Your credits were refunded.`, {
        code: 'model_missing',
      });
    }
    if (error.kind === 'invalid_input') {
      return new HttpError(422, `${error.message}. Your credits were refunded`);
    }
  }
  return new HttpError(500, messages.generationFailed, { code: 'generation_failed' });
}
