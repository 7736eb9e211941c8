/** Product shots on transparent backgrounds, and products placed into a photo's camera. */
import sharp from 'sharp';
import type { CameraPose, Intrinsics, PixelCamera } from './camera';
import { cameraFromIntrinsics, productShotCamera } from './camera';
import type { PhotoEnvironment } from './environment';
import { photoEnvironment } from './environment';
import { materialTable } from './materials';
import type { ProductModel } from './product-model';
import type { RenderedImage, RenderScene } from './raymarch';
import { renderImage, silhouetteBox } from './raymarch';
import type { Aabb, SdfNode } from './sdf';
import { compileSdf, rotate, translate } from './sdf';
import type { Vec3 } from './vec';

/**
 * Material slots as `RenderedImage.materialMask` bits (bit `slotIndex(slot)`), so a layer composited
 * into a photo can treat parts differently (e.g. give a mirror's glass a reflection of the room).
 */
export { MATERIAL_SLOTS, slotIndex } from './sdf';
export type { MaterialSlot } from './sdf';
export type { PhotoEnvironment } from './environment';

/** Key light from front-left and above, so shadows fall back and to the right. */
export const DEFAULT_KEY_LIGHT: Vec3 = [-0.4, 0.9, 0.38];

export interface ProductShotOptions {
  size: number;
  /** The variant's colour as `#rrggbb`; it fills the model's `body` slot. */
  colour: string;
  /** The product's materials, main one first ("Leather", "Oak"): the body's texture. */
  materials?: readonly string[];
  seed?: number;
}

export interface ProductImage extends RenderedImage {
  camera: PixelCamera;
}

function sceneFor<P extends object>(
  model: ProductModel<P>,
  root: SdfNode,
  colour: string,
  materials: readonly string[],
  groundY: number | null,
  keyLight: Vec3,
  frameFade: number,
): RenderScene {
  const sdf = compileSdf(root);
  const extent: Aabb = sdf.bounds;
  return {
    sdf,
    materials: materialTable(colour, model.bodyFinish, materials),
    keyLight,
    shadowCatcher: groundY === null ? null : { groundY, extent, frameFade },
  };
}

/** A 3/4 studio shot framed from the model's bounds, RGBA with transparent background. */
export function renderProductShot<P extends object>(
  model: ProductModel<P>,
  params: Partial<P>,
  options: ProductShotOptions,
): ProductImage {
  const root = model.build({ ...model.defaults, ...params });
  const scene = sceneFor(
    model,
    root,
    options.colour,
    options.materials ?? [],
    model.grounded ? 0 : null,
    DEFAULT_KEY_LIGHT,
    0.12,
  );
  const rough = productShotCamera(scene.sdf.bounds, options.size, options.size, model.view ?? {});
  const camera = fitToSilhouette(scene, rough, 0.8);
  return { ...renderImage(scene, camera, options.seed ?? 0), camera };
}

/**
 * Zooms a camera (focal length and principal point only) so the traced silhouette, not the
 * looser bounding box, spans `fill` of the frame and sits in its centre.
 */
function fitToSilhouette(scene: RenderScene, camera: PixelCamera, fill: number): PixelCamera {
  const box = silhouetteBox(scene, camera);
  if (!box) return camera;
  const [u0, v0, u1, v1] = box;
  const zoom = Math.min((fill * camera.width) / (u1 - u0), (fill * camera.height) / (v1 - v0));
  return {
    ...camera,
    fx: camera.fx * zoom,
    fy: camera.fy * zoom,
    cx: camera.width / 2 - zoom * ((u0 + u1) / 2 - camera.cx),
    cy: camera.height / 2 - zoom * ((v0 + v1) / 2 - camera.cy),
  };
}

/** PNG with alpha. */
export async function encodeProductShot(image: RenderedImage): Promise<Buffer> {
  return sharp(Buffer.from(image.rgba.buffer, image.rgba.byteOffset, image.rgba.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png()
    .toBuffer();
}

export interface PlacementOptions {
  /** Photo camera intrinsics (row-major 3×3 K, pixels). */
  intrinsics: Intrinsics;
  /** Photo camera extrinsics, world → camera, world y up, cm. */
  pose: CameraPose;
  width: number;
  height: number;
  colour: string;
  /** The product's materials, main one first ("Leather", "Oak"): the body's texture. */
  materials?: readonly string[];
  /** The photo, for what the product's metal and glass reflect (else a studio). */
  environment?: PhotoEnvironment;
  /** Where the product's footprint centre stands in the world (its floor point), and its turn. */
  position: Vec3;
  yawDeg?: number;
  keyLight?: Vec3;
  seed?: number;
}

/**
 * Renders a product as seen by a photo's camera, with its contact shadow on the floor plane
 * through `position`, as a straight-alpha RGBA layer to composite over the photo.
 */
export function renderPlaced<P extends object>(
  model: ProductModel<P>,
  params: Partial<P>,
  options: PlacementOptions,
): ProductImage {
  const local = model.build({ ...model.defaults, ...params });
  const root = translate(rotate(local, 'y', options.yawDeg ?? 0), options.position);
  const scene = sceneFor(
    model,
    root,
    options.colour,
    options.materials ?? [],
    model.grounded ? options.position[1] : null,
    options.keyLight ?? DEFAULT_KEY_LIGHT,
    0,
  );
  if (options.environment) scene.environment = photoEnvironment(options.environment, options.pose);
  const camera = cameraFromIntrinsics(
    options.intrinsics,
    options.pose,
    options.width,
    options.height,
  );
  return { ...renderImage(scene, camera, options.seed ?? 0), camera };
}
