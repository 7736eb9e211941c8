/** The demo products as the library API gives them (prices in cents, euros), for plan tests and benches. */
import { findTexture, renderTexture } from '@roomcraft/catalog';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';
import type { Product, ProductCategory } from '@roomcraft/contracts';
import { placementFromDemo } from '@roomcraft/engine';
import type { PlanLoaders } from '../modules/actions/restyle-plan';

export const productFromDemo = (p: (typeof DEMO_PRODUCTS)[number]): Product => ({
  id: p.id,
  category: p.category as ProductCategory,
  maker: p.maker,
  name: p.name,
  price: p.price,
  currency: 'EUR',
  description: p.description,
  colors: p.colors,
  dimensions: p.dimensions,
  materials: p.materials,
  distributor: p.maker,
  image_url: '',
  cutout_url: null,
  product_url: null,
  styles: p.styles,
  space_types: p.spaceTypes,
});

export const DEMO_CATALOGUE: Product[] = DEMO_PRODUCTS.map(productFromDemo);

/** The engine's loaders for the demo products' models and the catalogue's textures. */
export const DEMO_LOADERS: PlanLoaders = {
  placement: (id, colour) => {
    const demo = DEMO_PRODUCTS.find((p) => p.id === id);
    return Promise.resolve(demo ? placementFromDemo(demo, colour) : undefined);
  },
  texture: async (id) => {
    const definition = findTexture(id);
    return definition
      ? { image: await renderTexture(definition), tileSizeCm: definition.tileSizeCm }
      : undefined;
  },
};
