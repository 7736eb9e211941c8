import type { TextureDefinition } from './texture-definition';
import { fabricTextures } from './fabric-textures';
import { masonryTextures } from './masonry-textures';
import { stoneTextures } from './stone-textures';
import { tileTextures } from './tile-textures';
import { wallpaperTextures } from './wallpaper-textures';
import { woodTextures } from './wood-textures';

/** Every texture Roomcraft ships, in the order the catalogue shows them. */
export const textureCatalog: readonly TextureDefinition[] = [
  ...woodTextures,
  ...tileTextures,
  ...stoneTextures,
  ...masonryTextures,
  ...fabricTextures,
  ...wallpaperTextures,
];

export function findTexture(id: string): TextureDefinition | undefined {
  return textureCatalog.find((texture) => texture.id === id);
}
