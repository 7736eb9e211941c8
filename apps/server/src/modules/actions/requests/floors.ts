import { CATALOGUE_IMAGE_PATTERN, messages, type RugChoice } from '@roomcraft/contracts';
import type { TextureSource } from '@roomcraft/engine';
import { textureByImage } from '../../library/library.repository';
import type { TexturePick } from '../used-record';
import { requestBase } from './request-context';
import type { BuiltRequest, FormRequest, RequestContext, RequestOf } from './request-context';

/** Lay a floor texture; within the painted region when a mask was sent; rugs kept or floored over. */
export function floorsRequest(
  choice: { texture: TextureSource; pick?: TexturePick | undefined; rug?: RugChoice },
  context: RequestContext,
): BuiltRequest<RequestOf<'floors'>> {
  const { mask } = context.form;
  return {
    texture: choice.pick,
    request: {
      op: 'floors',
      ...requestBase(context),
      texture: choice.texture,
      ...(choice.rug ? { rug: choice.rug } : {}),
      ...(mask ? { mask } : {}),
    },
  };
}

/** Spec: "Floors: a template, either an item or an uploaded image." */
export const floorsFromForm: FormRequest<'floors'> = async (fields, context) => {
  const { form, deps } = context;
  if (fields.texture_url) {
    const key = CATALOGUE_IMAGE_PATTERN.exec(fields.texture_url)?.[1];
    const row = key ? await textureByImage(deps.db, key) : undefined;
    const image = await form.inputs.userOrCatalogueImage('texture_url', fields.texture_url);
    if (!image) return undefined;
    return floorsRequest(
      row
        ? {
            texture: { image, tileSizeCm: row.tile_size_cm },
            pick: { id: row.id, name: row.name },
            rug: fields.rug,
          }
        : { texture: { image }, rug: fields.rug },
      context,
    );
  }
  if (form.files.texture_image) {
    const image = await form.inputs.smallUpload('texture_image', form.files.texture_image);
    return image && floorsRequest({ texture: { image }, rug: fields.rug }, context);
  }
  form.errors.add('texture_url', messages.textureRequired);
  return undefined;
};
