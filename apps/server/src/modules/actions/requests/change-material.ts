import type { TextureSource } from '@roomcraft/engine';
import { libraryTexture, requestBase, textureForMaterial, texturePick } from './request-context';
import type { BuiltRequest, FormRequest, RequestContext, RequestOf } from './request-context';

/** Give the masked surface a colour and, when a library texture is named after it, a material. */
export async function changeMaterialRequest(
  choice: { hex: string; material?: string | undefined },
  context: RequestContext,
): Promise<BuiltRequest<RequestOf<'change_material'>> | undefined> {
  const { mask } = context.form;
  if (!mask) return undefined;
  const { material } = choice;
  const texture = material ? await materialTexture(context, material) : undefined;
  return {
    texture: material ? texturePick(material) : undefined,
    request: {
      op: 'change_material',
      ...requestBase(context),
      mask,
      colour: choice.hex,
      ...(texture ? { texture } : {}),
    },
  };
}

/** A catalogue texture for a material name ("Oak" → the first texture named after oak). */
function materialTexture(
  { deps }: RequestContext,
  material: string,
): Promise<TextureSource | undefined> {
  const id = textureForMaterial(material);
  return id ? libraryTexture(deps, id) : Promise.resolve(undefined);
}

export const changeMaterialFromForm: FormRequest<'change_material'> = (fields, context) =>
  changeMaterialRequest({ hex: fields.color, material: fields.material }, context);
