import type { SpaceElement } from '@roomcraft/contracts';

/**
 * The outline of a space element as the person sees and chooses it (Change furniture): its real
 * polygon when the engine traced one, else its box.
 */
export function elementOutline(element: SpaceElement): SpaceElement['box'] {
  return element.polygon !== undefined && element.polygon.length >= 3
    ? element.polygon
    : element.box;
}
