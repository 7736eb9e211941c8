import { MAX_DESIGN_HISTORY, toFormEntries, type DesignFields } from '@roomcraft/contracts';
import type { DesignDraft, DesignImage } from './design-draft';
import { historyToSave, shownImage, type DesignHistory } from './history';

const isStoredUrl = (url: string) => url.startsWith('/api/files/');

/**
 * The history as the server keeps it (spec §4), once every image in it is stored: a chosen photo
 * is only a preview in this browser until the design's first save has uploaded it.
 */
export function savedHistory(history: DesignHistory): DesignFields['history'] {
  const kept = historyToSave(history, MAX_DESIGN_HISTORY);
  if (kept === undefined || ![kept.current, ...kept.past].every(isStoredUrl)) return undefined;
  return kept;
}

/** The fields a new design is created with (spec §7, POST /designs). */
export function newDesignFields(draft: DesignDraft, history: DesignHistory) {
  if (draft.base === null) throw new Error('a design needs a base image');
  const shown = shownImage(history);
  return {
    name: draft.name,
    base_image: draft.base.source,
    // Without one the server starts the design from its base image.
    state_image: shown === null || shown === draft.base.url ? undefined : shown,
    inspiration_image: draft.inspiration?.source,
    budget_min: draft.budget_min ?? undefined,
    budget_max: draft.budget_max ?? undefined,
    design_mode: draft.design_mode ?? undefined,
    design_style: draft.design_style ?? undefined,
    space_type: draft.space_type,
    space_sub_type: draft.space_sub_type,
    generated_images: draft.generated_images,
    space_elements: draft.space_elements,
    history: savedHistory(history),
  };
}

/** The multipart body of POST /designs, encoded as the spec says (contracts' toFormEntries). */
export function newDesignFormData(draft: DesignDraft, history: DesignHistory): FormData {
  const form = new FormData();
  for (const [key, value] of toFormEntries(newDesignFields(draft, history))) {
    if (typeof value === 'string' || value instanceof Blob) form.append(key, value);
    else throw new Error(`${key} cannot be sent in a form`);
  }
  return form;
}

/** A stored image's URL; chosen files exist only until a design is first saved. */
const storedUrl = (image: DesignImage | null) =>
  typeof image?.source === 'string' ? image.source : undefined;

/** The JSON body of PUT /designs/{id}: the same fields, with stored images as URLs. */
export function savedDesignFields(draft: DesignDraft, history: DesignHistory): DesignFields {
  const baseUrl = storedUrl(draft.base);
  const shown = shownImage(history);
  return {
    name: draft.name,
    base_image: baseUrl,
    state_image: shown ?? undefined,
    state_is_base: shown === baseUrl,
    inspiration_image: draft.inspiration === null ? null : storedUrl(draft.inspiration),
    budget_min: draft.budget_min ?? undefined,
    budget_max: draft.budget_max ?? undefined,
    // An empty text clears the mode or style on the server.
    design_mode: draft.design_mode ?? '',
    design_style: draft.design_style ?? '',
    space_type: draft.space_type,
    space_sub_type: draft.space_sub_type,
    generated_images: draft.generated_images,
    space_elements: draft.space_elements,
    history: savedHistory(history),
  };
}
