import {
  budgetRangeValid,
  type Design,
  type GeneratedImages,
  type SpaceElement,
} from '@roomcraft/contracts';

/**
 * An image of the design: a file chosen on this device (not uploaded yet) or one of the user's
 * stored images. `url` is what an <img> shows: an object URL for a chosen file (kept once the
 * file is stored, until the design is saved), the stored URL otherwise.
 */
export interface DesignImage {
  source: File | string;
  url: string;
}

/** The design being edited (spec §3, Design). The state image lives in the history. */
export interface DesignDraft {
  /** 0 while unsaved. */
  id: number;
  name: string;
  base: DesignImage | null;
  inspiration: DesignImage | null;
  budget_min: number | null;
  budget_max: number | null;
  design_mode: string | null;
  design_style: string | null;
  space_type: string;
  space_sub_type: string;
  generated_images: GeneratedImages;
  space_elements: SpaceElement[];
}

/** What the Details sidebar edits. */
export type DesignDetails = Pick<
  DesignDraft,
  'budget_min' | 'budget_max' | 'design_mode' | 'space_type' | 'space_sub_type'
>;

export function newDraft(): DesignDraft {
  return {
    id: 0,
    name: '',
    base: null,
    inspiration: null,
    budget_min: null,
    budget_max: null,
    design_mode: null,
    design_style: null,
    space_type: '',
    space_sub_type: '',
    generated_images: {},
    space_elements: [],
  };
}

const storedImage = (url: string): DesignImage => ({ source: url, url });

/** Whether an image is shown from a preview of a file chosen on this device. */
export const showsPreview = (image: DesignImage): boolean => image.url !== image.source;

export function draftFromDesign(design: Design): DesignDraft {
  return {
    id: design.id,
    name: design.name,
    base: storedImage(design.base_image),
    inspiration: design.inspiration_image === null ? null : storedImage(design.inspiration_image),
    budget_min: design.budget_min,
    budget_max: design.budget_max,
    design_mode: design.design_mode,
    design_style: design.design_style,
    space_type: design.space_type,
    space_sub_type: design.space_sub_type,
    generated_images: design.generated_images,
    space_elements: design.space_elements,
  };
}

/**
 * Spec §5, Upload step: Next needs a base image, both the space type and the design type, and a
 * budget whose MIN is not above its MAX.
 */
export function canGoNext(
  draft: Pick<DesignDraft, 'base' | 'space_type' | 'space_sub_type' | 'budget_min' | 'budget_max'>,
): boolean {
  return (
    draft.base !== null &&
    draft.space_type !== '' &&
    draft.space_sub_type !== '' &&
    budgetRangeValid({
      budget_min: draft.budget_min ?? undefined,
      budget_max: draft.budget_max ?? undefined,
    })
  );
}

/** Spec §5: "MAX cannot be lower than MIN" applies once both ends are given. */
export function budgetMaxBelowMin({
  budget_min,
  budget_max,
}: Pick<DesignDraft, 'budget_min' | 'budget_max'>): boolean {
  return budget_min !== null && budget_max !== null && budget_max < budget_min;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
    if (Array.isArray(a) || Array.isArray(b)) return false;
    const entries = (value: object) =>
      Object.entries(value).filter(([, item]) => item !== undefined);
    const left = entries(a);
    const right = new Map(entries(b));
    return (
      left.length === right.size && left.every(([key, item]) => sameValue(item, right.get(key)))
    );
  }
  return false;
}

/** The draft's fields in the saved copy's terms, so the two compare field by field. */
function fieldsOf(draft: DesignDraft) {
  return {
    name: draft.name,
    base_image: draft.base?.source ?? null,
    inspiration_image: draft.inspiration?.source ?? null,
    budget_min: draft.budget_min,
    budget_max: draft.budget_max,
    design_mode: draft.design_mode,
    design_style: draft.design_style,
    space_type: draft.space_type,
    space_sub_type: draft.space_sub_type,
    generated_images: draft.generated_images,
    space_elements: draft.space_elements,
  };
}

/**
 * Spec §4: a design is unsaved when it is new, or its fields differ from the saved copy, or the
 * shown image differs from the saved state image.
 */
export function isUnsaved(
  draft: DesignDraft,
  shownImage: string | null,
  saved: Design | null,
): boolean {
  if (draft.id === 0 || saved === null) return true;
  const fields = fieldsOf(draft);
  const savedFields = Object.fromEntries(
    Object.keys(fields).map((key) => [key, saved[key as keyof typeof fields]]),
  );
  return !sameValue(fields, savedFields) || shownImage !== saved.state_image;
}

/** Whether leaving would lose anything: an empty new design holds nothing to lose. */
export function hasWorkToLose(
  draft: DesignDraft,
  shownImage: string | null,
  saved: Design | null,
): boolean {
  return draft.base !== null && isUnsaved(draft, shownImage, saved);
}
