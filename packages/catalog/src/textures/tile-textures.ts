import { fbm, gradientNoise } from './periodic-noise';
import type { TextureDefinition } from './texture-definition';
import { hashUnit } from './texture-random';
import { gridCell, type GridLayout } from './tile-grid';
import {
  applyRelief,
  hex,
  mixRgb,
  paintSurface,
  scaleRgb,
  setSample,
  smoothstep,
  surfaceToRgba,
  type Rgb,
} from './texture-surface';

interface GlazedTileStyle {
  layout: GridLayout;
  face: Rgb;
  grout: Rgb;
  groutCm: number;
  /** Width of the rounded (cushion) edge of each tile. */
  cushionCm: number;
  /** Per-tile brightness spread. */
  toneSpread: number;
  /** Fine speckle in the body, for porcelain. */
  speckle: number;
}

/** Glazed ceramic: flat faces with cushioned edges, slight per-tile shade, recessed grout. */
function generateGlazedTiles(style: GlazedTileStyle, size: number, seed: number) {
  const { layout } = style;
  const pixelCm = layout.tileSizeCm / size;
  const surface = paintSurface(size, (u, v, out) => {
    const cell = gridCell(u, v, layout);
    const groutEdge = style.groutCm / 2;
    const inGrout = 1 - smoothstep(groutEdge - pixelCm / 2, groutEdge + pixelCm / 2, cell.edge);
    const tone = 1 + style.toneSpread * (hashUnit(cell.column, cell.row, seed) - 0.5) * 2;
    const cloud = fbm(u, v, { frequencyX: 4, frequencyY: 4, octaves: 3, seed: seed + 1 });
    const grain =
      gradientNoise(u * size * 0.5, v * size * 0.5, size * 0.5, size * 0.5, seed + 2) *
      style.speckle;
    const face = scaleRgb(style.face, tone * (1 + 0.015 * cloud + grain));
    const cushion = smoothstep(groutEdge, groutEdge + style.cushionCm, cell.edge);
    const groutNoise =
      0.94 + 0.1 * (gradientNoise(u * 128, v * 128, 128, 128, seed + 3) * 0.5 + 0.5);
    const colour = mixRgb(face, scaleRgb(style.grout, groutNoise), inGrout);
    setSample(out, colour, 2 * Math.sqrt(cushion) - 2);
  });
  applyRelief(surface, { tileSizeCm: layout.tileSizeCm, strength: 0.5 });
  return surfaceToRgba(surface);
}

const CREAM: Rgb = hex('#eee7d8');
const NAVY: Rgb = hex('#1f3659');
const COBALT: Rgb = hex('#3d6aa5');
const CHARCOAL: Rgb = hex('#2e2e30');
const STONE_GREY: Rgb = hex('#9c978e');
const MUSTARD: Rgb = hex('#c3963f');

/** Anti-aliased inside test for a signed distance (negative inside), in tile-local units. */
function inside(distance: number, pixel: number): number {
  return 1 - smoothstep(-pixel / 2, pixel / 2, distance);
}

/**
 * A classic blue-and-white cement tile: quarter circles in the corners that join into rings across
 * four tiles, an eight-point star in the middle and a diamond band between them.
 */
function blueStarMotif(x: number, y: number, pixel: number): Rgb {
  const r = Math.hypot(x, y);
  const theta = Math.atan2(y, x);
  let c = CREAM;
  const corner = Math.hypot(1 - Math.abs(x), 1 - Math.abs(y));
  c = mixRgb(c, NAVY, inside(Math.abs(corner - 0.42) - 0.07, pixel));
  c = mixRgb(c, COBALT, inside(corner - 0.22, pixel));
  c = mixRgb(c, NAVY, inside(Math.abs(Math.abs(x) + Math.abs(y) - 0.95) - 0.035, pixel));
  const edgeMid = Math.min(
    Math.hypot(Math.abs(x) - 1, y * 2.2),
    Math.hypot(x * 2.2, Math.abs(y) - 1),
  );
  c = mixRgb(c, COBALT, inside(edgeMid - 0.2, pixel));
  const star = 0.26 + 0.3 * Math.pow(Math.abs(Math.cos(4 * theta)), 4);
  c = mixRgb(c, NAVY, inside(r - star, pixel));
  c = mixRgb(c, COBALT, inside(r - star * 0.62, pixel));
  c = mixRgb(c, CREAM, inside(r - 0.1, pixel));
  c = mixRgb(c, NAVY, inside(r - 0.045, pixel));
  return c;
}

/** Bow-tie geometry: dark and light triangles that form diamonds across tiles. */
function geometricMotif(x: number, y: number, pixel: number): Rgb {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let c = mixRgb(CREAM, CHARCOAL, inside(ax - ay, pixel));
  const diamond = ax + ay;
  c = mixRgb(c, STONE_GREY, inside(diamond - 0.62, pixel));
  c = mixRgb(c, CREAM, inside(diamond - 0.44, pixel));
  c = mixRgb(c, MUSTARD, inside(diamond - 0.3, pixel));
  c = mixRgb(c, CREAM, inside(Math.abs(ax - ay) - 0.018, pixel));
  return c;
}

/** Encaustic cement tiles: matte, slightly mottled pigment, thin pale joints. */
function generateEncaustic(
  motif: (x: number, y: number, pixel: number) => Rgb,
  tileSizeCm: number,
  tilesPerSide: number,
  size: number,
  seed: number,
): Uint8ClampedArray {
  const layout: GridLayout = { columns: tilesPerSide, rows: tilesPerSide, tileSizeCm };
  const cellCm = tileSizeCm / tilesPerSide;
  const pixelCm = tileSizeCm / size;
  const joint = hex('#d8d2c5');
  const surface = paintSurface(size, (u, v, out) => {
    const cell = gridCell(u, v, layout);
    const x = (cell.x / cellCm) * 2 - 1;
    const y = (cell.y / cellCm) * 2 - 1;
    let c = motif(x, y, (2 * pixelCm) / cellCm);
    const mottle = fbm(u, v, { frequencyX: 16, frequencyY: 16, octaves: 4, seed: seed + 1 });
    const speck = gradientNoise(u * 256, v * 256, 256, 256, seed + 2);
    const tone = 1 + 0.025 * (hashUnit(cell.column, cell.row, seed) - 0.5);
    c = scaleRgb(c, tone * (1 + 0.05 * mottle + 0.025 * speck));
    const inJoint = 1 - smoothstep(0.08, 0.08 + pixelCm, cell.edge);
    setSample(out, mixRgb(c, joint, inJoint), -0.6 * inJoint);
  });
  applyRelief(surface, { tileSizeCm, strength: 0.4 });
  return surfaceToRgba(surface);
}

export const tileTextures: readonly TextureDefinition[] = [
  {
    id: 'white-gloss-tiles',
    name: 'White gloss tiles 15×15',
    kind: 'wall',
    materialType: 'Ceramic',
    tileSizeCm: 60,
    generate: (size, seed) =>
      generateGlazedTiles(
        {
          layout: { columns: 4, rows: 4, tileSizeCm: 60 },
          face: hex('#f1f0eb'),
          grout: hex('#c9c4b9'),
          groutCm: 0.25,
          cushionCm: 0.45,
          toneSpread: 0.012,
          speckle: 0,
        },
        size,
        seed,
      ),
  },
  {
    id: 'white-subway-tiles',
    name: 'White subway tiles',
    kind: 'wall',
    materialType: 'Ceramic',
    tileSizeCm: 60,
    generate: (size, seed) =>
      generateGlazedTiles(
        {
          layout: { columns: 4, rows: 8, tileSizeCm: 60, rowOffset: 0.5 },
          face: hex('#f3f2ee'),
          grout: hex('#b9b4aa'),
          groutCm: 0.25,
          cushionCm: 0.6,
          toneSpread: 0.015,
          speckle: 0,
        },
        size,
        seed,
      ),
  },
  {
    id: 'grey-porcelain-tiles',
    name: 'Grey porcelain tiles 60×60',
    kind: 'floor',
    materialType: 'Ceramic',
    tileSizeCm: 120,
    generate: (size, seed) =>
      generateGlazedTiles(
        {
          layout: { columns: 2, rows: 2, tileSizeCm: 120 },
          face: hex('#97958f'),
          grout: hex('#6f6c67'),
          groutCm: 0.3,
          cushionCm: 0.15,
          toneSpread: 0.02,
          speckle: 0.05,
        },
        size,
        seed,
      ),
  },
  {
    id: 'encaustic-blue-star',
    name: 'Encaustic tiles, blue star',
    kind: 'floor',
    materialType: 'Ceramic',
    tileSizeCm: 40,
    generate: (size, seed) => generateEncaustic(blueStarMotif, 40, 2, size, seed),
  },
  {
    id: 'encaustic-geometric',
    name: 'Encaustic tiles, geometric',
    kind: 'floor',
    materialType: 'Ceramic',
    tileSizeCm: 40,
    generate: (size, seed) => generateEncaustic(geometricMotif, 40, 2, size, seed),
  },
];
