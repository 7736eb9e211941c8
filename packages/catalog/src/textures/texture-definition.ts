export type TextureKind = 'floor' | 'wall' | 'material';

export type TextureMaterialType =
  'Wood' | 'Stone' | 'Ceramic' | 'Fabric' | 'Concrete' | 'Masonry' | 'Wallpaper';

export const TEXTURE_KINDS: readonly TextureKind[] = ['floor', 'wall', 'material'];

/** A procedurally generated, seamlessly tiling material image. */
export interface TextureDefinition {
  id: string;
  name: string;
  kind: TextureKind;
  materialType: TextureMaterialType;
  /** Real-world width (and height) in centimetres that one tile of the image covers. */
  tileSizeCm: number;
  /**
   * Pure and deterministic: the same (size, seed) always gives the same opaque RGBA pixels,
   * size × size × 4 bytes, and the image wraps seamlessly in both axes.
   */
  generate(size: number, seed: number): Uint8ClampedArray;
}
