/**
 * The AI actions (spec §3, §5, §7): every input is checked before a credit moves; a generation
 * is paid for up front through the ledger and refunded if the engine fails, times out or its
 * images cannot be stored (ARCHITECTURE §5). The work sits in one file per seam: free calls
 * (free-calls.ts), checking a form into a job (generation-job.ts, with one request builder per
 * action in requests/), and paying and running (paid-generation.ts).
 */
import type {
  FurnitureReplacementsRequest,
  GenerationAnswer,
  SegmentRequest,
  SurfaceRequest,
  ToolId,
} from '@roomcraft/contracts';
import type { AssistantInterpretation, ImageEngine } from '@roomcraft/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../platform/clock';
import type { ObjectStorage } from '../../platform/storage';
import type { ImagesService } from '../images/images.service';
import type { LibraryService } from '../library/library.service';
import type { GenerationAdmission } from '../../platform/admission';
import { engineAdmission } from './admission';
import { FreeCalls } from './free-calls';
import { prepareJob, type JobDeps } from './generation-job';
import type { GenerationLease } from './generations';
import { PaidGenerations } from './paid-generation';
import { ProductChoice } from './product-choice';
import type { GenerateFiles } from './requests/request-context';

export { GENERATE_FILE_FIELDS, type GenerateFiles } from './requests/request-context';

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

export class ActionsService {
  private readonly free: FreeCalls;
  private readonly paid: PaidGenerations;
  private readonly jobs: JobDeps;

  constructor(deps: ActionsDeps) {
    const products = new ProductChoice(deps);
    this.paid = new PaidGenerations({
      ...deps,
      admission: deps.admission ?? engineAdmission(deps.engine),
    });
    this.free = new FreeCalls({ ...deps, products, open: () => this.paid.open });
    this.jobs = { ...deps, products };
  }

  spaceElements(userId: number, upload: Buffer | undefined, url: string | undefined) {
    return this.free.spaceElements(userId, upload, url);
  }

  segment(userId: number, request: SegmentRequest) {
    return this.free.segment(userId, request);
  }

  surface(userId: number, request: SurfaceRequest) {
    return this.free.surface(userId, request);
  }

  furnitureReplacements(request: FurnitureReplacementsRequest) {
    return this.free.furnitureReplacements(request);
  }

  /** Checks a generate form completely, then charges, runs and stores (or refunds). */
  async generate(
    userId: number,
    actionId: ToolId,
    rawFields: Record<string, unknown>,
    files: GenerateFiles,
  ): Promise<GenerationAnswer> {
    const job = await prepareJob(this.jobs, userId, actionId, rawFields, files);
    return this.paid.run(userId, job);
  }

  /** Graceful shutdown; answers how many running generations were refunded. */
  drain(graceMs: number): Promise<number> {
    return this.paid.drain(graceMs);
  }
}
