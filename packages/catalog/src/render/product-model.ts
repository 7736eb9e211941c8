/** The shape every parametric product shares: defaults in cm plus a builder to an SDF scene. */
import type { BodyFinish } from './materials';
import type { SdfNode } from './sdf';

/** A product's catalogue size in cm: width (x), depth (z, front to back), height (y). */
export interface ProductDimensions {
  width: number;
  depth: number;
  height: number;
}

export interface ProductModel<P extends object> {
  label: string;
  /** How the product's chosen colour (the `body` slot) looks: upholstery, lacquer, metal… */
  bodyFinish: BodyFinish;
  /** Stands on the floor, so shots get a contact shadow; false for wall and ceiling pieces. */
  grounded: boolean;
  /** Overrides of the standard 3/4 camera, e.g. a higher view for rugs. */
  view?: { azimuthDeg?: number; elevationDeg?: number };
  defaults: P;
  /**
   * Builds the product standing on y = 0, centred on x = z = 0, front facing +z. A method (not a
   * property) so any model can be handled as a `ProductModel<object>` with its own defaults.
   */
  build(params: P): SdfNode;
  /** The parameters that give the model a catalogue product's overall size. */
  fromDimensions(size: ProductDimensions): Partial<P>;
}

export function defineProduct<P extends object>(model: ProductModel<P>): ProductModel<P> {
  return model;
}
