/**
 * Change material's selection snaps to the thing it starts on (issue 10): a brushed or clicked
 * selection over a sofa that spills onto the wall and the floor changes the sofa only. The room
 * parse says which pixels are which thing: the selection keeps the pixels of the kind of thing
 * (object class, or which wall, the floor, the ceiling) under most of it, and stops at its
 * boundary; small gaps the brush left inside that thing are filled.
 */
import type { Mask } from '../raster';
import { ADE } from '../scene/ade20k';
import type { RoomParse } from '../scene';
import { fillSmallHoles } from './segment';

/** The thing under most of the selection must cover at least this share of it to snap to. */
const MIN_DOMINANT_SHARE = 0.4;
/** Gaps inside the snapped selection filled, as a share of its area. */
const GAP_SHARE = 0.05;

/**
 * Classes that are one thing for a material: seating with its cushions and throw (the parse often
 * calls half a sofa a bed or a chair), tables, counters.
 */
const SAME_THING: Readonly<Record<number, number>> = {
  [ADE.cushion]: ADE.sofa,
  [ADE.pillow]: ADE.sofa,
  [ADE.blanket]: ADE.sofa,
  [ADE.armchair]: ADE.sofa,
  [ADE.seat]: ADE.sofa,
  [ADE.chair]: ADE.sofa,
  [ADE.bed]: ADE.sofa,
  [ADE.ottoman]: ADE.sofa,
  [ADE.bench]: ADE.sofa,
  [ADE.swivelChair]: ADE.sofa,
  [ADE.stool]: ADE.sofa,
  [ADE.coffeeTable]: ADE.table,
  [ADE.desk]: ADE.table,
  [ADE.countertop]: ADE.counter,
  [ADE.kitchenIsland]: ADE.counter,
};

/** The kind of thing at each pixel: a wall plane (256 + plane) or the class (seat parts folded). */
function thingAt(parse: Pick<RoomParse, 'labels' | 'wallPlanes'>, i: number): number {
  const label = parse.labels[i] ?? 0;
  if (label === ADE.wall) return 256 + (parse.wallPlanes[i] ?? 0);
  return SAME_THING[label] ?? label;
}

/**
 * The selection snapped to the thing under most of it: its pixels of that thing, with the small
 * gaps the brush left inside it filled. Unchanged when no one thing covers at least 40 % of it
 * (the parse does not know what was meant) or when the thing is "other".
 */
export function snapSelection(
  mask: Mask,
  parse: Pick<RoomParse, 'labels' | 'wallPlanes' | 'width' | 'height'>,
): Mask {
  if (parse.width !== mask.width || parse.height !== mask.height) return mask;
  const counts = new Map<number, number>();
  let selected = 0;
  for (let i = 0; i < mask.data.length; i++) {
    if (mask.data[i] !== 1) continue;
    selected++;
    const thing = thingAt(parse, i);
    counts.set(thing, (counts.get(thing) ?? 0) + 1);
  }
  let dominant = -1;
  let most = 0;
  for (const [thing, count] of counts) {
    if (count > most) {
      most = count;
      dominant = thing;
    }
  }
  if (dominant <= 0 || most < MIN_DOMINANT_SHARE * selected) return mask;
  const data = new Uint8Array(mask.data.length);
  for (let i = 0; i < data.length; i++) {
    if (mask.data[i] === 1 && thingAt(parse, i) === dominant) data[i] = 1;
  }
  const filled = fillSmallHoles({ width: mask.width, height: mask.height, data }, [], GAP_SHARE);
  // A gap is filled only where the parse sees that thing too.
  for (let i = 0; i < data.length; i++) {
    if (filled.data[i] === 1 && data[i] === 0 && thingAt(parse, i) !== dominant) {
      filled.data[i] = 0;
    }
  }
  return filled;
}
