import type { ImageEngine } from '@roomcraft/engine';
import type { GenerationAdmission } from '../../platform/admission';

/** The embedded default: the in-process engine's own bounded queue decides. */
export function engineAdmission(engine: ImageEngine): GenerationAdmission {
  const leave = () => Promise.resolve();
  return { enter: () => Promise.resolve(engine.hasCapacity() ? leave : undefined) };
}
