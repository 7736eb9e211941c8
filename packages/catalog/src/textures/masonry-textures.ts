import { fbm, gradientNoise } from './periodic-noise';
import type { TextureDefinition } from './texture-definition';
import { createRandom } from './texture-random';
import { gridCell, type GridLayout } from './tile-grid';
import {
  applyRelief,
  hex,
  mixRgb,
  paintSurface,
  ramp,
  scaleRgb,
  setSample,
  smoothstep,
  surfaceToRgba,
  type Rgb,
} from './texture-surface';

/** Stretcher bond: 21.5 × 6.5 cm bricks with 1 cm joints, 4 bricks × 12 courses per tile. */
const BRICK_LAYOUT: GridLayout = { columns: 4, rows: 12, tileSizeCm: 90, rowOffset: 0.5 };
const HALF_JOINT_CM = 0.5;

const FIRED_CLAY: readonly Rgb[] = [
  hex('#6e2f22'),
  hex('#8c3a28'),
  hex('#a14a32'),
  hex('#b25d3f'),
  hex('#9a5a44'),
];

interface BrickStyle {
  painted: boolean;
}

function generateBrick(style: BrickStyle, size: number, seed: number): Uint8ClampedArray {
  const { tileSizeCm, columns, rows } = BRICK_LAYOUT;
  const pixelCm = tileSizeCm / size;
  const random = createRandom(seed);
  const bricks = Array.from({ length: columns * rows }, () => ({
    clay: ramp(FIRED_CLAY, random.next()),
    tone: random.range(0.86, 1.1),
    /** Darker burnt end, as on kiln-flashed bricks. */
    flash: random.next() < 0.3 ? random.range(0.15, 0.35) : 0,
    flashLeft: random.next() < 0.5,
    paint: random.range(0.97, 1.02),
  }));
  const paint = hex('#eeebe4');
  const mortar = style.painted ? hex('#e3dfd6') : hex('#b7ae9f');
  const surface = paintSurface(size, (u, v, out) => {
    const cell = gridCell(u, v, BRICK_LAYOUT);
    const brick = bricks[cell.row * columns + cell.column];
    if (brick === undefined) return;
    // Chipped arrises: the joint line wanders with noise.
    const chip = fbm(u, v, { frequencyX: 48, frequencyY: 48, octaves: 3, seed: seed + 1 });
    const edge = cell.edge + 0.22 * chip;
    const inMortar = 1 - smoothstep(HALF_JOINT_CM - pixelCm / 2, HALF_JOINT_CM + pixelCm / 2, edge);
    const pits = gradientNoise(u * 192, v * 192, 192, 192, seed + 2);
    const mottle = fbm(u, v, { frequencyX: 24, frequencyY: 24, octaves: 4, seed: seed + 3 });
    const sand = gradientNoise(u * 300, v * 300, 300, 300, seed + 4);
    const brickWidth = tileSizeCm / columns;
    const along = brick.flashLeft ? cell.x / brickWidth : 1 - cell.x / brickWidth;
    let face: Rgb;
    if (style.painted) {
      face = scaleRgb(paint, brick.paint * (1 + 0.02 * mottle));
      // Thin paint on the odd proud spot lets the brick show through.
      const wear = smoothstep(0.5, 0.62, mottle * 0.8 + pits * 0.4);
      face = mixRgb(face, mixRgb(brick.clay, paint, 0.45), wear * 0.5);
    } else {
      face = scaleRgb(brick.clay, brick.tone * (1 + 0.1 * mottle + 0.05 * pits));
      face = mixRgb(face, hex('#3b1e17'), brick.flash * (1 - smoothstep(0, 0.45, along)));
      face = mixRgb(face, hex('#c9a488'), smoothstep(0.55, 0.8, sand * 0.5 + 0.5) * 0.25);
    }
    const mortarColour = scaleRgb(mortar, 1 + 0.08 * sand + 0.04 * mottle);
    const height =
      inMortar > 0.5 ? -6 + 0.3 * sand : -1.5 * (1 - smoothstep(0.4, 1.2, edge)) + 0.25 * pits;
    setSample(out, mixRgb(face, mortarColour, inMortar), height);
  });
  applyRelief(surface, { tileSizeCm, strength: style.painted ? 0.55 : 0.45 });
  return surfaceToRgba(surface);
}

export const masonryTextures: readonly TextureDefinition[] = [
  {
    id: 'red-brick',
    name: 'Red brick, stretcher bond',
    kind: 'wall',
    materialType: 'Masonry',
    tileSizeCm: BRICK_LAYOUT.tileSizeCm,
    generate: (size, seed) => generateBrick({ painted: false }, size, seed),
  },
  {
    id: 'white-painted-brick',
    name: 'White painted brick',
    kind: 'wall',
    materialType: 'Masonry',
    tileSizeCm: BRICK_LAYOUT.tileSizeCm,
    generate: (size, seed) => generateBrick({ painted: true }, size, seed),
  },
];
