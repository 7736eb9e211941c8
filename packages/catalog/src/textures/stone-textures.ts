import { cellNoise, fbm, gradientNoise, warpedFbm } from './periodic-noise';
import type { TextureDefinition } from './texture-definition';
import { hashUnit } from './texture-random';
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

/**
 * Marble veins, after Perlin: the zero-crossings of sin(phase + turbulence), where the phase runs
 * across the tile a whole number of times (so it wraps) and fBm turbulence bends it into the
 * wandering, occasionally braided veins of real stone. Returns |sin|, small on a vein. Diagonal
 * phases keep veins from running along (and so hugging) the image edges.
 */
function veinDistance(
  u: number,
  v: number,
  seed: number,
  turns: readonly [number, number],
  turbulence: number,
): number {
  const t = fbm(u, v, { frequencyX: 2, frequencyY: 2, octaves: 6, seed, gain: 0.45 });
  return Math.abs(Math.sin(2 * Math.PI * (turns[0] * u + turns[1] * v) + turbulence * t));
}

/** Hairline veins: the zero-set of a mid-frequency fBm, a net of thin closed curves. */
function hairlineDistance(u: number, v: number, seed: number, frequency: number): number {
  return Math.abs(fbm(u, v, { frequencyX: frequency, frequencyY: frequency, octaves: 4, seed }));
}

/** The fine sparkle of calcite crystals in a honed face. */
function crystalGrain(u: number, v: number, seed: number, amount: number): number {
  return 1 + amount * gradientNoise(u * 320, v * 320, 320, 320, seed + 9);
}

function generateCarrara(size: number, seed: number): Uint8ClampedArray {
  const pixel = 1 / size;
  const base = hex('#eeede9');
  const cloud = hex('#d3d4d3');
  const vein = hex('#7d828a');
  const surface = paintSurface(size, (u, v, out) => {
    const haze = fbm(u, v, { frequencyX: 3, frequencyY: 3, octaves: 5, seed: seed + 1 });
    let c = mixRgb(base, cloud, smoothstep(0.05, 0.7, haze) * 0.6);
    const main = veinDistance(u, v, seed + 2, [1, 1], 7);
    const minor = veinDistance(u, v, seed + 3, [2, -2], 9);
    const hair = hairlineDistance(u, v, seed + 4, 5);
    c = mixRgb(c, cloud, (1 - smoothstep(0, 0.45, main)) * 0.55);
    c = mixRgb(c, vein, (1 - smoothstep(0, 0.08 + pixel * 6, main)) * 0.75);
    c = mixRgb(c, vein, (1 - smoothstep(0, 0.05 + pixel * 6, minor)) * 0.35);
    c = mixRgb(
      c,
      vein,
      (1 - smoothstep(0, 0.008 + pixel * 3, hair)) * 0.25 * smoothstep(0.3, 0.0, main),
    );
    setSample(out, scaleRgb(c, crystalGrain(u, v, seed, 0.012)));
  });
  return surfaceToRgba(surface);
}

function generateNeroMarquina(size: number, seed: number): Uint8ClampedArray {
  const pixel = 1 / size;
  const black = hex('#131316');
  const smoke = hex('#26262a');
  const calcite = hex('#ebe8e1');
  const surface = paintSurface(size, (u, v, out) => {
    const haze = fbm(u, v, { frequencyX: 4, frequencyY: 4, octaves: 5, seed: seed + 1 });
    let c = mixRgb(black, smoke, smoothstep(0, 0.8, haze));
    const main = veinDistance(u, v, seed + 2, [1, -1], 8);
    const minor = veinDistance(u, v, seed + 3, [2, 2], 10);
    const hair = hairlineDistance(u, v, seed + 4, 6);
    c = mixRgb(c, scaleRgb(calcite, 0.35), (1 - smoothstep(0, 0.3, main)) * 0.3);
    c = mixRgb(c, calcite, 1 - smoothstep(0.01, 0.05 + pixel * 6, main));
    c = mixRgb(c, calcite, (1 - smoothstep(0, 0.025 + pixel * 6, minor)) * 0.7);
    c = mixRgb(c, calcite, (1 - smoothstep(0, 0.007 + pixel * 3, hair)) * 0.4);
    setSample(out, scaleRgb(c, crystalGrain(u, v, seed, 0.05)));
  });
  return surfaceToRgba(surface);
}

const TERRAZZO_CHIPS: readonly Rgb[] = [
  hex('#f6f3ee'),
  hex('#f6f3ee'),
  hex('#8e8a85'),
  hex('#2c2b2a'),
  hex('#b8694a'),
  hex('#7e8d79'),
  hex('#d4ae78'),
  hex('#c9c1b6'),
];

/** Terrazzo: marble chips as shrunken Voronoi cells (angular, like crushed stone) in cement. */
function generateTerrazzo(size: number, seed: number): Uint8ClampedArray {
  const pixel = 1 / size;
  const matrix = hex('#e2dcd1');
  const layers = [
    { frequency: 10, keep: 0.55, salt: 10 },
    { frequency: 26, keep: 0.5, salt: 20 },
    { frequency: 64, keep: 0.45, salt: 30 },
  ];
  const surface = paintSurface(size, (u, v, out) => {
    const speck = gradientNoise(u * 256, v * 256, 256, 256, seed + 1);
    let c = scaleRgb(matrix, 1 + 0.035 * speck);
    for (const layer of layers) {
      const cell = cellNoise(
        u * layer.frequency,
        v * layer.frequency,
        layer.frequency,
        layer.frequency,
        seed + layer.salt,
      );
      const pick = hashUnit(cell.cellX, cell.cellY, seed + layer.salt, 7);
      if (pick > layer.keep) continue;
      const gap = 0.25 + 0.35 * hashUnit(cell.cellX, cell.cellY, seed + layer.salt, 8);
      const chip =
        1 -
        smoothstep(
          gap - pixel * layer.frequency,
          gap + pixel * layer.frequency,
          gap * 2 - (cell.f2 - cell.f1),
        );
      const colour = ramp(TERRAZZO_CHIPS, pick / layer.keep);
      const tint = 1 + 0.06 * (hashUnit(cell.cellX, cell.cellY, seed, 9) - 0.5) + 0.03 * speck;
      c = mixRgb(c, scaleRgb(colour, tint), chip);
    }
    setSample(out, c);
  });
  return surfaceToRgba(surface);
}

function generatePolishedConcrete(size: number, seed: number): Uint8ClampedArray {
  const base = hex('#a19e98');
  const surface = paintSurface(size, (u, v, out) => {
    const cloud = fbm(u, v, { frequencyX: 3, frequencyY: 3, octaves: 6, seed: seed + 1 });
    const blotch = fbm(u, v, { frequencyX: 12, frequencyY: 12, octaves: 3, seed: seed + 2 });
    let c = scaleRgb(base, 1 + 0.12 * cloud + 0.04 * blotch);
    const sand = cellNoise(u * 96, v * 96, 96, 96, seed + 3);
    const grain = hashUnit(sand.cellX, sand.cellY, seed);
    if (sand.f1 < 0.28) c = scaleRgb(c, grain < 0.5 ? 0.9 : 1.07);
    const pore = cellNoise(u * 48, v * 48, 48, 48, seed + 4);
    if (hashUnit(pore.cellX, pore.cellY, seed, 1) < 0.06) {
      const radius = 0.06 + 0.1 * hashUnit(pore.cellX, pore.cellY, seed, 2);
      c = scaleRgb(c, 0.6 + 0.4 * smoothstep(radius * 0.6, radius, pore.f1));
    }
    const fine = gradientNoise(u * 320, v * 320, 320, 320, seed + 5);
    setSample(out, scaleRgb(c, 1 + 0.03 * fine));
  });
  return surfaceToRgba(surface);
}

/** Microcement: thin trowelled coats, so soft cloudy arcs and almost no aggregate. */
function generateMicrocement(size: number, seed: number): Uint8ClampedArray {
  const base = hex('#c4bcb1');
  const surface = paintSurface(size, (u, v, out) => {
    const trowel = warpedFbm(
      u,
      v,
      { frequencyX: 3, frequencyY: 3, octaves: 5, seed: seed + 1 },
      { frequencyX: 2, frequencyY: 2, octaves: 3, seed: seed + 2 },
      0.6,
    );
    const strokes = Math.sin(trowel * 14) * 0.5 + 0.5;
    const cloud = fbm(u, v, { frequencyX: 5, frequencyY: 5, octaves: 5, seed: seed + 3 });
    const fine = gradientNoise(u * 256, v * 256, 256, 256, seed + 4);
    setSample(
      out,
      scaleRgb(base, 1 + 0.07 * trowel + 0.025 * strokes + 0.05 * cloud + 0.015 * fine),
    );
  });
  return surfaceToRgba(surface);
}

const SLATE_LAYOUT: GridLayout = { columns: 2, rows: 4, tileSizeCm: 120, rowOffset: 0.5 };

/** Riven slate: cleft terraces in the height field and rust or green-grey tints per tile. */
function generateSlate(size: number, seed: number): Uint8ClampedArray {
  const pixelCm = SLATE_LAYOUT.tileSizeCm / size;
  const base = hex('#3e4448');
  const tints: readonly Rgb[] = [hex('#3e4448'), hex('#474d4c'), hex('#4a4440'), hex('#383d44')];
  const grout = hex('#2b2c2d');
  const surface = paintSurface(size, (u, v, out) => {
    const cell = gridCell(u, v, SLATE_LAYOUT);
    const tileSeed = seed + cell.row * 17 + cell.column;
    const tint = ramp(tints, hashUnit(cell.column, cell.row, seed));
    const layers = fbm(u, v, { frequencyX: 3, frequencyY: 8, octaves: 5, seed: tileSeed });
    // Riven faces step in thin layers: quantise the field into terraces, softened at the risers.
    const level = layers * 7;
    const step = Math.floor(level);
    const terrace = (step + smoothstep(0.8, 1, level - step)) / 7;
    const rust = smoothstep(
      0.25,
      0.6,
      fbm(u, v, { frequencyX: 6, frequencyY: 6, octaves: 4, seed: seed + 3 }),
    );
    const streak = fbm(u, v, { frequencyX: 2, frequencyY: 24, octaves: 3, seed: seed + 5 });
    const fine = gradientNoise(u * 200, v * 200, 200, 200, seed + 4);
    let c = mixRgb(base, tint, 0.8);
    c = scaleRgb(c, 1 + 0.22 * terrace + 0.06 * streak + 0.05 * fine);
    c = mixRgb(c, hex('#6e5444'), rust * 0.35);
    const inGrout = 1 - smoothstep(0.3 - pixelCm / 2, 0.3 + pixelCm / 2, cell.edge);
    setSample(out, mixRgb(c, grout, inGrout), inGrout > 0.5 ? -3 : terrace * 4 + fine * 0.15);
  });
  applyRelief(surface, { tileSizeCm: SLATE_LAYOUT.tileSizeCm, strength: 0.8 });
  return surfaceToRgba(surface);
}

const TRAVERTINE_LAYOUT: GridLayout = { columns: 2, rows: 3, tileSizeCm: 120, rowOffset: 0.5 };

/** Travertine: sedimentary bands, with pores clustered in the softer bands and stretched along them. */
function generateTravertine(size: number, seed: number): Uint8ClampedArray {
  const pixelCm = TRAVERTINE_LAYOUT.tileSizeCm / size;
  const palette: readonly Rgb[] = [hex('#c8b595'), hex('#d9c9ad'), hex('#e5d9c4'), hex('#d6c4a5')];
  const joint = hex('#e6dfd2');
  const surface = paintSurface(size, (u, v, out) => {
    const cell = gridCell(u, v, TRAVERTINE_LAYOUT);
    const shift = hashUnit(cell.column, cell.row, seed);
    const band = fbm(u, v + shift, { frequencyX: 2, frequencyY: 14, octaves: 5, seed: seed + 1 });
    let c = ramp(palette, 0.5 + band * 0.9 + (shift - 0.5) * 0.3);
    // Pores: the high tail of a stretched fBm, so they are ragged, elongated with the bedding and
    // gathered in the softer (darker) bands.
    const pores = fbm(u, v, { frequencyX: 10, frequencyY: 48, octaves: 3, seed: seed + 2 });
    const porous = smoothstep(0.25, -0.3, band);
    const hole = smoothstep(0.42, 0.5, pores + 0.12 * porous - 0.06);
    c = mixRgb(c, hex('#a8977a'), hole * 0.7);
    const fine = gradientNoise(u * 256, v * 256, 256, 256, seed + 4);
    c = scaleRgb(c, 1 + 0.025 * fine);
    const inJoint = 1 - smoothstep(0.1, 0.1 + pixelCm, cell.edge);
    setSample(out, mixRgb(c, joint, inJoint), -1.5 * hole - inJoint);
  });
  applyRelief(surface, { tileSizeCm: TRAVERTINE_LAYOUT.tileSizeCm, strength: 0.5 });
  return surfaceToRgba(surface);
}

export const stoneTextures: readonly TextureDefinition[] = [
  {
    id: 'carrara-marble',
    name: 'Carrara marble',
    kind: 'material',
    materialType: 'Stone',
    tileSizeCm: 120,
    generate: generateCarrara,
  },
  {
    id: 'nero-marquina-marble',
    name: 'Nero Marquina marble',
    kind: 'material',
    materialType: 'Stone',
    tileSizeCm: 120,
    generate: generateNeroMarquina,
  },
  {
    id: 'terrazzo',
    name: 'Terrazzo',
    kind: 'floor',
    materialType: 'Stone',
    tileSizeCm: 60,
    generate: generateTerrazzo,
  },
  {
    id: 'polished-concrete',
    name: 'Polished concrete',
    kind: 'floor',
    materialType: 'Concrete',
    tileSizeCm: 200,
    generate: generatePolishedConcrete,
  },
  {
    id: 'microcement',
    name: 'Microcement',
    kind: 'wall',
    materialType: 'Concrete',
    tileSizeCm: 150,
    generate: generateMicrocement,
  },
  {
    id: 'slate-tiles',
    name: 'Riven slate tiles',
    kind: 'floor',
    materialType: 'Stone',
    tileSizeCm: SLATE_LAYOUT.tileSizeCm,
    generate: generateSlate,
  },
  {
    id: 'travertine-tiles',
    name: 'Travertine tiles',
    kind: 'floor',
    materialType: 'Stone',
    tileSizeCm: TRAVERTINE_LAYOUT.tileSizeCm,
    generate: generateTravertine,
  },
];
