/**
 * What an architectural style is made of, as data both the server (which plans a restyle) and the
 * engine (which carries it out) read: wall colours from the paint library (with their names),
 * floor materials (library texture ids), the catalogue's style tags for products, and the decor a
 * room of that style gets. docs/decisions/025. The catalogue's tests check that every colour,
 * texture and tag named here exists in the shipped library.
 */
import type { ProductCategory } from './library';

/** Decor a restyle adds where the room has space; `art` is wall decor (the catalogue's mirrors). */
export const DECOR_KINDS = ['rug', 'plant', 'lamp', 'art'] as const;
export type DecorKind = (typeof DECOR_KINDS)[number];

/** The catalogue categories each kind of decor is chosen from. */
export const DECOR_CATEGORIES: Readonly<Record<DecorKind, readonly ProductCategory[]>> = {
  rug: ['rug'],
  plant: ['plant'],
  lamp: ['floor_lamp'],
  art: ['mirror'],
};

export interface StyleKit {
  /** Paint library colours for the walls, the style's own first (variant k takes the k-th). */
  walls: readonly { name: string; hex: string }[];
  /** Library floor texture ids, the style's own first (variant k takes the k-th). */
  floors: readonly string[];
  /** The catalogue's style tags a product of this style carries (the style's id first). */
  productStyles: readonly string[];
  /** Decor a room of this style gets, most characteristic first. */
  decor: readonly DecorKind[];
}

const kit = (
  walls: [string, string][],
  floors: string[],
  productStyles: string[],
  decor: DecorKind[],
): StyleKit => ({
  walls: walls.map(([name, hex]) => ({ name, hex })),
  floors,
  productStyles,
  decor,
});

/** One kit per style of DESIGN_CONFIG.styles (contracts STYLES), by style id. */
export const STYLE_KITS: Readonly<Record<string, StyleKit>> = {
  modern: kit(
    [
      ['Gallery White', '#f6f6f3'],
      ['Pebble Grey', '#b9b7b0'],
      ['Fog', '#c8c9c6'],
      ['Graphite', '#555559'],
    ],
    ['grey-porcelain-tiles', 'oak-planks-wide', 'polished-concrete', 'ash-planks-wide'],
    ['modern', 'minimalist', 'contemporary'],
    ['plant', 'lamp', 'art', 'rug'],
  ),
  scandinavian: kit(
    [
      ['Chalk White', '#f4f2ec'],
      ['Sage Leaf', '#a7b39a'],
      ['Oatmeal', '#d6cbb8'],
      ['Soft Cloud', '#eff1f1'],
    ],
    ['ash-planks-wide', 'oak-planks-wide', 'pine-planks-wide', 'oak-chevron'],
    ['scandinavian', 'japandi', 'minimalist'],
    ['rug', 'plant', 'lamp', 'art'],
  ),
  industrial: kit(
    [
      ['Flint', '#8d8a84'],
      ['Charcoal', '#45454a'],
      ['Stone Wall', '#bdb3a3'],
      ['Elephant Grey', '#7d7a74'],
    ],
    ['polished-concrete', 'walnut-planks-narrow', 'slate-tiles', 'grey-porcelain-tiles'],
    ['industrial', 'rustic', 'modern'],
    ['lamp', 'plant', 'rug', 'art'],
  ),
  mid_century: kit(
    [
      ['Warm Wheat', '#e3cb9f'],
      ['Teal Lagoon', '#2f6e73'],
      ['Linen White', '#f1ece1'],
      ['Ochre', '#c99a3f'],
    ],
    ['walnut-planks-wide', 'oak-herringbone', 'terrazzo', 'walnut-planks-narrow'],
    ['mid_century', 'modern', 'contemporary'],
    ['lamp', 'plant', 'art', 'rug'],
  ),
  minimalist: kit(
    [
      ['Gallery White', '#f6f6f3'],
      ['Salt Flat', '#ecebe4'],
      ['Frosted Pearl', '#ecebe6'],
      ['Pebble Grey', '#b9b7b0'],
    ],
    ['polished-concrete', 'ash-planks-wide', 'grey-porcelain-tiles', 'oak-planks-wide'],
    ['minimalist', 'japandi', 'modern'],
    ['plant', 'lamp', 'rug', 'art'],
  ),
  bohemian: kit(
    [
      ['Peach Skin', '#efc8a8'],
      ['Terracotta', '#c0673d'],
      ['Olive Grove', '#7f8458'],
      ['Honey', '#d9b06b'],
    ],
    ['encaustic-geometric', 'pine-planks-narrow', 'oak-planks-narrow', 'travertine-tiles'],
    ['bohemian', 'mediterranean', 'coastal'],
    ['rug', 'plant', 'art', 'lamp'],
  ),
  japandi: kit(
    [
      ['Lime Wash', '#ebe7dc'],
      ['Greige', '#c9c1b4'],
      ['Thyme', '#6a7560'],
      ['Mushroom', '#b7aa99'],
    ],
    ['oak-planks-wide', 'ash-planks-narrow', 'travertine-tiles', 'oak-planks-narrow'],
    ['japandi', 'minimalist', 'scandinavian'],
    ['plant', 'rug', 'lamp', 'art'],
  ),
  coastal: kit(
    [
      ['Sky Wash', '#d6e2ea'],
      ['Duck Egg', '#b7cfcb'],
      ['Swan Feather', '#f3f0e8'],
      ['Coastal Blue', '#6b93ad'],
    ],
    ['ash-planks-wide', 'pine-planks-wide', 'travertine-tiles', 'oak-planks-narrow'],
    ['coastal', 'farmhouse', 'bohemian'],
    ['rug', 'plant', 'art', 'lamp'],
  ),
  farmhouse: kit(
    [
      ['Ivory Lace', '#f2ead8'],
      ['Sage Leaf', '#a7b39a'],
      ['Putty', '#cbbfa8'],
      ['Laurel', '#7b8c6d'],
    ],
    ['pine-planks-wide', 'oak-planks-wide', 'slate-tiles', 'oak-herringbone'],
    ['farmhouse', 'rustic', 'coastal'],
    ['rug', 'plant', 'lamp', 'art'],
  ),
  traditional: kit(
    [
      ['Cashmere', '#d2c3ae'],
      ['Hague Blue', '#2d3e4b'],
      ['Alabaster', '#ede8dc'],
      ['Juniper', '#4f6b5d'],
    ],
    ['oak-herringbone', 'walnut-planks-narrow', 'oak-chevron', 'walnut-planks-wide'],
    ['traditional', 'farmhouse', 'mid_century'],
    ['rug', 'lamp', 'art', 'plant'],
  ),
  art_deco: kit(
    [
      ['Hague Blue', '#2d3e4b'],
      ['Emerald', '#1f6b4f'],
      ['Vanilla Cream', '#f3e9cf'],
      ['Peacock', '#0f5e6b'],
    ],
    ['oak-chevron', 'terrazzo', 'walnut-planks-narrow', 'oak-herringbone'],
    ['art_deco', 'contemporary', 'mid_century'],
    ['art', 'lamp', 'rug', 'plant'],
  ),
  mediterranean: kit(
    [
      ['Lime Wash', '#ebe7dc'],
      ['Sandstone', '#d5b08a'],
      ['Aegean', '#3f6f95'],
      ['Adobe', '#bf7b5b'],
    ],
    ['encaustic-blue-star', 'travertine-tiles', 'terrazzo', 'pine-planks-wide'],
    ['mediterranean', 'bohemian', 'coastal'],
    ['plant', 'rug', 'art', 'lamp'],
  ),
  rustic: kit(
    [
      ['Warm Sand', '#d8c8ad'],
      ['Driftwood', '#a39686'],
      ['Clay Beige', '#cdb9a0'],
      ['Chestnut', '#7a4a34'],
    ],
    ['pine-planks-wide', 'walnut-planks-wide', 'slate-tiles', 'oak-planks-narrow'],
    ['rustic', 'farmhouse', 'industrial'],
    ['rug', 'lamp', 'plant', 'art'],
  ),
  contemporary: kit(
    [
      ['Salt Flat', '#ecebe4'],
      ['Cashmere', '#d2c3ae'],
      ['Blush Plaster', '#e1bfae'],
      ['Slate Mist', '#8f9597'],
    ],
    ['oak-planks-wide', 'grey-porcelain-tiles', 'terrazzo', 'ash-planks-narrow'],
    ['contemporary', 'modern', 'art_deco'],
    ['plant', 'art', 'lamp', 'rug'],
  ),
};

/**
 * How far a restyle goes. `colours`: the walls take a style colour (and the light grade);
 * `colours_floor`: and a style floor is laid; `full`: and the main furniture is swapped for
 * catalogue products of the style and decor is added where the room has space.
 */
export const REDESIGN_DEPTHS = ['colours', 'colours_floor', 'full'] as const;
export type RedesignDepth = (typeof REDESIGN_DEPTHS)[number];

/** The depth of each design mode (DESIGN_MODES ids); a restyle without a mode is the full one. */
export const MODE_DEPTH: Readonly<Record<string, RedesignDepth>> = {
  subtle: 'colours',
  balanced: 'colours_floor',
  bold: 'full',
};

/** The depth a design mode id (or none) asks for. */
export function redesignDepth(modeId: string | undefined): RedesignDepth {
  return (modeId ? MODE_DEPTH[modeId] : undefined) ?? 'full';
}

/** How strong the closing colour grade of a redesign is, as a share of the mode's strength. */
export const REDESIGN_GRADE_SHARE = 0.35;
