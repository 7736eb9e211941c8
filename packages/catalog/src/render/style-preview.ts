/**
 * Style previews: a corner-of-a-room vignette per architectural style, rendered by the catalogue's
 * ray marcher. The floor and two walls are analytic planes in the style's materials, two or three
 * of the style's own demo products stand in the corner at their catalogue sizes, and a detail pass
 * maps procedural textures (planks, tiles, brick, wallpaper) onto the floor and walls afterwards.
 */
import sharp from 'sharp';
import type { ArchitecturalStyle } from '@roomcraft/contracts';
import type { DemoProduct } from '../products/demo-products';
import { DEMO_PRODUCTS } from '../products/demo-products';
import { findTexture } from '../textures/texture-catalog';
import type { PixelCamera } from './camera';
import { productShotCamera } from './camera';
import type { SurfaceMaterial } from './materials';
import { materialTable } from './materials';
import { PRODUCT_MODELS } from './product-catalog';
import type { ProductModel } from './product-model';
import type { RenderedImage, RenderScene } from './raymarch';
import { renderImage } from './raymarch';
import type { Aabb, CompiledSdf, MaterialSlot, SdfNode } from './sdf';
import { MATERIAL_SLOTS, compileSdf, rotate, slotIndex, translate } from './sdf';
import { hexToLinear, linearToSrgb, srgbToLinear } from './srgb';
import type { Vec3 } from './vec';
import { normalize } from './vec';

/** How a room surface looks: a flat colour, optionally with a texture's pattern mapped on. */
export interface SurfaceFinish {
  /** `#rrggbb`; omitted for a texture shown in its own colours. */
  colour?: string;
  /** Texture id from the texture catalogue; its pattern modulates the colour. */
  texture?: string;
  /** Recolour the texture's pattern with the surface's default colour (walls: the palette's light tone). */
  tint?: boolean;
  /** How strongly the pattern shows, 0–1; default 1. */
  strength?: number;
}

export interface RoomFinish {
  floor: SurfaceFinish;
  backWall: SurfaceFinish;
  leftWall: SurfaceFinish;
}

export interface PlacedProduct {
  product: DemoProduct;
  colour: string;
  /** Footprint centre on the floor (cm) and turn about y. */
  position: Vec3;
  yawDeg: number;
}

export interface StyleScene {
  style: ArchitecturalStyle;
  room: RoomFinish;
  products: PlacedProduct[];
  render: RenderScene;
  /** What the camera frames: the products plus the corner. */
  framing: Aabb;
  /** Material indices of the room surfaces in `render.materials`. */
  slots: { floor: number; backWall: number; leftWall: number };
  /** Opaque backdrop for any ray that leaves the room. */
  background: string;
}

export interface StylePreviewOptions {
  width?: number;
  height?: number;
  seed?: number;
}

export interface StylePreview extends RenderedImage {
  camera: PixelCamera;
}

export const STYLE_PREVIEW_WIDTH = 480;
export const STYLE_PREVIEW_HEIGHT = 320;

/** Light from front right and above, so shadows fall back towards the walls and the left wall is half lit. */
const KEY_LIGHT: Vec3 = normalize([0.28, 0.72, 0.62]);
const WALL_HEIGHT = 300;
const ROOM_REACH = 900;
/** The room planes' slot numbers; product slots follow. */
const FLOOR = 0;
const BACK_WALL = 1;
const LEFT_WALL = 2;
/** The ray marcher reserves slot 14 for its shadow catcher and masks 16 bits. */
const MAX_SLOTS = 14;

interface Signature {
  id: string;
  /** Index into the product's colours; default 0. */
  colour?: number;
}

interface StyleLook {
  room: RoomFinish;
  products: Signature[];
}

const LOOKS: Record<string, StyleLook> = {
  modern: {
    room: { floor: { texture: 'grey-porcelain-tiles' }, backWall: {}, leftWall: {} },
    products: [{ id: 'sectional-oslo', colour: 1 }, { id: 'floor-column' }, { id: 'plant-snake' }],
  },
  scandinavian: {
    room: { floor: { texture: 'ash-planks-wide' }, backWall: {}, leftWall: {} },
    products: [{ id: 'sofa-lund' }, { id: 'rug-atlas' }, { id: 'plant-fig', colour: 1 }],
  },
  industrial: {
    room: {
      floor: { texture: 'polished-concrete' },
      backWall: { texture: 'red-brick' },
      leftWall: {},
    },
    products: [{ id: 'sofa-hayes' }, { id: 'floor-column' }, { id: 'plant-snake' }],
  },
  mid_century: {
    room: { floor: { texture: 'walnut-planks-narrow' }, backWall: {}, leftWall: {} },
    products: [{ id: 'armchair-otto' }, { id: 'floor-arc' }, { id: 'coffee-halo' }],
  },
  minimalist: {
    room: {
      floor: { texture: 'microcement', colour: '#cfcbc4', strength: 0.5 },
      backWall: {},
      leftWall: {},
    },
    products: [{ id: 'sofa-lund', colour: 1 }, { id: 'floor-column' }, { id: 'plant-snake' }],
  },
  bohemian: {
    room: {
      floor: { texture: 'oak-herringbone' },
      backWall: { texture: 'botanical-wallpaper' },
      leftWall: {},
    },
    products: [{ id: 'sofa-pilar' }, { id: 'rug-persia' }, { id: 'plant-fig' }],
  },
  japandi: {
    room: { floor: { texture: 'ash-planks-narrow' }, backWall: {}, leftWall: {} },
    products: [{ id: 'bed-kyoto' }, { id: 'rug-jute' }, { id: 'plant-snake' }],
  },
  coastal: {
    room: { floor: { texture: 'pine-planks-wide', colour: '#d9d0bf' }, backWall: {}, leftWall: {} },
    products: [{ id: 'sectional-bay', colour: 1 }, { id: 'rug-jute' }, { id: 'plant-olive' }],
  },
  farmhouse: {
    room: {
      floor: { texture: 'oak-planks-wide' },
      backWall: { texture: 'white-painted-brick' },
      leftWall: {},
    },
    products: [{ id: 'armchair-wing' }, { id: 'rug-jute' }, { id: 'floor-tripod' }],
  },
  traditional: {
    room: {
      floor: { texture: 'oak-herringbone' },
      backWall: { texture: 'damask-wallpaper' },
      leftWall: {},
    },
    products: [{ id: 'sofa-hayes', colour: 1 }, { id: 'rug-persia' }, { id: 'shelf-library' }],
  },
  art_deco: {
    room: {
      floor: { texture: 'nero-marquina-marble' },
      backWall: { texture: 'art-deco-fan-wallpaper' },
      leftWall: {},
    },
    products: [{ id: 'sofa-arco' }, { id: 'rug-persia', colour: 1 }, { id: 'floor-arc' }],
  },
  mediterranean: {
    room: {
      floor: { texture: 'slate-tiles', colour: '#b8663f' },
      backWall: { texture: 'microcement', tint: true, strength: 0.45 },
      leftWall: {},
    },
    products: [{ id: 'sofa-pilar', colour: 1 }, { id: 'plant-olive' }, { id: 'side-pill' }],
  },
  rustic: {
    room: {
      floor: { texture: 'pine-planks-narrow', colour: '#8a6540' },
      backWall: { texture: 'microcement', tint: true, strength: 0.6 },
      leftWall: {},
    },
    products: [{ id: 'bed-rustica' }, { id: 'night-crate' }, { id: 'coffee-crate' }],
  },
  contemporary: {
    room: { floor: { texture: 'terrazzo' }, backWall: {}, leftWall: {} },
    products: [{ id: 'sofa-arco', colour: 2 }, { id: 'plant-fig', colour: 1 }, { id: 'floor-arc' }],
  },
};

// ---------------------------------------------------------------------------------------------
// Colour helpers

function luminance(c: Vec3): number {
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/** The palette's lightest tone: the wall colour. */
function lightTone(palette: readonly string[]): string {
  let best = palette[0] ?? '#f2f0eb';
  for (const hex of palette)
    if (luminance(hexToLinear(hex)) > luminance(hexToLinear(best))) best = hex;
  return best;
}

/** The palette's most saturated tone: the accent for products without a colour. */
function accentTone(palette: readonly string[]): string {
  let best = palette[palette.length - 1] ?? '#888888';
  let bestChroma = -1;
  for (const hex of palette) {
    const c = hexToLinear(hex);
    const chroma = Math.max(...c) - Math.min(...c);
    if (chroma > bestChroma) {
      bestChroma = chroma;
      best = hex;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Products

type Role = 'anchor' | 'rug' | 'corner' | 'front';

const ROLE_OF: Record<string, Role> = {
  sofa: 'anchor',
  sectional: 'anchor',
  bed: 'anchor',
  armchair: 'anchor',
  dining_table: 'anchor',
  dresser: 'anchor',
  tv_unit: 'anchor',
  rug: 'rug',
  coffee_table: 'front',
  stool: 'front',
};

const ANCHOR_ORDER = ['sofa', 'sectional', 'bed', 'armchair', 'dining_table', 'dresser', 'tv_unit'];
const CORNER_ORDER = ['plant', 'floor_lamp', 'side_table', 'nightstand', 'bookshelf'];

function roleOf(category: string): Role {
  return ROLE_OF[category] ?? 'corner';
}

function isModelled(category: string): category is keyof typeof PRODUCT_MODELS {
  return category in PRODUCT_MODELS;
}

/**
 * Fallback for a style without a curated look: an anchor piece, a rug and a corner piece from the
 * style's own demo products (ids).
 */
export function pickStyleProducts(styleId: string): string[] {
  const own = DEMO_PRODUCTS.filter((p) => p.styles.includes(styleId) && isModelled(p.category));
  const first = (cats: readonly string[]): DemoProduct | undefined => {
    for (const c of cats) {
      const hit = own.find((p) => p.category === c);
      if (hit) return hit;
    }
    return undefined;
  };
  const picks = [
    first(ANCHOR_ORDER),
    first(['rug']),
    first(CORNER_ORDER),
    first(['coffee_table', 'floor_lamp']),
  ];
  const chosen: string[] = [];
  for (const p of picks) {
    if (p && chosen.length < 3 && !chosen.includes(p.id)) chosen.push(p.id);
  }
  return chosen;
}

function productById(id: string): DemoProduct {
  const p = DEMO_PRODUCTS.find((x) => x.id === id);
  if (!p) throw new Error(`Unknown demo product ${id}`);
  return p;
}

/** Places the picks in the corner: anchor against the back wall, corner piece beside it, rug and table in front. */
function layout(signatures: readonly Signature[], accent: string): PlacedProduct[] {
  let anchored = false;
  const picks = signatures.map((s) => {
    const product = productById(s.id);
    const colour = product.colors[s.colour ?? 0]?.hex ?? product.colors[0]?.hex ?? accent;
    let role = roleOf(product.category);
    // Only one piece stands square against the back wall; any further one goes to a corner spot.
    if (role === 'anchor' && anchored) role = 'corner';
    if (role === 'anchor') anchored = true;
    return { product, colour, role };
  });
  const corner = picks.find((p) => p.role === 'corner');
  const anchor = picks.find((p) => p.role === 'anchor');
  const cornerSize = corner
    ? Math.min(corner.product.dimensions.width, corner.product.dimensions.depth, 70)
    : 0;
  const gap = corner ? cornerSize + 30 : 45;
  const aw = anchor?.product.dimensions.width ?? 0;
  const ad = anchor?.product.dimensions.depth ?? 0;
  const anchorX = gap + aw / 2;
  const placed: PlacedProduct[] = [];
  for (const pick of picks) {
    const d = pick.product.dimensions;
    const base = { product: pick.product, colour: pick.colour };
    switch (pick.role) {
      case 'anchor': {
        // A lone chair turns a little towards the room; long pieces stay square to the wall.
        const yaw = pick.product.category === 'armchair' ? 20 : 0;
        const z = d.depth / 2 + (yaw ? 20 : 6);
        placed.push({ ...base, position: [anchorX, 0, z], yawDeg: yaw });
        break;
      }
      case 'corner': {
        // The first corner piece stands between the left wall and the anchor, a second one on
        // the anchor's far side.
        const z = Math.max(d.depth, d.width) / 2 + 12;
        const first = pick === corner;
        const size = Math.min(d.width, d.depth, 70);
        const x = !anchor
          ? first
            ? 60
            : 160
          : first
            ? Math.max(cornerSize / 2 + 10, gap / 2)
            : gap + aw + size / 2 + 15;
        placed.push({ ...base, position: [x, 0, z], yawDeg: 0 });
        break;
      }
      case 'rug': {
        // Long side along the wall, tucked a little under the anchor's front.
        const long = Math.max(d.width, d.depth);
        const short = Math.min(d.width, d.depth);
        const turn = d.depth > d.width ? 90 : 0;
        const x = anchor ? anchorX : long / 2 + 40;
        const z = (anchor ? ad + 6 - 25 : 40) + short / 2;
        placed.push({ ...base, position: [x, 0, z], yawDeg: turn });
        break;
      }
      case 'front': {
        const x = anchor ? anchorX : gap + d.width / 2;
        const z = (anchor ? ad + 6 + 40 : 60) + d.depth / 2;
        placed.push({ ...base, position: [x, 0, z], yawDeg: 0 });
        break;
      }
    }
  }
  return placed;
}

function collectSlots(node: SdfNode, out: Set<MaterialSlot>): void {
  switch (node.kind) {
    case 'union':
    case 'smoothUnion':
      for (const c of node.children) collectSlots(c, out);
      return;
    case 'subtract':
      collectSlots(node.base, out);
      collectSlots(node.cut, out);
      return;
    case 'shell':
    case 'transform':
    case 'repeat':
    case 'folds':
      collectSlots(node.child, out);
      return;
    default:
      out.add(node.slot);
  }
}

interface Part {
  sdf: CompiledSdf;
  remap: Int32Array;
  x0: number;
  y0: number;
  z0: number;
  x1: number;
  y1: number;
  z1: number;
}

/** Floor (y = 0) and walls (z = 0 behind, x = 0 on the left) plus products, each with its own slots. */
function roomSdf(parts: readonly Part[], bounds: Aabb): CompiledSdf {
  let slot = 0;
  return {
    bounds,
    lastSlot: () => slot,
    // The room's surfaces carry no texture of their own (its materials are flat swatches).
    lastPart: () => -1,
    parts: [],
    distance: (x, y, z) => {
      let best = y;
      let s = FLOOR;
      if (z < best) {
        best = z;
        s = BACK_WALL;
      }
      if (x < best) {
        best = x;
        s = LEFT_WALL;
      }
      for (const p of parts) {
        const dx = x < p.x0 ? p.x0 - x : x > p.x1 ? x - p.x1 : 0;
        const dy = y < p.y0 ? p.y0 - y : y > p.y1 ? y - p.y1 : 0;
        const dz = z < p.z0 ? p.z0 - z : z > p.z1 ? z - p.z1 : 0;
        if (dx * dx + dy * dy + dz * dz >= best * best) continue;
        const d = p.sdf.distance(x, y, z);
        if (d < best) {
          best = d;
          s = p.remap[p.sdf.lastSlot()] ?? FLOOR;
        }
      }
      slot = s;
      return best;
    },
  };
}

function surfaceMaterial(hex: string, roughness: number, specular: number): SurfaceMaterial {
  return {
    albedo: hexToLinear(hex),
    roughness,
    specular,
    metallic: false,
    reflectance: 0,
    emission: 0,
    surface: 'plain',
    clearCoat: 0,
  };
}

/** Base colour of a room surface: its own colour, else its texture's average, else the walls'. */
function finishColour(finish: SurfaceFinish, fallback: string, seed: number): string {
  if (finish.colour) return finish.colour;
  if (finish.texture && !finish.tint) {
    const detail = detailMap(finish.texture, seed);
    if (detail) return detail.meanHex;
  }
  return fallback;
}

/** Composes the style's vignette: room surfaces, signature products and materials. */
export function styleScene(style: ArchitecturalStyle, seed = 1): StyleScene {
  const look = LOOKS[style.id];
  const wall = lightTone(style.palette);
  const accent = accentTone(style.palette);
  const room: RoomFinish = look?.room ?? {
    floor: { texture: 'oak-planks-wide' },
    backWall: {},
    leftWall: {},
  };
  const signatures = (look?.products ?? pickStyleProducts(style.id).map((id) => ({ id }))).filter(
    (s) => {
      const p = DEMO_PRODUCTS.find((x) => x.id === s.id);
      return p !== undefined && isModelled(p.category);
    },
  );
  const products = layout(signatures, accent);

  const fixedAccent = materialTable('#808080', 'satin')[slotIndex('accent')];
  if (!fixedAccent) throw new Error('No accent finish');
  const materials: SurfaceMaterial[] = [
    surfaceMaterial(finishColour(room.floor, '#a0805c', seed), 0.6, 0.12),
    surfaceMaterial(finishColour(room.backWall, wall, seed), 0.95, 0.02),
    surfaceMaterial(finishColour(room.leftWall, wall, seed), 0.95, 0.02),
  ];
  const shared = new Map<MaterialSlot, number>();
  const parts: Part[] = [];
  const framing = { min: [5, 0, 5] as number[], max: [40, 170, 40] as number[] };
  const kept: PlacedProduct[] = [];
  for (const placed of products) {
    const category = placed.product.category;
    if (!isModelled(category)) continue;
    const model: ProductModel<object> = PRODUCT_MODELS[category];
    const local = model.build({
      ...model.defaults,
      ...model.fromDimensions(placed.product.dimensions),
    });
    const used = new Set<MaterialSlot>();
    collectSlots(local, used);
    const fresh = [...used].filter((s) => s === 'body' || !shared.has(s)).length;
    if (materials.length + fresh > MAX_SLOTS) continue;
    const remap = new Int32Array(MATERIAL_SLOTS.length).fill(FLOOR);
    const table = materialTable(placed.colour, model.bodyFinish);
    // Rug borders, cushions' piping and other accent parts pick up the style's accent.
    table[slotIndex('accent')] = { ...fixedAccent, albedo: hexToLinear(accent) };
    for (const s of used) {
      const i = slotIndex(s);
      let target = s === 'body' ? undefined : shared.get(s);
      if (target === undefined) {
        target = materials.length;
        const m = table[i];
        if (!m) continue;
        materials.push(m);
        if (s !== 'body') shared.set(s, target);
      }
      remap[i] = target;
    }
    const root = translate(rotate(local, 'y', placed.yawDeg), placed.position);
    const sdf = compileSdf(root);
    const b = sdf.bounds;
    parts.push({
      sdf,
      remap,
      x0: b.min[0],
      y0: b.min[1],
      z0: b.min[2],
      x1: b.max[0],
      y1: b.max[1],
      z1: b.max[2],
    });
    if (category !== 'rug') {
      for (let k = 0; k < 3; k++) {
        framing.min[k] = Math.min(framing.min[k] ?? 0, b.min[k] ?? 0);
        framing.max[k] = Math.max(framing.max[k] ?? 0, b.max[k] ?? 0);
      }
    }
    kept.push(placed);
  }
  const bounds: Aabb = { min: [-1, -1, -1], max: [ROOM_REACH, WALL_HEIGHT, ROOM_REACH] };
  return {
    style,
    room,
    products: kept,
    render: { sdf: roomSdf(parts, bounds), materials, keyLight: KEY_LIGHT, shadowCatcher: null },
    framing: {
      min: [framing.min[0] ?? 0, 0, framing.min[2] ?? 0],
      max: [framing.max[0] ?? 0, framing.max[1] ?? 0, framing.max[2] ?? 0],
    },
    slots: { floor: FLOOR, backWall: BACK_WALL, leftWall: LEFT_WALL },
    background: wall,
  };
}

// ---------------------------------------------------------------------------------------------
// Detail textures

interface DetailMap {
  /** Mip chain of per-channel ratios to the texture's mean colour, linear light. */
  levels: { size: number; ratio: Float32Array }[];
  tileCm: number;
  meanHex: string;
  /** Luminance-only ratios, for a texture recoloured by the finish. */
  grey: { size: number; ratio: Float32Array }[];
}

const DETAIL_SIZE = 256;
const detailCache = new Map<string, DetailMap | null>();

function detailMap(id: string, seed: number): DetailMap | null {
  const key = `${id}:${seed}`;
  const cached = detailCache.get(key);
  if (cached !== undefined) return cached;
  const def = findTexture(id);
  if (!def) {
    detailCache.set(key, null);
    return null;
  }
  const n = DETAIL_SIZE;
  const px = def.generate(n, seed);
  const lin = new Float32Array(n * n * 3);
  const mean = [0, 0, 0];
  for (let i = 0; i < n * n; i++) {
    for (let c = 0; c < 3; c++) {
      const v = srgbToLinear((px[i * 4 + c] ?? 0) / 255);
      lin[i * 3 + c] = v;
      mean[c] = (mean[c] ?? 0) + v / (n * n);
    }
  }
  const meanLum = 0.2126 * (mean[0] ?? 0) + 0.7152 * (mean[1] ?? 0) + 0.0722 * (mean[2] ?? 0);
  const ratio = new Float32Array(n * n * 3);
  const grey = new Float32Array(n * n * 3);
  for (let i = 0; i < n * n; i++) {
    const r = lin[i * 3] ?? 0;
    const g = lin[i * 3 + 1] ?? 0;
    const b = lin[i * 3 + 2] ?? 0;
    const lum = (0.2126 * r + 0.7152 * g + 0.0722 * b) / (meanLum || 1);
    ratio[i * 3] = r / (mean[0] || 1);
    ratio[i * 3 + 1] = g / (mean[1] || 1);
    ratio[i * 3 + 2] = b / (mean[2] || 1);
    grey[i * 3] = lum;
    grey[i * 3 + 1] = lum;
    grey[i * 3 + 2] = lum;
  }
  const hex = mean
    .map((v) =>
      Math.round(linearToSrgb(v) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
  const map: DetailMap = {
    levels: mipChain(n, ratio),
    grey: mipChain(n, grey),
    tileCm: def.tileSizeCm,
    meanHex: `#${hex}`,
  };
  detailCache.set(key, map);
  return map;
}

function mipChain(size: number, base: Float32Array): { size: number; ratio: Float32Array }[] {
  const levels = [{ size, ratio: base }];
  let s = size;
  let cur = base;
  while (s > 1) {
    const h = s >> 1;
    const next = new Float32Array(h * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < h; x++) {
        for (let c = 0; c < 3; c++) {
          const a = cur[(2 * y * s + 2 * x) * 3 + c] ?? 0;
          const b = cur[(2 * y * s + 2 * x + 1) * 3 + c] ?? 0;
          const d = cur[((2 * y + 1) * s + 2 * x) * 3 + c] ?? 0;
          const e = cur[((2 * y + 1) * s + 2 * x + 1) * 3 + c] ?? 0;
          next[(y * h + x) * 3 + c] = (a + b + d + e) / 4;
        }
      }
    }
    levels.push({ size: h, ratio: next });
    s = h;
    cur = next;
  }
  return levels;
}

/** Bilinear, wrapping sample of one mip level at texel coordinates (u, v). */
function sampleLevel(
  level: { size: number; ratio: Float32Array },
  u: number,
  v: number,
  out: number[],
): void {
  const s = level.size;
  const x = u - 0.5;
  const y = v - 0.5;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const xa = ((x0 % s) + s) % s;
  const ya = ((y0 % s) + s) % s;
  const xb = (xa + 1) % s;
  const yb = (ya + 1) % s;
  const r = level.ratio;
  for (let c = 0; c < 3; c++) {
    const p = r[(ya * s + xa) * 3 + c] ?? 1;
    const q = r[(ya * s + xb) * 3 + c] ?? 1;
    const m = r[(yb * s + xa) * 3 + c] ?? 1;
    const n = r[(yb * s + xb) * 3 + c] ?? 1;
    out[c] = (p * (1 - fx) + q * fx) * (1 - fy) + (m * (1 - fx) + n * fx) * fy;
  }
}

/** Ray from the camera through pixel (u, v), as origin + t · direction. */
function pixelRay(camera: PixelCamera, u: number, v: number): Vec3 {
  const m = camera.camToWorld;
  const xc = (u - camera.cx) / camera.fx;
  const yc = (v - camera.cy) / camera.fy;
  return [m[0] * xc + m[1] * yc + m[2], m[3] * xc + m[4] * yc + m[5], m[6] * xc + m[7] * yc + m[8]];
}

/** Where the pixel's ray meets plane `axis` = 0, as that plane's (s, t) coordinates in cm. */
function planeHit(
  camera: PixelCamera,
  u: number,
  v: number,
  axis: 0 | 1 | 2,
): [number, number] | null {
  const d = pixelRay(camera, u, v);
  const o = camera.origin;
  const dn = d[axis];
  if (Math.abs(dn) < 1e-9) return null;
  const t = -o[axis] / dn;
  if (t <= 0) return null;
  const p: Vec3 = [o[0] + d[0] * t, o[1] + d[1] * t, o[2] + d[2] * t];
  // Floor: (x, z); back wall: (x, −y); left wall: (z, −y) so texture "up" is world up.
  if (axis === 1) return [p[0], p[2]];
  if (axis === 2) return [p[0], -p[1]];
  return [p[2], -p[1]];
}

/**
 * Multiplies the pixels that see only one room surface by its texture's pattern (ratio to the
 * texture's mean, so lighting and the base colour are kept), mip-mapped by the pixel's footprint.
 */
function applyDetail(
  image: RenderedImage,
  camera: PixelCamera,
  slot: number,
  axis: 0 | 1 | 2,
  finish: SurfaceFinish,
  seed: number,
): void {
  if (!finish.texture) return;
  const map = detailMap(finish.texture, seed);
  if (!map) return;
  const chain = finish.colour || finish.tint ? map.grey : map.levels;
  const strength = finish.strength ?? 1;
  const bit = 1 << slot;
  const texelsPerCm = DETAIL_SIZE / map.tileCm;
  const out = [1, 1, 1];
  const { width, height, rgba, materialMask } = image;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (materialMask[i] !== bit) continue;
      const hit = planeHit(camera, x + 0.5, y + 0.5, axis);
      const hx = planeHit(camera, x + 1.5, y + 0.5, axis);
      const hy = planeHit(camera, x + 0.5, y + 1.5, axis);
      if (!hit || !hx || !hy) continue;
      const foot =
        Math.max(
          Math.hypot(hx[0] - hit[0], hx[1] - hit[1]),
          Math.hypot(hy[0] - hit[0], hy[1] - hit[1]),
        ) * texelsPerCm;
      const lod = Math.max(0, Math.log2(Math.max(foot, 1e-6)));
      const l0 = Math.min(chain.length - 1, Math.floor(lod));
      const l1 = Math.min(chain.length - 1, l0 + 1);
      const f = Math.min(1, lod - l0);
      const a = chain[l0];
      const b = chain[l1];
      if (!a || !b) continue;
      const su = hit[0] * texelsPerCm;
      const sv = hit[1] * texelsPerCm;
      const scaleA = a.size / DETAIL_SIZE;
      const scaleB = b.size / DETAIL_SIZE;
      sampleLevel(a, su * scaleA, sv * scaleA, out);
      const r0 = out[0] ?? 1;
      const g0 = out[1] ?? 1;
      const b0 = out[2] ?? 1;
      sampleLevel(b, su * scaleB, sv * scaleB, out);
      const kr = 1 + (r0 * (1 - f) + (out[0] ?? 1) * f - 1) * strength;
      const kg = 1 + (g0 * (1 - f) + (out[1] ?? 1) * f - 1) * strength;
      const kb = 1 + (b0 * (1 - f) + (out[2] ?? 1) * f - 1) * strength;
      const o = i * 4;
      rgba[o] = Math.round(linearToSrgb(srgbToLinear((rgba[o] ?? 0) / 255) * kr) * 255);
      rgba[o + 1] = Math.round(linearToSrgb(srgbToLinear((rgba[o + 1] ?? 0) / 255) * kg) * 255);
      rgba[o + 2] = Math.round(linearToSrgb(srgbToLinear((rgba[o + 2] ?? 0) / 255) * kb) * 255);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering

function previewCamera(scene: StyleScene, width: number, height: number): PixelCamera {
  return productShotCamera(scene.framing, width, height, {
    azimuthDeg: 30,
    elevationDeg: 16,
    fovDeg: 40,
    fill: 0.8,
  });
}

/** Renders the style's vignette as opaque RGBA (straight, sRGB). */
export function renderStylePreview(
  style: ArchitecturalStyle,
  options: StylePreviewOptions = {},
): StylePreview {
  const width = options.width ?? STYLE_PREVIEW_WIDTH;
  const height = options.height ?? STYLE_PREVIEW_HEIGHT;
  const seed = options.seed ?? 1;
  const scene = styleScene(style, seed);
  const camera = previewCamera(scene, width, height);
  const image = renderImage(scene.render, camera, seed);
  applyDetail(image, camera, scene.slots.floor, 1, scene.room.floor, seed);
  applyDetail(image, camera, scene.slots.backWall, 2, scene.room.backWall, seed);
  applyDetail(image, camera, scene.slots.leftWall, 0, scene.room.leftWall, seed);
  // Anything that left the room (or a partly covered edge) goes over the wall colour.
  const bg = hexToLinear(scene.background).map((c) => linearToSrgb(c) * 255);
  const { rgba } = image;
  for (let o = 0; o < rgba.length; o += 4) {
    const a = (rgba[o + 3] ?? 0) / 255;
    if (a >= 1) continue;
    for (let c = 0; c < 3; c++) {
      rgba[o + c] = Math.round((rgba[o + c] ?? 0) * a + (bg[c] ?? 0) * (1 - a));
    }
    rgba[o + 3] = 255;
  }
  return { ...image, camera };
}

/** JPEG, as the style picker shows it. */
export async function encodeStylePreview(image: RenderedImage, quality = 85): Promise<Buffer> {
  return sharp(Buffer.from(image.rgba.buffer, image.rgba.byteOffset, image.rgba.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
}
