/** The assistant's context from the app's own catalogue and configuration. */
import { PAINT_COLOURS } from '@roomcraft/catalog/paint-colours';
import { textureCatalog } from '@roomcraft/catalog';
import { DESIGN_CONFIG, PRODUCT_CATEGORIES } from '@roomcraft/contracts';
import type { AssistantContext } from './interpret';

/**
 * One context per space, built once: the interpreter indexes a context on first use and keeps
 * the index for that object, so handing out the same object keeps every call after the first
 * cheap.
 */
const contexts = new Map<string, AssistantContext>();

/**
 * Paint colours, styles, the space's materials, product categories and textures as shipped.
 * `spaceType` is a space (`residential`, `outdoor`…) or one of its sub types (`living_room`,
 * `garden`…); anything else gets the first (residential) space's materials.
 */
export function defaultAssistantContext(spaceType = 'residential'): AssistantContext {
  const space =
    DESIGN_CONFIG.spaces.find(
      (candidate) =>
        candidate.type === spaceType || candidate.sub.some((sub) => sub.type === spaceType),
    ) ?? DESIGN_CONFIG.spaces[0];
  const key = space?.type ?? '';
  let context = contexts.get(key);
  if (context === undefined) {
    context = {
      colours: PAINT_COLOURS.map(({ name, hex }) => ({ name, hex })),
      styles: DESIGN_CONFIG.styles.map(({ id, name, palette }) => ({ id, name, palette })),
      materialTypes: space?.material_types ?? {},
      productCategories: PRODUCT_CATEGORIES,
      textures: textureCatalog.map(({ id, name, kind, materialType }) => ({
        id,
        name,
        kind,
        materialType,
      })),
    };
    contexts.set(key, context);
  }
  return context;
}
