import { toFormEntries, type DesignFields } from '@roomcraft/contracts';
import type { DesignDraft, DesignImage } from './design-draft';

/** The fields a new design is created with (spec §7, POST /designs). */
export function newDesignFields(draft: DesignDraft, shownImage: string | null) {
  if (draft.base === null) throw new Error('a design needs a base image');
  return {
    name: draft.name,
    base_image: draft.base.source,
    // Without one the server starts the design from its base image.
    state_image: shownImage === null || shownImage === draft.base.url ? undefined : shownImage,
    inspiration_image: draft.inspiration?.source,
    budget_min: draft.budget_min ?? undefined,
    budget_max: draft.budget_max ?? undefined,
    design_mode: draft.design_mode ?? undefined,
    design_style: draft.design_style ?? undefined,
    space_type: draft.space_type,
    space_sub_type: draft.space_sub_type,
    generated_images: draft.generated_images,
    space_elements: draft.space_elements,
  };
}

/** The multipart body of POST /designs, encoded as the spec says (contracts' toFormEntries). */
export function newDesignFormData(draft: DesignDraft, shownImage: string | null): FormData {
  const form = new FormData();
  for (const [key, value] of toFormEntries(newDesignFields(draft, shownImage))) {
    if (typeof value === 'string' || value instanceof Blob) form.append(key, value);
    else throw new Error(`${key} cannot be sent in a form`);
  }
  return form;
}

/** A stored image's URL; chosen files exist only until a design is first saved. */
const storedUrl = (image: DesignImage | null) =>
  typeof image?.source === 'string' ? image.source : undefined;

/** The JSON body of PUT /designs/{id}: the same fields, with stored images as URLs. */
export function savedDesignFields(draft: DesignDraft, shownImage: string | null): DesignFields {
  const baseUrl = storedUrl(draft.base);
  return {
    name: draft.name,
    base_image: baseUrl,
    state_image: shownImage ?? undefined,
    state_is_base: shownImage === baseUrl,
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
  };
}
