/**
 * Pose geometry for a placed product: where it stands (on the floor under the region, on the old
 * piece's footprint, hung from the region's top or on a wall), which way it faces and how large it
 * is drawn, all from the photo's estimated camera (geometry/room-camera.ts). Pure arithmetic: no
 * pixels are read or written here.
 */
import type { RoomCamera, Vec3 } from '../../geometry/room-camera';
import { cameraCentre, floorPointAt, projectToImage, worldRay } from '../../geometry/room-camera';
import type { Mask } from '../../raster';
import { maskBounds, seededRandom } from '../../raster';
import type { PlacementProduct } from '../../types';
import { EngineError } from '../../types';

export interface PlaceOptions {
  variant: number;
  seed: number;
}

export interface Box {
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
export function grownBox(box: Box): Box {
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
export const HANGING = new Set(['pendant']);

/** The camera rescaled when the image is not the size it was estimated at (same aspect). */
export function cameraForImage(camera: RoomCamera, width: number, height: number): RoomCamera {
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

export interface Placement {
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
export function bottomCentre(region: Mask, box: Box): number {
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
 * A floor-standing product added into the region: its front edge's midpoint on the floor under
 * the region's bottom centre (or at `anchor`, free floor the room parse found in the region), at
 * its real size from the camera (issue 11: the box says where, the camera says how big). A box
 * drawn shorter than the product does not shrink it, and one drawn taller does not enlarge it:
 * its outline may reach past the box (the caller widens what it may change to that outline,
 * {@link placedOutline}). Of facing the camera and squaring up to the walls, the one whose
 * outline has the region's proportions is preferred. (Replacements are placed by
 * replacementPlacement.)
 */
export function groundedPlacement(
  region: Mask,
  box: Box,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  anchor: { u: number; v: number } | null = null,
): Placement {
  const random = seededRandom((options.seed ^ Math.imul(options.variant + 1, 0x9e3779b1)) >>> 0);
  const boxW = box.x1 - box.x0 + 1;
  // With an anchor from the parse (free floor above the region's bottom) it stands there.
  const bottom = anchor ? Math.min(box.y1 + 0.5, anchor.v) : box.y1 + 0.5;
  const boxH = Math.max(1, bottom - box.y0);
  const jitter = options.variant > 0 ? (random() - 0.5) * 0.08 * boxW : 0;
  const u = (anchor ? anchor.u : bottomCentre(region, box)) + jitter;
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
   * front edge's midpoint, once it is turned) lies on the contact row; that point's row grows
   * with the front edge's row, so bisect.
   */
  const lowestRow = (row: number): number =>
    projectedBox(camera, standingAt(row), yawDeg, product.dimensions)?.y1 ?? Infinity;
  const top = camera.horizonY + 0.02 * (bottom - camera.horizonY);
  const position =
    top >= bottom
      ? standingAt(bottom)
      : standingAt(solveIncreasing(lowestRow, bottom, top, bottom));
  return { position, yawDeg, zoom: 1, zoomCentre: [u, bottom], extra: {} };
}

/**
 * The pixel box a placement draws its product in (its oriented bounding box projected from the
 * camera zoomed about `zoomCentre`), or null when it is behind the camera.
 */
export function placedOutline(
  camera: RoomCamera,
  placement: Placement,
  size: PlacementProduct['dimensions'],
): Box | null {
  const p = projectedBox(
    camera,
    placement.position,
    placement.yawDeg,
    placement.dimensions ?? size,
  );
  if (!p) return null;
  const [u, v] = placement.zoomCentre;
  const z = placement.zoom;
  return {
    x0: u + (p.x0 - u) * z,
    y0: v + (p.y0 - v) * z,
    x1: u + (p.x1 - u) * z,
    y1: v + (p.y1 - v) * z,
  };
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
 * box's proportions and whose front turns to `focus` (the floor point the old piece faces: its
 * coffee table, the open room; `seatFocus`). With a focus any side may show, the back of a sofa
 * seen from behind included; without one, only axes showing the front to the camera. Facing the
 * camera (or the focus) when no room axis was found. Variants turn by a few degrees, not enough
 * to leave the wall.
 */
function replacementYaw(
  camera: RoomCamera,
  contact: Vec3,
  box: Box,
  cut: Cut,
  product: PlacementProduct,
  options: PlaceOptions,
  focus: Vec3 | null,
): number {
  const facing = yawFacingCamera(camera, contact);
  const random = seededRandom((options.seed ^ Math.imul(options.variant + 5, 0x9e3779b1)) >>> 0);
  const turn = options.variant > 0 ? (options.variant % 2 === 1 ? 1 : -1) * (2 + 3 * random()) : 0;
  // The direction (on the floor) towards what the old piece faces, when it is clearly apart.
  const fx = focus ? focus[0] - contact[0] : 0;
  const fz = focus ? focus[2] - contact[2] : 0;
  const reach = Math.hypot(fx, fz);
  const towards = reach > 40 ? { x: fx / reach, z: fz / reach } : null;
  // How far yaw's front turns from the focus: 0 facing it, 2 turning its back on it.
  const away = (yawDeg: number): number => {
    if (!towards) return 0;
    const r = (yawDeg * Math.PI) / 180;
    return 1 - (Math.sin(r) * towards.x + Math.cos(r) * towards.z);
  };
  if (camera.roomAxisYawDeg === null) {
    const toFocus = towards ? (Math.atan2(towards.x, towards.z) * 180) / Math.PI : facing;
    return (away(facing) > 1.3 ? toFocus : facing) + turn;
  }
  const candidates: number[] = [];
  for (let k = 0; k < 4; k++) {
    const yaw = camera.roomAxisYawDeg + 90 * k;
    if (towards || Math.abs(angleDiff(yaw, facing)) < 85) candidates.push(yaw);
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
    // A slight preference for the axis nearer the camera's view: less of the side shows. The
    // focus outweighs the outline: a sofa's back and its front have the same proportions.
    const score = mismatch + 0.004 * Math.abs(angleDiff(yaw, facing)) + 0.6 * away(yaw);
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
 * `zoomRange` bounds the overall size against the camera's own scale (a restyle chose its product
 * by the piece's width, so it stays near its real size).
 */
export function replacementPlacement(
  box: Box,
  product: PlacementProduct,
  camera: RoomCamera,
  options: PlaceOptions,
  focus: Vec3 | null = null,
  zoomRange: readonly [number, number] = [0.5, 2],
): Placement {
  const [minZoom, maxZoom] = zoomRange;
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
  const yawDeg = replacementYaw(camera, contact0, box, cut, product, options, focus);
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
        zoom = Math.min(maxZoom, Math.max(minZoom, heightFit ?? 1));
        need = Math.max(1, (cut.left && cut.right ? span : boxW) / (zoom * pw));
      }
      zoom = Math.min(maxZoom, Math.max(minZoom, zoom));
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
export function sizedToRegion(
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
  // A piece hung flat on a wall lies in the wall's plane: the variant does not turn it off it.
  const yawDeg = chooseYaw(camera, anchor, how === 'wall' ? 0 : options.variant, random);
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
 * How large a grounded product's footprint looks with its front edge's midpoint at pixel (u, v),
 * facing the camera at its catalogue size: the rows from its front edge back to its rear edge and
 * the columns its width spans, and its height in rows. Null when (u, v) is not on the floor (above the horizon).
 */
export function footprintSize(
  camera: RoomCamera,
  u: number,
  v: number,
  size: { width: number; depth: number; height: number },
): { rows: number; columns: number; height: number } | null {
  const front = floorPointAt(camera, u, v);
  if (!front) return null;
  const c = cameraCentre(camera);
  const dx = front[0] - c[0];
  const dz = front[2] - c[2];
  const n = Math.hypot(dx, dz) || 1;
  const back = projectToImage(camera, [
    front[0] + (dx / n) * size.depth,
    0,
    front[2] + (dz / n) * size.depth,
  ]);
  const left = projectToImage(camera, [
    front[0] - (dz / n) * (size.width / 2),
    0,
    front[2] + (dx / n) * (size.width / 2),
  ]);
  const right = projectToImage(camera, [
    front[0] + (dz / n) * (size.width / 2),
    0,
    front[2] - (dx / n) * (size.width / 2),
  ]);
  const top = projectToImage(camera, [front[0], size.height, front[2]]);
  if (!back || !left || !right || !top) return null;
  return {
    rows: Math.max(1, v - back[1]),
    columns: Math.abs(right[0] - left[0]),
    height: Math.max(1, v - top[1]),
  };
}
