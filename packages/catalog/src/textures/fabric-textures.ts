import { fbm, gradientNoise, valueNoise, warpedFbm } from './periodic-noise';
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

const CARPET_LAYOUT: GridLayout = { columns: 96, rows: 96, tileSizeCm: 50, rowOffset: 0.5 };
const CARPET_YARNS: readonly Rgb[] = [
  hex('#847b6d'),
  hex('#a0978a'),
  hex('#b8ae9f'),
  hex('#998f80'),
];

/** Level loop pile: a bump per loop in staggered rows, heathered yarn, dark gaps between loops. */
function generateLoopCarpet(size: number, seed: number): Uint8ClampedArray {
  const { tileSizeCm, columns, rows } = CARPET_LAYOUT;
  const loopWidth = tileSizeCm / columns;
  const loopHeight = tileSizeCm / rows;
  const surface = paintSurface(size, (u, v, out) => {
    const cell = gridCell(u, v, CARPET_LAYOUT);
    const dx = (cell.x / loopWidth - 0.5) / 0.48;
    const dy = (cell.y / loopHeight - 0.5) / 0.52;
    const bump = Math.sqrt(Math.max(0, 1 - dx * dx - dy * dy));
    const yarn = ramp(CARPET_YARNS, hashUnit(cell.column, cell.row, seed));
    const mottle = fbm(u, v, { frequencyX: 6, frequencyY: 6, octaves: 4, seed: seed + 1 });
    const c = scaleRgb(yarn, (0.62 + 0.42 * bump) * (1 + 0.06 * mottle));
    setSample(out, c, bump * 2);
  });
  applyRelief(surface, { tileSizeCm, strength: 0.35 });
  return surfaceToRgba(surface);
}

/** Threads per tile in each direction; even, so the over/under parity wraps. */
const LINEN_THREADS = 128;

/**
 * Plain-weave linen: warp and weft alternate over and under; every thread has its own shade and
 * slubs (thick, paler stretches) that make linen look like linen rather than cotton.
 */
function generateLinen(size: number, seed: number): Uint8ClampedArray {
  const n = LINEN_THREADS;
  const warpColour = hex('#cbbfa7');
  const weftColour = hex('#c2b59b');
  const gap = hex('#8e8470');
  const surface = paintSurface(size, (uTile, vTile, out) => {
    // Half a thread of shift puts the image edge mid-thread rather than between threads.
    const u = (uTile + 0.5 / n) % 1;
    const v = (vTile + 0.5 / n) % 1;
    const i = Math.floor(u * n);
    const j = Math.floor(v * n);
    const fx = u * n - i;
    const fy = v * n - j;
    const warpOnTop = (i + j) % 2 === 0;
    // Slubs: thickness varies slowly along each thread.
    const warpSlub = valueNoise(v * 24, i * 7.31, 24, 4096, seed + 1);
    const weftSlub = valueNoise(u * 24, j * 7.31, 24, 4096, seed + 2);
    const warpHalf = 0.34 + 0.16 * smoothstep(0.55, 0.9, warpSlub);
    const weftHalf = 0.34 + 0.16 * smoothstep(0.55, 0.9, weftSlub);
    const inWarp = Math.abs(fx - 0.5) < warpHalf;
    const inWeft = Math.abs(fy - 0.5) < weftHalf;
    const warpShade =
      (0.94 + 0.12 * hashUnit(i, 0, seed)) * (1 + 0.08 * smoothstep(0.6, 0.95, warpSlub));
    const weftShade =
      (0.94 + 0.12 * hashUnit(j, 1, seed)) * (1 + 0.08 * smoothstep(0.6, 0.95, weftSlub));
    const warpProfile = Math.cos(((fx - 0.5) / (warpHalf * 2)) * Math.PI);
    const weftProfile = Math.cos(((fy - 0.5) / (weftHalf * 2)) * Math.PI);
    let c: Rgb;
    let height: number;
    if ((warpOnTop && inWarp) || (inWarp && !inWeft)) {
      c = scaleRgb(warpColour, warpShade * (0.8 + 0.2 * warpProfile));
      height = 0.3 * warpProfile + (warpOnTop ? 0.2 * Math.sin(fy * Math.PI) : 0);
    } else if (inWeft) {
      c = scaleRgb(weftColour, weftShade * (0.8 + 0.2 * weftProfile));
      height = 0.3 * weftProfile + (warpOnTop ? 0 : 0.2 * Math.sin(fx * Math.PI));
    } else {
      c = gap;
      height = -0.2;
    }
    const drift = fbm(u, v, { frequencyX: 3, frequencyY: 3, octaves: 3, seed: seed + 3 });
    setSample(out, scaleRgb(c, 1 + 0.04 * drift), height);
  });
  applyRelief(surface, { tileSizeCm: 20, strength: 0.5 });
  return surfaceToRgba(surface);
}

/** Velvet: pile crushed in soft swathes that catch the light, over a fine pile grain. */
function generateVelvet(size: number, seed: number): Uint8ClampedArray {
  const shadow = hex('#0c2a22');
  const body = hex('#1b4d3e');
  const sheen = hex('#4f8c74');
  const surface = paintSurface(size, (u, v, out) => {
    const crush = warpedFbm(
      u,
      v,
      { frequencyX: 2, frequencyY: 2, octaves: 3, seed: seed + 1 },
      { frequencyX: 2, frequencyY: 2, octaves: 2, seed: seed + 2 },
      0.35,
    );
    const streak = fbm(u, v, { frequencyX: 4, frequencyY: 32, octaves: 3, seed: seed + 3 });
    const pile = gradientNoise(u * 384, v * 384, 384, 384, seed + 4);
    const light = smoothstep(-0.6, 0.7, crush + 0.03 * streak);
    let c = light < 0.5 ? mixRgb(shadow, body, light * 2) : mixRgb(body, sheen, (light - 0.5) * 2);
    c = scaleRgb(c, 1 + 0.05 * pile);
    setSample(out, c);
  });
  return surfaceToRgba(surface);
}

export const fabricTextures: readonly TextureDefinition[] = [
  {
    id: 'loop-carpet',
    name: 'Loop pile carpet, oatmeal',
    kind: 'floor',
    materialType: 'Fabric',
    tileSizeCm: CARPET_LAYOUT.tileSizeCm,
    generate: generateLoopCarpet,
  },
  {
    id: 'natural-linen',
    name: 'Natural linen',
    kind: 'material',
    materialType: 'Fabric',
    tileSizeCm: 20,
    generate: generateLinen,
  },
  {
    id: 'emerald-velvet',
    name: 'Emerald velvet',
    kind: 'material',
    materialType: 'Fabric',
    tileSizeCm: 60,
    generate: generateVelvet,
  },
];
