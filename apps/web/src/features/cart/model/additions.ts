import type { CartAddition, ImageUsed } from '@roomcraft/contracts';

/** Everything an image used, as cart additions linked to its design and image. */
export function additionsFromUsed(
  used: ImageUsed,
  design: { designId: number; imageUrl: string },
): CartAddition[] {
  const link = { design_id: design.designId, design_image: design.imageUrl };
  return [
    ...used.products.map((product) => ({
      kind: 'product' as const,
      product_id: product.id,
      colour_hex: product.colour.hex,
      ...link,
    })),
    ...used.paints.map((paint) => ({
      kind: 'paint' as const,
      hex: paint.hex,
      ...(paint.region.area_m2 === undefined ? {} : { area_m2: paint.region.area_m2 }),
      ...link,
    })),
    ...used.textures.map((texture) => ({
      kind: 'texture' as const,
      texture_id: texture.id,
      ...(texture.id === null ? { name: texture.name } : {}),
      ...(texture.region.area_m2 === undefined ? {} : { area_m2: texture.region.area_m2 }),
      ...link,
    })),
  ];
}

export const usesAnything = (used: ImageUsed | undefined): used is ImageUsed =>
  used !== undefined && used.products.length + used.paints.length + used.textures.length > 0;
