/**
 * Remove elements: exemplar-based image completion (Wexler et al. 2007, with the PatchMatch
 * nearest-neighbour search of Barnes et al. 2009).
 *
 * The hole is filled coarse-to-fine. At every pyramid level an EM loop alternates
 *  - search: for each patch touching the hole, find a similar hole-free patch of the surrounding
 *    band (PatchMatch: propagation from neighbours + random search, integer SSD with early exit);
 *  - vote: every hole pixel becomes the weighted average of what the overlapping matched patches
 *    say it should be (weights favour confident patches near the known border and good matches).
 * The coarsest level starts from the border's rows and columns interpolated across the hole (so
 * lines such as a floor edge or a skirting board carry on) and searches
 * globally; the field of matches is then upsampled level by level and only refined locally, so
 * the layout chosen at the coarsest level survives. Patches compare colour plus two texture
 * features on coarse levels. Pixels outside the (grown) mask are never written.
 */
import { dilateMask, maskBounds } from '../raster';
import type { Mask, Raster } from '../raster';
import { EngineError } from '../types';

export interface InpaintOptions {
  /** Seed of the random initialisation; with `variant` it makes the result reproducible. */
  seed?: number;
  /**
   * Which variant (0, 1, …): each starts from a different random set of candidate patches and
   * field, so fills differ visibly.
   */
  variant?: number;
  /**
   * Structure-aware completion (ops/removal.ts decides it from the room parse): which surface
   * every pixel shows, the hole's pixels included (the surface that lies behind the object).
   * Without it the hole is filled from whatever surrounds it.
   */
  structure?: InpaintStructure;
}

/**
 * Surfaces for a structure-aware fill. A patch centred on a surface is matched only to source
 * patches centred on the same surface, and a hole pixel takes votes only from patches of its own
 * surface (surface 0, "anything else", is matched and voted freely), so the wall's texture stays
 * above the line it meets the floor along and the floor's below it. The coarsest level's start
 * interpolates each pixel only between hole ends on its own surface, so a column crossing the
 * line carries the wall down to it and the floor up to it instead of blending them.
 */
export interface InpaintStructure {
  /** Per image pixel: a surface id 1–255, or 0 for anything else (furniture, decor). */
  surfaces: Uint8Array;
  /**
   * The line the surfaces meet along (the wall–floor line): its row per image column, continued
   * across the hole, or null when there is none. (How the surfaces were decided; the fill itself
   * reads only `surfaces`.)
   */
  line: Float32Array | null;
  /**
   * Surfaces whose hole pixels take votes only from source pixels of their own surface, not just
   * from patches centred on it (a patch centred on a rug reaches the pot standing on it). The
   * others take the patch's pixels whatever they show.
   */
  pure?: readonly number[];
}

/** Patch radius: 7×7 patches. */
const R = 3;
/** User masks are drawn tight around objects; this covers their soft edges and shadows' rims. */
const MASK_GROWTH = 2;
/**
 * Levels larger than this (a 12 MP photo's finest level) skip the search: they inherit the field
 * from the level below and only vote, taking detail from full-resolution patches (see `complete`).
 */
const MAX_SEARCH_PIXELS = 4_200_000;
/**
 * Channels a pixel: R, G, B and two texture features, the mean absolute horizontal and vertical
 * luminance gradient (Newson et al. 2014). Downsampling averages them, so on coarse levels they
 * tell a busy texture (a patterned rug) from a flat area of the same mean colour (a wall), which
 * colour alone cannot, and a patch stops matching the wrong kind of surface.
 */
const CH = 5;
/** Confidence decay per pixel of depth into the hole (Wexler's γ). */
const DEPTH_DECAY = 1.3;
/** The pyramid stops once the hole is this few pixels deep (a patch or so across). */
const COARSEST_DEPTH = 12;
/**
 * …or once halving again would leave fewer than this many pixels a side: below that, 7×7 patches
 * see whole objects as a few blurred pixels and EM floods the hole with whichever flat texture
 * (a floor) best matches the blur. Measured on the removal benchmark (20 cases, 1 MP, line
 * start): 64 → 15.92 dB, 96 → 15.97, 128 → 16.31, 192 → 16.45. 192+ scored higher but by eye
 * loses more structure (a slatted wall's edge becomes a flat grey), so 128.
 */
const MIN_COARSE_SIDE = 128;
/** Random-search radius (pixels) on levels that refine an upsampled field. */
const LOCAL_SEARCH = 6;

/** One pyramid level of the working region (the hole plus a band of source around it). */
interface Level {
  w: number;
  h: number;
  /** CH bytes a pixel (see CH); hole pixels hold the current estimate. */
  px: Uint8Array;
  /** How many leading channels patch distances compare: 3 (colour) or CH (with texture). */
  compared: number;
  /** 1 where the pixel is to be filled. */
  hole: Uint8Array;
  /** Pixels whose patch touches the hole: the patches that get a match and vote. */
  targets: Int32Array;
  /** 1 where a patch centred here lies inside the region and does not touch the hole. */
  sourceOk: Uint8Array;
  /** The valid source centres, for random picks. */
  sources: Int32Array;
  /** Per pixel: distance into the hole from its border (0 outside). */
  depth: Float32Array;
  /** Per pixel: γ^-depth, the confidence of a patch centred there. */
  confidence: Float64Array;
  /** Per pixel surface id (structure-aware fills), else null. */
  label: Uint8Array | null;
  /** Per surface id: its valid source centres (empty when it has none at this level). */
  sourcesOf: Int32Array[];
  /** Per surface id: 1 when its hole pixels take only its own source pixels (see `pure`). */
  pure: Uint8Array;
}

/** The nearest-neighbour field: per target pixel, the index of its source centre and its SSD. */
interface Field {
  match: Int32Array;
  cost: Int32Array;
}

/**
 * Fills the masked pixels of `image` (the mask is first grown by 2 px) from the surrounding
 * picture and returns a new raster; every pixel outside the grown mask is byte-identical, filled
 * pixels are opaque. Deterministic for a given seed and variant. Synchronous and CPU-bound (about
 * 1–2.5 s of one core for a 10% hole in 2 MP): call it from a worker.
 */
export function inpaint(image: Raster, mask: Mask, options: InpaintOptions = {}): Raster {
  if (mask.width !== image.width || mask.height !== image.height) {
    throw new EngineError('invalid_input', 'The mask must be the size of the image');
  }
  const out: Raster = {
    width: image.width,
    height: image.height,
    data: new Uint8ClampedArray(image.data),
  };
  const grown = dilateMask(mask, MASK_GROWTH);
  const bounds = maskBounds(grown);
  if (!bounds) return out;

  const region = workingRegion(bounds, image.width, image.height);
  const full = cropLevel(image, grown, region, options.structure);
  const seed = mixSeed(options.seed ?? 0, options.variant ?? 0);
  const filled = complete(full, seed, options.variant ?? 0);
  writeBack(out, filled, region);
  return out;
}

/** The hole's box grown by ½ its larger side each way (clamped): the band patches come from. */
function workingRegion(
  b: { x0: number; y0: number; x1: number; y1: number },
  width: number,
  height: number,
): { x: number; y: number; w: number; h: number } {
  const side = Math.max(b.x1 - b.x0 + 1, b.y1 - b.y0 + 1);
  const margin = Math.max(24, Math.round(side * 0.5)) + R;
  const x = Math.max(0, b.x0 - margin);
  const y = Math.max(0, b.y0 - margin);
  const x1 = Math.min(width, b.x1 + 1 + margin);
  const y1 = Math.min(height, b.y1 + 1 + margin);
  return { x, y, w: x1 - x, h: y1 - y };
}

function mixSeed(seed: number, variant: number): number {
  let s = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(variant + 1, 0x85ebca6b)) >>> 0;
  s ^= s >>> 16;
  s = Math.imul(s, 0x7feb352d) >>> 0;
  s ^= s >>> 15;
  return s === 0 ? 0x12345 : s;
}

/** Copies the region's pixels and hole out of the image (the finest level). */
function cropLevel(
  image: Raster,
  mask: Mask,
  region: { x: number; y: number; w: number; h: number },
  structure?: InpaintStructure,
): Level {
  const { w, h } = region;
  const px = new Uint8Array(w * h * CH);
  const hole = new Uint8Array(w * h);
  const label = structure ? new Uint8Array(w * h) : null;
  const luma = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let src = ((region.y + y) * image.width + region.x) * 4;
    let m = (region.y + y) * image.width + region.x;
    let i = y * w;
    for (let x = 0; x < w; x++, src += 4, m++, i++) {
      const r = image.data[src] ?? 0;
      const g = image.data[src + 1] ?? 0;
      const b = image.data[src + 2] ?? 0;
      px[i * CH] = r;
      px[i * CH + 1] = g;
      px[i * CH + 2] = b;
      luma[i] = (2 * r + 5 * g + b) >> 3;
      hole[i] = mask.data[m] ?? 0;
      if (label && structure) label[i] = structure.surfaces[m] ?? 0;
    }
  }
  textureFeatures(px, luma, hole, w, h);
  // The finest level matches on colour alone: there, texture is in the colours themselves.
  const pure = new Uint8Array(256);
  for (const l of structure?.pure ?? []) pure[l] = 1;
  return prepareLevel(w, h, px, hole, 3, label, pure);
}

/**
 * Channels 3 and 4: |∂L/∂x| and |∂L/∂y| (central differences) at known pixels; a neighbour in the
 * hole or outside the region is replaced by the pixel itself, so the object never leaks in.
 */
function textureFeatures(
  px: Uint8Array,
  luma: Uint8Array,
  hole: Uint8Array,
  w: number,
  h: number,
): void {
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (hole[i]) continue;
      const c = luma[i] ?? 0;
      const l = x > 0 && !hole[i - 1] ? (luma[i - 1] ?? 0) : c;
      const r = x < w - 1 && !hole[i + 1] ? (luma[i + 1] ?? 0) : c;
      const u = y > 0 && !hole[i - w] ? (luma[i - w] ?? 0) : c;
      const d = y < h - 1 && !hole[i + w] ? (luma[i + w] ?? 0) : c;
      px[i * CH + 3] = Math.abs(r - l);
      px[i * CH + 4] = Math.abs(d - u);
    }
  }
}

/** Writes the filled hole pixels back into the output (RGB from the fill, opaque alpha). */
function writeBack(
  out: Raster,
  level: Level,
  region: { x: number; y: number; w: number; h: number },
): void {
  const { w, h, px, hole } = level;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!hole[i]) continue;
      const o = ((region.y + y) * out.width + region.x + x) * 4;
      out.data[o] = px[i * CH] ?? 0;
      out.data[o + 1] = px[i * CH + 1] ?? 0;
      out.data[o + 2] = px[i * CH + 2] ?? 0;
      out.data[o + 3] = 255;
    }
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Pyramid                                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** Derives a level's targets, sources and confidences from its pixels and hole. */
function prepareLevel(
  w: number,
  h: number,
  px: Uint8Array,
  hole: Uint8Array,
  compared: number,
  label: Uint8Array | null,
  pure: Uint8Array,
): Level {
  // A patch touches the hole iff its centre is within R (Chebyshev) of a hole pixel.
  const near = squareDilate(hole, w, h, R);
  let targetCount = 0;
  let sourceCount = 0;
  const sourceOk = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (near[i]) targetCount++;
      else if (x >= R && y >= R && x < w - R && y < h - R) {
        sourceOk[i] = 1;
        sourceCount++;
      }
    }
  }
  const targets = new Int32Array(targetCount);
  const sources = new Int32Array(sourceCount);
  for (let i = 0, t = 0, s = 0; i < w * h; i++) {
    if (near[i]) targets[t++] = i;
    else if (sourceOk[i]) sources[s++] = i;
  }
  const depth = holeDepth(hole, w, h);
  const confidence = new Float64Array(w * h);
  const lnDecay = Math.log(DEPTH_DECAY);
  for (let i = 0; i < w * h; i++) confidence[i] = Math.exp(-lnDecay * (depth[i] ?? 0));
  return {
    w,
    h,
    px,
    compared,
    hole,
    targets,
    sourceOk,
    sources,
    depth,
    confidence,
    label,
    sourcesOf: sourcesByLabel(sources, label),
    pure,
  };
}

/** The sources split by surface id (none without surfaces). */
function sourcesByLabel(sources: Int32Array, label: Uint8Array | null): Int32Array[] {
  if (!label) return [];
  const counts = new Int32Array(256);
  for (const i of sources) {
    const l = label[i] ?? 0;
    counts[l] = (counts[l] ?? 0) + 1;
  }
  const out = Array.from({ length: 256 }, (_, l) => new Int32Array(counts[l] ?? 0));
  const fill = new Int32Array(256);
  for (const i of sources) {
    const l = label[i] ?? 0;
    const list = out[l];
    const at = fill[l] ?? 0;
    if (list) list[at] = i;
    fill[l] = at + 1;
  }
  return out;
}

/**
 * Whether source centre `s` may stand for target `t`: always without surfaces; with them, only a
 * source of the target's own surface — unless that surface has no source at this level.
 */
function allowed(level: Level, t: number, s: number): boolean {
  const { label } = level;
  if (!label) return true;
  const l = label[t] ?? 0;
  return l === 0 || label[s] === l || (level.sourcesOf[l]?.length ?? 0) === 0;
}

/** A random source for target `t` (of its surface when it has one); advances the xorshift state. */
function randomSource(level: Level, t: number, u: number): number {
  const l = level.label ? (level.label[t] ?? 0) : 0;
  const own = l !== 0 ? level.sourcesOf[l] : undefined;
  const pool = own && own.length > 0 ? own : level.sources;
  return pool[u % pool.length] ?? 0;
}

/** Dilation by a (2r+1)² square, separably (rows then columns), with running counts. */
function squareDilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const base = y * w;
    let count = 0;
    for (let x = 0; x < Math.min(r, w); x++) count += mask[base + x] ?? 0;
    for (let x = 0; x < w; x++) {
      if (x + r < w) count += mask[base + x + r] ?? 0;
      if (x - r - 1 >= 0) count -= mask[base + x - r - 1] ?? 0;
      rows[base + x] = count > 0 ? 1 : 0;
    }
  }
  const out = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    let count = 0;
    for (let y = 0; y < Math.min(r, h); y++) count += rows[y * w + x] ?? 0;
    for (let y = 0; y < h; y++) {
      if (y + r < h) count += rows[(y + r) * w + x] ?? 0;
      if (y - r - 1 >= 0) count -= rows[(y - r - 1) * w + x] ?? 0;
      out[y * w + x] = count > 0 ? 1 : 0;
    }
  }
  return out;
}

/** Distance (chamfer 3-4, in pixels) from each hole pixel to the nearest known pixel; 0 outside. */
function holeDepth(hole: Uint8Array, w: number, h: number): Float32Array {
  const big = 1 << 28;
  const d = new Int32Array(w * h);
  for (let i = 0; i < w * h; i++) d[i] = hole[i] ? big : 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i] ?? 0;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, (d[i - 1] ?? 0) + 3);
      if (y > 0) {
        v = Math.min(v, (d[i - w] ?? 0) + 3);
        if (x > 0) v = Math.min(v, (d[i - w - 1] ?? 0) + 4);
        if (x < w - 1) v = Math.min(v, (d[i - w + 1] ?? 0) + 4);
      }
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i] ?? 0;
      if (v === 0) continue;
      if (x < w - 1) v = Math.min(v, (d[i + 1] ?? 0) + 3);
      if (y < h - 1) {
        v = Math.min(v, (d[i + w] ?? 0) + 3);
        if (x < w - 1) v = Math.min(v, (d[i + w + 1] ?? 0) + 4);
        if (x > 0) v = Math.min(v, (d[i + w - 1] ?? 0) + 4);
      }
      d[i] = v;
    }
  }
  const out = new Float32Array(w * h);
  // A region entirely hole has no known pixel: treat depth as unknown-but-shallow.
  for (let i = 0; i < w * h; i++) out[i] = (d[i] ?? 0) >= big ? 0 : (d[i] ?? 0) / 3;
  return out;
}

/**
 * Halves a level: a coarse pixel is hole if any of its fine pixels is (so known coarse pixels are
 * clean averages of known fine pixels).
 */
function downsample(fine: Level): Level {
  const w = (fine.w + 1) >> 1;
  const h = (fine.h + 1) >> 1;
  const px = new Uint8Array(w * h * CH);
  const hole = new Uint8Array(w * h);
  const fineLabel = fine.label;
  const label = fineLabel ? new Uint8Array(w * h) : null;
  const sum = new Uint32Array(CH);
  const f = fine.px;
  for (let y = 0; y < h; y++) {
    const fy0 = 2 * y;
    const fy1 = Math.min(fine.h - 1, fy0 + 1);
    for (let x = 0; x < w; x++) {
      const fx0 = 2 * x;
      const fx1 = Math.min(fine.w - 1, fx0 + 1);
      // The four fine pixels (repeated at an odd edge, which leaves the mean unchanged).
      const i00 = fy0 * fine.w + fx0;
      const i01 = fy0 * fine.w + fx1;
      const i10 = fy1 * fine.w + fx0;
      const i11 = fy1 * fine.w + fx1;
      const i = y * w + x;
      if (label && fineLabel) label[i] = fineLabel[i00] ?? 0;
      if (fine.hole[i00] || fine.hole[i01] || fine.hole[i10] || fine.hole[i11]) {
        hole[i] = 1;
        // A hole pixel takes the surface of a fine hole pixel (the fill is what lies behind).
        if (label && fineLabel) {
          const inHole = fine.hole[i00] ? i00 : fine.hole[i01] ? i01 : fine.hole[i10] ? i10 : i11;
          label[i] = fineLabel[inHole] ?? 0;
        }
        continue;
      }
      for (let c = 0; c < CH; c++) {
        sum[c] =
          (f[i00 * CH + c] ?? 0) +
          (f[i01 * CH + c] ?? 0) +
          (f[i10 * CH + c] ?? 0) +
          (f[i11 * CH + c] ?? 0);
        px[i * CH + c] = ((sum[c] ?? 0) + 2) >> 2;
      }
    }
  }
  return prepareLevel(w, h, px, hole, CH, label, fine.pure);
}

/** Builds the pyramid, finest first, down to where the hole is only a few pixels thick. */
function buildPyramid(finest: Level): Level[] {
  const levels = [finest];
  for (;;) {
    const last = levels[levels.length - 1] ?? finest;
    if (
      maxDepth(last) <= COARSEST_DEPTH ||
      last.w < 2 * MIN_COARSE_SIDE ||
      last.h < 2 * MIN_COARSE_SIDE
    )
      break;
    const next = downsample(last);
    // Too little source left to match against: the previous level is the coarsest.
    if (next.sources.length < Math.max(32, next.targets.length >> 2)) break;
    levels.push(next);
  }
  return levels;
}

function maxDepth(level: Level): number {
  const { depth } = level;
  let max = 0;
  for (let i = 0; i < depth.length; i++) max = Math.max(max, depth[i] ?? 0);
  return max;
}

/* ------------------------------------------------------------------------------------------ */
/* Completion                                                                                   */
/* ------------------------------------------------------------------------------------------ */

/** Per level (coarsest first): EM iterations and how far random search may look. */
interface Schedule {
  iterations: number;
  /** Random search starts at this radius (pixels of the level) and halves down to 1. */
  searchRadius: number;
}

function schedule(levelIndex: number, levelCount: number, level: Level): Schedule {
  // The coarsest level decides the layout (global search); finer levels only refine it locally,
  // so a self-similar texture at the border (a floor) cannot creep across the hole level by level.
  if (levelIndex === levelCount - 1) {
    return { iterations: 10, searchRadius: Math.max(level.w, level.h) };
  }
  return { iterations: levelIndex === 0 ? 1 : 2, searchRadius: LOCAL_SEARCH };
}

/**
 * Fills `finest.px` inside its hole. When the region is larger than the search budget, the
 * pyramid's finest levels only inherit the field from below and vote (no search): they take
 * their detail from full-resolution source patches without paying for PatchMatch at that size.
 */
function complete(finest: Level, seed: number, variant: number): Level {
  if (finest.sources.length === 0) {
    diffuseFill(finest);
    return finest;
  }
  const levels = buildPyramid(finest);
  let rng = seed;
  let field: Field | null = null;
  for (let li = levels.length - 1; li >= 0; li--) {
    const level = levels[li] ?? finest;
    const coarser = levels[li + 1];
    const searchable = level.w * level.h <= MAX_SEARCH_PIXELS;
    if (field === null || coarser === undefined) {
      if (variant !== 0) rng = dropSources(level, rng);
      ({ field, rng } = startField(level, rng, variant));
    } else {
      ({ field, rng } = upsampleField(coarser, level, field, rng));
      vote(level, field);
      if (!searchable) continue;
    }
    const plan = schedule(li, levels.length, level);
    for (let it = 0; it < plan.iterations; it++) {
      rng = search(level, field, it, plan.searchRadius, rng);
      vote(level, field);
    }
  }
  return finest;
}

/** Side (coarsest-level pixels) of the source tiles a variant other than 0 may leave out. */
const DROP_TILE = 24;
/** Fraction of those tiles it leaves out. */
const DROP_FRACTION = 0.5;

/**
 * Variants other than 0 lay out the coarsest level from a random part of the source: a random
 * half of its tiles is left out, so EM settles on another arrangement that the finer levels
 * then refine. (The line start is the same for every variant, so without this variants differ
 * only by search noise.) Variant 0 keeps every source: it is the best-scoring fill. Returns the
 * advanced random state.
 */
function dropSources(level: Level, rng: number): number {
  const { w, sourceOk } = level;
  const tilesX = Math.ceil(w / DROP_TILE);
  const tilesY = Math.ceil(level.h / DROP_TILE);
  const dropped = new Uint8Array(tilesX * tilesY);
  let s = rng;
  for (let t = 0; t < dropped.length; t++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    dropped[t] = (s >>> 0) / 0x100000000 < DROP_FRACTION ? 1 : 0;
  }
  const kept: number[] = [];
  for (const i of level.sources) {
    const x = i % w;
    const y = (i - x) / w;
    const tile = Math.floor(y / DROP_TILE) * tilesX + Math.floor(x / DROP_TILE);
    if (dropped[tile]) sourceOk[i] = 0;
    else kept.push(i);
  }
  // Keep the whole source when too little would be left to match against.
  if (kept.length >= Math.max(32, level.sources.length >> 2)) level.sources = Int32Array.from(kept);
  else for (const i of level.sources) sourceOk[i] = 1;
  level.sourcesOf = sourcesByLabel(level.sources, level.label);
  return s;
}

/**
 * The coarsest level's start: the hole's estimate continues the border's lines across it (see
 * `lineInit`; an onion peel covers what no line reaches) and every target gets a random source.
 * Variants other than 0 also weigh rows against columns at random and search only part of the
 * source (`dropSources`), so their EM settles on visibly different fills.
 */
function startField(level: Level, rng: number, variant: number): { field: Field; rng: number } {
  const { targets, sources } = level;
  const match = new Int32Array(level.w * level.h).fill(-1);
  const cost = new Int32Array(level.w * level.h);
  let s = rng;
  onionPeel(level);
  // Variants other than 0 also lean the start towards rows or towards columns (×1/16 … ×16).
  let rowBias = 1;
  if (variant !== 0) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    rowBias = Math.pow(16, 2 * ((s >>> 0) / 0x100000000) - 1);
  }
  lineInit(level, rowBias);
  for (let t = 0; t < targets.length; t++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const q = targets[t] ?? 0;
    match[q] = level.label
      ? randomSource(level, q, s >>> 0)
      : (sources[(s >>> 0) % sources.length] ?? 0);
    cost[q] = patchCost(level, q, match[q] ?? 0, 0x7fffffff);
  }
  return { field: { match, cost }, rng: s };
}

/**
 * The coarsest level's start: each hole pixel is the linear interpolation between the known
 * pixels at the two ends of its hole run along its row, averaged with the same along its column,
 * each weighted by the inverse length of its run (the shorter gap is the better guess). This
 * carries the border's lines (a floor line, a skirting board, a counter edge, a door frame) straight
 * across the hole, so the first search matches patches that continue them. Pixels no run reaches
 * keep the onion-peel value. Measured against the earlier patch-matching onion-peel start on the
 * 20-case removal benchmark: 15.87 vs 15.61 dB (held-out photos 14.04 vs 13.64).
 */
function lineInit(level: Level, rowBias: number): void {
  const { w, h, px, hole } = level;
  const acc = new Float64Array(w * h * CH);
  const weight = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    let x = 0;
    while (x < w) {
      if (!hole[y * w + x]) {
        x++;
        continue;
      }
      const x0 = x;
      while (x < w && hole[y * w + x]) x++;
      const before = x0 > 0 ? y * w + x0 - 1 : -1;
      const after = x < w ? y * w + x : -1;
      addRun(level, acc, weight, y * w + x0, 1, x - x0, before, after, rowBias);
    }
  }
  for (let x = 0; x < w; x++) {
    let y = 0;
    while (y < h) {
      if (!hole[y * w + x]) {
        y++;
        continue;
      }
      const y0 = y;
      while (y < h && hole[y * w + x]) y++;
      const before = y0 > 0 ? (y0 - 1) * w + x : -1;
      const after = y < h ? y * w + x : -1;
      addRun(level, acc, weight, y0 * w + x, w, y - y0, before, after, 1);
    }
  }
  for (let i = 0; i < w * h; i++) {
    const sw = weight[i] ?? 0;
    if (!hole[i] || sw <= 0) continue;
    for (let c = 0; c < CH; c++) px[i * CH + c] = Math.round((acc[i * CH + c] ?? 0) / sw);
  }
}

/**
 * Adds one hole run's interpolation to `acc` (weighted by 1 / (len + 1)): `len` pixels from
 * `start` every `stride`, between the known pixels `before` and `after` (-1 where the run meets
 * the region's edge: the other end's value is held; a run with neither end adds nothing).
 */
function addRun(
  level: Level,
  acc: Float64Array,
  weight: Float64Array,
  start: number,
  stride: number,
  len: number,
  before: number,
  after: number,
  bias: number,
): void {
  if (before < 0 && after < 0) return;
  const { px, label } = level;
  const wt = bias / (len + 1);
  for (let k = 0; k < len; k++) {
    const i = start + k * stride;
    // With surfaces, a pixel interpolates only between ends on its own surface (one such end is
    // held; with none the run says nothing about it): a column crossing the wall–floor line
    // carries the wall down to the line and the floor up to it, never blends them.
    let b0 = before;
    let a0 = after;
    if (label) {
      const l = label[i] ?? 0;
      if (l !== 0) {
        if (b0 >= 0 && label[b0] !== l) b0 = -1;
        if (a0 >= 0 && label[a0] !== l) a0 = -1;
        if (b0 < 0 && a0 < 0) continue;
      }
    }
    const from = b0 >= 0 ? b0 : a0;
    const to = a0 >= 0 ? a0 : b0;
    const f = (k + 1) / (len + 1);
    for (let c = 0; c < CH; c++) {
      const a = px[from * CH + c] ?? 0;
      const b = px[to * CH + c] ?? 0;
      acc[i * CH + c] = (acc[i * CH + c] ?? 0) + wt * (a + (b - a) * f);
    }
    weight[i] = (weight[i] ?? 0) + wt;
  }
}

/** Fills the hole ring by ring from its border, each pixel the mean of its known neighbours. */
function onionPeel(level: Level): void {
  const { w, h, px } = level;
  const known = new Uint8Array(w * h);
  const sum = new Uint32Array(CH);
  let frontier: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (level.hole[i]) frontier.push(i);
    else known[i] = 1;
  }
  while (frontier.length > 0) {
    const filledNow: number[] = [];
    const rest: number[] = [];
    for (const i of frontier) {
      const x = i % w;
      const y = (i - x) / w;
      sum.fill(0);
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (!known[j]) continue;
          for (let c = 0; c < CH; c++) sum[c] = (sum[c] ?? 0) + (px[j * CH + c] ?? 0);
          n++;
        }
      }
      if (n === 0) {
        rest.push(i);
        continue;
      }
      for (let c = 0; c < CH; c++) px[i * CH + c] = Math.round((sum[c] ?? 0) / n);
      filledNow.push(i);
    }
    if (filledNow.length === 0) break; // nothing known at all: leave the (zero) fill
    for (const i of filledNow) known[i] = 1;
    frontier = rest;
  }
}

/** No source patch fits (the hole fills the region): a smooth fill from the border is all we have. */
function diffuseFill(level: Level): void {
  onionPeel(level);
}

/**
 * The coarse field doubled: a fine target inherits its coarse parent's match, shifted by its
 * position within the parent; an inherited match that is not a valid source is re-drawn at random.
 */
function upsampleField(
  coarse: Level,
  fine: Level,
  coarseField: Field,
  rng: number,
): { field: Field; rng: number } {
  const match = new Int32Array(fine.w * fine.h).fill(-1);
  const cost = new Int32Array(fine.w * fine.h);
  const { targets, sources, sourceOk, w, h } = fine;
  let s = rng;
  for (let t = 0; t < targets.length; t++) {
    const q = targets[t] ?? 0;
    const x = q % w;
    const y = (q - x) / w;
    const parent = (y >> 1) * coarse.w + (x >> 1);
    const cm = coarseField.match[parent] ?? -1;
    let m = -1;
    if (cm >= 0) {
      const cx = cm % coarse.w;
      const cy = (cm - cx) / coarse.w;
      const fx = Math.min(w - 1, 2 * cx + (x & 1));
      const fy = Math.min(h - 1, 2 * cy + (y & 1));
      const candidate = fy * w + fx;
      const corner = 2 * cy * w + 2 * cx;
      if (sourceOk[candidate] && allowed(fine, q, candidate)) m = candidate;
      else if (sourceOk[corner] && allowed(fine, q, corner)) m = corner;
    }
    if (m < 0) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      m = fine.label ? randomSource(fine, q, s >>> 0) : (sources[(s >>> 0) % sources.length] ?? 0);
    }
    match[q] = m;
  }
  return { field: { match, cost }, rng: s };
}

/**
 * Sum of squared RGB differences between the patches centred at `t` (target) and `s` (source),
 * stopping as soon as it exceeds `limit`. Source patches always lie inside the level; a target
 * patch may hang over the region's edge (a hole at the image border), where it counts only its
 * inside pixels.
 */
function patchCost(level: Level, t: number, s: number, limit: number): number {
  const { w, h, px, compared } = level;
  const tx = t % w;
  const ty = (t - tx) / w;
  let sum = 0;
  if (tx >= R && ty >= R && tx < w - R && ty < h - R) {
    if (compared === CH) {
      // All channels: each patch row is one contiguous run of bytes.
      for (let dy = -R; dy <= R; dy++) {
        let a = (t + dy * w - R) * CH;
        let b = (s + dy * w - R) * CH;
        const end = a + (2 * R + 1) * CH;
        for (; a < end; a++, b++) {
          const d = (px[a] ?? 0) - (px[b] ?? 0);
          sum += d * d;
        }
        if (sum > limit) return sum;
      }
      return sum;
    }
    for (let dy = -R; dy <= R; dy++) {
      let a = (t + dy * w - R) * CH;
      let b = (s + dy * w - R) * CH;
      const end = a + (2 * R + 1) * CH;
      for (; a < end; a += CH, b += CH) {
        const d0 = (px[a] ?? 0) - (px[b] ?? 0);
        const d1 = (px[a + 1] ?? 0) - (px[b + 1] ?? 0);
        const d2 = (px[a + 2] ?? 0) - (px[b + 2] ?? 0);
        sum += d0 * d0 + d1 * d1 + d2 * d2;
      }
      if (sum > limit) return sum;
    }
    return sum;
  }
  for (let dy = -R; dy <= R; dy++) {
    const y = ty + dy;
    if (y < 0 || y >= h) continue;
    for (let dx = -R; dx <= R; dx++) {
      const x = tx + dx;
      if (x < 0 || x >= w) continue;
      const a = (t + dy * w + dx) * CH;
      const b = (s + dy * w + dx) * CH;
      for (let c = 0; c < compared; c++) {
        const d = (px[a + c] ?? 0) - (px[b + c] ?? 0);
        sum += d * d;
      }
    }
    if (sum > limit) return sum;
  }
  return sum;
}

/**
 * One PatchMatch pass over the targets (forward on even iterations, backward on odd):
 * re-score the current match against the current estimate, try the neighbours' matches shifted
 * by one (propagation), then random candidates in a shrinking window (random search).
 */
function search(
  level: Level,
  field: Field,
  iteration: number,
  radius: number,
  rng: number,
): number {
  const { targets, sourceOk, w, h } = level;
  const { match, cost } = field;
  const forward = iteration % 2 === 0;
  const step = forward ? 1 : -1;
  const n = targets.length;
  let s = rng;
  for (let k = 0; k < n; k++) {
    const q = targets[forward ? k : n - 1 - k] ?? 0;
    let best = match[q] ?? 0;
    let bestCost = patchCost(level, q, best, 0x7fffffff);

    // Propagation: the left/up (or right/down) neighbour's match, shifted back to us.
    const qx = q % w;
    const left = qx - step >= 0 && qx - step < w ? (match[q - step] ?? -1) : -1;
    if (left >= 0) {
      const c = left + step;
      if (c >= 0 && c < w * h && sourceOk[c] && c !== best && allowed(level, q, c)) {
        const d = patchCost(level, q, c, bestCost);
        if (d < bestCost) {
          bestCost = d;
          best = c;
        }
      }
    }
    const upIdx = q - step * w;
    const up = upIdx >= 0 && upIdx < w * h ? (match[upIdx] ?? -1) : -1;
    if (up >= 0) {
      const c = up + step * w;
      if (c >= 0 && c < w * h && sourceOk[c] && c !== best && allowed(level, q, c)) {
        const d = patchCost(level, q, c, bestCost);
        if (d < bestCost) {
          bestCost = d;
          best = c;
        }
      }
    }

    // Random search around the best so far, halving the window.
    const bx = best % w;
    const by = (best - bx) / w;
    for (let rad = radius; rad >= 1; rad >>= 1) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      const u = s >>> 0;
      const cx = bx + ((u & 0xffff) % (2 * rad + 1)) - rad;
      const cy = by + ((u >>> 16) % (2 * rad + 1)) - rad;
      if (cx < 0 || cy < 0 || cx >= w || cy >= h) continue;
      const c = cy * w + cx;
      if (!sourceOk[c] || c === best || !allowed(level, q, c)) continue;
      const d = patchCost(level, q, c, bestCost);
      if (d < bestCost) {
        bestCost = d;
        best = c;
      }
    }
    match[q] = best;
    cost[q] = bestCost;
  }
  return s;
}

/**
 * Voting: each hole pixel becomes the weighted mean of the pixels the overlapping target patches'
 * matches put on it. A patch's weight is its confidence (shallow in the hole ⇒ trusted) times
 * exp(-cost / 2σ²), σ² set from the typical match cost so poor matches barely count. Sources never
 * overlap the hole, so writing in place reads only known pixels.
 */
function vote(level: Level, field: Field): void {
  const { w, h, px, hole, targets, confidence, label, pure } = level;
  const { match, cost } = field;
  const weight = new Float64Array(w * h);
  const sigma2 = typicalCost(cost, targets);
  for (let t = 0; t < targets.length; t++) {
    const q = targets[t] ?? 0;
    weight[q] = (confidence[q] ?? 1) * Math.exp(-Math.min(300, (cost[q] ?? 0) / (2 * sigma2)));
  }
  // Only the compared channels: the finest level's texture channels are never read again.
  const all = level.compared === CH;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (!hole[p]) continue;
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      let a4 = 0;
      let sw = 0;
      const y0 = Math.max(0, y - R);
      const y1 = Math.min(h - 1, y + R);
      const x0 = Math.max(0, x - R);
      const x1 = Math.min(w - 1, x + R);
      // With surfaces, only patches of the pixel's own surface vote (the pixel's own patch is one).
      const own = label ? (label[p] ?? 0) : -1;
      const ownOnly = own > 0 && pure[own] === 1;
      for (let qy = y0; qy <= y1; qy++) {
        for (let qx = x0; qx <= x1; qx++) {
          const q = qy * w + qx;
          const m = match[q] ?? -1;
          if (m < 0) continue;
          if (own > 0 && label && label[q] !== own) continue;
          if (ownOnly && label && label[m + p - q] !== own) continue;
          const wq = weight[q] ?? 0;
          const src = (m + p - q) * CH;
          a0 += wq * (px[src] ?? 0);
          a1 += wq * (px[src + 1] ?? 0);
          a2 += wq * (px[src + 2] ?? 0);
          if (all) {
            a3 += wq * (px[src + 3] ?? 0);
            a4 += wq * (px[src + 4] ?? 0);
          }
          sw += wq;
        }
      }
      if (sw > 0) {
        const o = p * CH;
        px[o] = Math.round(a0 / sw);
        px[o + 1] = Math.round(a1 / sw);
        px[o + 2] = Math.round(a2 / sw);
        if (all) {
          px[o + 3] = Math.round(a3 / sw);
          px[o + 4] = Math.round(a4 / sw);
        }
      }
    }
  }
}

/** σ² for vote weights: the 75th percentile of current match costs (sampled), at least 1. */
function typicalCost(cost: Int32Array, targets: Int32Array): number {
  const n = targets.length;
  if (n === 0) return 1;
  const sampleSize = Math.min(n, 4096);
  const sample = new Float64Array(sampleSize);
  for (let i = 0; i < sampleSize; i++) {
    sample[i] = cost[targets[Math.floor((i * n) / sampleSize)] ?? 0] ?? 0;
  }
  sample.sort();
  return Math.max(1, sample[Math.floor(sampleSize * 0.75)] ?? 1);
}
