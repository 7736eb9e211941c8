/** What the local engine's pool and its worker threads send each other. */
import type {
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
  | { kind: 'variant'; png: Uint8Array; width: number; height: number }
  | { kind: 'error'; errorKind: EngineError['kind']; message: string };
