/**
 * A potted plant in front of a surface the engine repaints (the floor, a wall): the network names
 * its pot and the heart of its leaves, but calls the thin stems and the leaves' edges floor or
 * wall, and SAM's objects miss them too. Laying a floor or a paint there would cut the plant off
 * at its pot and tint its leaves. The plant's own foliage is found by its colour: from what the
 * parse calls plant (or its pot), the surface's pixels that are green — and far from, or greener
 * than, the surface's own colour — are followed outward and taken out of the surface with their
 * soft rim.
 */
import { labPlane } from '../colour';
import { dilateMask, type Raster } from '../raster';
import { ADE } from '../scene/ade20k';

/** What the parse names a plant standing by the surface: where its foliage is followed from. */
const PLANT = new Uint8Array(256);
for (const cls of [ADE.plant, ADE.flower, ADE.pot, ADE.vase]) PLANT[cls] = 1;

/** Foliage is at least this green (CIELAB a*, negative towards green)… */
const MAX_FOLIAGE_A = -3;
/** …and this yellow (b*): a leaf or stem, not a grey-blue shadow on the surface… */
const MIN_FOLIAGE_B = 8;
/** …and this far (a*b* distance) from the surface's own colour: a green carpet is not foliage… */
const MIN_FOLIAGE_CONTRAST = 10;
/**
 * …or, nearer the surface's colour (a pale grey-green leaf in the light against a grey-beige
 * wall), at least this much greener (a*) than the surface: the bounce light tinting a shadow on
 * the surface shifts it less.
 */
const MIN_GREENER = 5;
/** A surface's matte value from which the pixel counts as surface for its colour. */
const SURFACE_CORE = 128;
/** The rim around a stem blending it with the surface (pixels): taken with it. */
const STEM_RIM = 1;

/**
 * Per part of the surface (`parts[i]`, 0…255), the median of `value` over its core pixels (the
 * upper of the two middle values), sorted natively in a typed array: a 2 MP floor's million
 * values sort in a sixth of the time a comparator takes.
 */
function partMedians(
  matte: Uint8Array,
  parts: Uint8Array | undefined,
  value: (i: number) => number,
): Float32Array {
  const n = matte.length;
  const count = new Int32Array(256);
  for (let i = 0; i < n; i++) {
    const part = parts?.[i] ?? 0;
    if ((matte[i] ?? 0) >= SURFACE_CORE) count[part] = (count[part] ?? 0) + 1;
  }
  const start = new Int32Array(257);
  for (let p = 0; p < 256; p++) start[p + 1] = (start[p] ?? 0) + (count[p] ?? 0);
  const values = new Float32Array(start[256] ?? 0);
  const next = Int32Array.from(start.subarray(0, 256));
  for (let i = 0; i < n; i++) {
    if ((matte[i] ?? 0) < SURFACE_CORE) continue;
    const part = parts?.[i] ?? 0;
    const at = next[part] ?? 0;
    next[part] = at + 1;
    values[at] = value(i);
  }
  const median = new Float32Array(256);
  for (let p = 0; p < 256; p++) {
    const size = count[p] ?? 0;
    const from = start[p] ?? 0;
    if (size > 0) median[p] = values.subarray(from, from + size).sort()[size >> 1] ?? 0;
  }
  return median;
}

/**
 * Pixels (1) of a surface's `matte` (the floor's, the walls') that are the foliage of a plant the
 * parse saw in front of it: green, far from or greener than the surface, and joined to the plant
 * through such pixels. `parts` splits the surface into parts of their own colour (the wall planes: a
 * white wall and a sage one beside it); a pixel is compared with its own part's colour.
 */
export function plantFoliageOn(
  image: Raster,
  labels: Uint8Array,
  matte: Uint8Array,
  parts?: Uint8Array,
): Uint8Array {
  const { width, height } = image;
  const n = width * height;
  const queue = new Int32Array(n);
  const seen = new Uint8Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) {
    if (!PLANT[labels[i] ?? 0]) continue;
    queue[tail++] = i;
    seen[i] = 1;
  }
  // No plant in the parse (most photos): nothing to follow, and no colour pass over the photo.
  if (tail === 0) return new Uint8Array(n);
  const lab = labPlane(image);
  const surfaceA = partMedians(matte, parts, (i) => lab[i * 3 + 1] ?? 0);
  const surfaceB = partMedians(matte, parts, (i) => lab[i * 3 + 2] ?? 0);
  const foliage = (j: number) => {
    const a = lab[j * 3 + 1] ?? 0;
    const b = lab[j * 3 + 2] ?? 0;
    if (a > MAX_FOLIAGE_A || b < MIN_FOLIAGE_B) return false;
    const part = parts?.[j] ?? 0;
    const da = a - (surfaceA[part] ?? 0);
    const db = b - (surfaceB[part] ?? 0);
    return da <= -MIN_GREENER || da * da + db * db >= MIN_FOLIAGE_CONTRAST * MIN_FOLIAGE_CONTRAST;
  };
  // The plant's own pixels in the surface's soft edge are taken too where they are foliage.
  const taken = new Uint8Array(n);
  for (let head = 0; head < tail; head++) {
    const i = queue[head] ?? 0;
    if ((matte[i] ?? 0) > 0 && foliage(i)) taken[i] = 1;
  }
  for (let head = 0; head < tail; head++) {
    const i = queue[head] ?? 0;
    const x = i % width;
    const y = (i - x) / width;
    for (let dy = -1; dy <= 1; dy++) {
      const ny = y + dy;
      if (ny < 0 || ny >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        if (nx < 0 || nx >= width) continue;
        const j = ny * width + nx;
        if (seen[j]) continue;
        seen[j] = 1;
        if ((matte[j] ?? 0) === 0) continue;
        if (!foliage(j)) continue;
        taken[j] = 1;
        queue[tail++] = j;
      }
    }
  }
  const rimmed = dilateMask({ width, height, data: taken }, STEM_RIM).data;
  for (let i = 0; i < n; i++) rimmed[i] = rimmed[i] && (matte[i] ?? 0) > 0 ? 1 : 0;
  return rimmed;
}
