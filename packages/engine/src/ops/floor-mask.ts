/**
 * Finds the floor of a room photo without a user mask (the floors action sends only the image
 * and the texture, spec §7).
 *
 * Seeded region growing in CIELAB on a ~256 px smoothed working copy, below the horizon (plus a
 * small margin). The bottom rows vote for the floor's colour in a coarse, neighbour-smoothed Lab
 * histogram; the three strongest distinct colours are each grown as a hypothesis and the winner
 * is the largest region weighted by a colour prior (near-black and vivid colours are rarely
 * floors: cabinet plinths, sofas, throws). A region spreads to 4-neighbours while the step is
 * small, no strong edge (Sobel) is crossed, and the colour stays near the seed's — chroma
 * compared at the seed's lightness, because one material under more or less light keeps its
 * chromaticity. The components touching the bottom are kept (the largest, and any at least a
 * quarter of its size: a floor split by a rug or a table), closed with a 3×3 square, and brought
 * back to full size with a colour-guided upsampling so the edge follows the skirting board, not
 * the working grid. Holes (furniture legs, clearly different rugs) stay holes.
 *
 * Known limits (see floor-mask.test.ts and the report): a large foreground object in the floor's
 * colour at the bottom of the picture (a white sofa on a grey rug, a kitchen island) can win. */
import { SRGB_TO_LINEAR, linearRgbToLabInto, type Lab } from '../colour';
import type { Mask, Raster } from '../raster';
import type { FloorMapping } from './surface-fill';

/** The floor starts this fraction of the image height below the horizon. */
const HORIZON_MARGIN = 0.04;
/** Longer side of the working copy (px). */
const WORK_SIDE = 256;
/** Largest step (ΔE, L* down-weighted) between neighbouring working pixels inside the floor. */
const STEP_LIMIT = 6.5;
/** Largest chroma distance (a*, b*) from the floor's seed colour. */
const CHROMA_LIMIT = 11;
/** Largest lightness distance from the floor's seed colour. */
const LIGHTNESS_LIMIT = 26;
/** Weight of L* against a*, b* in step distances. */
const L_WEIGHT = 0.7;
/** Sobel magnitude (per working pixel, Lab with L* weighted) that the floor never crosses. */
const EDGE_LIMIT = 5;

/** The working copy: per-cell mean CIELAB and how many full-size pixels a cell spans. */
interface WorkImage {
  w: number;
  h: number;
  scale: number;
  l: Float32Array;
  a: Float32Array;
  b: Float32Array;
}

/** A 1-byte-per-pixel floor mask of the image (1 = floor). */
export function detectFloor(image: Raster, mapping: FloorMapping): Mask {
  const work = smooth(downsampleLab(image));
  const edges = edgeStrength(work);
  // The floor's far edge lies below the horizon by f·H/D; even 10 m away that is a few percent of
  // the height, and starting lower keeps white floors from climbing white walls.
  const floorTop = mapping.horizonY + HORIZON_MARGIN * image.height;
  const horizonRow = Math.max(0, Math.min(work.h - 1, Math.ceil(floorTop / work.scale)));
  let region: Uint8Array = new Uint8Array(work.w * work.h);
  let bestScore = -1;
  for (const seeds of bottomSeeds(work, horizonRow)) {
    const grown = keepBottomComponents(growRegion(work, edges, seeds, horizonRow), work.w, work.h);
    const score = countOn(grown) * floorPrior(seeds.colour);
    if (score > bestScore) {
      bestScore = score;
      region = grown;
    }
  }
  region = close(region, work.w, work.h, 1);
  return upsampleGuided(image, work, region, horizonRow);
}

/** Box-averages the image to ≤ WORK_SIDE px and converts each cell to CIELAB. */
function downsampleLab(image: Raster): WorkImage {
  const scale = Math.max(1, Math.max(image.width, image.height) / WORK_SIDE);
  const w = Math.max(1, Math.round(image.width / scale));
  const h = Math.max(1, Math.round(image.height / scale));
  const sums = new Float32Array(w * h * 3);
  const counts = new Float32Array(w * h);
  const d = image.data;
  const sx = w / image.width;
  const sy = h / image.height;
  for (let y = 0; y < image.height; y++) {
    const row = Math.min(h - 1, (y * sy) | 0) * w;
    for (let x = 0; x < image.width; x++) {
      const c = row + Math.min(w - 1, (x * sx) | 0);
      const p = (y * image.width + x) * 4;
      sums[c * 3] = (sums[c * 3] ?? 0) + (SRGB_TO_LINEAR[d[p] ?? 0] ?? 0);
      sums[c * 3 + 1] = (sums[c * 3 + 1] ?? 0) + (SRGB_TO_LINEAR[d[p + 1] ?? 0] ?? 0);
      sums[c * 3 + 2] = (sums[c * 3 + 2] ?? 0) + (SRGB_TO_LINEAR[d[p + 2] ?? 0] ?? 0);
      counts[c] = (counts[c] ?? 0) + 1;
    }
  }
  const l = new Float32Array(w * h);
  const a = new Float32Array(w * h);
  const b = new Float32Array(w * h);
  const lab: Lab = [0, 0, 0];
  for (let c = 0; c < w * h; c++) {
    const n = Math.max(1, counts[c] ?? 0);
    linearRgbToLabInto(
      (sums[c * 3] ?? 0) / n,
      (sums[c * 3 + 1] ?? 0) / n,
      (sums[c * 3 + 2] ?? 0) / n,
      lab,
    );
    l[c] = lab[0];
    a[c] = lab[1];
    b[c] = lab[2];
  }
  return { w, h, scale: image.width / w, l, a, b };
}

/** [1 2 1]² smoothing of the working Lab: a wood grain or grout line must not stop the growth. */
function smooth(work: WorkImage): WorkImage {
  return {
    ...work,
    l: blurPlane(work.l, work.w, work.h),
    a: blurPlane(work.a, work.w, work.h),
    b: blurPlane(work.b, work.w, work.h),
  };
}

function blurPlane(src: Float32Array, w: number, h: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      tmp[i] =
        0.25 * (src[x > 0 ? i - 1 : i] ?? 0) +
        0.5 * (src[i] ?? 0) +
        0.25 * (src[x < w - 1 ? i + 1 : i] ?? 0);
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      out[i] =
        0.25 * (tmp[y > 0 ? i - w : i] ?? 0) +
        0.5 * (tmp[i] ?? 0) +
        0.25 * (tmp[y < h - 1 ? i + w : i] ?? 0);
    }
  }
  return out;
}

/** Sobel gradient magnitude over L* (weighted), a* and b*, per working pixel. */
function edgeStrength(work: WorkImage): Float32Array {
  const { w, h } = work;
  const out = new Float32Array(w * h);
  const planes: [Float32Array, number][] = [
    [work.l, L_WEIGHT],
    [work.a, 1],
    [work.b, 1],
  ];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      let sum = 0;
      for (const [p, k] of planes) {
        const gx =
          (p[i - w + 1] ?? 0) +
          2 * (p[i + 1] ?? 0) +
          (p[i + w + 1] ?? 0) -
          (p[i - w - 1] ?? 0) -
          2 * (p[i - 1] ?? 0) -
          (p[i + w - 1] ?? 0);
        const gy =
          (p[i + w - 1] ?? 0) +
          2 * (p[i + w] ?? 0) +
          (p[i + w + 1] ?? 0) -
          (p[i - w - 1] ?? 0) -
          2 * (p[i - w] ?? 0) -
          (p[i - w + 1] ?? 0);
        sum += k * k * (gx * gx + gy * gy);
      }
      out[i] = Math.sqrt(sum) / 4;
    }
  }
  return out;
}

/** The floor's seed colour and the seed cells: the dominant colour of the bottom rows. */
interface Seeds {
  colour: Lab;
  cells: number[];
}

/**
 * The bottom 8 % of rows (below the horizon) vote in a coarse Lab histogram, smoothed over
 * neighbouring bins so a textured floor (wood grain spreads over several bins) is not outvoted
 * by a flat object; the fullest bin's mean is the floor colour, and the bottom cells near it are
 * the seeds.
 */
function bottomSeeds(work: WorkImage, horizonRow: number): Seeds[] {
  const band = Math.max(2, Math.round(work.h * 0.08));
  const top = Math.max(horizonRow, work.h - band);
  const bins = new Float32Array(BINS_L * BINS_AB * BINS_AB * 4);
  const binOf = (c: number): [number, number, number] => [
    Math.min(BINS_L - 1, Math.max(0, Math.floor((work.l[c] ?? 0) / (100 / BINS_L)))),
    Math.min(BINS_AB - 1, Math.max(0, Math.floor(((work.a[c] ?? 0) + 64) / (128 / BINS_AB)))),
    Math.min(BINS_AB - 1, Math.max(0, Math.floor(((work.b[c] ?? 0) + 64) / (128 / BINS_AB)))),
  ];
  for (let y = top; y < work.h; y++) {
    for (let x = 0; x < work.w; x++) {
      const c = y * work.w + x;
      const [bl, ba, bb] = binOf(c);
      const k = ((bl * BINS_AB + ba) * BINS_AB + bb) * 4;
      bins[k] = (bins[k] ?? 0) + 1;
      bins[k + 1] = (bins[k + 1] ?? 0) + (work.l[c] ?? 0);
      bins[k + 2] = (bins[k + 2] ?? 0) + (work.a[c] ?? 0);
      bins[k + 3] = (bins[k + 3] ?? 0) + (work.b[c] ?? 0);
    }
  }
  // Smoothed votes per bin, with the bin's mean colour.
  const modes: { votes: number; colour: Lab }[] = [];
  for (let bl = 0; bl < BINS_L; bl++) {
    for (let ba = 0; ba < BINS_AB; ba++) {
      for (let bb = 0; bb < BINS_AB; bb++) {
        let n = 0;
        let l = 0;
        let a = 0;
        let b = 0;
        for (let dl = -1; dl <= 1; dl++) {
          for (let da = -1; da <= 1; da++) {
            for (let db = -1; db <= 1; db++) {
              const nl = bl + dl;
              const na = ba + da;
              const nb = bb + db;
              if (nl < 0 || na < 0 || nb < 0 || nl >= BINS_L || na >= BINS_AB || nb >= BINS_AB) {
                continue;
              }
              const k = ((nl * BINS_AB + na) * BINS_AB + nb) * 4;
              n += bins[k] ?? 0;
              l += bins[k + 1] ?? 0;
              a += bins[k + 2] ?? 0;
              b += bins[k + 3] ?? 0;
            }
          }
        }
        if (n > 0) modes.push({ votes: n, colour: [l / n, a / n, b / n] });
      }
    }
  }
  modes.sort((p, q) => q.votes - p.votes);
  // The strongest few distinct colours each become a hypothesis.
  const chosen: Lab[] = [];
  for (const mode of modes) {
    if (chosen.length >= HYPOTHESES) break;
    const distinct = chosen.every(
      (c) =>
        Math.hypot((c[0] - mode.colour[0]) * 0.5, c[1] - mode.colour[1], c[2] - mode.colour[2]) >
        12,
    );
    if (distinct && mode.votes >= (modes[0]?.votes ?? 0) * 0.2) chosen.push(mode.colour);
  }
  return chosen.map((colour) => {
    const cells: number[] = [];
    for (let y = top; y < work.h; y++) {
      for (let x = 0; x < work.w; x++) {
        const c = y * work.w + x;
        if (distanceToColour(work, c, colour) < CHROMA_LIMIT * 0.7) cells.push(c);
      }
    }
    return { colour, cells };
  });
}

/** How many colour hypotheses for the floor are grown and compared. */
const HYPOTHESES = 3;

/**
 * How plausible a colour is for a floor (0–1): wood, stone, tile, carpet and concrete are
 * mid-to-light and moderately coloured; near-black (cabinet plinths, sofas in shadow) and strongly
 * saturated colours (upholstery, throws) are rarely the floor.
 */
function floorPrior(colour: Lab): number {
  const chroma = Math.hypot(colour[1], colour[2]);
  const dark = colour[0] < 25 ? 0.35 : colour[0] < 35 ? 0.7 : 1;
  const vivid = chroma > 40 ? 0.4 : chroma > 30 ? 0.75 : 1;
  return dark * vivid;
}

function countOn(region: Uint8Array): number {
  let n = 0;
  for (const v of region) n += v;
  return n;
}

/** Seed histogram resolution: L* in 10 bins, a* and b* (−64…64) in 16 each. */
const BINS_L = 10;
const BINS_AB = 16;

/** Chroma distance plus down-weighted lightness distance of cell c from a colour. */
function distanceToColour(work: WorkImage, c: number, colour: Lab): number {
  const l = work.l[c] ?? 0;
  const dl = (l - colour[0]) * (CHROMA_LIMIT / LIGHTNESS_LIMIT);
  // One material under more or less light keeps its chromaticity: a*, b* scale with L* + 16
  // (both go as the cube root of the light), so compare chroma at the seed's lightness.
  const scale = Math.max(0.6, Math.min(1.6, (colour[0] + 16) / (l + 16)));
  return Math.hypot(dl, (work.a[c] ?? 0) * scale - colour[1], (work.b[c] ?? 0) * scale - colour[2]);
}

/** Breadth-first growth from the seeds under the step, colour and horizon limits. */
function growRegion(
  work: WorkImage,
  edges: Float32Array,
  seeds: Seeds,
  horizonRow: number,
): Uint8Array {
  const { w, h } = work;
  const region = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (const c of seeds.cells) {
    region[c] = 1;
    queue[tail++] = c;
  }
  const colour = seeds.colour;
  while (head < tail) {
    const c = queue[head++] ?? 0;
    const x = c % w;
    const y = (c - x) / w;
    for (let k = 0; k < 4; k++) {
      const nx = k === 0 ? x - 1 : k === 1 ? x + 1 : x;
      const ny = k === 2 ? y - 1 : k === 3 ? y + 1 : y;
      if (nx < 0 || nx >= w || ny < horizonRow || ny >= h) continue;
      const n = ny * w + nx;
      if (region[n]) continue;
      if ((edges[n] ?? 0) > EDGE_LIMIT) continue;
      const step = Math.hypot(
        ((work.l[n] ?? 0) - (work.l[c] ?? 0)) * L_WEIGHT,
        (work.a[n] ?? 0) - (work.a[c] ?? 0),
        (work.b[n] ?? 0) - (work.b[c] ?? 0),
      );
      if (step > STEP_LIMIT) continue;
      if (distanceToColour(work, n, colour) > CHROMA_LIMIT) continue;
      region[n] = 1;
      queue[tail++] = n;
    }
  }
  return region;
}

/** Keeps the 4-connected components touching the bottom row that are ≥ ¼ of the largest. */
function keepBottomComponents(region: Uint8Array, w: number, h: number): Uint8Array {
  const label = new Int32Array(w * h).fill(-1);
  const sizes: number[] = [];
  const touches: boolean[] = [];
  const stack = new Int32Array(w * h);
  for (let start = 0; start < w * h; start++) {
    if (!region[start] || (label[start] ?? 0) >= 0) continue;
    const id = sizes.length;
    let size = 0;
    let bottom = false;
    let top = 0;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const c = stack[--top] ?? 0;
      size++;
      const x = c % w;
      const y = (c - x) / w;
      if (y === h - 1) bottom = true;
      const neighbours = [x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, c - w, c + w];
      for (const n of neighbours) {
        if (n < 0 || n >= w * h || !region[n] || (label[n] ?? 0) >= 0) continue;
        label[n] = id;
        stack[top++] = n;
      }
    }
    sizes.push(size);
    touches.push(bottom);
  }
  let largest = 0;
  sizes.forEach((s, i) => {
    if (touches[i] && s > largest) largest = s;
  });
  const out = new Uint8Array(w * h);
  for (let c = 0; c < w * h; c++) {
    const id = label[c] ?? -1;
    if (id >= 0 && touches[id] && (sizes[id] ?? 0) * 4 >= largest) out[c] = 1;
  }
  return out;
}

/** Morphological close (dilate then erode) with a (2r+1)² square: fills cracks, keeps holes. */
function close(region: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return morph(morph(region, w, h, r, true), w, h, r, false);
}

function morph(src: Uint8Array, w: number, h: number, r: number, dilate: boolean): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let hit = !dilate;
      for (let dy = -r; dy <= r && hit !== dilate; dy++) {
        const yy = Math.max(0, Math.min(h - 1, y + dy));
        for (let dx = -r; dx <= r; dx++) {
          const xx = Math.max(0, Math.min(w - 1, x + dx));
          const on = src[yy * w + xx] === 1;
          if (dilate ? on : !on) {
            hit = dilate;
            break;
          }
        }
      }
      out[y * w + x] = hit ? 1 : 0;
    }
  }
  return out;
}

/**
 * Full-size mask: bilinear coverage of the working mask; where it is clearly in (≥ 0.85) or out
 * (≤ 0.15) that decides, and in the band between, each pixel joins whichever side's local mean
 * colour (floor cells vs other cells in the 3×3 neighbourhood) it is nearer to.
 */
function upsampleGuided(
  image: Raster,
  work: WorkImage,
  region: Uint8Array,
  horizonRow: number,
): Mask {
  const { width, height } = image;
  const { w, h } = work;
  const floorMean = neighbourhoodMeans(work, region, 1);
  const otherMean = neighbourhoodMeans(work, region, 0);
  const out = new Uint8Array(width * height);
  const lab: Lab = [0, 0, 0];
  const d = image.data;
  const sx = w / width;
  const sy = h / height;
  const minY = Math.floor(horizonRow / sy);
  for (let y = minY; y < height; y++) {
    const gy = (y + 0.5) * sy - 0.5;
    const y0 = Math.max(0, Math.min(h - 1, Math.floor(gy)));
    const y1 = Math.min(h - 1, y0 + 1);
    const fy = Math.max(0, Math.min(1, gy - y0));
    for (let x = 0; x < width; x++) {
      const gx = (x + 0.5) * sx - 0.5;
      const x0 = Math.max(0, Math.min(w - 1, Math.floor(gx)));
      const x1 = Math.min(w - 1, x0 + 1);
      const fx = Math.max(0, Math.min(1, gx - x0));
      const cover =
        ((region[y0 * w + x0] ?? 0) * (1 - fx) + (region[y0 * w + x1] ?? 0) * fx) * (1 - fy) +
        ((region[y1 * w + x0] ?? 0) * (1 - fx) + (region[y1 * w + x1] ?? 0) * fx) * fy;
      if (cover <= 0.15) continue;
      const i = y * width + x;
      if (cover >= 0.85) {
        out[i] = 1;
        continue;
      }
      const c = Math.min(h - 1, Math.round(gy)) * w + Math.min(w - 1, Math.round(gx));
      const c0 = Math.max(0, c);
      const p = i * 4;
      linearRgbToLabInto(
        SRGB_TO_LINEAR[d[p] ?? 0] ?? 0,
        SRGB_TO_LINEAR[d[p + 1] ?? 0] ?? 0,
        SRGB_TO_LINEAR[d[p + 2] ?? 0] ?? 0,
        lab,
      );
      const df = labDistance(lab, floorMean, c0);
      const dn = labDistance(lab, otherMean, c0);
      if (df <= dn) out[i] = 1;
    }
  }
  return { width, height, data: out };
}

/** Per cell: mean Lab of the 3×3 neighbours whose region value is `which` (NaN when none). */
function neighbourhoodMeans(work: WorkImage, region: Uint8Array, which: 0 | 1): Float32Array {
  const { w, h } = work;
  const out = new Float32Array(w * h * 3).fill(Number.NaN);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      let l = 0;
      let a = 0;
      let b = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const c = yy * w + xx;
          if ((region[c] ?? 0) !== which) continue;
          n++;
          l += work.l[c] ?? 0;
          a += work.a[c] ?? 0;
          b += work.b[c] ?? 0;
        }
      }
      if (n === 0) continue;
      const o = (y * w + x) * 3;
      out[o] = l / n;
      out[o + 1] = a / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}

function labDistance(lab: Lab, means: Float32Array, c: number): number {
  const l = means[c * 3] ?? Number.NaN;
  if (Number.isNaN(l)) return Infinity;
  return Math.hypot(
    (lab[0] - l) * L_WEIGHT,
    lab[1] - (means[c * 3 + 1] ?? 0),
    lab[2] - (means[c * 3 + 2] ?? 0),
  );
}
