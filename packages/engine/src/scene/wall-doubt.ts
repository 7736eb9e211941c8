/**
 * Where the network hesitates between wall and a door, or wall and ceiling, the wall gives way.
 * ADE20K's MobileNet reads white doors as wall with door close behind, and a pale ceiling or a
 * soffit as wall with ceiling close behind; paint then covers them, and the wall–ceiling line
 * the wall planes are split by runs through the ceiling. Per logit cell whose winner is wall,
 * the wall's logit is lowered by a margin when the runner-up is a door or the ceiling: the wall
 * keeps the cell only when it wins by more than that. Other runner-ups are left alone.
 */
import type { SegmentationLogits } from '../models/segmentation-model';
import { ADE } from './ade20k';

/**
 * The runner-ups the wall gives way to. Only doors: a lower margin against every object class
 * (furniture, shelves, curtains) cut more spill but took real wall beside open shelving and
 * curtains and moved the plane split on corner shots (decision 028).
 */
const DOORS: ReadonlySet<number> = new Set([ADE.door, ADE.screenDoor]);

/** The wall must beat a door runner-up by this many logits (×2.7 in probability). */
export const WALL_OVER_DOOR = 1;
/** …and the ceiling by this many (×2.7: pale ceilings and soffits read as wall). */
export const WALL_OVER_CEILING = 1;

/** A copy of the logits with the wall lowered where a door or the ceiling is close behind. */
export function doubtWalls(
  logits: SegmentationLogits,
  overDoor = WALL_OVER_DOOR,
  overCeiling = WALL_OVER_CEILING,
): SegmentationLogits {
  const { classes, grid } = logits;
  const cells = grid * grid;
  const data = logits.data.slice();
  const wallAt = ADE.wall * cells;
  for (let i = 0; i < cells; i++) {
    let best = -1;
    let bestValue = -Infinity;
    let second = -1;
    let secondValue = -Infinity;
    for (let c = 0; c < classes; c++) {
      const v = data[c * cells + i] ?? -Infinity;
      if (v > bestValue) {
        second = best;
        secondValue = bestValue;
        best = c;
        bestValue = v;
      } else if (v > secondValue) {
        second = c;
        secondValue = v;
      }
    }
    if (best !== ADE.wall || second < 0) continue;
    const margin = second === ADE.ceiling ? overCeiling : DOORS.has(second) ? overDoor : 0;
    data[wallAt + i] = (data[wallAt + i] ?? 0) - margin;
  }
  return { ...logits, data };
}
