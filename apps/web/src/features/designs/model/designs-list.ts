import { ACTION_IDS, type Design, type GeneratedImage } from '@roomcraft/contracts';

/**
 * Spec §4, Saving: the saved design replaces its list entry, or joins the list. The list is
 * newest first, as the server sends it, so a new design joins at the front.
 */
export function withSavedDesign(list: readonly Design[], design: Design): Design[] {
  return list.some(({ id }) => id === design.id)
    ? list.map((entry) => (entry.id === design.id ? design : entry))
    : [design, ...list];
}

export function withoutDesign(list: readonly Design[], id: number): Design[] {
  return list.filter((entry) => entry.id !== id);
}

/** A design's generated images, action by action in the order of the action ids. */
export function generatedImagesOf(design: Pick<Design, 'generated_images'>): GeneratedImage[] {
  return ACTION_IDS.flatMap((action) => design.generated_images[action] ?? []);
}
