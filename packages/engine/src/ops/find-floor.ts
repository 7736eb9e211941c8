/**
 * The floor of a photo for the floors action, read from the room parse (scene/): exactly the
 * visible floor — under and between furniture legs, never onto objects — with its soft matte for
 * the edges. A rug stays unless the request asks to replace it. A photo that shows almost no
 * floor is refused (invalid input: the generation is refunded) rather than "floored" somewhere
 * else.
 */
import { labelComponents } from '../scene/objects';
import type { RoomParse } from '../scene';
import type { Mask } from '../raster';
import { EngineError } from '../types';
import { matteMask } from './matte';

/** Less floor than this share of the photo is no floor to lay. */
const MIN_FLOOR_SHARE = 0.02;
/** Floor islands smaller than this share of the floor are the parse's mistakes (a grey cushion). */
const MIN_ISLAND_SHARE = 0.004;
/** Where the user's own mask holds less floor than this share of it, the mask is taken as is. */
const MIN_MASK_ON_FLOOR = 0.2;

export interface FloorChoice {
  /** Keep the rug (the default) or lay the new floor over it too. */
  rug?: 'keep' | 'replace';
  /** A region the user painted: the floor within it (or the region itself, if it is not floor). */
  within?: Mask;
}

export interface FloorSurface {
  mask: Mask;
  /** 0–255 share of floor per pixel (fractional only on its edges). */
  matte: Uint8Array;
}

const noFloor = () =>
  new EngineError(
    'invalid_input',
    'No floor could be found in this photo: too little of it is visible',
  );

/** Drops floor islands (the parse's small mistakes) from the matte, in place. */
function dropIslands(matte: Uint8Array, width: number, height: number): void {
  const hard = matteMask(matte, width, height).data;
  const { ids, count } = labelComponents(hard, width, height);
  const area = new Int32Array(count + 1);
  let total = 0;
  for (let i = 0; i < hard.length; i++) {
    if (!hard[i]) continue;
    area[ids[i] ?? 0] = (area[ids[i] ?? 0] ?? 0) + 1;
    total++;
  }
  const min = Math.max(64, MIN_ISLAND_SHARE * total);
  for (let i = 0; i < hard.length; i++) {
    if (hard[i] && (area[ids[i] ?? 0] ?? 0) < min) matte[i] = 0;
  }
}

/** A rug worth keeping covers at least this share of the floor it lies on. */
const MIN_RUG_SHARE = 0.12;

function aRealRug(rug: Uint8Array, floor: Uint8Array): boolean {
  let rugArea = 0;
  let floorArea = 0;
  for (let i = 0; i < rug.length; i++) {
    if ((rug[i] ?? 0) >= 128) rugArea++;
    if ((floor[i] ?? 0) >= 128) floorArea++;
  }
  return rugArea >= MIN_RUG_SHARE * (rugArea + floorArea);
}

export function floorOf(parse: RoomParse, choice: FloorChoice = {}): FloorSurface {
  const { width, height } = parse;
  const n = width * height;
  const floor = parse.surfaceAlpha('floor');
  const matte = new Uint8Array(floor);
  const rug = parse.surfaceAlpha('rug');
  if (choice.rug === 'replace' || !aRealRug(rug, floor)) {
    // A rug the parse saw only in patches (most of a carpet read as floor) is laid over too:
    // keeping the patches would leave islands of the old carpet in the new floor.
    for (let i = 0; i < n; i++) matte[i] = Math.min(255, (matte[i] ?? 0) + (rug[i] ?? 0));
  }
  dropIslands(matte, width, height);
  if (choice.within) {
    const user = choice.within.data;
    let inMask = 0;
    let onFloor = 0;
    for (let i = 0; i < n; i++) {
      if (!user[i]) continue;
      inMask++;
      if ((matte[i] ?? 0) >= 128) onFloor++;
    }
    if (inMask > 0 && onFloor < MIN_MASK_ON_FLOOR * inMask) {
      // The user painted something that is not floor: respect the painting.
      const own = new Uint8Array(n);
      for (let i = 0; i < n; i++) own[i] = user[i] ? 255 : 0;
      return { mask: { width, height, data: new Uint8Array(user) }, matte: own };
    }
    for (let i = 0; i < n; i++) if (!user[i]) matte[i] = 0;
  }
  const mask = matteMask(matte, width, height);
  let area = 0;
  for (let i = 0; i < n; i++) area += mask.data[i] ?? 0;
  if (area < MIN_FLOOR_SHARE * n) throw noFloor();
  return { mask, matte };
}
