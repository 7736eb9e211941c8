/**
 * Add elements and change furniture: a catalogue product placed into the photo in perspective.
 *
 * Products with a parametric model are rendered by the catalogue's own ray marcher from the
 * photo's estimated camera (geometry/room-camera.ts), standing on the floor at the bottom of the
 * user's region at their real size and facing the camera (or squared to the room's walls when they are close to
 * that), with the renderer's shadow catcher providing the contact shadow. A replacement instead
 * takes the old piece's place: squared to the room and sized to cover the old piece's box. Only a window around
 * the region is rendered: the principal point is shifted so the renderer draws just that crop.
 * Imported products without a model are composited in 2D from their cut-out.
 *
 * With the room parse (issue 11) the product stands on visible floor, what is nearer stays in front
 * of it, and a swap removes the whole old piece with its legs and contact shadow, structure-aware,
 * before the new one is laid over (ops/placement/scene.ts). The code lives in ops/placement/: pose.ts (geometry), render.ts
 * (render, light and composite), light.ts, cutout.ts, scene.ts; this file is their facade.
 *
 * Every pixel outside the region's box grown by `shadowMargin` stays byte-identical, except that an
 * added floor-standing product is drawn at its real size from the camera (issue 11, decision 098):
 * its outline and shadow may reach past the region, and `addProduct` says how far.
 */
import type { ProductModel } from '@roomcraft/catalog';
import { PRODUCT_MODELS } from '@roomcraft/catalog';
import type { RoomCamera } from '../geometry/room-camera';
import type { Mask, Raster } from '../raster';
import { blurBinomial3, maskBounds } from '../raster';
import type { PlacementProduct } from '../types';
import { EngineError } from '../types';
import { inpaint } from './inpaint';
import { removeElements } from './removal';
import { placeCutout } from './placement/cutout';
import type { Box, PlaceOptions } from './placement/pose';
import {
  allowedWindow,
  bottomCentre,
  cameraForImage,
  footprintSize,
  grownBox,
  groundedPlacement,
  HANGING,
  placedOutline,
  replacementPlacement,
  sizedToRegion,
} from './placement/pose';
import { compositeLayer, renderLayer, type ProductLayer } from './placement/render';
import type { PlacementScene, SwapForeground } from './placement/scene';
import { wholeFront } from './placement/whole-front';
import type { Segmenter } from './segment';
import {
  floorAnchor,
  foregroundMatte,
  oldPiece as findOldPiece,
  removalHole,
  seatFocus,
  swapForeground,
  whyNotClear,
  windowSide,
} from './placement/scene';

export type { PlaceOptions } from './placement/pose';

/**
 * Seats turn to the room (their coffee table, its open floor). A bed does not: its headboard is
 * against a wall whatever floor is left open (a bedroom's open floor is often beside the bed).
 */
const FACES_THE_ROOM = new Set(['sofa', 'sectional', 'armchair']);
/**
 * How far a redesign's swap may be zoomed from its real size to fill the old piece's box: the
 * redesign chose the product by the piece's measured width (docs/decisions/036), so filling the
 * box further would only draw it larger than it is (a 2-seat sofa as tall as the wall lamp).
 */
const CHOSEN_TO_FIT_ZOOM = [0.85, 1.15] as const;
export { shadowMargin } from './placement/pose';
export { allowedWindow };
export type { PlacementScene } from './placement/scene';

/**
 * The pixels a swap of the piece under `elementMask` may change: the mask, and with the parse the
 * old piece's soft edge, its legs and its contact shadow below it, which an element's outline
 * (a detector's box) often leaves out — where the new piece's own contact shadow falls too. A
 * caller that confines the result to the user's selection confines a swap to this.
 */
export function swapExtent(
  elementMask: Mask,
  scene: PlacementScene | null,
  apart: Mask | null = null,
): Mask {
  if (!scene || scene.width !== elementMask.width || scene.height !== elementMask.height) {
    return elementMask;
  }
  if (!maskBounds(elementMask)) return elementMask;
  const found = findOldPiece(elementMask, scene, apart);
  if (!found) return elementMask;
  const hole = removalHole(found.piece, allowedWindow(elementMask), scene, undefined, apart);
  const data = new Uint8Array(elementMask.data);
  for (let i = 0; i < data.length; i++) if (hole.data[i]) data[i] = 1;
  return { width: elementMask.width, height: elementMask.height, data };
}

/**
 * Places `product` into the region (add_elements). With the room parse (`scene`) a floor-standing
 * product stands on visible floor inside the region (not on a chair the region overlaps), what
 * stands nearer the camera stays in front of it, and the windows say where the light comes from.
 */
export async function placeProduct(
  image: Raster,
  region: Mask,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  scene: PlacementScene | null = null,
): Promise<Raster> {
  return (await addProduct(image, region, product, camera, options, scene)).image;
}

/**
 * {@link placeProduct} with the box it changed pixels in: the region's box and, for a product
 * standing on the floor at its real size, its whole outline and shadow — which may reach past
 * the region the user drew (a tall plant in a short box). A caller confining the answer to the
 * user's mask confines it to the mask and this box.
 */
export async function addProduct(
  image: Raster,
  region: Mask,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  scene: PlacementScene | null = null,
): Promise<{ image: Raster; window: Box }> {
  return place(image, region, product, camera, options, 'add', scene);
}

/**
 * Replaces the piece of furniture under `elementMask` (change_furniture): the new product is
 * placed where the old one stood, sized to span its footprint (within a plausible range of its
 * real size), over the old piece removed whole (with its legs and contact shadow, `removalHole`) —
 * structure-aware with the room parse, so what a smaller product uncovers is wall and floor; the
 * plain fill without it. With the parse
 * the old piece is the parse's object under the mask (a loose mask's wall and floor stay as they
 * are) and its box sets the new piece's size. With a SAM `segmenter`, what stands in front of
 * the old piece is kept whole where the parse gave part of it to the piece (decision 060).
 * `apart` (from `wholeOldPiece`, decision 086) is what SAM saw stand apart from the piece though
 * the parse gave it to the piece (a bench at the foot of a bed): kept out of the old piece and
 * laid from the photo over the new one.
 */
export async function replaceFurniture(
  image: Raster,
  elementMask: Mask,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  scene: PlacementScene | null = null,
  segmenter: Segmenter | null = null,
  apart: Mask | null = null,
): Promise<Raster> {
  const { image: replaced } = await place(
    image,
    elementMask,
    product,
    camera,
    options,
    'replace',
    scene,
    false,
    scene,
    segmenter,
    apart,
  );
  return replaced;
}

/**
 * A swap whose old piece the caller has removed already (the redesign removes its pieces first
 * and rebuilds walls and floor behind them): the new product is sized and posed as
 * {@link replaceFurniture} does, then drawn over `image` as it is — a second fill of the old
 * piece would smear the rebuilt walls and floor and cost seconds for nothing. With the parse
 * (`room`) a seat turns to what the old one faced, as {@link replaceFurniture} turns it.
 */
export async function replaceRemovedFurniture(
  image: Raster,
  elementMask: Mask,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  room: PlacementScene | null = null,
): Promise<Raster> {
  return (await place(image, elementMask, product, camera, options, 'replace', null, true, room))
    .image;
}

async function place(
  image: Raster,
  region: Mask,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  mode: 'add' | 'replace',
  scene: PlacementScene | null,
  removed = false,
  facing: PlacementScene | null = scene,
  segmenter: Segmenter | null = null,
  apart: Mask | null = null,
): Promise<{ image: Raster; window: Box }> {
  if (region.width !== image.width || region.height !== image.height) {
    throw new EngineError('invalid_input', 'The mask must be the size of the image');
  }
  if (scene && (scene.width !== image.width || scene.height !== image.height)) scene = null;
  const given = maskBounds(region);
  if (!given) throw new EngineError('invalid_input', 'The mask selects nothing');
  let window = allowedWindow(region);
  const scaled = cameraForImage(camera, image.width, image.height);
  const fill = { seed: options.seed, variant: options.variant };
  const remove = (hole: Mask): Raster =>
    maskBounds(hole) === null
      ? image
      : scene
        ? removeElements(image, hole, scene, fill)
        : inpaint(image, hole, fill);
  // A swap's old piece: what of the mask is not wall, floor or a neighbour (with the parse).
  const found = mode === 'replace' && scene ? findOldPiece(region, scene, apart) : null;
  const piece = found?.piece ?? region;
  const box = found ? found.box : given;
  // What a swap removes: the old piece with its soft edge, its legs and its contact shadow.
  const hole = mode === 'replace' ? removalHole(piece, window, scene, undefined, apart) : piece;
  if (product.cutout && !product.model) {
    const background = mode === 'replace' && !removed ? remove(hole) : image;
    return {
      image: await placeCutout(background, region, box, window, product.cutout, scaled, options),
      window,
    };
  }
  const model: ProductModel<object> = PRODUCT_MODELS[product.category];
  // A grounded product whose region ends above the horizon stands on something high (a shelf):
  // no floor point there, so it is sized to the region like a wall piece, base on its bottom.
  const onFloor = box.y1 + 0.5 > scaled.horizonY + 0.01 * image.height;
  const grounded = model.grounded && onFloor;
  let anchor: { u: number; v: number } | null = null;
  if (scene && grounded && mode === 'add') {
    const centre = bottomCentre(region, box);
    const footprint = footprintSize(scaled, centre, box.y1 + 0.5, product.dimensions);
    if (footprint) {
      anchor = floorAnchor(
        region,
        box,
        scene,
        centre,
        footprint.rows,
        footprint.columns,
        footprint.height,
      );
    }
  }
  const placement = grounded
    ? mode === 'replace'
      ? replacementPlacement(
          box,
          product,
          scaled,
          options,
          facing && FACES_THE_ROOM.has(product.category) ? seatFocus(facing, box, scaled) : null,
          removed ? CHOSEN_TO_FIT_ZOOM : undefined,
        )
      : groundedPlacement(region, box, product, scaled, options, anchor)
    : sizedToRegion(
        box,
        product,
        scaled,
        options,
        HANGING.has(product.category) ? 'hang' : model.grounded ? 'stand' : 'wall',
      );
  // Where the product meets the floor (a grounded pose's contact row; else the region's bottom).
  const contactRow = grounded ? placement.zoomCentre[1] : box.y1 + 0.5;
  if (grounded && mode === 'add') {
    // At its real size the product may reach past the region (a tall plant in a short box): it
    // is drawn whole, over its own outline and shadow. With the parse it must stand on open floor
    // and in sight there, or the action is refused (and refunded) rather than draw it on a bed,
    // behind one, or shrunk into the box.
    const outline = placedOutline(scaled, placement, product.dimensions);
    if (scene) {
      const [u] = placement.zoomCentre;
      // Its base is its footprint on the floor, from its front edge back. A rug lies under
      // what stands on it: only its front edge is asked to lie on open floor, and nothing to
      // stand clear of what is nearer.
      const rug = product.category === 'rug';
      const rows = footprintSize(scaled, u, contactRow, product.dimensions)?.rows;
      const base = rows !== undefined && rug ? 0.1 * rows : rows;
      const why = whyNotClear(scene)(u, contactRow, outline, base);
      if (why === 'no-floor') throw new EngineError('invalid_input', NO_FREE_FLOOR);
      if (why === 'hidden' && !rug) {
        throw new EngineError('invalid_input', NOTHING_ADDED);
      }
    }
    if (outline) window = widened(window, outline, image);
  }
  // A swap keeps what stands in front of the old piece or the new one whole, out of the hole.
  const inFront =
    scene && found && !removed
      ? withApart(
          swapForeground(image, scene, hole, window, Math.min(contactRow, box.y1 + 0.5)),
          apart,
          window,
        )
      : null;
  // Where SAM is installed, each thing in front whole where the parse gave part of it to the piece.
  const front =
    inFront && segmenter?.method === 'sam'
      ? await wholeFront(image, inFront, hole, window, segmenter)
      : inFront;
  const foreground = front
    ? front.matte
    : scene
      ? foregroundMatte(scene, window, contactRow, mode === 'replace' ? region : null)
      : null;
  const lightFrom = scene ? windowSide(scene, (box.x0 + box.x1 + 1) / 2) : null;
  const layer = renderLayer(image, region, box, window, product, model, scaled, placement, {
    foreground,
    lightFrom,
    contactRow: grounded ? contactRow : null,
    oldPiece: found && !removed ? found.piece : null,
    seed: options.seed ^ Math.imul(options.variant + 11, 0x2545f491),
  });
  // A swap whose new piece nearer things would hide all but a sliver of (the parse called a
  // fireplace's hood a chair, and the chair stood behind the fireplace) is refused before anything
  // is removed: the old piece would go and nothing be seen in its place. Not charged for.
  if (
    mode === 'replace' &&
    !removed &&
    shownArea(layer) < MIN_SHOWN_SHARE * image.width * image.height
  ) {
    throw new EngineError('invalid_input', NOTHING_SWAPPED);
  }
  if (mode === 'add' || removed) return { image: compositeLayer(image, layer), window };
  // The whole old piece is removed, also what the new one covers: the fill otherwise copies the
  // old piece's covered pixels (its dark base, its leather) into what the new one leaves open.
  // What stands in front is not: it is laid back from the photo over the new product.
  if (!front) return { image: compositeLayer(remove(hole), layer), window };
  const kept = new Uint8Array(hole.data);
  for (let i = 0; i < kept.length; i++) if (front.mask.data[i]) kept[i] = 0;
  const swapped = compositeLayer(
    remove({ width: hole.width, height: hole.height, data: kept }),
    layer,
  );
  return { image: layFront(swapped, image, front.matte, window), window };
}

/** `window` grown to take in `outline` with its shadow margin, inside the image. */
function widened(window: Box, outline: Box, image: Raster): Box {
  const grown = grownBox({
    x0: Math.floor(outline.x0),
    y0: Math.floor(outline.y0),
    x1: Math.ceil(outline.x1) - 1,
    y1: Math.ceil(outline.y1) - 1,
  });
  return {
    x0: Math.max(0, Math.min(window.x0, grown.x0)),
    y0: Math.max(0, Math.min(window.y0, grown.y0)),
    x1: Math.min(image.width - 1, Math.max(window.x1, grown.x1)),
    y1: Math.min(image.height - 1, Math.max(window.y1, grown.y1)),
  };
}

/**
 * A placed product showing on less than this share of the photo was hidden or shrunk to nothing:
 * the action is refused (and refunded) rather than answered with nothing to see.
 */
export const MIN_SHOWN_SHARE = 0.0005;

/** The refusal's words: the product would not be seen where the user marked. */
export const NOTHING_ADDED =
  'The product would be hidden by what stands in front of it here: mark free floor or wall for it';

/** The refusal's words: where the user marked there is no open floor for the product to stand on. */
export const NO_FREE_FLOOR =
  'There is no free floor here for the product to stand on: mark free floor for it';

/** The refusal's words for a swap whose new piece would not be seen. */
export const NOTHING_SWAPPED =
  'The new piece would be hidden by what stands in front of it here: choose a piece in full view';

/** Pixels' worth of the product the layer shows (its coverage after what stands in front). */
function shownArea(layer: ProductLayer): number {
  let shown = 0;
  for (const a of layer.objectAlpha) shown += a;
  return shown;
}

/**
 * What stands in front of a swap with what stood apart from the old piece (a bench at the foot of
 * the bed, in front of it by SAM's evidence where the parse's rule cannot tell): laid back whole.
 */
function withApart(
  front: SwapForeground | null,
  apart: Mask | null,
  window: Box,
): SwapForeground | null {
  if (!apart) return front;
  const { width, height } = apart;
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  const hard = new Float32Array(ww * wh);
  let any = false;
  for (let y = window.y0; y <= window.y1; y++) {
    for (let x = window.x0; x <= window.x1; x++) {
      if (!apart.data[y * width + x]) continue;
      hard[(y - window.y0) * ww + (x - window.x0)] = 1;
      any = true;
    }
  }
  if (!any) return front;
  const soft = blurBinomial3(hard, ww, wh);
  const matte = front ? new Float32Array(front.matte) : new Float32Array(ww * wh);
  for (let k = 0; k < matte.length; k++) matte[k] = Math.max(matte[k] ?? 0, soft[k] ?? 0);
  const mask = front ? new Uint8Array(front.mask.data) : new Uint8Array(width * height);
  for (let y = window.y0; y <= window.y1; y++) {
    for (let x = window.x0; x <= window.x1; x++) {
      if (hard[(y - window.y0) * ww + (x - window.x0)]) mask[y * width + x] = 1;
    }
  }
  return { matte, mask: { width, height, data: mask } };
}

/** `over` with `photo` laid back over it where `matte` (over `window`) says the photo stays. */
export function layFront(over: Raster, photo: Raster, matte: Float32Array, window: Box): Raster {
  const ww = window.x1 - window.x0 + 1;
  for (let y = window.y0; y <= window.y1; y++) {
    for (let x = window.x0; x <= window.x1; x++) {
      const a = matte[(y - window.y0) * ww + (x - window.x0)] ?? 0;
      if (a <= 0) continue;
      const p = (y * photo.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        over.data[p + c] = Math.round(
          a * (photo.data[p + c] ?? 0) + (1 - a) * (over.data[p + c] ?? 0),
        );
      }
    }
  }
  return over;
}
