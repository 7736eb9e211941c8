/** What the local engine's pool and its worker processes send each other. */
import type {
  AppliedItem,
  ClickPoint,
  DetectedElement,
  EngineError,
  GenerateRequest,
  SurfaceName,
} from './types';

export interface WorkerData {
  modelsDir: string;
  allowDownload: boolean;
}

export type WorkerTask =
  | { kind: 'detect'; image: Uint8Array }
  | { kind: 'segment'; image: Uint8Array; points: ClickPoint[] }
  | { kind: 'surface'; image: Uint8Array; surface: SurfaceName }
  /** One variant of a generation: the whole request, and which variant (0-based) to make. */
  | { kind: 'variant'; request: GenerateRequest; variant: number };

export type WorkerResult =
  | { kind: 'detect'; elements: DetectedElement[] }
  | { kind: 'segment'; mask: Uint8Array }
  | { kind: 'surface'; mask: Uint8Array }
  | {
      kind: 'variant';
      png: Uint8Array;
      width: number;
      height: number;
      /**
       * Floors and wall paint: the surface the variant covers in m², estimated from the room
       * camera (geometry/surface-area.ts); absent where the camera cannot say. Optional, so a
       * worker or reader without it still fits the protocol.
       */
      areaM2?: number;
      /** What a redesign applied to this image (architectural_style with plans only). */
      applied?: AppliedItem[];
    }
  | {
      kind: 'error';
      errorKind: EngineError['kind'];
      message: string;
      refusal?: EngineError['refusal'];
    };

/** Pool → worker: run a task, or stop the running one at its next checkpoint. */
export type ParentMessage =
  { kind: 'task'; id: number; task: WorkerTask } | { kind: 'cancel'; id: number };

/** Worker → pool: the answer to a task (an error travels as a result, see dispatch.ts). */
export type ChildMessage = { kind: 'result'; id: number; result: WorkerResult };

/** The environment variable that carries WorkerData to a worker process. */
export const WORKER_SETTINGS_ENV = 'ROOMCRAFT_ENGINE_SETTINGS';
