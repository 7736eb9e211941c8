import { messages } from '@roomcraft/contracts';
import type { ColourSource } from '@roomcraft/engine';
import { requestBase } from './request-context';
import type { BuiltRequest, FormRequest, RequestContext, RequestOf } from './request-context';

/** Paint the masked walls in a colour (a hex or a swatch image). */
export function wallPaintRequest(
  colour: ColourSource,
  context: RequestContext,
): BuiltRequest<RequestOf<'paints'>> | undefined {
  const { mask } = context.form;
  if (!mask) return undefined;
  return { request: { op: 'wall_paint', ...requestBase(context), mask, colour } };
}

/** Spec: "Wall paint: a colour, either a library item or an uploaded image." */
export const wallPaintFromForm: FormRequest<'paints'> = async (fields, context) => {
  const { form } = context;
  let colour: ColourSource | undefined;
  if (fields.color) {
    colour = { hex: fields.color };
  } else if (fields.color_url) {
    const swatch = await form.inputs.userOrCatalogueImage('color_url', fields.color_url);
    colour = swatch && { swatch };
  } else if (form.files.color_image) {
    const swatch = await form.inputs.smallUpload('color_image', form.files.color_image);
    colour = swatch && { swatch };
  } else {
    form.errors.add('color', messages.colourRequired);
  }
  return colour && wallPaintRequest(colour, context);
};
