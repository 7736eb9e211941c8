import { createHash } from 'node:crypto';
import { STYLES } from '@roomcraft/contracts';
import { PRODUCT_MODELS } from '../render/product-catalog';
import type { ProductModel } from '../render/product-model';
import { encodeProductShot, renderProductShot } from '../render/product-shot';
import { encodeStylePreview, renderStylePreview } from '../render/style-preview';
import { DEMO_PRODUCTS } from '../products/demo-products';
import { renderTexture } from '../textures/render-texture';
import { textureCatalog } from '../textures/texture-catalog';

export const PRODUCT_SHOT_SIZE = 480;
export const TEXTURE_SIZE = 512;

/** One image of the shipped catalogue; `file` names it by its inputs and the generators' hash. */
export type CatalogueJob =
  | { kind: 'texture'; textureId: string; file: string }
  | { kind: 'product'; productId: string; colour: string; file: string }
  | { kind: 'style'; styleId: string; file: string };

export interface CatalogueManifest {
  /** Hash of the catalogue's generator code: a new one means new images. */
  version: string;
  /** A preview vignette per architectural style of the config. */
  styles: { id: string; file: string }[];
  textures: {
    id: string;
    name: string;
    kind: string;
    material_type: string;
    tile_size_cm: number;
    file: string;
  }[];
  products: {
    id: string;
    category: string;
    name: string;
    maker: string;
    price: number;
    description: string;
    colors: { name: string; hex: string; file: string }[];
    dimensions: { width: number; depth: number; height: number };
    materials: string[];
    styles: string[];
    space_types: string[];
  }[];
}

const fileFor = (version: string, inputs: unknown, ext: string) =>
  `${createHash('sha256').update(version).update(JSON.stringify(inputs)).digest('base64url').slice(0, 32)}.${ext}`;

/** Every image the shipped catalogue needs, and the manifest that describes them. */
export function planShippedCatalogue(version: string) {
  const jobs: CatalogueJob[] = [];
  const manifest: CatalogueManifest = { version, styles: [], textures: [], products: [] };
  for (const style of STYLES) {
    const file = fileFor(version, ['style', style.id], 'jpg');
    jobs.push({ kind: 'style', styleId: style.id, file });
    manifest.styles.push({ id: style.id, file });
  }
  for (const texture of textureCatalog) {
    const file = fileFor(version, ['texture', texture.id, TEXTURE_SIZE], 'jpg');
    jobs.push({ kind: 'texture', textureId: texture.id, file });
    manifest.textures.push({
      id: texture.id,
      name: texture.name,
      kind: texture.kind,
      material_type: texture.materialType,
      tile_size_cm: texture.tileSizeCm,
      file,
    });
  }
  for (const product of DEMO_PRODUCTS) {
    const colors = product.colors.map((colour) => {
      const file = fileFor(
        version,
        ['product', product.id, product.dimensions, colour.hex, PRODUCT_SHOT_SIZE],
        'png',
      );
      jobs.push({ kind: 'product', productId: product.id, colour: colour.hex, file });
      return { ...colour, file };
    });
    manifest.products.push({
      id: product.id,
      category: product.category,
      name: product.name,
      maker: product.maker,
      price: product.price,
      description: product.description,
      colors,
      dimensions: product.dimensions,
      materials: product.materials,
      styles: product.styles,
      space_types: product.spaceTypes,
    });
  }
  return { jobs, manifest };
}

/** Renders one job to its encoded image (a worker's whole task). */
export async function renderCatalogueJob(job: CatalogueJob): Promise<Buffer> {
  if (job.kind === 'style') {
    const style = STYLES.find((candidate) => candidate.id === job.styleId);
    if (!style) throw new Error(`unknown style ${job.styleId}`);
    return encodeStylePreview(renderStylePreview(style));
  }
  if (job.kind === 'texture') {
    const texture = textureCatalog.find((candidate) => candidate.id === job.textureId);
    if (!texture) throw new Error(`unknown texture ${job.textureId}`);
    return renderTexture(texture, { size: TEXTURE_SIZE });
  }
  const product = DEMO_PRODUCTS.find((candidate) => candidate.id === job.productId);
  if (!product) throw new Error(`unknown product ${job.productId}`);
  // Each model takes its own parameters; fromDimensions produces exactly those.
  const model = PRODUCT_MODELS[
    product.category as keyof typeof PRODUCT_MODELS
  ] as ProductModel<object>;
  const shot = renderProductShot(
    model,
    { ...model.fromDimensions(product.dimensions), ...product.model },
    {
      size: PRODUCT_SHOT_SIZE,
      colour: job.colour,
      materials: product.materials,
    },
  );
  return encodeProductShot(shot);
}
