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

/** The work image as the API takes it: the chosen file while unsaved, else its stored URL. */
export function workImagePart(draft: DesignDraft, workImage: string): File | string {
  const base = draft.base;
  return base !== null && base.source instanceof File && base.url === workImage
    ? base.source
    : workImage;
}

/** The element's outline (its polygon, else its box): the server turns it into the mask. */
function appendOutline(form: FormData, element: SpaceElement) {
  elementOutline(element).forEach((point, index) => {
    form.append(`box[${index}][x]`, String(Math.round(point.x)));
    form.append(`box[${index}][y]`, String(Math.round(point.y)));
  });
}

function appendBudget(form: FormData, draft: DesignDraft) {
  if (draft.budget_min !== null) form.append('budget_min', String(draft.budget_min));
  if (draft.budget_max !== null) form.append('budget_max', String(draft.budget_max));
}

/** The per-tool fields of the generation API (packages/contracts actions.ts). */
function appendToolFields(form: FormData, source: GenerateSource) {
  const { action, inputs, draft } = source;
  const style = inputs.style ?? draft.design_style;
  switch (action) {
    case 'architectural_style':
      if (inputs.style !== null) form.append('design_style', inputs.style);
      if (inputs.designMode !== null) form.append('design_mode', inputs.designMode);
      break;
    case 'paints':
      if (inputs.colour?.kind === 'hex') form.append('color', inputs.colour.hex);
      if (inputs.colour?.kind === 'file') form.append('color_image', inputs.colour.file);
      break;
    case 'floors':
      if (inputs.texture?.kind === 'url') form.append('texture_url', inputs.texture.url);
      if (inputs.texture?.kind === 'file') form.append('texture_image', inputs.texture.file);
      break;
    case 'add_elements':
      if (style !== null) form.append('design_style', style);
      if (inputs.prompt.trim() !== '') form.append('prompt', inputs.prompt.trim());
      appendBudget(form, draft);
      break;
    case 'remove_elements':
      break;
    case 'change_material':
      if (inputs.colour?.kind === 'hex') form.append('color', inputs.colour.hex);
      if (inputs.material !== null && inputs.materialType !== null) {
        form.append('material', inputs.material);
        form.append('material_type', inputs.materialType);
      }
      break;
    case 'furniture': {
      const element = inputs.element === null ? undefined : draft.space_elements[inputs.element];
      if (element !== undefined) {
        form.append('furniture', element.label);
        appendOutline(form, element);
      }
      if (inputs.replacement !== null) form.append('product_id', inputs.replacement.id);
      if (inputs.replacementColour !== null) form.append('color', inputs.replacementColour);
      if (style !== null) form.append('design_style', style);
      appendBudget(form, draft);
      break;
    }
    case 'ai_assistant':
      form.append('prompt', inputs.prompt.trim());
      if (style !== null) form.append('design_style', style);
      appendBudget(form, draft);
      break;
  }
}

/** The multipart body of POST /api/actions/generate/<route>. */
export function generateForm(source: GenerateSource): FormData {
  const form = new FormData();
  form.append('state_image', workImagePart(source.draft, source.workImage));
  if (source.mask !== null) form.append('masked_image', source.mask, 'mask.png');
  form.append('quantity', String(takesQuantity(source.action) ? source.designs : 1));
  if (source.draft.space_type !== '') form.append('space_type', source.draft.space_type);
  if (source.draft.space_sub_type !== '') {
    form.append('space_sub_type', source.draft.space_sub_type);
  }
  appendToolFields(form, source);
  return form;
}
