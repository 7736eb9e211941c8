import { gradientNoise } from './periodic-noise';
import type { TextureDefinition } from './texture-definition';
import { hashUnit } from './texture-random';
import {
  hex,
  mixRgb,
  paintSurface,
  scaleRgb,
  setSample,
  smoothstep,
  surfaceToRgba,
  type Rgb,
} from './texture-surface';

/** Uncoated paper: faint fibre mottling so flat colour reads as printed paper. */
function paper(u: number, v: number, seed: number): number {
  return (
    1 +
    0.012 * gradientNoise(u * 96, v * 96, 96, 96, seed) +
    0.01 * gradientNoise(u * 384, v * 384, 384, 384, seed + 1)
  );
}

/** Anti-aliased coverage of a signed distance (negative inside), all in the same units. */
function cover(distance: number, pixel: number): number {
  return 1 - smoothstep(-pixel / 2, pixel / 2, distance);
}

function ellipse(x: number, y: number, cx: number, cy: number, rx: number, ry: number, angle = 0) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const dx = x - cx;
  const dy = y - cy;
  const lx = (dx * c + dy * s) / rx;
  const ly = (-dx * s + dy * c) / ry;
  // Approximate signed distance, good enough for anti-aliasing.
  return (Math.hypot(lx, ly) - 1) * Math.min(rx, ry);
}

/**
 * A damask-like ornament, mirrored about its vertical axis, in cell coordinates x, y ∈ [-1, 1]:
 * a palmette of seven petals on a cup, a beaded spire above, curling scrolls and leaves either
 * side, and a leafy ogee frame where cells meet. Returns motif coverage.
 */
function damaskMotif(x: number, y: number, pixel: number): number {
  const ax = Math.abs(x);
  let d = Infinity;
  for (let petal = -3; petal <= 3; petal++) {
    const angle = (petal * Math.PI) / 7.5;
    const reach = petal === 0 ? 0.36 : 0.33 - Math.abs(petal) * 0.025;
    const cx = Math.sin(angle) * reach;
    const cy = 0.2 - Math.cos(angle) * reach;
    d = Math.min(d, ellipse(x, y, cx, cy, 0.06, 0.19 - Math.abs(petal) * 0.015, angle));
  }
  d = Math.min(d, ellipse(ax, y, 0, 0.26, 0.2, 0.08));
  d = Math.min(d, ellipse(ax, y, 0, 0.5, 0.035, 0.2));
  d = Math.min(d, ellipse(ax, y, 0.17, 0.68, 0.2, 0.055, -0.55));
  d = Math.min(d, ellipse(ax, y, 0.12, 0.45, 0.12, 0.04, 0.5));
  d = Math.min(d, ellipse(ax, y, 0, -0.36, 0.05, 0.1));
  d = Math.min(d, ellipse(ax, y, 0, -0.55, 0.04, 0.04));
  d = Math.min(d, ellipse(ax, y, 0, -0.7, 0.025, 0.08));
  d = Math.min(d, ellipse(ax, y, 0.12, -0.58, 0.11, 0.03, 0.6));
  // Scrolls: rings open towards the centre, with a bead at the eye.
  const scroll = Math.abs(Math.hypot(ax - 0.5, y - 0.05) - 0.16) - 0.03;
  d = Math.min(d, Math.max(scroll, 0.5 - ax - 0.05));
  d = Math.min(d, ellipse(ax, y, 0.5, 0.05, 0.05, 0.05));
  d = Math.min(d, ellipse(ax, y, 0.45, -0.3, 0.2, 0.05, -0.9));
  d = Math.min(d, ellipse(ax, y, 0.45, 0.42, 0.2, 0.05, 0.8));
  // Ogee frame with leaflets along it.
  const frameX = 0.86 - 0.1 * Math.cos(y * Math.PI);
  d = Math.min(d, Math.abs(ax - frameX) - 0.018);
  const leafletY = Math.round(y * 4) / 4;
  const leafletX = 0.86 - 0.1 * Math.cos(leafletY * Math.PI) - 0.06;
  d = Math.min(d, ellipse(ax, y, leafletX, leafletY, 0.07, 0.025, -0.5));
  return cover(d, pixel);
}

/** Damask: a mirrored ornament in a half-drop repeat, satin motif on a matte ground. */
function generateDamask(size: number, seed: number): Uint8ClampedArray {
  const ground = hex('#e9e2cf');
  const motif = hex('#bfa674');
  const columns = 2;
  const rows = 2;
  const pixel = (2 * columns) / size;
  const surface = paintSurface(size, (uTile, v, out) => {
    // The image edge runs down a motif's mirror axis, never along a column joint.
    const u = (uTile + 0.5 / columns) % 1;
    const column = Math.floor(u * columns);
    const drop = column % 2 === 1 ? 0.5 : 0;
    const x = (u * columns - column) * 2 - 1;
    const yRaw = v * rows + drop;
    const y = (yRaw - Math.floor(yRaw)) * 2 - 1;
    const coverage = damaskMotif(x, y, pixel * 1.2);
    const satin = 1 + 0.04 * gradientNoise(u * 64, v * 256, 64, 256, seed + 2);
    const c = mixRgb(ground, scaleRgb(motif, satin), coverage);
    setSample(out, scaleRgb(c, paper(u, v, seed)));
  });
  return surfaceToRgba(surface);
}

/** Regency stripes: a wide sage band edged by a fine gold pinstripe, on cream. */
function generateStripes(size: number, seed: number): Uint8ClampedArray {
  const cream = hex('#efe9da');
  const sage = hex('#8fa18d');
  const gold = hex('#c4a76a');
  const repeats = 4;
  const pixel = repeats / size;
  const bands: readonly { from: number; to: number; colour: Rgb }[] = [
    { from: 0, to: 0.42, colour: sage },
    { from: 0.455, to: 0.475, colour: gold },
    { from: 0.525, to: 0.545, colour: sage },
  ];
  const surface = paintSurface(size, (u, v, out) => {
    // Print registration wavers a little along the roll. The 0.3 shift keeps band edges off the
    // image edge.
    const wobble = 0.3 + 0.002 * gradientNoise(u * 8, v * 16, 8, 16, seed);
    const t = u * repeats + wobble - Math.floor(u * repeats + wobble);
    let c = cream;
    for (const band of bands) {
      const inside = Math.min(t - band.from, band.to - t);
      c = mixRgb(c, band.colour, smoothstep(-pixel / 2, pixel / 2, inside));
    }
    setSample(out, scaleRgb(c, paper(u, v, seed + 1)));
  });
  return surfaceToRgba(surface);
}

const LEAF_GREENS: readonly Rgb[] = [
  hex('#4d6b4c'),
  hex('#6b8a5e'),
  hex('#3b5444'),
  hex('#86a078'),
];

/** Signed distance-ish to a pointed leaf lying along +x from the origin, length 1. */
function leafDistance(x: number, y: number): number {
  if (x < 0 || x > 1) return Math.hypot(Math.min(x, x - 1) < 0 && x < 0 ? x : x - 1, y);
  const halfWidth = 0.2 * Math.pow(Math.sin(Math.PI * x), 0.9) * (1 - 0.3 * x);
  return Math.abs(y) - halfWidth;
}

/** Botanical: sprigs of three leaves on a stem, scattered in a jittered periodic grid. */
function generateBotanical(size: number, seed: number): Uint8ClampedArray {
  const ground = hex('#f1ece1');
  const stem = hex('#5b6b4e');
  const cells = 5;
  const pixel = cells / size;
  const surface = paintSurface(size, (u, v, out) => {
    const gx = u * cells;
    const gy = v * cells;
    const ix = Math.floor(gx);
    const iy = Math.floor(gy);
    let c = ground;
    let bestOrder = -1;
    for (let oy = -1; oy <= 1; oy++) {
      for (let ox = -1; ox <= 1; ox++) {
        const cx = (((ix + ox) % cells) + cells) % cells;
        const cy = (((iy + oy) % cells) + cells) % cells;
        const bx = ix + ox + 0.3 + 0.4 * hashUnit(cx, cy, seed);
        const by = iy + oy + 0.3 + 0.4 * hashUnit(cx, cy, seed, 1);
        const heading = hashUnit(cx, cy, seed, 2) * Math.PI * 2;
        const order = hashUnit(cx, cy, seed, 3);
        if (order < bestOrder) continue;
        const px = gx - bx;
        const py = gy - by;
        // A short stem behind the sprig.
        const back = -(px * Math.cos(heading) + py * Math.sin(heading));
        const side = Math.abs(-px * Math.sin(heading) + py * Math.cos(heading));
        if (back > 0 && back < 0.22) c = mixRgb(c, stem, cover(side - 0.008, pixel));
        for (let leaf = 0; leaf < 3; leaf++) {
          const angle = heading + (leaf - 1) * 0.75;
          const length =
            (leaf === 1 ? 0.72 : 0.55) * (0.9 + 0.2 * hashUnit(cx, cy, seed, 4 + leaf));
          const ca = Math.cos(angle);
          const sa = Math.sin(angle);
          const lx = (px * ca + py * sa) / length;
          const ly = (-px * sa + py * ca) / length;
          const d = leafDistance(lx, ly) * length;
          const coverage = cover(d, pixel);
          if (coverage <= 0) continue;
          const green = LEAF_GREENS[Math.floor(hashUnit(cx, cy, seed, 10 + leaf) * 4)] ?? stem;
          // A paler midrib and darker edge give each leaf a printed, hand-drawn feel.
          const rib = 1 - smoothstep(0.004, 0.004 + pixel, Math.abs(ly * length));
          const shade = 0.9 + 0.2 * smoothstep(-0.2, 0.2, ly);
          const leafColour = mixRgb(
            scaleRgb(green, shade),
            hex('#c9d3b4'),
            rib * 0.6 * (lx < 0.9 ? 1 : 0),
          );
          c = mixRgb(c, leafColour, coverage);
          bestOrder = order;
        }
      }
    }
    setSample(out, scaleRgb(c, paper(u, v, seed + 5)));
  });
  return surfaceToRgba(surface);
}

/**
 * Art deco fans: overlapping circles in offset rows, each later row on top, so every circle shows
 * as a fan; gold rims, concentric arcs and rays on deep teal.
 */
function generateDecoFans(size: number, seed: number): Uint8ClampedArray {
  const teal = hex('#1d3a3d');
  const gold = hex('#c9a45e');
  const fans = 6;
  const r = 1 / (2 * fans);
  const pixel = 1 / size;
  const line = pixel * 1.6;
  const surface = paintSurface(size, (u, v, out) => {
    const row0 = Math.floor(v / r);
    let best: { dx: number; dy: number } | undefined;
    // Later rows lie on top: search downwards rows first.
    for (let row = row0 + 1; row >= row0 - 1 && best === undefined; row--) {
      const offset = ((row % 2) + 2) % 2 === 1 ? r : 0;
      const col = Math.round((u - offset) / (2 * r));
      for (const k of [col - 1, col, col + 1]) {
        const cx = k * 2 * r + offset;
        const cy = row * r;
        const dx = u - cx;
        const dy = v - cy;
        if (dx * dx + dy * dy <= r * r) best = { dx, dy };
      }
    }
    let c = teal;
    if (best !== undefined) {
      const d = Math.hypot(best.dx, best.dy);
      const rings = [r - line * 0.6, r * 0.72, r * 0.5, r * 0.22];
      let ink = 0;
      for (const ring of rings)
        ink = Math.max(ink, 1 - smoothstep(line * 0.4, line, Math.abs(d - ring)));
      const angle = Math.atan2(best.dx, -best.dy);
      const rayPhase =
        Math.abs(((((angle / (Math.PI / 8)) % 1) + 1) % 1) - 0.5) * (Math.PI / 8) * d;
      if (d > r * 0.22 && d < r * 0.72)
        ink = Math.max(ink, 1 - smoothstep(line * 0.4, line, (Math.PI / 16) * d - rayPhase));
      c = mixRgb(teal, gold, ink);
    }
    setSample(out, scaleRgb(c, paper(u, v, seed)));
  });
  return surfaceToRgba(surface);
}

export const wallpaperTextures: readonly TextureDefinition[] = [
  {
    id: 'damask-wallpaper',
    name: 'Damask wallpaper, gold on cream',
    kind: 'wall',
    materialType: 'Wallpaper',
    tileSizeCm: 53,
    generate: generateDamask,
  },
  {
    id: 'regency-stripe-wallpaper',
    name: 'Regency stripe wallpaper',
    kind: 'wall',
    materialType: 'Wallpaper',
    tileSizeCm: 48,
    generate: generateStripes,
  },
  {
    id: 'botanical-wallpaper',
    name: 'Botanical leaf wallpaper',
    kind: 'wall',
    materialType: 'Wallpaper',
    tileSizeCm: 64,
    generate: generateBotanical,
  },
  {
    id: 'art-deco-fan-wallpaper',
    name: 'Art deco fan wallpaper',
    kind: 'wall',
    materialType: 'Wallpaper',
    tileSizeCm: 53,
    generate: generateDecoFans,
  },
];
