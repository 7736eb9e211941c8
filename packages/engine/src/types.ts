/**
 * The image engine's one interface (ARCHITECTURE §6): an operation per action. Images cross it
 * as encoded bytes (JPEG, PNG or WebP in; PNG out, so an output keeps every pixel the action
 * did not touch exactly as it was).
 */
import type { ProductCategory, SurfaceName } from '@roomcraft/contracts';

export type { SurfaceName };

/** A point in image pixels of the state image. */
export interface Point {
  x: number;
  y: number;
}

/** A click for click-to-segment: include (1) or exclude (0) the thing under it. */
export interface ClickPoint extends Point {
  label: 0 | 1;
}

/** One thing the detector found: a human label and an outline (polygon) in image pixels. */
export interface DetectedElement {
  label: string;
  /** The COCO class it came from, e.g. `couch`; kept for product matching. */
  category: string;
  score: number;
  /** The bounding box's corners, clockwise from the top left, in image pixels. */
  box: Point[];
  /** The object's real outline (its outer contour, clockwise), when the engine traced one. */
  polygon?: Point[];
  /**
   * For a detector box the room parse saw: the parse's classes it holds, the largest first, in
   * lower case (a detector "Chair" over the parse's armchair: `['armchair']`). Absent otherwise.
   */
  kinds?: string[];
  /**
   * For a detector box over a one-seat region of the parse (an armchair, a chair): how many
   * seats the detector framed in it, when more than one — two armchairs side by side the parse
   * could not part. Absent for one.
   */
  seats?: number;
  /**
   * Its width on the floor (cm) from the room camera: the floor distance across its outline's
   * lowest row, the front of its footprint. Absent without the parse or above the horizon.
   */
  widthCm?: number;
}

/** A paint or fill colour: a hex colour, or a swatch image whose dominant colour is used. */
export type ColourSource = { hex: string } | { swatch: Buffer };

/** A product to place: the catalogue row plus what the renderer needs to draw it. */
export interface PlacementProduct {
  id: string;
  category: ProductCategory;
  name: string;
  /** Centimetres. */
  dimensions: { width: number; depth: number; height: number };
  /** The chosen colour as #rrggbb. */
  colour: string;
  /** What it is made of, main material first ("Leather", "Oak"): the rendered body's texture. */
  materials?: readonly string[];
  /** Shape parameters of the category's parametric model (demo products): rendered in 3D. */
  model?: Record<string, string | number | boolean>;
  /** A PNG cut-out with alpha (imported products without a model): composited in 2D. */
  cutout?: Buffer;
}

/** A style's target look (from contracts' DESIGN_CONFIG.styles). */
export interface StyleTarget {
  id: string;
  name: string;
  /** Reference colours, darkest structural tone first. */
  palette: string[];
}

/** A floor or material texture: a seamless tile and the real-world width it covers. */
export interface TextureSource {
  image: Buffer;
  /** Real-world width of one tile in cm; 60 when unknown (an upload). */
  tileSizeCm?: number;
}

interface Base {
  /** The current image (state_image). */
  image: Buffer;
  /** How many variants to make, 1–4; each differs visibly from the others. */
  quantity: number;
  /** Seed for the variants' randomness, so a request can be reproduced. */
  seed?: number;
}

/**
 * The masked_image as sent: a PNG at the natural size of the state image; a pixel is selected
 * where its alpha is above 127, or, for an image without alpha, where its luminance is above 127.
 */
type Mask = Buffer;

export type GenerateRequest =
  | (Base & { op: 'wall_paint'; mask: Mask; colour: ColourSource })
  | (Base & {
      op: 'floors';
      texture: TextureSource;
      /** A region the user painted: the floor within it. */
      mask?: Mask;
      /** Keep the rug (default) or lay the new floor over it too (the form's `rug` field). */
      rug?: 'keep' | 'replace';
    })
  | (Base & {
      op: 'change_material';
      mask: Mask;
      colour: string;
      /** A texture for the material, when one is known; colour alone otherwise. */
      texture?: TextureSource;
    })
  | (Base & { op: 'remove_elements'; mask: Mask })
  | (Base & {
      op: 'add_elements';
      mask: Mask;
      /** One product per variant (the list cycles when shorter than quantity). */
      products: PlacementProduct[];
    })
  | (Base & {
      op: 'change_furniture';
      /** The element to replace: its region as a mask. */
      mask: Mask;
      products: PlacementProduct[];
    })
  | (Base & {
      op: 'architectural_style';
      style: StyleTarget;
      /** 0–1, from the design mode. */
      strength: number;
      /** The space type or sub type (e.g. living_room), for providers that write a prompt. */
      spaceType?: string;
      /**
       * The redesign of each variant (variant k carries out plans[k % length]): walls, floor,
       * furniture swaps and decor, then the grade at a light strength (ops/redesign.ts). Absent:
       * the grade alone, as before. Remote providers ignore it.
       */
      plans?: RedesignPlan[];
    });

export type GenerateOp = GenerateRequest['op'];

/** One variant's redesign (docs/decisions/025); every step is optional. */
export interface RedesignPlan {
  /** Paint every wall the room parse sees in this colour. */
  walls?: { hex: string };
  /** Lay this floor on the floor the parse sees (a real rug is kept). */
  floor?: { id: string; texture: TextureSource };
  /** Swap a piece the photo shows (its outline, image pixels) for a catalogue product. */
  swaps?: { outline: Point[]; product: PlacementProduct }[];
  /** Add decor where the room has free floor (rug, plant, lamp) or free wall (art). */
  decor?: PlacementProduct[];
}

/** Where an applied step shows in the image: its share of the pixels and its box (image px). */
export interface AppliedRegion {
  share: number;
  box: { x: number; y: number; width: number; height: number };
}

/** What a redesign did to one image: each step it carried out and where it shows. */
export type AppliedItem =
  | { kind: 'paint'; hex: string; region: AppliedRegion }
  | { kind: 'floor'; id: string; region: AppliedRegion }
  | { kind: 'product'; id: string; colour: string; role: 'swap' | 'decor'; region: AppliedRegion };

export interface GenerateResult {
  /** PNG images, `quantity` of them, each the natural size of the input. */
  images: Buffer[];
  width: number;
  height: number;
  /**
   * Per image (same order): the floor laid or wall painted in m², an estimate from the room
   * camera, or null where it cannot be estimated. Absent from engines that do not estimate it
   * (the remote engine) and for actions without a surface quantity.
   */
  areasM2?: (number | null)[];
  /**
   * Per image, what a redesign applied (architectural_style with plans, local engine only);
   * absent for every other request.
   */
  applied?: (AppliedItem[] | undefined)[];
}

/**
 * A refusal a client can act on, named so each client says what to do in its own words (the web
 * names its controls; the engine does not).
 */
export const ENGINE_REFUSALS = ['floor_under_rugs'] as const;
export type EngineRefusal = (typeof ENGINE_REFUSALS)[number];

/** Why the engine refused or failed; the server maps `kind` to an HTTP status. */
export class EngineError extends Error {
  constructor(
    readonly kind: 'invalid_input' | 'model_missing' | 'busy' | 'timeout' | 'provider' | 'failed',
    message: string,
    /** Set on a refusal a client can act on; travels to the client as the answer's `code`. */
    readonly refusal?: EngineRefusal,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export interface ImageEngine {
  readonly name: string;
  /** False when the engine's bounded queue is full; callers answer 503 without charging. */
  hasCapacity(): boolean;
  detectElements(image: Buffer, signal?: AbortSignal): Promise<DetectedElement[]>;
  /** A PNG mask (white = selected, black elsewhere) at the image's size. */
  segment(image: Buffer, points: ClickPoint[], signal?: AbortSignal): Promise<Buffer>;
  /**
   * A PNG mask (white = selected) of one surface of the room at the image's size: only the
   * pixels where that surface is seen, whatever stands in front of it left out. Empty (all
   * black) when the photo shows none of it.
   */
  surface(image: Buffer, surface: SurfaceName, signal?: AbortSignal): Promise<Buffer>;
  generate(request: GenerateRequest, signal?: AbortSignal): Promise<GenerateResult>;
  close(): Promise<void>;
}
