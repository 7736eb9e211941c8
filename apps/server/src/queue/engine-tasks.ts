/**
 * What crosses the generation queue (decision 018): an engine call and its answer, as V8's
 * structured serialization in base64, so Buffers and typed arrays arrive as they left (the same
 * encoding the process pool uses over IPC). Errors cross as `kind:message` (`kind/refusal:message`
 * for a refusal a client can act on) to keep the engine's error kind, which the API maps to an HTTP
 * status and a refund note.
 */
import {
  ENGINE_REFUSALS,
  EngineError,
  type ClickPoint,
  type GenerateRequest,
  type ImageEngine,
  type SurfaceName,
} from '@roomcraft/engine';
import { deserialize, serialize } from 'node:v8';

export const GENERATION_QUEUE = 'roomcraft-engine';

export type EngineTask =
  | { kind: 'generate'; request: GenerateRequest }
  | { kind: 'detect'; image: Buffer }
  | { kind: 'segment'; image: Buffer; points: ClickPoint[] }
  | { kind: 'surface'; image: Buffer; surface: SurfaceName };

export interface TaskData {
  task: string;
}
export interface TaskResult {
  result: string;
}

export const encode = (value: unknown) => serialize(value).toString('base64');
export const decode = (text: string): unknown => deserialize(Buffer.from(text, 'base64'));

/** Runs a task on an engine: what a worker process does with each job. */
export function runTask(engine: ImageEngine, task: EngineTask, signal: AbortSignal) {
  switch (task.kind) {
    case 'generate':
      return engine.generate(task.request, signal);
    case 'detect':
      return engine.detectElements(task.image, signal);
    case 'segment':
      return engine.segment(task.image, task.points, signal);
    case 'surface':
      return engine.surface(task.image, task.surface, signal);
  }
}

const KINDS = ['invalid_input', 'model_missing', 'busy', 'timeout', 'provider', 'failed'] as const;

/** The message a failed job carries: the engine's kind, its refusal code if any, and message. */
export function failureMessage(error: unknown) {
  if (error instanceof EngineError) {
    const head = error.refusal ? `${error.kind}/${error.refusal}` : error.kind;
    return `${head}:${error.message}`;
  }
  return `failed:${error instanceof Error ? error.message : String(error)}`;
}

/** The engine error a failed job stands for; a stalled job (its worker died) is `failed`. */
export function failureOf(message: string): EngineError {
  const index = message.indexOf(':');
  const [kindName, refusalName] = message.slice(0, Math.max(0, index)).split('/');
  const kind = KINDS.find((name) => name === kindName);
  const refusal = ENGINE_REFUSALS.find((name) => name === refusalName);
  return kind
    ? new EngineError(kind, message.slice(index + 1), refusal)
    : new EngineError('failed', `The engine worker failed: ${message}`);
}
