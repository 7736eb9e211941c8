/**
 * A potted plant standing on the floor: the network names its pot and the heart of its leaves,
 * but calls the thin stems and the leaves' edges floor (or rug), and SAM's objects over the floor
 * miss it too (the plant lies wholly inside the floor). Laying a floor there would cut the plant
 * off at its pot and leave leaves floating. The plant's own foliage is found by its colour: from
 * what the parse calls plant (or its pot), the floor's pixels that are green — and far from the
 * floor's own colour — are followed outward and taken out of the floor with their soft rim.
 */
import { labPlane } from '../colour';
import { dilateMask, type Raster } from '../raster';
import { ADE } from '../scene/ade20k';

/** What the parse names a plant standing on the floor: where its foliage is followed from. */
const PLANT = new Uint8Array(256);
for (const cls of [ADE.plant, ADE.flower, ADE.pot, ADE.vase]) PLANT[cls] = 1;

/** Foliage is at least this green (CIELAB a*, negative towards green)… */
const MAX_FOLIAGE_A = -3;
/** …and this yellow (b*): a leaf or stem, not a grey-blue shadow on the floor. */
const MIN_FOLIAGE_B = 8;
/** …and this far (a*b* distance) from the floor's own colour: a green carpet is not foliage. */
const MIN_FOLIAGE_CONTRAST = 10;
/** A floor's matte value from which the pixel counts as floor for its colour. */
const FLOOR_CORE = 128;
/** The rim around a stem blending it with the floor (pixels): taken with it. */
const STEM_RIM = 1;

/** The median of one CIELAB channel (0 L*, 1 a*, 2 b*) over the pixels where `where` holds. */
function medianWhere(lab: Float32Array, channel: number, where: (i: number) => boolean): number {
  const picked: number[] = [];
  const n = lab.length / 3;
  for (let i = 0; i < n; i++) if (where(i)) picked.push(lab[i * 3 + channel] ?? 0);
  if (picked.length === 0) return 0;
  picked.sort((x, y) => x - y);
  return picked[picked.length >> 1] ?? 0;
}

/**
 * Pixels (1) of the floor's `matte` that are the foliage of a plant the parse saw standing there:
 * green, far from the floor's median colour, and joined to the plant through such pixels.
 */
export function plantFoliageOnFloor(
  image: Raster,
  labels: Uint8Array,
  matte: Uint8Array,
): Uint8Array {
  const { width, height } = image;
  const n = width * height;
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (PLANT[labels[i] ?? 0]) queue.push(i);
  // No plant in the parse (most photos): nothing to follow, and no colour pass over the photo.
  if (queue.length === 0) return new Uint8Array(n);
  const lab = labPlane(image);
  const onFloor = (i: number) => (matte[i] ?? 0) >= FLOOR_CORE;
  const floorA = medianWhere(lab, 1, onFloor);
  const floorB = medianWhere(lab, 2, onFloor);
  const foliage = (i: number) => {
    const ai = lab[i * 3 + 1] ?? 0;
    const bi = lab[i * 3 + 2] ?? 0;
    return (
      (matte[i] ?? 0) > 0 &&
      ai <= MAX_FOLIAGE_A &&
      bi >= MIN_FOLIAGE_B &&
      Math.hypot(ai - floorA, bi - floorB) >= MIN_FOLIAGE_CONTRAST
    );
  };
  const taken = new Uint8Array(n);
  const seen = new Uint8Array(n);
  for (const i of queue) seen[i] = 1;
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head] ?? 0;
    const x = i % width;
    const y = (i / width) | 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = ny * width + nx;
        if (seen[j]) continue;
        seen[j] = 1;
        if (!foliage(j)) continue;
        taken[j] = 1;
        queue.push(j);
      }
    }
  }
  const rimmed = dilateMask({ width, height, data: taken }, STEM_RIM).data;
  for (let i = 0; i < n; i++) rimmed[i] = rimmed[i] && (matte[i] ?? 0) > 0 ? 1 : 0;
  return rimmed;
}
