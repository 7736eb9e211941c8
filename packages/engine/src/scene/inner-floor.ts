/**
 * What lies flat on the floor but is not the floor: rugs, bath mats, a shower's tiled tray seen
 * through its glass. The segmentation network labels most of them floor, so the floors action
 * laid the new floor over them. Its rug probability on them is still one or two orders of
 * magnitude above the bare floor's, though too weak to win the label: that evidence teaches a
 * colour-and-texture model of the rug (Lab and local contrast on a coarse grid) against one of
 * the bare floor, every cell of the floor goes to the likelier, and a connected piece that is
 * backed by the evidence, large, with depth (not the thin shadow band under a sofa) and compact
 * is a rug: its convex hull within the floor (a flat rectangle or circle stays convex in
 * perspective). The boundary is then moved onto the photo's own edge at full resolution with a
 * colour guided filter.
 */
import { rgbToLab } from '../colour';
import { convexHull, insideConvex, pointsBounds } from '../geometry/outline';
import type { Raster } from '../raster';
import { ADE } from './ade20k';
import { colourGuidedFilter } from './guided-filter';
import { labelComponents } from './objects';
import { rugInToItsSides, rugOutToItsEdges } from './rug-outline';

/** Working grid: about this many cells along the longer side. */
const GRID_CELLS = 320;
/** A cell belongs to the floor region when this share of its pixels does. */
const CELL_FILL = 0.6;
/** The network's rug share at which a cell is evidence of a rug (bare floor sits near 0.001). */
const RUG_EVIDENCE = 0.01;
/** …and below which a cell is bare floor for the floor's colour model. */
const BARE_FLOOR = 0.002;
/** Evidence on fewer cells than this share of the region is no rug. */
const MIN_EVIDENCE_SHARE = 0.01;
/** Rug and floor models this far apart (pooled standard deviations) are two things. */
const MIN_SEPARATION = 1.5;
/** A piece is a rug when this share of its cells carries the evidence. */
const MIN_BACKED = 0.15;
/** A piece's mean height (cells over its width) is at least this share of the photo's height. */
const MIN_THICKNESS = 0.06;

/** Whether a piece of grid cells is deep for its width: a rug lying flat, not a band of shadow. */
function hasDepth(cells: readonly number[], gw: number, gh: number): boolean {
  let bx0 = gw;
  let bx1 = 0;
  for (const g of cells) {
    bx0 = Math.min(bx0, g % gw);
    bx1 = Math.max(bx1, g % gw);
  }
  return cells.length / (bx1 - bx0 + 1) >= MIN_THICKNESS * gh;
}

/** Lightness's variance is taken this many times wider when cells are classified. */
const LIGHTNESS_SPREAD = 4;
/** Smallest variance of a feature (keeps a flat colour from dominating the likelihood). */
const MIN_VARIANCE = 4;
/** An inner piece covers at least this share of the floor region. */
const MIN_PIECE_SHARE = 0.03;
/** It fills at least this share of its convex hull. */
const MIN_SOLIDITY = 0.6;
/** Weight of the local contrast (std of lightness, 0–100) against Lab. */
const TEXTURE_WEIGHT = 1.2;

export interface InnerFloor {
  /** 0–255 per pixel: share of an inner floor piece (rug, mat…); all 0 when none was found. */
  matte: Uint8Array;
  /** How many pieces were found. */
  pieces: number;
  /** How far apart the rug's and the floor's colour models lie (pooled standard deviations). */
  separation: number;
  /**
   * The part of `matte` seen through glass: pieces with the parse's shower screen or glass just
   * above them (a shower tray). The floor is never laid there, whatever the rug choice.
   */
  behindGlass: Uint8Array;
}

/** Classes of glass that floor is seen through: a shower screen, glass. */
const GLASS = new Uint8Array(256);
for (const c of [ADE.screenDoor, ADE.shower, ADE.glass]) GLASS[c] = 1;
/** A piece is behind glass when this share of its columns has glass just above it… */
const GLASS_COLUMNS = 0.2;
/** …within this share of the photo's height above the piece's top. */
const GLASS_REACH = 0.25;

interface Grid {
  /** The photo's width in pixels. */
  width: number;
  cell: number;
  gw: number;
  gh: number;
  inRegion: Uint8Array;
  parseRug: Uint8Array;
  features: Float32Array;
}

function buildGrid(image: Raster, region: Uint8Array, parseRug: Uint8Array): Grid {
  const { width, height, data } = image;
  const cell = Math.max(2, Math.round(Math.max(width, height) / GRID_CELLS));
  const gw = Math.ceil(width / cell);
  const gh = Math.ceil(height / cell);
  const gn = gw * gh;
  const count = new Float32Array(gn);
  const inside = new Float32Array(gn);
  const sums = new Float32Array(gn * 3);
  const lum = new Float32Array(gn);
  const lum2 = new Float32Array(gn);
  const rugCount = new Float32Array(gn);
  for (let y = 0; y < height; y++) {
    const gy = Math.floor(y / cell) * gw;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const g = gy + Math.floor(x / cell);
      count[g] = (count[g] ?? 0) + 1;
      if (!region[i]) continue;
      inside[g] = (inside[g] ?? 0) + 1;
      if ((parseRug[i] ?? 0) >= 128) rugCount[g] = (rugCount[g] ?? 0) + 1;
      const r = data[i * 4] ?? 0;
      const gr = data[i * 4 + 1] ?? 0;
      const b = data[i * 4 + 2] ?? 0;
      sums[g * 3] = (sums[g * 3] ?? 0) + r;
      sums[g * 3 + 1] = (sums[g * 3 + 1] ?? 0) + gr;
      sums[g * 3 + 2] = (sums[g * 3 + 2] ?? 0) + b;
      const l = 0.299 * r + 0.587 * gr + 0.114 * b;
      lum[g] = (lum[g] ?? 0) + l;
      lum2[g] = (lum2[g] ?? 0) + l * l;
    }
  }
  const inRegion = new Uint8Array(gn);
  const rug = new Uint8Array(gn);
  for (let g = 0; g < gn; g++) {
    const c = count[g] ?? 1;
    inRegion[g] = (inside[g] ?? 0) >= CELL_FILL * c ? 1 : 0;
    rug[g] = (rugCount[g] ?? 0) >= 0.5 * (inside[g] ?? 0) && inRegion[g] ? 1 : 0;
  }
  // Features over each cell's 3×3 neighbourhood (a rug's pattern is wider than one cell).
  const features = new Float32Array(gn * 4);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const g = gy * gw + gx;
      if (!inRegion[g]) continue;
      let n = 0;
      let r = 0;
      let gr = 0;
      let b = 0;
      let l = 0;
      let l2 = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = gy + dy;
        if (yy < 0 || yy >= gh) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = gx + dx;
          if (xx < 0 || xx >= gw) continue;
          const k = yy * gw + xx;
          if (!inRegion[k]) continue;
          n += inside[k] ?? 0;
          r += sums[k * 3] ?? 0;
          gr += sums[k * 3 + 1] ?? 0;
          b += sums[k * 3 + 2] ?? 0;
          l += lum[k] ?? 0;
          l2 += lum2[k] ?? 0;
        }
      }
      const lab = rgbToLab([r / n, gr / n, b / n]);
      const sd = Math.sqrt(Math.max(0, l2 / n - (l / n) ** 2)) / 2.55;
      features[g * 4] = lab[0];
      features[g * 4 + 1] = lab[1];
      features[g * 4 + 2] = lab[2];
      features[g * 4 + 3] = sd * TEXTURE_WEIGHT;
    }
  }
  return { width, cell, gw, gh, inRegion, parseRug: rug, features };
}

const cellCorners = (cells: readonly number[], gw: number) =>
  cells.flatMap((g) => {
    const x = g % gw;
    const y = (g - x) / gw;
    return [
      { x, y },
      { x: x + 1, y },
      { x, y: y + 1 },
      { x: x + 1, y: y + 1 },
    ];
  });

/** The cells whose centre lies inside a convex polygon (either winding). */
function cellsInHull(hull: ReadonlyArray<{ x: number; y: number }>, gw: number, gh: number) {
  const out = new Uint8Array(gw * gh);
  if (hull.length < 3) return out;
  const [x0, y0, x1, y1] = pointsBounds(hull, gw, gh);
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(gh, Math.ceil(y1)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(gw, Math.ceil(x1)); x++) {
      if (insideConvex(hull, x + 0.5, y + 0.5)) out[y * gw + x] = 1;
    }
  }
  return out;
}

/**
 * The rugs and mats lying on the floor region `region` (1 = floor or rug per the parse), as a
 * matte. `parseRug` is the parse's rug matte (0–255) and `rugShare` the
 * network's own probability of "rug" at a pixel: the network labels most rugs floor, but its rug
 * probability on them is still one or two orders of magnitude above the bare floor's. Cells with
 * that evidence teach a colour-and-texture model of the rug, the cells without it one of the
 * floor; every cell of the region goes to the likelier, and a connected piece with enough
 * evidence, large and compact, is a rug.
 */
export function findInnerFloor(
  image: Raster,
  region: Uint8Array,
  parseRug: Uint8Array,
  rugShare?: (x: number, y: number) => number,
  labels?: Uint8Array,
): InnerFloor {
  const { width, height } = image;
  const n = width * height;
  const none = (separation: number): InnerFloor => ({
    matte: new Uint8Array(n),
    pieces: 0,
    separation,
    behindGlass: new Uint8Array(n),
  });
  const grid = buildGrid(image, region, parseRug);
  const { gw, gh, cell, inRegion, features } = grid;
  const gn = gw * gh;
  // Evidence per cell: the parse's rug label, or the network's rug share at the cell's centre.
  const evidence = new Uint8Array(gn);
  const bare = new Uint8Array(gn);
  let regionCells = 0;
  let evidenceCells = 0;
  let bareCells = 0;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const g = gy * gw + gx;
      if (!inRegion[g]) continue;
      regionCells++;
      const share = rugShare
        ? rugShare(Math.min(width - 1, (gx + 0.5) * cell), Math.min(height - 1, (gy + 0.5) * cell))
        : 0;
      if (grid.parseRug[g] || share >= RUG_EVIDENCE) {
        evidence[g] = 1;
        evidenceCells++;
      } else if (share < BARE_FLOOR) {
        bare[g] = 1;
        bareCells++;
      }
    }
  }
  if (regionCells < 50 || evidenceCells < MIN_EVIDENCE_SHARE * regionCells || bareCells < 20) {
    return none(0);
  }
  // Two diagonal Gaussians over (L, a, b, contrast): the rug's from the evidence, the floor's
  // from the bare cells.
  const rug = colourModel(features, evidence);
  const { floor, separation } = bareFloorModel(features, bare, rug);
  if (separation < MIN_SEPARATION) {
    // A patterned rug whose light squares match the floor: the colours cannot tell it, but the
    // network's evidence outlines its other squares. Kept as one convex rug, edges on the photo's.
    const rugCells = evidenceRug(evidence, bare, grid, regionCells, labels);
    if (!rugCells) return none(separation);
    return {
      matte: rugOutToItsEdges(
        image,
        refineToEdges(image, rugCells, grid, cell, region, null),
        region,
      ),
      pieces: 1,
      separation,
      behindGlass: new Uint8Array(n),
    };
  }
  const isRug = new Uint8Array(gn);
  for (let g = 0; g < gn; g++) {
    if (inRegion[g] && cellLikelihood(features, g, rug) > cellLikelihood(features, g, floor)) {
      isRug[g] = 1;
    }
  }
  majority(isRug, inRegion, gw, gh);
  const { ids, count } = labelComponents(isRug, gw, gh, new Set([1]));
  const members: number[][] = Array.from({ length: count + 1 }, () => []);
  for (let g = 0; g < gn; g++) if (ids[g]) members[ids[g] ?? 0]?.push(g);
  const pieces = new Uint8Array(gn);
  const glassPieces = new Uint8Array(gn);
  const floorParts = labelComponents(inRegion, gw, gh, new Set([1]));
  const partCells = new Int32Array(floorParts.count + 1);
  for (let g = 0; g < gn; g++) {
    const part = floorParts.ids[g] ?? 0;
    partCells[part] = (partCells[part] ?? 0) + 1;
  }
  let found = 0;
  for (let id = 1; id <= count; id++) {
    const cells = members[id] ?? [];
    if (cells.length < MIN_PIECE_SHARE * regionCells) continue;
    let backed = 0;
    for (const g of cells) backed += evidence[g] ?? 0;
    if (backed < MIN_BACKED * cells.length) continue;
    // A rug lies on a floor that shows round it. A piece that is all of the floor it lies on is
    // that floor: the network's rug share can run high over a whole stretch of boards
    // (kitchen-white-island: between the units and the island, round a runner).
    const parts = new Set(cells.map((g) => floorParts.ids[g] ?? 0));
    let partArea = 0;
    for (const part of parts) partArea += partCells[part] ?? 0;
    if (cells.length >= MAX_FLOOR_COVER * partArea) continue;
    // A flat convex thing (a rectangular or round rug) stays convex in perspective: the piece is
    // its convex hull within the floor region — the rug's pattern that looks like the floor
    // comes back, and so does the floor under what stands on it.
    // A shadow under a sofa is a thin band; a rug lying flat has depth.
    if (!hasDepth(cells, gw, gh)) continue;
    const hull = convexHull(cellCorners(cells, gw));
    const inHull = cellsInHull(hull, gw, gh);
    // Solid over the floor seen: what stands on the rug (a coffee table, a chair's seat) hides
    // it, and those cells are not the floor region's, so they cannot count against it.
    let hullCells = 0;
    for (let g = 0; g < gn; g++) if (inHull[g] && inRegion[g]) hullCells++;
    if (cells.length < MIN_SOLIDITY * hullCells) continue;
    for (let g = 0; g < gn; g++) if (inHull[g] && inRegion[g]) pieces[g] = 1;
    if (labels && seenThroughGlass(cells, labels, width, height, cell, gw, gh)) {
      for (let g = 0; g < gn; g++) if (inHull[g] && inRegion[g]) glassPieces[g] = 1;
    }
    found++;
  }
  if (!found) return none(separation);
  const matte = refineToEdges(image, pieces, grid, cell, region, { rug, floor });
  const cellOf = (i: number) => {
    const x = i % width;
    return Math.floor((i - x) / width / cell) * gw + Math.floor(x / cell);
  };
  rugInToItsSides(
    image,
    matte,
    region,
    (i) => evidence[cellOf(i)] === 1,
    (i) => glassPieces[cellOf(i)] === 1,
  );
  // Behind glass: the matte where the cell (or one near it, for the edge band) is such a piece.
  const behindGlass = new Uint8Array(n);
  const reach = EDGE_CELLS + 1;
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      let near = false;
      for (let dy = -reach; dy <= reach && !near; dy++) {
        for (let dx = -reach; dx <= reach && !near; dx++) {
          const xx = gx + dx;
          const yy = gy + dy;
          if (xx >= 0 && yy >= 0 && xx < gw && yy < gh && glassPieces[yy * gw + xx]) near = true;
        }
      }
      if (!near) continue;
      for (let y = gy * cell; y < Math.min(height, (gy + 1) * cell); y++) {
        for (let x = gx * cell; x < Math.min(width, (gx + 1) * cell); x++) {
          behindGlass[y * width + x] = matte[y * width + x] ?? 0;
        }
      }
    }
  }
  return { matte, pieces: found, separation, behindGlass };
}

/** A piece covering this share of the floor region's parts it lies in is the floor itself. */
const MAX_FLOOR_COVER = 0.95;

/** Rug-like cells among the bare ones make the bare floor two surfaces from this share on… */
const MIN_RUGLIKE_BARE = 0.25;
/** …when the floor left without them lies at least this far from the rug (pooled deviations). */
const CLEAR_SEPARATION = 3;

/**
 * The floor's model, from the bare cells. The network's evidence may miss most of a plain rug
 * (living-room-modern-white-sofa: the grey pile in front of the sofa carries no rug share while
 * the strip beside the coffee table does), and the bare cells then hold two surfaces, the boards
 * and the rest of the rug: their model is a blend lying near the rug's, and the colours seem
 * unable to part rug from floor. The bare cells the rug's model explains better are left out
 * when they are a large share of the bare cells ({@link MIN_RUGLIKE_BARE}) and the floor left is
 * clearly apart from the rug ({@link CLEAR_SEPARATION}); a patterned rug's pale squares that
 * match the boards leave the two close, and the evidence rug stays (079).
 */
function bareFloorModel(
  features: Float32Array,
  bare: Uint8Array,
  rug: ColourModel,
): { floor: ColourModel; separation: number } {
  const floor = colourModel(features, bare);
  const separation = separationOf(rug, floor);
  if (separation >= MIN_SEPARATION) return { floor, separation };
  const unlike = new Uint8Array(bare.length);
  let bareCells = 0;
  let unlikeCells = 0;
  for (let g = 0; g < bare.length; g++) {
    if (!bare[g]) continue;
    bareCells++;
    if (cellLikelihood(features, g, floor) < cellLikelihood(features, g, rug)) continue;
    unlike[g] = 1;
    unlikeCells++;
  }
  if (unlikeCells > (1 - MIN_RUGLIKE_BARE) * bareCells) return { floor, separation };
  const boards = colourModel(features, unlike);
  const apart = separationOf(rug, boards);
  return apart >= CLEAR_SEPARATION ? { floor: boards, separation: apart } : { floor, separation };
}

/**
 * Log-likelihood of a grid cell's features under a model, its lightness's variance taken
 * `lightnessSpread` times wider (sunlight and shade move lightness across one floor).
 */
function cellLikelihood(
  features: Float32Array,
  g: number,
  c: ColourModel,
  lightnessSpread = LIGHTNESS_SPREAD,
): number {
  let l = 0;
  for (let k = 0; k < 4; k++) {
    const v = (c.variance[k] ?? 1) * (k === 0 ? lightnessSpread : 1);
    l -= ((features[g * 4 + k] ?? 0) - (c.m[k] ?? 0)) ** 2 / (2 * v) + 0.5 * Math.log(v);
  }
  return l;
}

/** A colour-and-texture model (two diagonal Gaussians' worth) of the grid cells `pick` marks. */
function colourModel(features: Float32Array, pick: Uint8Array): ColourModel {
  const mean = [0, 0, 0, 0];
  const sq = [0, 0, 0, 0];
  let count = 0;
  for (let g = 0; g < pick.length; g++) {
    if (!pick[g]) continue;
    count++;
    for (let k = 0; k < 4; k++) {
      const v = features[g * 4 + k] ?? 0;
      mean[k] = (mean[k] ?? 0) + v;
      sq[k] = (sq[k] ?? 0) + v * v;
    }
  }
  const m = mean.map((v) => v / Math.max(1, count));
  const variance = sq.map((v, k) =>
    Math.max(MIN_VARIANCE, v / Math.max(1, count) - (m[k] ?? 0) ** 2),
  );
  return { m, variance };
}

/** How far apart two models lie, in pooled standard deviations. */
function separationOf(a: ColourModel, b: ColourModel): number {
  return Math.sqrt(
    a.m.reduce(
      (s, v, k) =>
        s + (v - (b.m[k] ?? 0)) ** 2 / (((a.variance[k] ?? 1) + (b.variance[k] ?? 1)) / 2),
      0,
    ),
  );
}

/**
 * The evidenced squares of a rug and the bare floor around it lie at least this far apart (pooled
 * standard deviations): less than the two models of a rug whose every part differs (a patterned
 * rug's evidenced squares are close to the floor's shade and sunlight), more than the same boards.
 */
const MIN_EVIDENCE_SEPARATION = 0.5;
/** Bare floor cells outside an evidence rug's hull fewer than this are no floor to compare with. */
const MIN_OUTSIDE_CELLS = 20;

/** The evidence pieces together (the rug's squares of one colour) must cover this share of their hull. */
const MIN_EVIDENCE_FILL = 0.4;

/**
 * The rug the network's evidence alone shows, for when colour cannot part rug from floor (a
 * patterned rug whose light squares match the floor): the evidence cleaned by a majority vote,
 * its pieces that are large, have depth and fill their hull, and the convex hull of them all
 * within the floor region — one rug, not the blobs of its darker squares. Null when there is
 * none, when the pieces are scattered over the floor (they fill too little of their hull), or
 * when they look like the bare floor (`bare` cells) outside that hull.
 */
function evidenceRug(
  evidence: Uint8Array,
  bare: Uint8Array,
  grid: Grid,
  regionCells: number,
  labels?: Uint8Array,
): Uint8Array | null {
  const { gw, gh, inRegion, features } = grid;
  const gn = gw * gh;
  const cleaned = new Uint8Array(evidence);
  majority(cleaned, inRegion, gw, gh);
  const { ids, count } = labelComponents(cleaned, gw, gh, new Set([1]));
  const members: number[][] = Array.from({ length: count + 1 }, () => []);
  for (let g = 0; g < gn; g++) if (ids[g]) members[ids[g] ?? 0]?.push(g);
  const kept: number[] = [];
  for (let id = 1; id <= count; id++) {
    const cells = members[id] ?? [];
    if (cells.length < MIN_PIECE_SHARE * regionCells) continue;
    if (!hasDepth(cells, gw, gh)) continue;
    const hullCells = countCells(cellsInHull(convexHull(cellCorners(cells, gw)), gw, gh));
    if (cells.length < MIN_SOLIDITY * hullCells) continue;
    kept.push(...cells);
  }
  if (!kept.length) return null;
  const inHull = cellsInHull(convexHull(cellCorners(kept, gw)), gw, gh);
  if (kept.length < MIN_EVIDENCE_FILL * countCells(inHull)) return null;
  // The evidenced squares must look unlike the bare floor around the rug (the network's evidence
  // on plain boards is no rug).
  const marked = new Uint8Array(gn);
  for (const g of kept) marked[g] = 1;
  const outside = new Uint8Array(gn);
  for (let g = 0; g < gn; g++) if (bare[g] && !inHull[g]) outside[g] = 1;
  if (countCells(outside) < MIN_OUTSIDE_CELLS) return null;
  const squares = colourModel(features, marked);
  const floor = colourModel(features, outside);
  if (separationOf(squares, floor) < MIN_EVIDENCE_SEPARATION) return null;
  const under = labels ? rugUnderFurniture(grid, inHull, labels, squares, floor) : [];
  const whole = under.length
    ? cellsInHull(convexHull(cellCorners([...kept, ...under], gw)), gw, gh)
    : inHull;
  const rug = new Uint8Array(gn);
  for (let g = 0; g < gn; g++) if (whole[g] && inRegion[g]) rug[g] = 1;
  return rug;
}

/** What a floor may run up to that is no furniture standing on a rug: the room's shell. */
const ROOM_SHELL = new Uint8Array(256);
for (const c of [ADE.other, ADE.wall, ADE.door, ADE.window, ADE.curtain]) ROOM_SHELL[c] = 1;

/** A band between a rug and the furniture behind it is at most this deep (share of the height). */
const MAX_BAND_DEPTH = 0.06;
/** …and passes for the rug when this share of its cells looks like the rug's evidenced squares. */
const MIN_BAND_SQUARES = 0.1;

/**
 * The rug running on under the furniture that stands on it: the network's evidence stops short
 * of a sofa's front, so the rug's last row of squares was floored, a band of new floor between
 * the sofa and the kept rug. Per column of the hull, the floor region above it up to where it
 * ends on furniture (not on the wall, a door or a window: floor between a rug and the room's
 * shell is the floor), when that
 * is a shallow band. Together the band's cells must look like the rug, not the bare floor, in a
 * fair share (its squares of the evidenced colour): bare boards between a rug and a sofa do not.
 */
function rugUnderFurniture(
  grid: Grid,
  inHull: Uint8Array,
  labels: Uint8Array,
  squares: ColourModel,
  floor: ColourModel,
): number[] {
  const { gw, gh, cell, inRegion, features, width } = grid;
  const maxDepth = Math.max(1, Math.round(MAX_BAND_DEPTH * gh));
  const band: number[] = [];
  for (let gx = 0; gx < gw; gx++) {
    let top = -1;
    for (let gy = 0; gy < gh && top < 0; gy++)
      if (inHull[gy * gw + gx] && inRegion[gy * gw + gx]) top = gy;
    if (top < 0) continue;
    let end = top - 1;
    while (end >= 0 && inRegion[end * gw + gx] && top - end <= maxDepth) end--;
    if (end < 0 || top - end > maxDepth || end === top - 1) continue;
    // The first named pixel above the band, in the column's middle.
    const x = Math.min(width - 1, gx * cell + (cell >> 1));
    let above: number = ADE.other;
    for (
      let y = (end + 1) * cell - 1;
      y >= Math.max(0, (end - 1) * cell) && above === ADE.other;
      y--
    ) {
      const l = labels[y * width + x] ?? ADE.other;
      if (l !== ADE.floor && l !== ADE.rug) above = l;
    }
    if (ROOM_SHELL[above]) continue;
    for (let gy = end + 1; gy < top; gy++) band.push(gy * gw + gx);
  }
  let like = 0;
  for (const g of band)
    if (cellLikelihood(features, g, squares, 1) > cellLikelihood(features, g, floor, 1)) like++;
  return like >= MIN_BAND_SQUARES * band.length ? band : [];
}

/** How many cells of a grid mask are set. */
function countCells(mask: Uint8Array): number {
  let count = 0;
  for (const v of mask) count += v;
  return count;
}

/**
 * Whether a piece (grid cells) has the parse's glass (shower screen) just above it in enough of
 * its columns: the tray of a glass shower, seen through the screen.
 */
function seenThroughGlass(
  cells: readonly number[],
  labels: Uint8Array,
  width: number,
  height: number,
  cell: number,
  gw: number,
  gh: number,
): boolean {
  const top = new Map<number, number>();
  for (const g of cells) {
    const x = g % gw;
    const y = (g - x) / gw;
    if (y < (top.get(x) ?? gh)) top.set(x, y);
  }
  const reach = Math.round(GLASS_REACH * height);
  let glassy = 0;
  for (const [gx, gy] of top) {
    const x = Math.min(width - 1, gx * cell + (cell >> 1));
    const y0 = gy * cell;
    for (let y = y0; y >= Math.max(0, y0 - reach); y--) {
      if (GLASS[labels[y * width + x] ?? 0]) {
        glassy++;
        break;
      }
    }
  }
  return glassy >= GLASS_COLUMNS * top.size;
}

/** A colour-and-texture model: per feature mean and variance. */
interface ColourModel {
  m: number[];
  variance: number[];
}

/** Cells (each way) from a piece's outline where pixels are judged one by one. */
const EDGE_CELLS = 2;
/** A single pixel's own colour noise (variance, Lab units²) on top of a model's spread. */
const PIXEL_VARIANCE = 25;

/** Log-likelihood of one pixel's Lab colour under a model (its contrast feature left out). */
function pixelLikelihood(lab: readonly number[], c: ColourModel): number {
  let l = 0;
  for (let k = 0; k < 3; k++) {
    const v = (c.variance[k] ?? 1) + PIXEL_VARIANCE;
    l -= ((lab[k] ?? 0) - (c.m[k] ?? 0)) ** 2 / (2 * v) + 0.5 * Math.log(v);
  }
  return l;
}

/** Whether a pixel's Lab colour is likelier under the floor's model than the rug's. */
function floorLooksLikelier(
  lab: readonly number[],
  models: { rug: ColourModel; floor: ColourModel },
): boolean {
  return pixelLikelihood(lab, models.floor) > pixelLikelihood(lab, models.rug);
}

/** 3×3 majority vote of a grid mask inside the region (two passes): salt and pepper go. */
function majority(mask: Uint8Array, inside: Uint8Array, gw: number, gh: number): void {
  for (let pass = 0; pass < 2; pass++) {
    const copy = new Uint8Array(mask);
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        const g = y * gw + x;
        if (!inside[g]) continue;
        let ones = 0;
        let all = 0;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= gh) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= gw || !inside[yy * gw + xx]) continue;
            all++;
            ones += copy[yy * gw + xx] ?? 0;
          }
        }
        mask[g] = ones * 2 > all ? 1 : ones * 2 < all ? 0 : (copy[g] ?? 0);
      }
    }
  }
}

/**
 * The grid's pieces at full resolution, their outline moved onto the photo's edge: a colour
 * guided filter (radius ≈ one and a half cells) guided by the photo, run at half a cell's
 * resolution over the pieces' bounding box and evaluated at full resolution (q = a·I + b, the
 * fast guided filter) only within two cells of the outline — elsewhere a pixel is the piece's or
 * not. There each pixel is also judged by its own colour (floor or rug model).
 */
function refineToEdges(
  image: Raster,
  pieces: Uint8Array,
  grid: Grid,
  cell: number,
  region: Uint8Array,
  models: { rug: ColourModel; floor: ColourModel } | null,
): Uint8Array {
  const { width, height, data } = image;
  const { gw, gh } = grid;
  const matte = new Uint8Array(width * height);
  let gx0 = gw;
  let gy0 = gh;
  let gx1 = -1;
  let gy1 = -1;
  for (let g = 0; g < pieces.length; g++) {
    if (!pieces[g]) continue;
    const x = g % gw;
    const y = (g - x) / gw;
    gx0 = Math.min(gx0, x);
    gx1 = Math.max(gx1, x);
    gy0 = Math.min(gy0, y);
    gy1 = Math.max(gy1, y);
  }
  // The cells within two of the pieces' outline (inside or out).
  const edge = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    for (let gx = 0; gx < gw; gx++) {
      const g = gy * gw + gx;
      const own = pieces[g] ?? 0;
      search: for (let dy = -EDGE_CELLS; dy <= EDGE_CELLS; dy++) {
        for (let dx = -EDGE_CELLS; dx <= EDGE_CELLS; dx++) {
          const xx = gx + dx;
          const yy = gy + dy;
          if (xx < 0 || yy < 0 || xx >= gw || yy >= gh) continue;
          if ((pieces[yy * gw + xx] ?? 0) !== own) {
            edge[g] = 1;
            break search;
          }
        }
      }
    }
  }
  // Subsampled working window: s×s blocks of the photo.
  const s = Math.max(1, Math.floor(cell / 2));
  const radius = Math.max(2, Math.round((cell * 1.5) / s));
  const margin = (radius * 2 + 2) * s + cell;
  const x0 = Math.max(0, gx0 * cell - margin);
  const y0 = Math.max(0, gy0 * cell - margin);
  const x1 = Math.min(width, (gx1 + 1) * cell + margin);
  const y1 = Math.min(height, (gy1 + 1) * cell + margin);
  const sw = Math.ceil((x1 - x0) / s);
  const sh = Math.ceil((y1 - y0) / s);
  const sn = sw * sh;
  const guide: [Float32Array, Float32Array, Float32Array] = [
    new Float32Array(sn),
    new Float32Array(sn),
    new Float32Array(sn),
  ];
  const p = new Float32Array(sn);
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= gw || y >= gh ? 0 : (pieces[y * gw + x] ?? 0);
  for (let by = 0; by < sh; by++) {
    const py0 = y0 + by * s;
    const py1 = Math.min(y1, py0 + s);
    // The input: the pieces' cells bilinearly upsampled (cell centres) at the block's centre.
    const fy = (py0 + (py1 - py0) / 2) / cell - 0.5;
    const iy = Math.floor(fy);
    const ty = fy - iy;
    for (let bx = 0; bx < sw; bx++) {
      const px0 = x0 + bx * s;
      const px1 = Math.min(x1, px0 + s);
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = py0; y < py1; y++) {
        for (let x = px0; x < px1; x++) {
          const i = (y * width + x) * 4;
          r += data[i] ?? 0;
          g += data[i + 1] ?? 0;
          b += data[i + 2] ?? 0;
        }
      }
      const k = 255 * (py1 - py0) * (px1 - px0);
      const li = by * sw + bx;
      guide[0][li] = r / k;
      guide[1][li] = g / k;
      guide[2][li] = b / k;
      const fx = (px0 + (px1 - px0) / 2) / cell - 0.5;
      const ix = Math.floor(fx);
      const tx = fx - ix;
      p[li] =
        (1 - ty) * ((1 - tx) * at(ix, iy) + tx * at(ix + 1, iy)) +
        ty * ((1 - tx) * at(ix, iy + 1) + tx * at(ix + 1, iy + 1));
    }
  }
  const filter = colourGuidedFilter(guide, sw, sh, radius, 0.004);
  const coef = filter.coefficients(p, { x: 0, y: 0, width: sw, height: sh });
  for (let y = y0; y < y1; y++) {
    const gy = Math.floor(y / cell);
    const by = Math.min(sh - 1, Math.floor((y - y0) / s));
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      if (!region[i]) continue;
      const g = gy * gw + Math.floor(x / cell);
      if (!edge[g]) {
        if (pieces[g]) matte[i] = 255;
        continue;
      }
      const li = by * sw + Math.min(sw - 1, Math.floor((x - x0) / s));
      const r = data[i * 4] ?? 0;
      const gr = data[i * 4 + 1] ?? 0;
      const b = data[i * 4 + 2] ?? 0;
      const q =
        ((coef[li * 4] ?? 0) * r + (coef[li * 4 + 1] ?? 0) * gr + (coef[li * 4 + 2] ?? 0) * b) /
          255 +
        (coef[li * 4 + 3] ?? 0);
      // Soft over q ∈ [0.35, 0.65]: the edge pixel is mixed, the rest is one or the other.
      const a = Math.min(1, Math.max(0, (q - 0.35) / 0.3));
      if (a === 0) continue;
      // Near the outline, a pixel the floor's colours explain better is floor: the hull and the
      // filter's window reach a little past a rug's edge. (An evidence rug has no such models.)
      if (models && floorLooksLikelier(rgbToLab([r, gr, b]), models)) continue;
      matte[i] = Math.round(a * 255);
    }
  }
  return matte;
}
