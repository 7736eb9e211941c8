import type { ImageEngine } from '@roomcraft/engine';

/**
 * Whether one more paid generation may start (spec: a full engine answers 503 and charges
 * nothing). `enter` answers a way to leave when there is room, undefined when there is none.
 */
export interface GenerationAdmission {
  enter(): Promise<(() => Promise<void>) | undefined>;
}

/** The embedded default: the in-process engine's own bounded queue decides. */
export function engineAdmission(engine: ImageEngine): GenerationAdmission {
  const leave = () => Promise.resolve();
  return { enter: () => Promise.resolve(engine.hasCapacity() ? leave : undefined) };
}
