/** Catalogue products as the engine places them. */
import type { DemoProduct } from '@roomcraft/catalog/demo-products';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';
import type { ProductCategory } from '@roomcraft/contracts';
import type { PlacementProduct } from './types';

const demoById = new Map(DEMO_PRODUCTS.map((product) => [product.id, product]));

/**
 * A demo product (it has a parametric model, so it is rendered in 3D) in the chosen colour, or
 * its first colour when none was chosen or the choice is not one of its colours.
 */
export function placementFromDemo(product: DemoProduct, colour?: string): PlacementProduct {
  const chosen = product.colors.find((c) => c.hex === colour?.toLowerCase()) ?? product.colors[0];
  return {
    id: product.id,
    category: product.category as ProductCategory,
    name: product.name,
    dimensions: product.dimensions,
    colour: chosen?.hex ?? '#9a9a96',
    materials: product.materials,
    model: product.model,
  };
}

/** The demo product with this id, if it is one. */
export const demoProduct = (id: string): DemoProduct | undefined => demoById.get(id);
