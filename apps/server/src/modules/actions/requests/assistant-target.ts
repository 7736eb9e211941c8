/**
 * Where an assistant instruction applies, found in the photo before anything is charged (issue
 * 11): the whole room for a style, the room parse's surface for "the walls" or "the floor", the
 * space elements' outline for "the sofa". The user's mask, when one was painted with the
 * assistant, narrows it. Both engine calls are free (like space elements and surfaces); a target
 * that is not in the photo is a sentence for the user and costs nothing.
 */
import {
  decodeMask,
  encodeMask,
  locateTarget,
  type AssistantTarget,
  type DetectedElement,
  type ImageEngine,
  type LocateOptions,
  type Located,
} from '@roomcraft/engine';
import type { StateImage } from '../action-inputs';

/** Runs one free engine call under the caller's deadline. */
export type EngineCall = <T>(work: (signal: AbortSignal) => Promise<T>) => Promise<T>;

/** The located target: the mask to act on as a PNG (none for the whole room), and what it holds. */
export type AssistantPlace =
  | { ok: true; mask: Buffer | undefined; found: readonly DetectedElement[] }
  | { ok: false; reason: string };

export async function locateAssistantTarget(
  engine: Pick<ImageEngine, 'detectElements' | 'surface'>,
  call: EngineCall,
  target: AssistantTarget,
  state: StateImage,
  userMask: Buffer | undefined,
  options: LocateOptions = {},
): Promise<AssistantPlace> {
  const { width, height } = state;
  const painted = userMask ? await decodeMask(userMask, width, height) : null;
  let elements: DetectedElement[] | undefined;
  let surface: Awaited<ReturnType<typeof decodeMask>> | null = null;
  if (target.kind === 'object') {
    elements = await call((signal) => engine.detectElements(state.bytes, signal));
  } else if (target.kind === 'surface') {
    const png = await call((signal) => engine.surface(state.bytes, target.surface, signal));
    surface = await decodeMask(png, width, height).catch(() => null);
  }
  const located: Located = locateTarget(
    target,
    { width, height, ...(elements ? { elements } : {}), surface },
    painted,
    options,
  );
  if (!located.ok) return located;
  // The user's own mask travels as sent; a found one is encoded once.
  const mask =
    located.mask === null
      ? undefined
      : located.mask === painted
        ? userMask
        : await encodeMask(located.mask);
  return { ok: true, mask, found: located.found };
}
