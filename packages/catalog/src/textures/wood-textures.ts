import { gradientNoise } from './periodic-noise';
import type { TextureDefinition } from './texture-definition';
import { createRandom, deriveSeed } from './texture-random';
import {
  applyRelief,
  fract,
  hex,
  mixRgb,
  paintSurface,
  setSample,
  smoothstep,
  surfaceToRgba,
  type Rgb,
  type SurfaceSample,
} from './texture-surface';

/** How a timber species looks on a sanded, oiled board. */
interface WoodSpecies {
  earlywood: Rgb;
  latewood: Rgb;
  pore: Rgb;
  knot: Rgb;
  /** Mean growth-ring spacing. */
  ringSpacingCm: number;
  /** How strongly latewood bands show (pine is stripy, walnut subtle). */
  ringContrast: number;
  /** Open-pore streaks, strong in oak and ash. */
  poreStrength: number;
  /** Chance of a knot per plank. */
  knotChance: number;
  /** Per-plank tone spread, ± fraction of brightness. */
  toneSpread: number;
}

const OAK: WoodSpecies = {
  earlywood: hex('#c99e6c'),
  latewood: hex('#94673d'),
  pore: hex('#6d4a2c'),
  knot: hex('#4a311d'),
  ringSpacingCm: 0.9,
  ringContrast: 0.55,
  poreStrength: 0.45,
  knotChance: 0.2,
  toneSpread: 0.09,
};

const WHITE_OILED_OAK: WoodSpecies = {
  ...OAK,
  earlywood: hex('#dcc5a2'),
  latewood: hex('#b39672'),
  pore: hex('#8f7658'),
  knot: hex('#6a5440'),
  toneSpread: 0.06,
};

const WALNUT: WoodSpecies = {
  earlywood: hex('#6f4a33'),
  latewood: hex('#3f281b'),
  pore: hex('#2f1d13'),
  knot: hex('#24160e'),
  ringSpacingCm: 1.0,
  ringContrast: 0.5,
  poreStrength: 0.3,
  knotChance: 0.08,
  toneSpread: 0.12,
};

const ASH: WoodSpecies = {
  earlywood: hex('#e2d0b0'),
  latewood: hex('#b39a74'),
  pore: hex('#8e7655'),
  knot: hex('#6e5a42'),
  ringSpacingCm: 1.1,
  ringContrast: 0.7,
  poreStrength: 0.35,
  knotChance: 0.05,
  toneSpread: 0.05,
};

const PINE: WoodSpecies = {
  earlywood: hex('#e3bb80'),
  latewood: hex('#b9763a'),
  pore: hex('#a8693a'),
  knot: hex('#6b3a1c'),
  ringSpacingCm: 1.4,
  ringContrast: 0.85,
  poreStrength: 0.05,
  knotChance: 0.55,
  toneSpread: 0.07,
};

/** Per-plank random figure: where the board sat in the log. */
interface PlankFigure {
  seed: number;
  tone: number;
  warmth: number;
  pithAcross: number;
  pithDepth: number;
  tilt: number;
  knotAlong: number;
  knotAcross: number;
  knotRadius: number;
  hasKnot: boolean;
}

function plankFigure(species: WoodSpecies, seed: number, widthCm: number, lengthCm: number) {
  const random = createRandom(seed);
  const figure: PlankFigure = {
    seed,
    tone: 1 + random.range(-species.toneSpread, species.toneSpread),
    warmth: random.range(-0.03, 0.03),
    pithAcross: random.range(-0.6, 1.6) * widthCm,
    pithDepth: random.range(2, 14),
    tilt: random.pick([-1, 1]) * random.range(0.01, 0.05),
    knotAlong: random.range(0.15, 0.85) * lengthCm,
    knotAcross: random.range(0.25, 0.75) * widthCm,
    knotRadius: random.range(0.5, 1.3),
    hasKnot: random.next() < species.knotChance,
  };
  return figure;
}

const LOCAL_PERIOD = 4096;

/**
 * The colour of a board at a point in its own coordinates (cm along the grain and across it).
 * Growth rings are the contours of the distance to the pith of a slightly tilted log, which gives
 * the straight grain and cathedral arches of real flat-sawn boards.
 */
function woodColour(species: WoodSpecies, figure: PlankFigure, along: number, across: number): Rgb {
  const seed = figure.seed;
  const wobble =
    gradientNoise(along * 0.03, across * 0.25, LOCAL_PERIOD, LOCAL_PERIOD, seed) * 0.9 +
    gradientNoise(along * 0.12, across * 0.9, LOCAL_PERIOD, LOCAL_PERIOD, seed + 1) * 0.25;
  const depth = figure.pithDepth + figure.tilt * along;
  let radius = Math.sqrt((across - figure.pithAcross) ** 2 + depth * depth) + wobble;
  let knotCore = 0;
  if (figure.hasKnot) {
    const dx = (along - figure.knotAlong) / 1.6;
    const dy = across - figure.knotAcross;
    const d = Math.sqrt(dx * dx + dy * dy);
    // Rings swirl round a knot, then its own end grain shows as a dark ringed disc.
    radius += 2.2 * Math.exp(-(d * d) / (figure.knotRadius * figure.knotRadius * 6));
    knotCore = 1 - smoothstep(figure.knotRadius * 0.7, figure.knotRadius, d);
  }
  const ring = fract(radius / species.ringSpacingCm);
  const latewood = smoothstep(0.45, 0.85, ring) * (1 - smoothstep(0.9, 1, ring));
  const streak =
    gradientNoise(along * 0.02, across * 1.2, LOCAL_PERIOD, LOCAL_PERIOD, seed + 2) * 0.5 + 0.5;
  const pore = smoothstep(
    0.62,
    0.9,
    gradientNoise(along * 0.12, across * 2.6, LOCAL_PERIOD, LOCAL_PERIOD, seed + 3) * 0.5 + 0.5,
  );
  let c = mixRgb(species.earlywood, species.latewood, latewood * species.ringContrast);
  c = mixRgb(c, species.latewood, (streak - 0.5) * 0.35 + 0.1);
  c = mixRgb(c, species.pore, pore * species.poreStrength);
  if (knotCore > 0) {
    const knotRings = 0.5 + 0.5 * Math.sin(radius * 12);
    c = mixRgb(c, mixRgb(species.knot, species.latewood, knotRings * 0.4), knotCore);
  }
  const tone = figure.tone * (0.97 + 0.06 * streak);
  return [c[0] * tone * (1 + figure.warmth), c[1] * tone, c[2] * tone * (1 - figure.warmth)];
}

const JOINT: Rgb = hex('#2a1d14');

/** Joints: a dark hairline gap plus a small bevel in the height field. */
function finishBoard(out: SurfaceSample, c: Rgb, edgeCm: number, pixelCm: number): void {
  const gap = 1 - smoothstep(0.02, 0.02 + pixelCm, edgeCm);
  const bevel = 1 - smoothstep(0, 0.35, edgeCm);
  setSample(out, mixRgb(c, JOINT, gap * 0.85), -1.2 * bevel * bevel);
}

interface PlankRow {
  /** Joint positions along the row in tile units, sorted, at least one. */
  cuts: number[];
}

/**
 * Rows of boards with staggered joints. Each row is a circle of circumference 1 tile, so any set of
 * cut positions wraps; neighbouring rows keep their joints apart like a real installer would.
 */
function plankRows(rows: number, seed: number): PlankRow[] {
  const random = createRandom(seed);
  const result: PlankRow[] = [];
  let previous: number[] = [];
  for (let row = 0; row < rows; row++) {
    let cuts: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const count = random.next() < 0.55 ? 1 : 2;
      const start = random.next();
      cuts =
        count === 1
          ? [start]
          : [start, fract(start + random.range(0.42, 0.58))].sort((a, b) => a - b);
      // The last row also neighbours the first across the wrap.
      const neighbours = row === rows - 1 ? [...previous, ...(result[0]?.cuts ?? [])] : previous;
      const tooClose = cuts.some((cut) =>
        neighbours.some((p) => Math.min(Math.abs(cut - p), 1 - Math.abs(cut - p)) < 0.18),
      );
      if (!tooClose) break;
    }
    result.push({ cuts });
    previous = cuts;
  }
  return result;
}

interface PlankOptions {
  species: WoodSpecies;
  rows: number;
  tileSizeCm: number;
}

function generatePlanks(options: PlankOptions, size: number, seed: number): Uint8ClampedArray {
  const { species, rows, tileSizeCm } = options;
  const layout = plankRows(rows, deriveSeed(seed, 1));
  const widthCm = tileSizeCm / rows;
  const pixelCm = tileSizeCm / size;
  const figures = new Map<number, PlankFigure>();
  const surface = paintSurface(size, (u, v, out) => {
    const rowIndex = Math.min(rows - 1, Math.floor(v * rows));
    const row = layout[rowIndex];
    if (row === undefined) return;
    const cuts = row.cuts;
    let index = cuts.length - 1;
    for (let i = 0; i < cuts.length; i++) if ((cuts[i] ?? 0) <= u) index = i;
    const start = cuts[index] ?? 0;
    const end = cuts[(index + 1) % cuts.length] ?? 0;
    const lengthTile = fract(end - start) || 1;
    const along = fract(u - start) * tileSizeCm;
    const lengthCm = lengthTile * tileSizeCm;
    const across = (v * rows - rowIndex) * widthCm;
    const key = rowIndex * 16 + index;
    let figure = figures.get(key);
    if (figure === undefined) {
      figure = plankFigure(species, deriveSeed(seed, 100 + key), widthCm, lengthCm);
      figures.set(key, figure);
    }
    const edge = Math.min(across, widthCm - across, along, lengthCm - along);
    finishBoard(out, woodColour(species, figure, along, across), edge, pixelCm);
  });
  applyRelief(surface, { tileSizeCm, strength: 0.6 });
  return surfaceToRgba(surface);
}

function plankTexture(
  id: string,
  name: string,
  species: WoodSpecies,
  rows: number,
  tileSizeCm: number,
): TextureDefinition {
  return {
    id,
    name,
    kind: 'floor',
    materialType: 'Wood',
    tileSizeCm,
    generate: (size, seed) => generatePlanks({ species, rows, tileSizeCm }, size, seed),
  };
}

/** Herringbone blocks are this many widths long. */
const HERRINGBONE_RATIO = 5;
/** Lattice repeats per tile along the horizontal period. */
const HERRINGBONE_REPEATS = 2;

/**
 * Herringbone in block space (units of block width, k = length/width): horizontal blocks H(n, m)
 * cover [n + mk, n + mk + k) × [n − mk, n − mk + 1) and vertical ones sit at their right ends. The
 * lattice is generated by (1, 1) and (k, −k); rotated 45° it is rectangular, so a square tile holds
 * a whole number of repeats.
 */
function generateHerringbone(
  species: WoodSpecies,
  tileSizeCm: number,
  size: number,
  seed: number,
): Uint8ClampedArray {
  const k = HERRINGBONE_RATIO;
  const tileInWidths = HERRINGBONE_REPEATS * k * Math.SQRT2;
  const widthCm = tileSizeCm / tileInWidths;
  const pixelCm = tileSizeCm / size;
  const periodA = HERRINGBONE_REPEATS * k;
  const figures = new Map<number, PlankFigure>();
  const surface = paintSurface(size, (u, v, out) => {
    const X = u * tileInWidths;
    const Y = v * tileInWidths;
    const x = (X + Y) / Math.SQRT2;
    const y = (Y - X) / Math.SQRT2;
    const j = Math.floor(y);
    const t = x - j;
    const m = Math.floor(t / (2 * k));
    let along: number;
    let across: number;
    let n: number;
    let mm: number;
    if (t - 2 * m * k < k) {
      along = t - 2 * m * k;
      across = y - j;
      n = j + m * k;
      mm = m;
    } else {
      const i = Math.floor(x);
      const z = y - i + 2 * k - 1;
      const q = Math.floor(z / (2 * k));
      along = z - 2 * q * k;
      across = x - i;
      mm = -q;
      n = i - k - mm * k;
    }
    const orientation = t - 2 * m * k < k ? 0 : 1;
    const key =
      (((n % periodA) + periodA) % periodA) * 64 +
      (((mm % HERRINGBONE_REPEATS) + HERRINGBONE_REPEATS) % HERRINGBONE_REPEATS) * 2 +
      orientation;
    let figure = figures.get(key);
    if (figure === undefined) {
      figure = plankFigure(species, deriveSeed(seed, 100 + key), widthCm, k * widthCm);
      figures.set(key, figure);
    }
    const alongCm = along * widthCm;
    const acrossCm = across * widthCm;
    const edge = Math.min(acrossCm, widthCm - acrossCm, alongCm, k * widthCm - alongCm);
    finishBoard(out, woodColour(species, figure, alongCm, acrossCm), edge, pixelCm);
  });
  applyRelief(surface, { tileSizeCm, strength: 0.6 });
  return surfaceToRgba(surface);
}

const CHEVRON_COLUMNS = 4;
/** Boards per column per tile; with 4 columns this makes 6:1 boards. */
const CHEVRON_ROWS = 12;

/**
 * Chevron: columns of boards whose ends are mitred along the column lines, sloping up and down in
 * alternate columns so the mitres meet in points.
 */
function generateChevron(
  species: WoodSpecies,
  tileSizeCm: number,
  size: number,
  seed: number,
): Uint8ClampedArray {
  const columnCm = tileSizeCm / CHEVRON_COLUMNS;
  const pitchCm = tileSizeCm / CHEVRON_ROWS;
  const widthCm = pitchCm / Math.SQRT2;
  const lengthCm = columnCm * Math.SQRT2;
  const pixelCm = tileSizeCm / size;
  const figures = new Map<number, PlankFigure>();
  const surface = paintSurface(size, (u, v, out) => {
    const xCm = u * tileSizeCm;
    const yCm = v * tileSizeCm;
    const column = Math.min(CHEVRON_COLUMNS - 1, Math.floor(xCm / columnCm));
    const local = xCm - column * columnCm;
    const rising = column % 2 === 0;
    const s = yCm + (rising ? local : columnCm - local);
    const rowRaw = Math.floor(s / pitchCm);
    const row = ((rowRaw % CHEVRON_ROWS) + CHEVRON_ROWS) % CHEVRON_ROWS;
    const acrossCm = (s / pitchCm - rowRaw) * widthCm;
    const alongCm = local * Math.SQRT2;
    const key = column * 64 + row;
    let figure = figures.get(key);
    if (figure === undefined) {
      figure = plankFigure(species, deriveSeed(seed, 100 + key), widthCm, lengthCm);
      figures.set(key, figure);
    }
    // The mitred ends run vertically, so their distance is horizontal, not along the board.
    const endCm = Math.min(local, columnCm - local);
    const edge = Math.min(acrossCm, widthCm - acrossCm, endCm);
    finishBoard(out, woodColour(species, figure, alongCm, acrossCm), edge, pixelCm);
  });
  applyRelief(surface, { tileSizeCm, strength: 0.6 });
  return surfaceToRgba(surface);
}

export const woodTextures: readonly TextureDefinition[] = [
  plankTexture('oak-planks-wide', 'Oak planks, wide', OAK, 8, 160),
  plankTexture('oak-planks-narrow', 'Oak planks, narrow', OAK, 12, 150),
  plankTexture('walnut-planks-wide', 'Walnut planks, wide', WALNUT, 8, 160),
  plankTexture('walnut-planks-narrow', 'Walnut planks, narrow', WALNUT, 12, 150),
  plankTexture('ash-planks-wide', 'Ash planks, wide', ASH, 8, 160),
  plankTexture('ash-planks-narrow', 'Ash planks, narrow', ASH, 12, 150),
  plankTexture('pine-planks-wide', 'Pine floorboards, wide', PINE, 7, 150),
  plankTexture('pine-planks-narrow', 'Pine floorboards, narrow', PINE, 11, 130),
  {
    id: 'oak-herringbone',
    name: 'Oak herringbone parquet',
    kind: 'floor',
    materialType: 'Wood',
    tileSizeCm: 99,
    generate: (size, seed) => generateHerringbone(OAK, 99, size, seed),
  },
  {
    id: 'oak-chevron',
    name: 'White oak chevron parquet',
    kind: 'floor',
    materialType: 'Wood',
    tileSizeCm: 170,
    generate: (size, seed) => generateChevron(WHITE_OILED_OAK, 170, size, seed),
  },
];
