/**
 * Add elements and change furniture: a catalogue product placed into the photo in perspective.
 *
 * Products with a parametric model are rendered by the catalogue's own ray marcher from the
 * photo's estimated camera (geometry/room-camera.ts), standing on the floor at the bottom of the
 * user's region and facing the camera (or squared to the room's walls when they are close to
 * that), with the renderer's shadow catcher providing the contact shadow. A replacement instead
 * takes the old piece's place: squared to the room and sized to cover the old piece's box. Only a window around
 * the region is rendered: the principal point is shifted so the renderer draws just that crop.
 * Imported products without a model are composited in 2D from their cut-out.
 *
 * Every pixel outside the region's box grown by `shadowMargin` stays byte-identical.
 */
import type { ProductModel } from '@roomcraft/catalog';
import { PRODUCT_MODELS, renderPlaced, SHADOW_MASK_BIT, slotIndex } from '@roomcraft/catalog';
import sharp from 'sharp';
import type { RoomCamera, Vec3 } from '../geometry/room-camera';
import { cameraCentre, floorPointAt, projectToImage, worldRay } from '../geometry/room-camera';
import type { Mask, Raster } from '../raster';
import { cloneRaster, maskBounds, openRaster, seededRandom } from '../raster';
import type { PlacementProduct } from '../types';
import { EngineError } from '../types';
import { inpaint } from './inpaint';

export interface PlaceOptions {
  variant: number;
  seed: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * How far beyond the region's box a placement may change pixels: room for the contact shadow and
 * for a product whose true size slightly overflows a loosely drawn region.
 */
export function shadowMargin(box: Box): number {
  return Math.round(Math.max(16, 0.2 * Math.max(box.x1 - box.x0 + 1, box.y1 - box.y0 + 1)));
}

/** The region's box grown by the shadow margin (it may extend beyond the image). */
function grownBox(box: Box): Box {
  const m = shadowMargin(box);
  return { x0: box.x0 - m, y0: box.y0 - m, x1: box.x1 + m, y1: box.y1 + m };
}

/** The box pixels may change in: the region's box grown by the shadow margin, inside the image. */
export function allowedWindow(region: Mask): Box {
  const box = maskBounds(region);
  if (!box) throw new EngineError('invalid_input', 'The mask selects nothing');
  const grown = grownBox(box);
  return {
    x0: Math.max(0, grown.x0),
    y0: Math.max(0, grown.y0),
    x1: Math.min(region.width - 1, grown.x1),
    y1: Math.min(region.height - 1, grown.y1),
  };
}

/** Categories hung from above (pendant) or on a wall (mirror) rather than standing on the floor. */
const HANGING = new Set(['pendant']);

/** Places `product` into the region (add_elements). */
export async function placeProduct(
  image: Raster,
  region: Mask,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
): Promise<Raster> {
  return place(image, region, product, camera, options, 'add');
}

/**
 * Replaces the piece of furniture under `elementMask` (change_furniture): the old piece is
 * inpainted away, then the new product is placed where it stood, sized to fill its footprint
 * (within a plausible range of its real size).
 */
export async function replaceFurniture(
  image: Raster,
  elementMask: Mask,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
): Promise<Raster> {
  const background = inpaint(image, elementMask, { seed: options.seed, variant: options.variant });
  return place(background, elementMask, product, camera, options, 'replace');
}

async function place(
  image: Raster,
  region: Mask,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  mode: 'add' | 'replace',
): Promise<Raster> {
  if (region.width !== image.width || region.height !== image.height) {
    throw new EngineError('invalid_input', 'The mask must be the size of the image');
  }
  const box = maskBounds(region);
  if (!box) throw new EngineError('invalid_input', 'The mask selects nothing');
  const window = allowedWindow(region);
  const scaled = cameraForImage(camera, image.width, image.height);
  if (product.cutout && !product.model) {
    return placeCutout(image, region, box, window, product.cutout, scaled, options);
  }
  const model: ProductModel<object> = PRODUCT_MODELS[product.category];
  // A grounded product whose region ends above the horizon stands on something high (a shelf):
  // no floor point there, so it is sized to the region like a wall piece, base on its bottom.
  const onFloor = box.y1 + 0.5 > scaled.horizonY + 0.01 * image.height;
  const placement =
    model.grounded && onFloor
      ? mode === 'replace'
        ? replacementPlacement(box, product, scaled, options)
        : groundedPlacement(region, box, product, scaled, options)
      : sizedToRegion(
          box,
          product,
          scaled,
          options,
          HANGING.has(product.category) ? 'hang' : model.grounded ? 'stand' : 'wall',
        );
  return renderInto(image, region, box, window, product, model, scaled, placement);
}

/** The camera rescaled when the image is not the size it was estimated at (same aspect). */
function cameraForImage(camera: RoomCamera, width: number, height: number): RoomCamera {
  if (camera.width === width && camera.height === height) return camera;
  const s = width / camera.width;
  const k = camera.intrinsics;
  return {
    ...camera,
    width,
    height,
    intrinsics: [k[0] * s, 0, k[2] * s, 0, k[4] * s, k[5] * s, 0, 0, 1],
    horizonY: camera.horizonY * s,
  };
}

interface Placement {
  position: Vec3;
  yawDeg: number;
  /** Zoom of the photo camera about `zoomCentre` (pixels): the product's size change. */
  zoom: number;
  zoomCentre: [number, number];
  /** Extra model parameters (a pendant's cord length). */
  extra: Record<string, number>;
  /** The size the model is built at, when it differs from the catalogue's (a replacement). */
  dimensions?: PlacementProduct['dimensions'];
}

/** Yaw whose front (+z turned by yaw) points from `from` towards the camera. */
function yawFacingCamera(camera: RoomCamera, from: Vec3): number {
  const c = cameraCentre(camera);
  return (Math.atan2(c[0] - from[0], c[2] - from[2]) * 180) / Math.PI;
}

/** Angle difference folded into [−180, 180). */
function angleDiff(a: number, b: number): number {
  return ((((a - b) % 360) + 540) % 360) - 180;
}

/**
 * Faces the camera, but squares up to the room's walls when one of the room's axes is within
 * 35° of that (a sofa parallel to the wall behind it reads as placed, one turned to the lens as
 * pasted) and `prefer` does not favour facing the camera clearly. Variants beyond the first
 * turn a little either way.
 */
function chooseYaw(
  camera: RoomCamera,
  at: Vec3,
  variant: number,
  random: () => number,
  prefer: (yawDeg: number) => number = () => 0,
): number {
  const facing = yawFacingCamera(camera, at);
  let yaw = facing;
  if (camera.roomAxisYawDeg !== null) {
    let aligned = facing;
    let best = Infinity;
    for (let k = 0; k < 4; k++) {
      const candidate = camera.roomAxisYawDeg + 90 * k;
      const d = Math.abs(angleDiff(candidate, facing));
      if (d < best) {
        best = d;
        aligned = candidate;
      }
    }
    if (best <= 35 && prefer(aligned) <= prefer(facing) + 0.15) yaw = aligned;
  }
  if (variant > 0) {
    const side = variant % 2 === 1 ? 1 : -1;
    yaw += side * (8 + 10 * random());
  }
  return yaw;
}

/** The projected pixel box of the product's oriented bounding box, or null if behind the camera. */
function projectedBox(
  camera: RoomCamera,
  position: Vec3,
  yawDeg: number,
  size: { width: number; depth: number; height: number },
  bottom = 0,
): Box | null {
  const yaw = (yawDeg * Math.PI) / 180;
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let i = 0; i < 8; i++) {
    const lx = (i & 1 ? 0.5 : -0.5) * size.width;
    const lz = (i & 2 ? 0.5 : -0.5) * size.depth;
    const ly = bottom + (i & 4 ? size.height : 0);
    // renderPlaced's rotation about y: x' = c·x + s·z, z' = −s·x + c·z.
    const p = projectToImage(camera, [
      position[0] + c * lx + s * lz,
      position[1] + ly,
      position[2] - s * lx + c * lz,
    ]);
    if (!p) return null;
    x0 = Math.min(x0, p[0]);
    y0 = Math.min(y0, p[1]);
    x1 = Math.max(x1, p[0]);
    y1 = Math.max(y1, p[1]);
  }
  return { x0, y0, x1, y1 };
}

/** Centre column of the region's lowest rows: where a grounded product's front meets the floor. */
function bottomCentre(region: Mask, box: Box): number {
  const band = Math.max(1, Math.round((box.y1 - box.y0 + 1) * 0.06));
  let sum = 0;
  let n = 0;
  for (let y = box.y1 - band + 1; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      if (region.data[y * region.width + x]) {
        sum += x;
        n++;
      }
    }
  }
  return n > 0 ? sum / n + 0.5 : (box.x0 + box.x1 + 1) / 2;
}

/**
 * A floor-standing product: its front edge's midpoint on the floor under the region's bottom
 * centre, at its catalogue size. When that clearly disagrees with the region it is resized to
 * fit: overflowing by more than 40% shrinks it (to at least 0.6×) to the region, filling under
 * 40% enlarges it (at most 1.6×) to 80% of it. If it still overflows it stands further back
 * (higher in the image). (Replacements are placed by replacementPlacement.)
 *
 * Resizing is a zoom of the camera about the contact pixel, not a change of the model's
 * dimensions: the models' fixed-size parts (cushions, legs) would distort under the latter,
 * while a small zoom keeps both the product's proportions and its perspective.
 */
function groundedPlacement(
  region: Mask,
  box: Box,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
): Placement {
  const random = seededRandom((options.seed ^ Math.imul(options.variant + 1, 0x9e3779b1)) >>> 0);
  const boxW = box.x1 - box.x0 + 1;
  const boxH = box.y1 - box.y0 + 1;
  const jitter = options.variant > 0 ? (random() - 0.5) * 0.08 * boxW : 0;
  const u = bottomCentre(region, box) + jitter;
  const bottom = box.y1 + 0.5;
  const contactAt = (v: number): Vec3 => floorPointAt(camera, u, v) ?? farFloorPoint(camera, u);
  // Of facing the camera and squaring up to the walls, prefer the one whose outline has the
  // region's proportions: a region drawn wide asks for the long side, not the end, to show.
  const contact = contactAt(bottom);
  const aspectMismatch = (yawDeg: number): number => {
    const r = (yawDeg * Math.PI) / 180;
    const centre: Vec3 = [
      contact[0] - Math.sin(r) * (product.dimensions.depth / 2),
      0,
      contact[2] - Math.cos(r) * (product.dimensions.depth / 2),
    ];
    const p = projectedBox(camera, centre, yawDeg, product.dimensions);
    if (!p) return Infinity;
    return Math.abs(Math.log((p.x1 - p.x0) / (p.y1 - p.y0) / (boxW / boxH)));
  };
  const yawDeg = chooseYaw(camera, contact, options.variant, random, aspectMismatch);
  const yaw = (yawDeg * Math.PI) / 180;
  const front: Vec3 = [Math.sin(yaw), 0, Math.cos(yaw)];
  const half = product.dimensions.depth / 2;
  const standingAt = (row: number): Vec3 => {
    const contact = contactAt(row);
    return [contact[0] - front[0] * half, 0, contact[2] - front[2] * half];
  };
  /**
   * Where the product stands so that its lowest projected point (a front corner or foot, not the
   * front edge's midpoint, once it is turned) lies on row `v`; that point's row grows with the
   * contact row, so bisect.
   */
  const lowestRow = (row: number): number =>
    projectedBox(camera, standingAt(row), yawDeg, product.dimensions)?.y1 ?? Infinity;
  const at = (v: number): Vec3 => {
    const top = camera.horizonY + 0.02 * (v - camera.horizonY);
    if (top >= v) return standingAt(v);
    return standingAt(solveIncreasing(lowestRow, v, top, v));
  };
  const boxAt = (v: number, zoom: number): Box | null => {
    const p = projectedBox(camera, at(v), yawDeg, product.dimensions);
    if (!p) return null;
    return {
      x0: u + (p.x0 - u) * zoom,
      y0: v + (p.y0 - v) * zoom,
      x1: u + (p.x1 - u) * zoom,
      y1: v + (p.y1 - v) * zoom,
    };
  };
  const ratioAt = (v: number, zoom: number): number => {
    const p = boxAt(v, zoom);
    if (!p) return Infinity;
    return Math.max((p.x1 - p.x0) / boxW, (p.y1 - p.y0) / boxH);
  };
  const real = ratioAt(bottom, 1);
  let zoom = 1;
  if (real > 1.4) zoom = Math.max(0.6, 1 / real);
  else if (real < 0.4) zoom = Math.min(1.6, 0.8 / real);
  // Further back (a smaller row) makes the product smaller; the row is bounded by the horizon.
  const farthest = Math.min(bottom, camera.horizonY + 0.05 * (bottom - camera.horizonY) + 2);
  let v = bottom;
  const limit = real > 1.4 ? 1.05 : 1.4;
  if (ratioAt(v, zoom) > limit && farthest < bottom) {
    v = solveIncreasing((row) => ratioAt(row, zoom), 1, farthest, bottom);
  }
  // Whatever the size, the product must stay inside the window pixels may change in (the image
  // border does not count: a product may run out of the frame). Zooming out about the contact
  // pixel, which lies inside that window, always gets there.
  const allowed = grownBox(box);
  const inside = (z: number): boolean => {
    const b = boxAt(v, z);
    return (
      b !== null &&
      b.x0 >= allowed.x0 &&
      b.y0 >= allowed.y0 &&
      b.x1 <= allowed.x1 + 1 &&
      b.y1 <= allowed.y1 + 1
    );
  };
  if (!inside(zoom)) {
    let lo = 0.02;
    let hi = zoom;
    for (let i = 0; i < 30; i++) {
      const mid = (lo + hi) / 2;
      if (inside(mid)) lo = mid;
      else hi = mid;
    }
    zoom = lo;
  }
  return { position: at(v), yawDeg, zoom, zoomCentre: [u, v], extra: {} };
}

/**
 * Pieces whose footprint a replacement stretches in depth as well as width: a bed or sofa reads
 * by its footprint on the floor, and a longer or deeper one than the catalogue's is a common size.
 */
const FOOTPRINT_STRETCH = new Set(['sofa', 'sectional', 'bed']);

/** Which sides of the old piece's box the image border cuts: the piece goes on beyond them. */
interface Cut {
  left: boolean;
  right: boolean;
  top: boolean;
  bottom: boolean;
}

/** A detector's box stops a few pixels short of the border it runs into: 1.5% counts as cut. */
function cutSides(box: Box, camera: RoomCamera): Cut {
  const mx = Math.max(2, 0.015 * camera.width);
  const my = Math.max(2, 0.015 * camera.height);
  return {
    left: box.x0 < mx,
    right: box.x1 > camera.width - 1 - mx,
    top: box.y0 < my,
    bottom: box.y1 > camera.height - 1 - my,
  };
}

/**
 * The replacement's yaw: squared to the room like the piece it replaces (a bed's headboard or a
 * sofa's back against the wall behind it), on the room axis whose outline best matches the old
 * box's proportions among those showing the front to the camera; facing the camera only when no
 * room axis was found. Variants turn by a few degrees, not enough to leave the wall.
 */
function replacementYaw(
  camera: RoomCamera,
  contact: Vec3,
  box: Box,
  cut: Cut,
  product: PlacementProduct,
  options: PlaceOptions,
): number {
  const facing = yawFacingCamera(camera, contact);
  const random = seededRandom((options.seed ^ Math.imul(options.variant + 5, 0x9e3779b1)) >>> 0);
  const turn = options.variant > 0 ? (options.variant % 2 === 1 ? 1 : -1) * (2 + 3 * random()) : 0;
  if (camera.roomAxisYawDeg === null) return facing + turn;
  const candidates: number[] = [];
  for (let k = 0; k < 4; k++) {
    const yaw = camera.roomAxisYawDeg + 90 * k;
    if (Math.abs(angleDiff(yaw, facing)) < 85) candidates.push(yaw);
  }
  if (candidates.length === 0) return facing + turn;
  // The box's proportions only say something when the border does not cut it.
  const whole = !cut.left && !cut.right && !cut.top && !cut.bottom;
  const boxAspect = (box.x1 - box.x0 + 1) / (box.y1 - box.y0 + 1);
  let best = facing;
  let bestScore = Infinity;
  for (const yaw of candidates) {
    const p = projectedBox(
      camera,
      standingCentre(contact, yaw, product.dimensions.depth),
      yaw,
      product.dimensions,
    );
    const mismatch = p && whole ? Math.abs(Math.log((p.x1 - p.x0) / (p.y1 - p.y0) / boxAspect)) : 0;
    // A slight preference for the axis nearer the camera's view: less of the side shows.
    const score = mismatch + 0.004 * Math.abs(angleDiff(yaw, facing));
    if (score < bestScore) {
      bestScore = score;
      best = yaw;
    }
  }
  return best + turn;
}

/** The centre of a footprint whose front edge's midpoint is `contact`. */
function standingCentre(contact: Vec3, yawDeg: number, depth: number): Vec3 {
  const r = (yawDeg * Math.PI) / 180;
  return [contact[0] - Math.sin(r) * (depth / 2), 0, contact[2] - Math.cos(r) * (depth / 2)];
}

/**
 * A replacement (change_furniture) for a floor-standing piece: it takes the old piece's place and
 * covers its footprint, so little inpainted background shows. Squared to the room like the old
 * piece (see replacementYaw), it is sized so its outline spans ~98% of the old box's width and at
 * most its height: the camera zooms about the contact pixel for the overall size (keeping the
 * model's proportions and perspective), and the model's width (and a bed's or sofa's depth) is
 * stretched for the rest (0.85–1.4× for beds and sofas, which come in many lengths; 0.9–1.15×
 * for anything else). Where the
 * image border cuts the old box, the piece is taken to go on beyond it: the outline is aligned to
 * the box's uncut sides and sized by the uncut extent, running out of the frame like the old one.
 */
function replacementPlacement(
  box: Box,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
): Placement {
  const cut = cutSides(box, camera);
  const boxW = box.x1 - box.x0 + 1;
  const boxH = box.y1 - box.y0 + 1;
  const base = product.dimensions;
  const stretchDepth = FOOTPRINT_STRETCH.has(product.category);
  // A chair or table stretched much wider than designed looks wrong; a longer sofa or bed does not.
  const [minStretch, maxStretch] = stretchDepth ? [0.85, 1.4] : [0.9, 1.15];
  const sized = (m: number): PlacementProduct['dimensions'] => ({
    width: base.width * m,
    depth: stretchDepth ? base.depth * Math.min(1.25, Math.max(0.9, m)) : base.depth,
    height: base.height,
  });
  let u =
    cut.left === cut.right
      ? (box.x0 + box.x1 + 1) / 2
      : cut.left
        ? box.x1 - 0.3 * boxW
        : box.x0 + 0.3 * boxW;
  const contact0 = floorPointAt(camera, u, box.y1 + 0.5) ?? farFloorPoint(camera, u);
  const yawDeg = replacementYaw(camera, contact0, box, cut, product, options);
  const yaw = (yawDeg * Math.PI) / 180;
  const front: Vec3 = [Math.sin(yaw), 0, Math.cos(yaw)];
  /** Where the product (at size `dims`) stands so its lowest projected point is on row `row`. */
  const standing = (col: number, row: number, dims: PlacementProduct['dimensions']): Vec3 => {
    const at = (r: number): Vec3 => {
      const c = floorPointAt(camera, col, r) ?? farFloorPoint(camera, col);
      return [c[0] - front[0] * (dims.depth / 2), 0, c[2] - front[2] * (dims.depth / 2)];
    };
    const top = camera.horizonY + 0.02 * (row - camera.horizonY);
    if (top >= row) return at(row);
    const lowest = (r: number): number => projectedBox(camera, at(r), yawDeg, dims)?.y1 ?? Infinity;
    return at(solveIncreasing(lowest, row, top, row));
  };
  const span = 0.98 * boxW;
  /**
   * Fits the outline to the box for the contact row `v`: the zoom and width stretch `m`, and the
   * contact column; `need` is the stretch the width asked for before clamping.
   */
  const fit = (v: number, u0: number): { u: number; zoom: number; m: number; need: number } => {
    let u = u0;
    let m = 1;
    let zoom = 1;
    let need = 1;
    for (let iteration = 0; iteration < 4; iteration++) {
      const dims = sized(m);
      const p = projectedBox(camera, standing(u, v, dims), yawDeg, dims);
      if (!p) break;
      // The width at m = 1 and zoom = 1, from this projection.
      const pw = (p.x1 - p.x0) / m;
      // With the bottom out of the frame the top lines up, about the contact row.
      const heightFit = cut.top ? null : (v - box.y0) / Math.max(1, v - p.y0);
      if (!cut.left && !cut.right) {
        const widthFit = span / pw;
        zoom = Math.min(
          widthFit / minStretch,
          Math.max(widthFit / maxStretch, heightFit ?? widthFit),
        );
        need = widthFit / zoom;
      } else {
        // Sized by the height when that is whole, else at the camera's own metric scale; the
        // visible part at least must be covered, the rest runs out of the frame.
        zoom = Math.min(2, Math.max(0.5, heightFit ?? 1));
        need = Math.max(1, (cut.left && cut.right ? span : boxW) / (zoom * pw));
      }
      zoom = Math.min(2, Math.max(0.5, zoom));
      m = Math.min(maxStretch, Math.max(minStretch, need));
      // Align the zoomed outline with the box's uncut sides, moving the contact point.
      const q = projectedBox(camera, standing(u, v, sized(m)), yawDeg, sized(m));
      if (!q) break;
      const zx0 = u + (q.x0 - u) * zoom;
      const zx1 = u + (q.x1 - u) * zoom;
      if (cut.left === cut.right) u += (box.x0 + box.x1 + 1) / 2 - (zx0 + zx1) / 2;
      else if (cut.left) u += box.x1 + 1 - zx1;
      else u += box.x0 - zx0;
    }
    return { u, zoom, m, need };
  };
  // A box cut by the bottom border hides the old piece's front: it may stand below the frame.
  // Nearer rows make the piece wider for the same top, so take the first that needs little width
  // stretch (or, failing that, the least).
  let v = box.y1 + 0.5;
  let best = fit(v, u);
  if (cut.bottom) {
    for (let k = 1; k <= 8 && best.need > 1.1; k++) {
      const row = box.y1 + 0.5 + (k / 8) * boxH;
      const candidate = fit(row, best.u);
      if (candidate.need < best.need) {
        best = candidate;
        v = row;
      }
    }
  }
  u = best.u;
  const m = best.m;
  let zoom = best.zoom;
  zoom = withinUncutSides(box, cut, zoom, (z) => {
    const q = projectedBox(camera, standing(u, v, sized(m)), yawDeg, sized(m));
    return (
      q && {
        x0: u + (q.x0 - u) * z,
        y0: v + (q.y0 - v) * z,
        x1: u + (q.x1 - u) * z,
        y1: v + (q.y1 - v) * z,
      }
    );
  });
  return {
    position: standing(u, v, sized(m)),
    yawDeg,
    zoom,
    zoomCentre: [u, v],
    extra: {},
    dimensions: sized(m),
  };
}

/**
 * The largest zoom up to `zoom` at which the outline stays within the old box (plus 3%) on the
 * sides the border does not cut: dispatch keeps only what lies inside the old piece's mask, so an
 * overflow there would be sliced off.
 */
function withinUncutSides(
  box: Box,
  cut: Cut,
  zoom: number,
  outline: (zoom: number) => Box | null,
): number {
  const tx = 0.03 * (box.x1 - box.x0 + 1);
  const ty = 0.03 * (box.y1 - box.y0 + 1);
  const fits = (z: number): boolean => {
    const b = outline(z);
    return (
      b !== null &&
      (cut.left || b.x0 >= box.x0 - tx) &&
      (cut.right || b.x1 <= box.x1 + 1 + tx) &&
      (cut.top || b.y0 >= box.y0 - ty) &&
      (cut.bottom || b.y1 <= box.y1 + 1 + ty)
    );
  };
  if (fits(zoom)) return zoom;
  let lo = 0.05;
  let hi = zoom;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * The x in [lo, hi] where the increasing function `fn` reaches `target` (bisection; a geometric
 * midpoint for scale-like ranges spanning orders of magnitude). Clamps to the ends.
 */
function solveIncreasing(
  fn: (x: number) => number,
  target: number,
  lo: number,
  hi: number,
): number {
  if (fn(lo) >= target) return lo;
  if (fn(hi) <= target) return hi;
  const geometric = lo > 0 && hi / lo > 4;
  for (let i = 0; i < 30; i++) {
    const mid = geometric ? Math.sqrt(lo * hi) : (lo + hi) / 2;
    if (fn(mid) > target) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

/** For a region ending above the horizon: a point 6 m away in that column's direction. */
function farFloorPoint(camera: RoomCamera, u: number): Vec3 {
  const ray = worldRay(camera, u, camera.horizonY);
  const c = cameraCentre(camera);
  const n = Math.hypot(ray[0], ray[2]) || 1;
  return [c[0] + (ray[0] / n) * 600, 0, c[2] + (ray[2] / n) * 600];
}

/**
 * A pendant hangs from the top of the region, a mirror fills it on the wall, a product standing
 * above eye level stands on the region's bottom: the depth is where the product's real size fits
 * the region, and a pendant's cord spans the rest of the region's height.
 */
function sizedToRegion(
  box: Box,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  how: 'hang' | 'wall' | 'stand',
): Placement {
  const random = seededRandom((options.seed ^ Math.imul(options.variant + 7, 0x85ebca6b)) >>> 0);
  const f = camera.intrinsics[0];
  const boxW = box.x1 - box.x0 + 1;
  const boxH = box.y1 - box.y0 + 1;
  const dims = product.dimensions;
  const hanging = how === 'hang';
  const width = hanging ? Math.min(dims.width, dims.depth) : dims.width;
  // Camera-space depth at which the real size fits the region (95% of its width or height).
  const depth = Math.max(
    60,
    Math.min(
      1500,
      Math.max((f * width) / (0.95 * boxW), hanging ? 0 : (f * dims.height) / (0.95 * boxH)),
    ),
  );
  const jitter = options.variant > 0 ? (random() - 0.5) * 0.06 * boxW : 0;
  const u = (box.x0 + box.x1 + 1) / 2 + jitter;
  const anchorV = hanging
    ? box.y0 + 0.5
    : how === 'stand'
      ? box.y1 + 0.5
      : (box.y0 + box.y1 + 1) / 2;
  const anchor = pointAtDepth(camera, u, anchorV, depth);
  const yawDeg = chooseYaw(camera, anchor, options.variant, random);
  if (hanging) {
    // Shade height of the pendant model: 0.48 (dome, its default) or 0.6 of its diameter.
    const spanned = (boxH * depth) / f;
    const shade = product.model?.shade ?? 'dome';
    const shadeH = width * (shade === 'dome' ? 0.48 : 0.6);
    const cordLength = Math.max(8, spanned * 0.95 - shadeH - 4);
    const total = shadeH + cordLength;
    return {
      position: [anchor[0], anchor[1] - total, anchor[2]],
      yawDeg,
      zoom: 1,
      zoomCentre: [0, 0],
      extra: { cordLength },
    };
  }
  return {
    position: [anchor[0], how === 'stand' ? anchor[1] : anchor[1] - dims.height / 2, anchor[2]],
    yawDeg,
    zoom: 1,
    zoomCentre: [0, 0],
    extra: {},
  };
}

/** The world point on the ray through pixel (u, v) at camera-space depth `depth`. */
function pointAtDepth(camera: RoomCamera, u: number, v: number, depth: number): Vec3 {
  const k = camera.intrinsics;
  const xc = ((u - k[2]) / k[0]) * depth;
  const yc = ((v - k[5]) / k[4]) * depth;
  const r = camera.pose.rotation;
  const t = camera.pose.translation;
  // x_world = Rᵀ (x_cam − t)
  const cx = xc - t[0];
  const cy = yc - t[1];
  const cz = depth - t[2];
  return [
    r[0] * cx + r[3] * cy + r[6] * cz,
    r[1] * cx + r[4] * cy + r[7] * cz,
    r[2] * cx + r[5] * cy + r[8] * cz,
  ];
}

/**
 * Pixels the renderer draws at most; larger windows render scaled down and are resampled. Sized so
 * a sofa filling a 600×400 region of a 2 MP photo renders in about 1.5 s of one core.
 */
const MAX_RENDER_PIXELS = 250_000;

/**
 * Models that cost clearly more per pixel than a sofa (measured: books on every shelf, leaves,
 * quilted bedding) get a proportionally smaller pixel budget, so no category blows the time
 * budget. A fixed table rather than a timed probe keeps outputs reproducible.
 */
const RENDER_COST: Partial<Record<string, number>> = {
  bookshelf: 2,
  plant: 2,
  bed: 1.3,
  sectional: 1.3,
};

/** Renders the product over the window only and composites it (and its shadow) into a copy. */
function renderInto(
  image: Raster,
  region: Mask,
  box: Box,
  window: Box,
  product: PlacementProduct,
  model: ProductModel<object>,
  camera: RoomCamera,
  placement: Placement,
): Raster {
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  // Render at a reduced resolution when the window is large, then resample; the renderer's cost
  // is per pixel, and a product filling a 2 MP photo's quarter needs no more detail than that.
  const budget = MAX_RENDER_PIXELS / (RENDER_COST[product.category] ?? 1);
  const q = Math.min(1, Math.sqrt(budget / (ww * wh)));
  const rw = Math.max(1, Math.round(ww * q));
  const rh = Math.max(1, Math.round(wh * q));
  const sx = rw / ww;
  const sy = rh / wh;
  const k = camera.intrinsics;
  const z = placement.zoom;
  const [zu, zv] = placement.zoomCentre;
  const f = k[0] * z;
  const cx = zu + (k[2] - zu) * z;
  const cy = zv + (k[5] - zv) * z;
  const params = {
    ...model.fromDimensions(placement.dimensions ?? product.dimensions),
    ...(product.model ?? {}),
    ...placement.extra,
  };
  const layer = renderPlaced(model, params, {
    intrinsics: [f * sx, 0, (cx - window.x0) * sx, 0, f * sy, (cy - window.y0) * sy, 0, 0, 1],
    pose: camera.pose,
    width: rw,
    height: rh,
    colour: product.colour,
    position: placement.position,
    yawDeg: placement.yawDeg,
    keyLight: keyLightFor(image),
    seed: placement.position[0] * 7 + placement.yawDeg,
  });
  const rgba = rw === ww && rh === wh ? layer.rgba : resampleLayer(layer.rgba, rw, rh, ww, wh);
  const objectAlpha = new Float32Array(ww * wh);
  const shadowAlpha = new Float32Array(ww * wh);
  const glass = new Uint8Array(ww * wh);
  splitLayer(layer.materialMask, rgba, rw, rh, ww, wh, objectAlpha, shadowAlpha, glass);
  softenEdges(rgba, objectAlpha, ww, wh);
  const grade = lightingGrade(image, region, box, window);
  const reflection = glass.includes(1) ? mirroredRoom(image, window) : null;
  return composite(image, window, rgba, objectAlpha, shadowAlpha, grade, glass, reflection);
}

/**
 * The key light comes from the brighter side of the room (windows), so the product's lit side and
 * its shadow agree with the photo's: the renderer's default light from front-left, mirrored when
 * the upper right of the photo is clearly brighter than the upper left. World x is the camera's
 * right (RoomCamera looks along −z).
 */
function keyLightFor(image: Raster): Vec3 {
  const { width, height, data } = image;
  let left = 0;
  let right = 0;
  const rows = Math.floor(height * 0.6);
  const step = Math.max(1, Math.floor(Math.sqrt((width * rows) / 40000)));
  for (let y = 0; y < rows; y += step) {
    for (let x = 0; x < width; x += step) {
      const p = (y * width + x) * 4;
      const l = (data[p] ?? 0) + (data[p + 1] ?? 0) + (data[p + 2] ?? 0);
      if (x < width / 2) left += l;
      else right += l;
    }
  }
  return right > left * 1.08 ? [0.4, 0.9, 0.38] : [-0.4, 0.9, 0.38];
}

/** Bilinear resampling of a straight-alpha layer (premultiplied while filtering). */
function resampleLayer(
  src: Uint8Array,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
): Uint8Array {
  const out = new Uint8Array(dw * dh * 4);
  const fx = sw / dw;
  const fy = sh / dh;
  for (let y = 0; y < dh; y++) {
    const syf = Math.max(0, Math.min(sh - 1, (y + 0.5) * fy - 0.5));
    const y0 = Math.floor(syf);
    const y1 = Math.min(sh - 1, y0 + 1);
    const ty = syf - y0;
    for (let x = 0; x < dw; x++) {
      const sxf = Math.max(0, Math.min(sw - 1, (x + 0.5) * fx - 0.5));
      const x0 = Math.floor(sxf);
      const x1 = Math.min(sw - 1, x0 + 1);
      const tx = sxf - x0;
      const w00 = (1 - tx) * (1 - ty);
      const w10 = tx * (1 - ty);
      const w01 = (1 - tx) * ty;
      const w11 = tx * ty;
      const i00 = (y0 * sw + x0) * 4;
      const i10 = (y0 * sw + x1) * 4;
      const i01 = (y1 * sw + x0) * 4;
      const i11 = (y1 * sw + x1) * 4;
      const a00 = (src[i00 + 3] ?? 0) * w00;
      const a10 = (src[i10 + 3] ?? 0) * w10;
      const a01 = (src[i01 + 3] ?? 0) * w01;
      const a11 = (src[i11 + 3] ?? 0) * w11;
      const a = a00 + a10 + a01 + a11;
      const o = (y * dw + x) * 4;
      if (a <= 0) continue;
      for (let c = 0; c < 3; c++) {
        out[o + c] = Math.round(
          ((src[i00 + c] ?? 0) * a00 +
            (src[i10 + c] ?? 0) * a10 +
            (src[i01 + c] ?? 0) * a01 +
            (src[i11 + c] ?? 0) * a11) /
            a,
        );
      }
      out[o + 3] = Math.round(a);
    }
  }
  return out;
}

const MIRROR_BIT = 1 << slotIndex('mirror');

/**
 * What a mirror on the wall shows, approximately: the room mirrored left to right and softly
 * blurred (linear RGB, 3 floats a window pixel). The renderer's mirror reflects its studio, a flat
 * grey that reads as a painted panel in a photo; the room behind the camera is unknown, and its
 * mirror image is the usual stand-in.
 */
function mirroredRoom(image: Raster, window: Box): Float32Array {
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  const out = new Float32Array(ww * wh * 3);
  for (let y = 0; y < wh; y++) {
    const row = (window.y0 + y) * image.width;
    for (let x = 0; x < ww; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, image.width - 1 - (window.x0 + x)));
      const p = (row + sx) * 4;
      const o = (y * ww + x) * 3;
      out[o] = SRGB_TO_LINEAR[image.data[p] ?? 0] ?? 0;
      out[o + 1] = SRGB_TO_LINEAR[image.data[p + 1] ?? 0] ?? 0;
      out[o + 2] = SRGB_TO_LINEAR[image.data[p + 2] ?? 0] ?? 0;
    }
  }
  const radius = Math.max(2, Math.round(0.006 * image.width));
  boxBlur3(out, ww, wh, radius);
  return out;
}

/** In-place separable box blur of a 3-channel float image (edges clamped). */
function boxBlur3(data: Float32Array, w: number, h: number, r: number): void {
  const line = new Float32Array(Math.max(w, h) * 3);
  const pass = (
    count: number,
    length: number,
    index: (line: number, k: number) => number,
  ): void => {
    for (let l = 0; l < count; l++) {
      for (let k = 0; k < length; k++) {
        const i = index(l, k) * 3;
        line[k * 3] = data[i] ?? 0;
        line[k * 3 + 1] = data[i + 1] ?? 0;
        line[k * 3 + 2] = data[i + 2] ?? 0;
      }
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let k = -r; k <= r; k++)
          sum += line[Math.min(length - 1, Math.max(0, k)) * 3 + c] ?? 0;
        for (let k = 0; k < length; k++) {
          data[index(l, k) * 3 + c] = sum / (2 * r + 1);
          const add = Math.min(length - 1, k + r + 1);
          const drop = Math.max(0, k - r);
          sum += (line[add * 3 + c] ?? 0) - (line[drop * 3 + c] ?? 0);
        }
      }
    }
  };
  pass(h, w, (y, x) => y * w + x);
  pass(w, h, (x, y) => y * w + x);
}

/**
 * Splits the layer's alpha into the product's own coverage and the floor shadow's, using the
 * renderer's material mask (resampled nearest when the layer was rendered smaller).
 */
function splitLayer(
  materialMask: Uint16Array,
  rgba: Uint8Array,
  rw: number,
  rh: number,
  ww: number,
  wh: number,
  objectAlpha: Float32Array,
  shadowAlpha: Float32Array,
  glass: Uint8Array,
): void {
  const objectBits = SHADOW_MASK_BIT - 1;
  for (let y = 0; y < wh; y++) {
    const my = Math.min(rh - 1, Math.floor(((y + 0.5) * rh) / wh));
    for (let x = 0; x < ww; x++) {
      const mx = Math.min(rw - 1, Math.floor(((x + 0.5) * rw) / ww));
      const m = materialMask[my * rw + mx] ?? 0;
      const i = y * ww + x;
      const a = (rgba[i * 4 + 3] ?? 0) / 255;
      if (a <= 0) continue;
      const hasObject = (m & objectBits) !== 0;
      const hasShadow = (m & SHADOW_MASK_BIT) !== 0;
      // Shadow samples are black: a pixel that is mostly shadow is dark and translucent.
      const lum = (rgba[i * 4] ?? 0) + (rgba[i * 4 + 1] ?? 0) + (rgba[i * 4 + 2] ?? 0);
      if (hasObject && (!hasShadow || a > 0.85 || lum > 24)) objectAlpha[i] = a;
      else shadowAlpha[i] = a;
      if ((m & objectBits) === MIRROR_BIT) glass[i] = 1;
    }
  }
}

/**
 * A light blur of the product's coverage at its silhouette (premultiplied, so no dark fringes):
 * the renderer's edges are crisper than a photo's, which makes a placed product look cut out.
 */
function softenEdges(rgba: Uint8Array, alpha: Float32Array, w: number, h: number): void {
  const src = new Float32Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i] ?? 0;
    src[i * 4] = (rgba[i * 4] ?? 0) * a;
    src[i * 4 + 1] = (rgba[i * 4 + 1] ?? 0) * a;
    src[i * 4 + 2] = (rgba[i * 4 + 2] ?? 0) * a;
    src[i * 4 + 3] = a;
  }
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const a = alpha[i] ?? 0;
      const l = alpha[i - 1] ?? 0;
      const r = alpha[i + 1] ?? 0;
      const u = alpha[i - w] ?? 0;
      const d = alpha[i + w] ?? 0;
      const lo = Math.min(a, l, r, u, d);
      const hi = Math.max(a, l, r, u, d);
      if (hi - lo < 0.2) continue;
      // Half the pixel, half a 3×3 binomial blur around it.
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let sa = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const wgt = (dx === 0 ? 2 : 1) * (dy === 0 ? 2 : 1);
          const j = ((y + dy) * w + x + dx) * 4;
          sr += (src[j] ?? 0) * wgt;
          sg += (src[j + 1] ?? 0) * wgt;
          sb += (src[j + 2] ?? 0) * wgt;
          sa += (src[j + 3] ?? 0) * wgt;
        }
      }
      const o = i * 4;
      const pr = 0.5 * (src[o] ?? 0) + (0.5 * sr) / 16;
      const pg = 0.5 * (src[o + 1] ?? 0) + (0.5 * sg) / 16;
      const pb = 0.5 * (src[o + 2] ?? 0) + (0.5 * sb) / 16;
      const pa = 0.5 * (src[o + 3] ?? 0) + (0.5 * sa) / 16;
      alpha[i] = pa;
      if (pa > 1e-4) {
        rgba[o] = Math.round(pr / pa);
        rgba[o + 1] = Math.round(pg / pa);
        rgba[o + 2] = Math.round(pb / pa);
      }
    }
  }
}

/** Per-channel gains (linear light) that carry the photo's exposure and white balance. */
interface Grade {
  r: number;
  g: number;
  b: number;
}

const SRGB_TO_LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  SRGB_TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function linearToSrgbByte(v: number): number {
  const c = v <= 0.0031308 ? v * 12.92 : 1.055 * Math.max(0, v) ** (1 / 2.4) - 0.055;
  return Math.round((c < 0 ? 0 : c > 1 ? 1 : c) * 255);
}

/**
 * Matches the product a little to the photo's light: the renderer lights it as a studio would
 * (a mid-grey surround), so it is scaled towards the surroundings' brightness (a cube root of the
 * ratio, clamped) and tinted faintly towards their colour.
 */
function lightingGrade(image: Raster, region: Mask, box: Box, window: Box): Grade {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const step = Math.max(
    1,
    Math.round(Math.sqrt(((window.x1 - window.x0) * (window.y1 - window.y0)) / 20000)),
  );
  for (let y = window.y0; y <= window.y1; y += step) {
    for (let x = window.x0; x <= window.x1; x += step) {
      const inBox = x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
      if (inBox && region.data[y * region.width + x]) continue;
      const p = (y * image.width + x) * 4;
      r += SRGB_TO_LINEAR[image.data[p] ?? 0] ?? 0;
      g += SRGB_TO_LINEAR[image.data[p + 1] ?? 0] ?? 0;
      b += SRGB_TO_LINEAR[image.data[p + 2] ?? 0] ?? 0;
      n++;
    }
  }
  if (n === 0) return { r: 1, g: 1, b: 1 };
  r /= n;
  g /= n;
  b /= n;
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  if (lum <= 1e-4) return { r: 0.8, g: 0.8, b: 0.8 };
  const exposure = Math.min(1.2, Math.max(0.7, Math.cbrt(lum / 0.3)));
  // Mostly the surroundings' own colour (a wood floor is brown under any light), so a faint tint.
  const cast = (c: number): number => Math.min(1.06, Math.max(0.94, (c / lum) ** 0.15));
  return { r: exposure * cast(r), g: exposure * cast(g), b: exposure * cast(b) };
}

/**
 * The fill light's colour: a fraction of the product's lit colour (its brighter quartile), more in
 * a bright room. The renderer's studio has almost no fill, so creases and the shaded side go near
 * black, which in a daylit photo reads as a cut-out.
 */
function fillLight(
  rgba: Uint8Array,
  alpha: Float32Array,
  grade: Grade,
): { r: number; g: number; b: number; lum: number } {
  const lums: number[] = [];
  const step = Math.max(1, Math.floor(alpha.length / 40000));
  for (let i = 0; i < alpha.length; i += step) {
    if ((alpha[i] ?? 0) < 0.95) continue;
    const l =
      0.2126 * (SRGB_TO_LINEAR[rgba[i * 4] ?? 0] ?? 0) +
      0.7152 * (SRGB_TO_LINEAR[rgba[i * 4 + 1] ?? 0] ?? 0) +
      0.0722 * (SRGB_TO_LINEAR[rgba[i * 4 + 2] ?? 0] ?? 0);
    lums.push(l);
  }
  if (lums.length === 0) return { r: 0, g: 0, b: 0, lum: 1 };
  lums.sort((a, b) => a - b);
  const threshold = lums[Math.floor(lums.length * 0.75)] ?? 0;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < alpha.length; i += step) {
    if ((alpha[i] ?? 0) < 0.95) continue;
    const lr = SRGB_TO_LINEAR[rgba[i * 4] ?? 0] ?? 0;
    const lg = SRGB_TO_LINEAR[rgba[i * 4 + 1] ?? 0] ?? 0;
    const lb = SRGB_TO_LINEAR[rgba[i * 4 + 2] ?? 0] ?? 0;
    if (0.2126 * lr + 0.7152 * lg + 0.0722 * lb < threshold) continue;
    r += lr;
    g += lg;
    b += lb;
    n++;
  }
  const brightness = (grade.r + grade.g + grade.b) / 3;
  const k = 0.16 * brightness;
  r = (r / n) * grade.r;
  g = (g / n) * grade.g;
  b = (b / n) * grade.b;
  return {
    r: r * k,
    g: g * k,
    b: b * k,
    lum: Math.max(1e-3, 0.2126 * r + 0.7152 * g + 0.0722 * b),
  };
}

/**
 * Straight-alpha "over" for the product (graded) and a multiply for its shadow (the photo
 * darkened, never painted grey), fading the shadow out over the window's last pixels.
 */
function composite(
  image: Raster,
  window: Box,
  rgba: Uint8Array,
  objectAlpha: Float32Array,
  shadowAlpha: Float32Array,
  grade: Grade,
  glass: Uint8Array,
  reflection: Float32Array | null,
): Raster {
  const out = cloneRaster(image);
  const ww = window.x1 - window.x0 + 1;
  const wh = window.y1 - window.y0 + 1;
  const fade = Math.max(4, Math.round(Math.min(ww, wh) * 0.04));
  const fill = fillLight(rgba, objectAlpha, grade);
  for (let y = 0; y < wh; y++) {
    for (let x = 0; x < ww; x++) {
      const i = y * ww + x;
      const oa = objectAlpha[i] ?? 0;
      let sa = shadowAlpha[i] ?? 0;
      if (oa <= 0 && sa <= 0) continue;
      const edge = Math.min(x, y, ww - 1 - x, wh - 1 - y) / fade;
      if (edge < 1) sa *= edge <= 0 ? 0 : edge * edge * (3 - 2 * edge);
      const p = ((window.y0 + y) * image.width + window.x0 + x) * 4;
      // A touch stronger than the studio catcher: photos of rooms have deep contact shadows.
      const keep = 1 - Math.min(0.85, sa * 1.25);
      const photoR = (SRGB_TO_LINEAR[image.data[p] ?? 0] ?? 0) * keep;
      const photoG = (SRGB_TO_LINEAR[image.data[p + 1] ?? 0] ?? 0) * keep;
      const photoB = (SRGB_TO_LINEAR[image.data[p + 2] ?? 0] ?? 0) * keep;
      let pr = (SRGB_TO_LINEAR[rgba[i * 4] ?? 0] ?? 0) * grade.r;
      let pg = (SRGB_TO_LINEAR[rgba[i * 4 + 1] ?? 0] ?? 0) * grade.g;
      let pb = (SRGB_TO_LINEAR[rgba[i * 4 + 2] ?? 0] ?? 0) * grade.b;
      // Fill: the room's bounce light reaching the crevices the studio key leaves black.
      const lum = 0.2126 * pr + 0.7152 * pg + 0.0722 * pb;
      const lift = Math.max(0, 1 - lum / fill.lum);
      pr += fill.r * lift;
      pg += fill.g * lift;
      pb += fill.b * lift;
      if (reflection && glass[i]) {
        // Mostly the room's reflection, a little of the rendered glass (its sheen and tint).
        pr = 0.85 * (reflection[i * 3] ?? 0) + 0.15 * pr;
        pg = 0.85 * (reflection[i * 3 + 1] ?? 0) + 0.15 * pg;
        pb = 0.85 * (reflection[i * 3 + 2] ?? 0) + 0.15 * pb;
      }
      out.data[p] = linearToSrgbByte(pr * oa + photoR * (1 - oa));
      out.data[p + 1] = linearToSrgbByte(pg * oa + photoG * (1 - oa));
      out.data[p + 2] = linearToSrgbByte(pb * oa + photoB * (1 - oa));
    }
  }
  return out;
}

/**
 * An imported product's cut-out, composited in 2D: trimmed to its alpha, scaled to fit the
 * region's box, standing on its bottom edge (centred on the region's bottom), with a soft
 * elliptical contact shadow squashed by the floor's foreshortening at that row. Odd variants
 * are mirrored.
 */
async function placeCutout(
  image: Raster,
  region: Mask,
  box: Box,
  window: Box,
  cutout: Buffer,
  camera: RoomCamera,
  options: PlaceOptions,
): Promise<Raster> {
  let decoded;
  try {
    decoded = await openRaster(cutout)
      .ensureAlpha()
      .trim({ threshold: 1 })
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new EngineError('invalid_input', 'The product cut-out could not be read');
  }
  const meta = decoded.info;
  const boxW = box.x1 - box.x0 + 1;
  const boxH = box.y1 - box.y0 + 1;
  const fit = Math.min(boxW / meta.width, boxH / meta.height) * 0.97;
  const w = Math.max(1, Math.round(meta.width * fit));
  const h = Math.max(1, Math.round(meta.height * fit));
  let pipeline = sharp(decoded.data).resize(w, h, { fit: 'fill', kernel: 'lanczos3' });
  if (options.variant % 2 === 1) pipeline = pipeline.flop();
  const raw = await pipeline.ensureAlpha().raw().toBuffer();
  const random = seededRandom((options.seed ^ Math.imul(options.variant + 3, 0x27d4eb2d)) >>> 0);
  const jitter = options.variant > 0 ? (random() - 0.5) * Math.max(0, boxW - w) : 0;
  const centre = Math.min(
    window.x1 - w / 2,
    Math.max(window.x0 + w / 2, bottomCentre(region, box) + jitter),
  );
  const left = Math.round(centre - w / 2);
  const top = box.y1 + 1 - h;
  const out = cloneRaster(image);
  // Contact shadow: an ellipse under the footprint, flattened like the floor at that row.
  const foreshortening = Math.min(
    0.6,
    Math.max(0.08, (box.y1 - camera.horizonY) / camera.intrinsics[0]),
  );
  const rx = w * 0.55;
  const ry = Math.max(3, rx * foreshortening);
  const scx = left + w / 2;
  const scy = box.y1 - ry * 0.35;
  for (
    let y = Math.max(window.y0, Math.floor(scy - 2 * ry));
    y <= Math.min(window.y1, Math.ceil(scy + 2 * ry));
    y++
  ) {
    for (
      let x = Math.max(window.x0, Math.floor(scx - 2 * rx));
      x <= Math.min(window.x1, Math.ceil(scx + 2 * rx));
      x++
    ) {
      const dx = (x + 0.5 - scx) / rx;
      const dy = (y + 0.5 - scy) / ry;
      const d2 = dx * dx + dy * dy;
      if (d2 >= 4) continue;
      const shade = 1 - 0.45 * Math.exp(-2.2 * d2);
      const p = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        out.data[p + c] = linearToSrgbByte((SRGB_TO_LINEAR[out.data[p + c] ?? 0] ?? 0) * shade);
      }
    }
  }
  const grade = lightingGrade(image, region, box, window);
  const gains = [grade.r, grade.g, grade.b];
  for (let y = 0; y < h; y++) {
    const iy = top + y;
    if (iy < window.y0 || iy > window.y1) continue;
    for (let x = 0; x < w; x++) {
      const ix = left + x;
      if (ix < window.x0 || ix > window.x1) continue;
      const s = (y * w + x) * 4;
      const a = (raw[s + 3] ?? 0) / 255;
      if (a <= 0) continue;
      const p = (iy * image.width + ix) * 4;
      for (let c = 0; c < 3; c++) {
        const product = (SRGB_TO_LINEAR[raw[s + c] ?? 0] ?? 0) * (gains[c] ?? 1);
        const photo = SRGB_TO_LINEAR[out.data[p + c] ?? 0] ?? 0;
        out.data[p + c] = linearToSrgbByte(product * a + photo * (1 - a));
      }
    }
  }
  return out;
}
