import type { SpaceElement } from '@roomcraft/contracts';
import type { DesignDraft } from './design-draft';
import { takesQuantity, type ToolId, type ToolInputs } from './tools';
import { elementOutline } from './elements';

/** Everything a generate request is made of, gathered by the editor. */
export interface GenerateSource {
  action: ToolId;
  draft: DesignDraft;
  /** The work image: a stored URL, or the chosen photo's preview while it is not stored yet. */
  workImage: string;
  inputs: ToolInputs;
  designs: number;
  /** The mask PNG at the work image's natural size, for the mask tools. */
  mask: Blob | null;
}

/**
 * The work image as the API takes it: the base photo's stored URL once detection or a save has
 * stored it, the chosen file while nothing has; any other image by its stored URL.
 */
export function workImagePart(draft: DesignDraft, workImage: string): File | string {
  const base = draft.base;
  return base !== null && base.url === workImage ? base.source : workImage;
}

/** The element's outline (its polygon, else its box): the server turns it into the mask. */
export function appendOutline(form: FormData, element: SpaceElement): void {
  elementOutline(element).forEach((point, index) => {
    form.append(`box[${index}][x]`, String(Math.round(point.x)));
    form.append(`box[${index}][y]`, String(Math.round(point.y)));
  });
}

export function appendBudget(form: FormData, draft: DesignDraft): void {
  if (draft.budget_min !== null) form.append('budget_min', String(draft.budget_min));
  if (draft.budget_max !== null) form.append('budget_max', String(draft.budget_max));
}

/** The style a tool generates in: the one chosen in its panel, else the design's. */
export const styleOf = ({ inputs, draft }: GenerateSource): string | null =>
  inputs.style ?? draft.design_style;

/**
 * The multipart body of POST /api/actions/generate/<route>: the fields every tool sends, then the
 * tool's own (`toolFields`, the tool's `toForm`).
 */
export function generateForm(
  source: GenerateSource,
  toolFields: (form: FormData, source: GenerateSource) => void,
): FormData {
  const form = new FormData();
  form.append('state_image', workImagePart(source.draft, source.workImage));
  if (source.mask !== null) form.append('masked_image', source.mask, 'mask.png');
  form.append('quantity', String(takesQuantity(source.action) ? source.designs : 1));
  if (source.draft.space_type !== '') form.append('space_type', source.draft.space_type);
  if (source.draft.space_sub_type !== '') {
    form.append('space_sub_type', source.draft.space_sub_type);
  }
  toolFields(form, source);
  return form;
}
