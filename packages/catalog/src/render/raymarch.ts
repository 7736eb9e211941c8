/**
 * CPU sphere tracer: soft shadows, ambient occlusion, Lambert + Blinn-Phong, adaptive rotated-grid
 * anti-aliasing and a shadow-catcher ground that writes only the contact shadow into alpha.
 * `renderRows` is pure in (scene, camera, rows, seed), so a worker pool can split a frame by rows
 * and get the same bytes as one call over the whole frame.
 */
import type { PixelCamera } from './camera';
import type { SurfaceMaterial } from './materials';
import type { Aabb, CompiledSdf } from './sdf';
import { linearToSrgbByte } from './srgb';
import type { SurfaceResponse } from './surface-texture';
import { seamShade, surfaceTexture } from './surface-texture';
import type { Vec3 } from './vec';
import { hashSeed, normalize, seededRandom } from './vec';

export interface ShadowCatcher {
  /** Height of the floor plane (world y, cm). */
  groundY: number;
  /** Floor area (xz) that may receive shadow; outside it the ground stays fully transparent. */
  extent: Aabb;
  /**
   * Fraction of the frame over which the shadow fades out towards the image border, so a product
   * shot never shows a shadow cut off by the frame; 0 for layers composited into a photo.
   */
  frameFade: number;
}

/**
 * What shiny surfaces reflect: linear RGB seen in a world direction (unit). The studio's when
 * absent; a placed product reflects the photo's room.
 */
export type Environment = (dx: number, dy: number, dz: number) => Vec3;

export interface RenderScene {
  sdf: CompiledSdf;
  materials: readonly SurfaceMaterial[];
  /** Direction towards the key light. */
  keyLight: Vec3;
  shadowCatcher: ShadowCatcher | null;
  environment?: Environment;
}

/** Bit set in `materialMask` for pixels that received some of the shadow catcher's shadow. */
export const SHADOW_MASK_BIT = 1 << 15;

export interface RenderedRows {
  width: number;
  y0: number;
  y1: number;
  /** Straight (not premultiplied) sRGB RGBA, rows y0..y1-1. */
  rgba: Uint8Array;
  /** Per pixel: bit `slot` set when any sample hit that material slot; SHADOW_MASK_BIT for ground shadow. */
  materialMask: Uint16Array;
}

export interface RenderedImage {
  width: number;
  height: number;
  rgba: Uint8Array;
  materialMask: Uint16Array;
}

const MAX_STEPS = 160;
const SHADOW_STEPS = 72;
const SHADOW_SOFTNESS = 10;
const AO_RADIUS = 14; // cm
const GROUND_AO_RADIUS = 22; // cm
// A room's light is mostly diffuse, from windows, walls and ceiling metres away: a cushion's
// lower half under the back, an arm's inside face, a headboard behind the pillows get less of it
// over tens of centimetres, not only in the last few of a crease. This wider occlusion takes away
// up to `WIDE_AO_WEIGHT` of the ambient and fill light (docs/decisions/099).
const WIDE_AO_RADIUS = 45; // cm
const WIDE_AO_WEIGHT = 0.5;
const MISS = -1;
const GROUND = 14;

// Studio lighting in linear light.
// Lit faces come out near the product's catalogue colour; shaded sides about half as bright.
const KEY: Vec3 = [1.55, 1.5, 1.42];
const SKY: Vec3 = [0.5, 0.53, 0.6];
const BOUNCE: Vec3 = [0.22, 0.2, 0.19];
const FILL: Vec3 = [0.3, 0.31, 0.34];

/** Rotated-grid offsets (in pixels from the centre) for edge pixels. */
const RGSS: readonly (readonly [number, number])[] = [
  [-0.125, -0.375],
  [0.375, -0.125],
  [0.125, 0.375],
  [-0.375, 0.125],
];

function tonemap(x: number): number {
  // Linear up to 0.6 so colours stay true, then a soft shoulder so highlights never clip hard.
  if (x <= 0.6) return x < 0 ? 0 : x;
  return 0.6 + 0.4 * (1 - Math.exp(-(x - 0.6) / 0.4));
}

function rayBox(
  b: Aabb,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): [number, number] | null {
  let t0 = 0;
  let t1 = Infinity;
  const o = [ox, oy, oz];
  const d = [dx, dy, dz];
  for (let i = 0; i < 3; i++) {
    const oi = o[i] ?? 0;
    const di = d[i] ?? 0;
    const lo = b.min[i] ?? 0;
    const hi = b.max[i] ?? 0;
    if (Math.abs(di) < 1e-12) {
      if (oi < lo || oi > hi) return null;
      continue;
    }
    let a = (lo - oi) / di;
    let c = (hi - oi) / di;
    if (a > c) [a, c] = [c, a];
    if (a > t0) t0 = a;
    if (c < t1) t1 = c;
    if (t0 > t1) return null;
  }
  return [t0, t1];
}

interface Sample {
  kind: number; // MISS, GROUND or a material slot
  part: number; // the primitive hit (index into sdf.parts), −1 when none
  t: number;
  nx: number;
  ny: number;
  nz: number;
  r: number;
  g: number;
  b: number;
  a: number;
}

function createSampler(scene: RenderScene, camera: PixelCamera) {
  const { sdf, materials, shadowCatcher } = scene;
  const dist = sdf.distance;
  const bounds = sdf.bounds;
  const pad = 0.5;
  const padded: Aabb = {
    min: [bounds.min[0] - pad, bounds.min[1] - pad, bounds.min[2] - pad],
    max: [bounds.max[0] + pad, bounds.max[1] + pad, bounds.max[2] + pad],
  };
  const [lx, ly, lz] = normalize(scene.keyLight);
  const [fxw, fyw, fzw] = normalize([-lx, 0.35, -lz]);
  const m = camera.camToWorld;
  const [ox, oy, oz] = camera.origin;
  const pixelAngle = 1 / camera.fx;
  const environment = scene.environment ?? studio;
  const texture: SurfaceResponse = { tone: 1, warmth: 0, bump: [0, 0, 0] };
  const size = Math.max(
    bounds.max[0] - bounds.min[0],
    bounds.max[1] - bounds.min[1],
    bounds.max[2] - bounds.min[2],
  );

  // Shadow rays march a wider box: penumbrae build up from rays that pass near the product, and a
  // tight box would cut them off in a hard line.
  const shadowPad = size * 0.25 + 5;
  const shadowBox: Aabb = {
    min: [bounds.min[0] - shadowPad, bounds.min[1] - shadowPad, bounds.min[2] - shadowPad],
    max: [bounds.max[0] + shadowPad, bounds.max[1] + shadowPad, bounds.max[2] + shadowPad],
  };

  function softShadow(px: number, py: number, pz: number): number {
    const box = rayBox(shadowBox, px, py, pz, lx, ly, lz);
    if (!box) return 1;
    const tmax = Math.min(box[1], size * 2);
    let res = 1;
    let t = Math.max(box[0], 0.3);
    for (let i = 0; i < SHADOW_STEPS && t < tmax; i++) {
      const h = dist(px + lx * t, py + ly * t, pz + lz * t);
      if (h < 0.02) return 0;
      const s = (SHADOW_SOFTNESS * h) / t;
      if (s < res) res = s;
      t += h < 0.3 ? 0.3 : h > 10 ? 10 : h;
    }
    return res * res * (3 - 2 * res);
  }

  function occlusion(
    px: number,
    py: number,
    pz: number,
    nx: number,
    ny: number,
    nz: number,
    radius: number,
  ): number {
    let occ = 0;
    let weight = 1;
    for (let i = 1; i <= 5; i++) {
      const h = (radius * i) / 5;
      const d = dist(px + nx * h, py + ny * h, pz + nz * h);
      occ += (h - d) * weight;
      weight *= 0.7;
    }
    const v = 1 - (occ / radius) * 1.1;
    return v < 0 ? 0 : v > 1 ? 1 : v;
  }

  /** A simple studio around the product: warm floor, pale walls and one tall window (for mirrors). */
  function studio(rx: number, ry: number, _rz: number): Vec3 {
    if (ry < -0.22) {
      const f = Math.min(1, (-ry - 0.22) * 3);
      return [0.36 - 0.12 * f, 0.33 - 0.11 * f, 0.3 - 0.1 * f];
    }
    const wall = 0.62 + 0.3 * Math.max(0, 0.5 - Math.abs(ry + 0.05));
    const window = rx > -0.5 && rx < -0.43 ? 1.5 : rx > -0.52 && rx < -0.41 ? 0.2 : 0;
    return [wall + window, wall + 0.02 + window, wall + 0.05 + window * 1.05];
  }

  function shadeObject(
    s: Sample,
    px: number,
    py: number,
    pz: number,
    dx: number,
    dy: number,
    dz: number,
  ): void {
    const mat = materials[s.kind];
    if (!mat) return;
    const e = Math.max(0.02, s.t * pixelAngle * 0.5);
    // Tetrahedral central differences: four evaluations instead of six.
    const a = dist(px + e, py - e, pz - e);
    const b = dist(px - e, py - e, pz + e);
    const c = dist(px - e, py + e, pz - e);
    const d = dist(px + e, py + e, pz + e);
    let nx = a - b - c + d;
    let ny = -a - b + c + d;
    let nz = -a + b - c + d;
    const nl = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
    nx /= nl;
    ny /= nl;
    nz /= nl;
    s.nx = nx;
    s.ny = ny;
    s.nz = nz;
    // The surface's texture at the size this pixel covers: its tone, and a bump that tilts the
    // shading normal (the normal kept in `s` stays the geometry's, for anti-aliasing).
    let tone = 1;
    let warmth = 0;
    const part = mat.surface === 'plain' ? undefined : sdf.parts[s.part];
    if (part) {
      const tl = part.toLocal;
      const oc = part.offset;
      const qx = tl[0] * px + tl[1] * py + tl[2] * pz + oc[0];
      const qy = tl[3] * px + tl[4] * py + tl[5] * pz + oc[1];
      const qz = tl[6] * px + tl[7] * py + tl[8] * pz + oc[2];
      const footprint = s.t * pixelAngle;
      surfaceTexture(mat.surface, qx, qy, qz, part.grain, footprint, texture);
      tone = texture.tone;
      warmth = texture.warmth;
      if (part.half && mat.surface !== 'wood' && mat.surface !== 'metal') {
        tone *= 1 - 0.4 * seamShade([qx, qy, qz], part.half, part.rounding, footprint);
      }
      const [b0, b1, b2] = texture.bump;
      if (b0 !== 0 || b1 !== 0 || b2 !== 0) {
        // Local gradient to world (toLocal is a rotation: its transpose maps back), its part
        // along the normal dropped, subtracted from the normal.
        let wx = tl[0] * b0 + tl[3] * b1 + tl[6] * b2;
        let wy = tl[1] * b0 + tl[4] * b1 + tl[7] * b2;
        let wz = tl[2] * b0 + tl[5] * b1 + tl[8] * b2;
        const along = wx * nx + wy * ny + wz * nz;
        wx -= along * nx;
        wy -= along * ny;
        wz -= along * nz;
        nx -= wx;
        ny -= wy;
        nz -= wz;
        const bl = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
        nx /= bl;
        ny /= bl;
        nz /= bl;
      }
    }
    const ndl = nx * lx + ny * ly + nz * lz;
    const shadow = ndl > 0 ? softShadow(px + nx * 0.15, py + ny * 0.15, pz + nz * 0.15) : 0;
    const ao =
      occlusion(px, py, pz, nx, ny, nz, AO_RADIUS) *
      (1 - WIDE_AO_WEIGHT * (1 - occlusion(px, py, pz, nx, ny, nz, WIDE_AO_RADIUS)));
    const skyW = 0.5 + 0.5 * ny;
    const fill = Math.max(0, nx * fxw + ny * fyw + nz * fzw) * ao;
    const key = Math.max(0, ndl) * shadow;
    const ambR = (SKY[0] * skyW + BOUNCE[0] * (1 - skyW)) * ao;
    const ambG = (SKY[1] * skyW + BOUNCE[1] * (1 - skyW)) * ao;
    const ambB = (SKY[2] * skyW + BOUNCE[2] * (1 - skyW)) * ao;
    const ar = mat.albedo[0] * tone;
    const ag = mat.albedo[1] * tone * (1 - 0.12 * warmth);
    const ab = mat.albedo[2] * tone * (1 - 0.25 * warmth);
    const diffuseScale = mat.metallic ? 0.35 : 1;
    let r = ar * diffuseScale * (KEY[0] * key + ambR + FILL[0] * fill);
    let g = ag * diffuseScale * (KEY[1] * key + ambG + FILL[1] * fill);
    let bl = ab * diffuseScale * (KEY[2] * key + ambB + FILL[2] * fill);
    // Blinn-Phong with an energy-normalised exponent.
    let hx = lx - dx;
    let hy = ly - dy;
    let hz = lz - dz;
    const hl = Math.sqrt(hx * hx + hy * hy + hz * hz) || 1;
    hx /= hl;
    hy /= hl;
    hz /= hl;
    const shininess = 2 / Math.max(0.02, mat.roughness * mat.roughness);
    const ndh = Math.max(0, nx * hx + ny * hy + nz * hz);
    const spec =
      key > 0 ? ((mat.specular * ndh ** shininess * (shininess + 8)) / (8 * Math.PI)) * key : 0;
    const sr = mat.metallic ? ar * 2 + 0.1 : 1;
    const sg = mat.metallic ? ag * 2 + 0.1 : 1;
    const sb = mat.metallic ? ab * 2 + 0.1 : 1;
    r += spec * sr * KEY[0] * 0.5;
    g += spec * sg * KEY[1] * 0.5;
    bl += spec * sb * KEY[2] * 0.5;
    const vdn = -(dx * nx + dy * ny + dz * nz);
    if (mat.clearCoat > 0 && key > 0) {
      // Varnish: a sharp, uncoloured highlight over the wood, stronger at grazing angles.
      const coat =
        mat.clearCoat * (0.3 + 0.7 * (1 - Math.max(0, vdn)) ** 3) * ndh ** 120 * (128 / 25) * key;
      r += coat * KEY[0];
      g += coat * KEY[1];
      bl += coat * KEY[2];
    }
    if (mat.reflectance > 0 || mat.metallic) {
      const fresnel = 0.04 + 0.96 * (1 - Math.max(0, vdn)) ** 5;
      // A metal is mostly what it reflects (the room's colours), tinted by its own colour.
      const k =
        mat.reflectance > 0 ? mat.reflectance * (0.7 + 0.3 * fresnel) : 0.45 + 0.5 * fresnel;
      const rx = dx + 2 * vdn * nx;
      const ry = dy + 2 * vdn * ny;
      const rz = dz + 2 * vdn * nz;
      const [er, eg, eb] = environment(rx, ry, rz);
      const tint = mat.metallic;
      r = r * (1 - k) + er * k * (tint ? Math.min(1, ar * 3) : ar) * ao;
      g = g * (1 - k) + eg * k * (tint ? Math.min(1, ag * 3) : ag) * ao;
      bl = bl * (1 - k) + eb * k * (tint ? Math.min(1, ab * 3) : ab) * ao;
    }
    if (mat.emission > 0) {
      r += ar * mat.emission;
      g += ag * mat.emission;
      bl += ab * mat.emission;
    }
    // Fabric sheen: a soft rim that makes upholstery read as cloth rather than plastic.
    if (mat.roughness > 0.85) {
      // Velvet's pile catches far more light at grazing angles than a flat weave.
      const rim = (1 - Math.max(0, vdn)) ** 3 * (mat.surface === 'velvet' ? 0.5 : 0.25) * ao;
      r += rim * ar;
      g += rim * ag;
      bl += rim * ab;
    }
    s.r = tonemap(r);
    s.g = tonemap(g);
    s.b = tonemap(bl);
    s.a = 1;
  }

  const fadePixels = shadowCatcher
    ? shadowCatcher.frameFade * Math.min(camera.width, camera.height)
    : 0;

  function shadeGround(s: Sample, px: number, pz: number, u: number, v: number): void {
    if (!shadowCatcher) return;
    let frame = 1;
    if (fadePixels > 0) {
      const edge = Math.min(u, v, camera.width - u, camera.height - v) / fadePixels;
      if (edge <= 0) return;
      frame = edge >= 1 ? 1 : edge * edge * (3 - 2 * edge);
    }
    const ext = shadowCatcher.extent;
    const gy = shadowCatcher.groundY;
    const ddx = px < ext.min[0] ? ext.min[0] - px : px > ext.max[0] ? px - ext.max[0] : 0;
    const ddz = pz < ext.min[2] ? ext.min[2] - pz : pz > ext.max[2] ? pz - ext.max[2] : 0;
    const falloffReach = 0.25 * size + 10;
    const outside = Math.sqrt(ddx * ddx + ddz * ddz) / falloffReach;
    if (outside >= 1) return;
    const shadow = softShadow(px, gy + 0.05, pz);
    const ao = occlusion(px, gy, pz, 0, 1, 0, GROUND_AO_RADIUS);
    let alpha = (1 - shadow) * 0.42 + (1 - ao) * 0.6;
    const fade = 1 - outside * outside * (3 - 2 * outside);
    alpha = Math.min(0.8, alpha) * fade * frame;
    if (alpha < 1 / 512) return;
    s.kind = GROUND;
    s.r = 0;
    s.g = 0;
    s.b = 0;
    s.a = alpha;
  }

  /** Traces and shades one camera ray through pixel coordinates (u, v). */
  function sample(u: number, v: number, s: Sample, shade: boolean): void {
    s.kind = MISS;
    s.r = 0;
    s.g = 0;
    s.b = 0;
    s.a = 0;
    s.t = Infinity;
    const xc = (u - camera.cx) / camera.fx;
    const yc = (v - camera.cy) / camera.fy;
    let dx = m[0] * xc + m[1] * yc + m[2];
    let dy = m[3] * xc + m[4] * yc + m[5];
    let dz = m[6] * xc + m[7] * yc + m[8];
    const dl = Math.sqrt(dx * dx + dy * dy + dz * dz);
    dx /= dl;
    dy /= dl;
    dz /= dl;
    const box = rayBox(padded, ox, oy, oz, dx, dy, dz);
    const tGround =
      shadowCatcher && dy < 0 && oy > shadowCatcher.groundY
        ? (shadowCatcher.groundY - oy) / dy
        : Infinity;
    if (box) {
      let t = box[0];
      const tEnd = Math.min(box[1], tGround);
      for (let i = 0; i < MAX_STEPS && t < tEnd; i++) {
        const h = dist(ox + dx * t, oy + dy * t, oz + dz * t);
        if (h < Math.max(0.005, t * pixelAngle * 0.3)) {
          // Close in on the surface so the material is read where the surface is, not up to
          // a pixel's width in front of it where a neighbouring thin layer could be nearer.
          for (let k = 0; k < 6; k++) {
            const r = dist(ox + dx * t, oy + dy * t, oz + dz * t);
            if (r < 0.002) break;
            t += r;
          }
          s.kind = sdf.lastSlot();
          s.part = sdf.lastPart();
          s.t = t;
          if (shade) shadeObject(s, ox + dx * t, oy + dy * t, oz + dz * t, dx, dy, dz);
          return;
        }
        t += h;
      }
    }
    if (tGround < Infinity) {
      s.t = tGround;
      shadeGround(s, ox + dx * tGround, oz + dz * tGround, u, v);
    }
  }

  return sample;
}

/**
 * Pixel box [u0, v0, u1, v1] around the product's silhouette (shadow excluded), found by tracing
 * a coarse grid of rays and padding by one grid cell; null when nothing is hit.
 */
export function silhouetteBox(
  scene: RenderScene,
  camera: PixelCamera,
  grid = 64,
): [number, number, number, number] | null {
  const sample = createSampler({ ...scene, shadowCatcher: null }, camera);
  const s = newSample();
  const cellU = camera.width / grid;
  const cellV = camera.height / grid;
  let u0 = Infinity;
  let v0 = Infinity;
  let u1 = -Infinity;
  let v1 = -Infinity;
  for (let j = 0; j < grid; j++) {
    for (let i = 0; i < grid; i++) {
      const u = (i + 0.5) * cellU;
      const v = (j + 0.5) * cellV;
      sample(u, v, s, false);
      if (s.kind === MISS) continue;
      u0 = Math.min(u0, u - cellU);
      v0 = Math.min(v0, v - cellV);
      u1 = Math.max(u1, u + cellU);
      v1 = Math.max(v1, v + cellV);
    }
  }
  return u0 <= u1 ? [u0, v0, u1, v1] : null;
}

function newSample(): Sample {
  return { kind: MISS, part: -1, t: Infinity, nx: 0, ny: 0, nz: 0, r: 0, g: 0, b: 0, a: 0 };
}

/**
 * Renders rows [y0, y1). Each pixel is traced once at its centre; pixels whose material, depth or
 * normal differs from a neighbour's get four more rotated-grid samples with seeded jitter.
 */
export function renderRows(
  scene: RenderScene,
  camera: PixelCamera,
  y0: number,
  y1: number,
  seed = 0,
): RenderedRows {
  const w = camera.width;
  const sample = createSampler(scene, camera);
  // Centre samples for the rows plus one neighbour row on each side (ids/depth/normal only there).
  const top = Math.max(0, y0 - 1);
  const bottom = Math.min(camera.height, y1 + 1);
  const rows = bottom - top;
  const kind = new Int8Array(w * rows);
  const depth = new Float32Array(w * rows);
  const normal = new Float32Array(w * rows * 3);
  const colour = new Float32Array(w * rows * 4);
  const s = newSample();
  for (let y = top; y < bottom; y++) {
    const own = y >= y0 && y < y1;
    for (let x = 0; x < w; x++) {
      sample(x + 0.5, y + 0.5, s, true);
      const i = (y - top) * w + x;
      kind[i] = s.kind;
      depth[i] = s.t;
      normal[i * 3] = s.nx;
      normal[i * 3 + 1] = s.ny;
      normal[i * 3 + 2] = s.nz;
      if (own) {
        colour[i * 4] = s.r * s.a;
        colour[i * 4 + 1] = s.g * s.a;
        colour[i * 4 + 2] = s.b * s.a;
        colour[i * 4 + 3] = s.a;
      }
    }
  }
  const needsMore = (i: number, j: number): boolean => {
    const ki = kind[i] ?? MISS;
    const kj = kind[j] ?? MISS;
    if (ki !== kj) return true;
    if (ki === MISS || ki === GROUND) return false;
    const ti = depth[i] ?? 0;
    const tj = depth[j] ?? 0;
    if (Math.abs(ti - tj) > 0.03 * Math.min(ti, tj)) return true;
    const n =
      (normal[i * 3] ?? 0) * (normal[j * 3] ?? 0) +
      (normal[i * 3 + 1] ?? 0) * (normal[j * 3 + 1] ?? 0) +
      (normal[i * 3 + 2] ?? 0) * (normal[j * 3 + 2] ?? 0);
    return n < 0.9;
  };
  const rgba = new Uint8Array(w * (y1 - y0) * 4);
  const materialMask = new Uint16Array(w * (y1 - y0));
  const maskOf = (k: number): number => (k === MISS ? 0 : k === GROUND ? SHADOW_MASK_BIT : 1 << k);
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y - top) * w + x;
      let r = colour[i * 4] ?? 0;
      let g = colour[i * 4 + 1] ?? 0;
      let b = colour[i * 4 + 2] ?? 0;
      let a = colour[i * 4 + 3] ?? 0;
      let mask = maskOf(kind[i] ?? MISS);
      const edge =
        (x > 0 && needsMore(i, i - 1)) ||
        (x < w - 1 && needsMore(i, i + 1)) ||
        (y > top && needsMore(i, i - w)) ||
        (y < bottom - 1 && needsMore(i, i + w));
      if (edge) {
        const random = seededRandom(hashSeed(seed, x, y));
        for (const [ou, ov] of RGSS) {
          const ju = (random() - 0.5) * 0.2;
          const jv = (random() - 0.5) * 0.2;
          sample(x + 0.5 + ou + ju, y + 0.5 + ov + jv, s, true);
          r += s.r * s.a;
          g += s.g * s.a;
          b += s.b * s.a;
          a += s.a;
          mask |= maskOf(s.kind);
        }
        r /= 5;
        g /= 5;
        b /= 5;
        a /= 5;
      }
      const o = ((y - y0) * w + x) * 4;
      if (a > 0) {
        rgba[o] = linearToSrgbByte(r / a);
        rgba[o + 1] = linearToSrgbByte(g / a);
        rgba[o + 2] = linearToSrgbByte(b / a);
        rgba[o + 3] = Math.round(Math.min(1, a) * 255);
      }
      materialMask[(y - y0) * w + x] = mask;
    }
  }
  return { width: w, y0, y1, rgba, materialMask };
}

export function renderImage(scene: RenderScene, camera: PixelCamera, seed = 0): RenderedImage {
  const rows = renderRows(scene, camera, 0, camera.height, seed);
  return {
    width: camera.width,
    height: camera.height,
    rgba: rows.rgba,
    materialMask: rows.materialMask,
  };
}
