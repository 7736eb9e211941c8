/**
 * The room parse, wall paint and floors against the hand-labelled ground truth: per photo, floor
 * and wall IoU and the paint/floor spill and miss. The floors are set just under what the engine
 * measured when this test was written (`npm run bench:engine` prints the same table), so a
 * regression fails; raise them when the engine improves. The goals (spill ≤ 2 %, miss ≤ 3 %) are
 * far from met on several photos — see the notes in decision 012.
 */
import { describe, expect, it } from 'vitest';
import { labelledPhotos } from '../test-support/ground-truth';
import { formatSceneTable, measureScene, type SceneQuality } from '../test-support/scene-quality';

interface Floors {
  /** null: the photo shows (almost) no floor; the floors action must refuse it. */
  floor: number | null;
  walls: number;
  left: number | null;
  front: number | null;
  right: number | null;
  paintSpill: number;
  paintMiss: number;
  /** null: the floors action must refuse the photo (too little bare floor once rugs are kept). */
  floorSpill: number | null;
  floorMiss: number | null;
}

/**
 * Measured at 1600 px (IoU − 0.02, spill/miss + 0.02). Floors keep the rugs, mats and shower trays
 * the network read as floor (scene/inner-floor.ts, decision 027) and reach the foot of the wall:
 * floor spill fell on the four photos with one (bathroom-grey 47.8 → 32.8 %, dining 54.5 → 20.0 %,
 * beamed 7.9 → 1.5 %, glass-shower 32.9 → 4.2 %). Two floors were loosened, with the reason:
 * beamed miss 0.03 → 0.05 (0.5 → 2.5 %: the rug's hull takes the shadowed floor under an
 * armchair on its edge) and bathroom-grey miss 0.16 → 0.17 (13.5 → 14.2 %, the mat's outline).
 * Walls were raised in decision 028 where they improved (the wall gives way to a door or the ceiling the network half-reads; wall planes by
 * vanishing points only with a trusted camera), kept where they still hold. bedroom-1 (only a
 * sliver of floor under a nightstand: the floors action must refuse it) and living-room-beige-armchairs were labelled in
 * that change. Decision 029: furniture the detector boxes (bed, fridge, sink, TV, …) and doors
 * or cabinet fronts the network ranks second behind wall take back the "wall" that the wall round
 * them cannot reach across an edge (scene/wall-occluders.ts); walls and spill raised where they
 * improved (bedroom-1 spill 52.5 → 43.0 %, wall IoU 0.476 → 0.570; mirror 20.5 → 15.8 %).
 * Decision 030: SAM shows which floor points lie on things standing there
 * (ops/floor-objects.ts); floor spill fell on bathroom-double 4.3 → 1.1 %, bathroom-grey
 * 32.8 → 10.6 %, kitchen-black 15.6 → 8.6 %, red-armchair 31.3 → 15.0 %, and those floors were
 * raised. One was loosened, with the reason: living-room-1 miss 0.06 → 0.09 (4.3 → 6.5 %: SAM's
 * outline of the egg chair takes the shadowed floor at its foot). Decision 038: doors found by
 * their frames leave the wall (scene/door-frames.ts); raised bedroom-1 (spill 42.7 → 34.1 %, wall
 * IoU 0.571 → 0.655) and dining-room (spill 40.6 → 28.5 %, wall IoU 0.580 → 0.696). Decision
 * 040: dining tables and chairs take back the wall too; raised dining-room (spill 28.5 → 26.9 %,
 * wall IoU 0.696 → 0.706) and living-room-1 (spill 12.5 → 11.6 %). Decision 045: a patterned rug
 * the colours cannot part from the floor is kept as the hull of the network's rug evidence;
 * raised living-room-1 floor spill 61.0 → 33.0 %. Decision 046: wall found above a stretch of
 * ceiling is the ceiling (scene/wall-above-ceiling.ts); raised beamed-ceiling (spill 31.2 →
 * 21.9 %, wall IoU 0.632 → 0.709, front 0.591 → 0.667) and kitchen-black (spill 29.6 → 28.8 %,
 * wall IoU 0.689 → 0.697). Decision 053: the floor stops at an open doorway's threshold, and an
 * evidence rug runs on under the sofa behind it; raised dining-room floor spill 19.6 → 11.7 % and
 * living-room-1 33.0 → 18.5 %. Decision 051: the paint action paints the redesign's cleaned walls, a
 * shaded patch of "ceiling" inside a wall is wall, and cognac's labels were corrected (ceiling,
 * doors); raised tufted (spill 11.8 → 6.5 %, wall IoU 0.753 → 0.792), cognac (spill 30.9 →
 * 28.7 %, wall IoU 0.612 on the corrected labels), neutral-sofa (11.4 → 8.7 %), living-room-1
 * (9.7 → 7.9 %), dining (24.6 → 23.2 %) and kitchen-dining (17.7 → 16.2 %). Decision 057: a
 * room-size woven rug is told by its straight border against a smooth floor (scene/rug-edge.ts)
 * and kept; living-room-neutral-sofa (94.9 % floor spill, 91 points on its rug) is now refused:
 * 1.4 % of the photo is bare tile, under the 2 % a floor needs (bedroom-1's rule), and "replace
 * the rug" still lays over it. Decision 066: the recessed plinth under a unit is taken back out of
 * the floor (ops/find-floor.ts, `leavePlinths`); kitchen-black floor spill 8.6 → 0.5 % (bound
 * 0.11 → 0.02), every other row unchanged. Decision 070: a plant's leaves the parse called wall
 * keep their green (ops/plant-foliage.ts, per wall plane); dining-room paint spill 23.2 → 22.0 %
 * (bound 0.26 → 0.24). Decision 069: the parse's storage pieces and radiators are prompted for
 * SAM like a sofa; paint spill bounds lowered on double-vanity (0.65 → 0.39, spill 36.1 %),
 * grey-tile (0.27 → 0.25, 22.9 %) and minimal-mirror (0.18 → 0.14, 11.1 %; its miss rose
 * 2.5 → 2.9 %, inside the 0.03 bound). Decision 072: a band under the ceiling ended by a second
 * straight edge (a header, a tray step's face) is not painted; cognac paint spill 18.1 → 15.4 %
 * (bound 0.31 → 0.18) and beige 27.0 → 26.4 % (0.3 → 0.29). Decision 071: SAM is clicked on the
 * parse's furniture standing on the floor and its slender legs leave the floor; kitchen-dining
 * floor spill 9.7 → 9.3 % (bound 0.12 → 0.113), red-armchair 15.0 → 14.4 % (0.17 → 0.164). Decision
 * 074: whether the photo shows a wall–ceiling line is judged over nearby columns, not one by one;
 * cognac's grey pillar is no longer cut into stripes (paint miss 17.3 → 14.3 %, bound 0.21 → 0.16;
 * spill 15.3 → 15.0 %, 0.18 → 0.17). Decision 081: the plain wall beside a curtain the parse is
 * unsure of is grown back from the sure wall up to the fabric's edge; tufted paint miss
 * 10.1 → 7.4 % (bound 0.11 → 0.095), dining-room spill 22.0 → 18.7 % (0.24 → 0.21).
 * Decision 076: a doorway whose head shows no line is found
 * by the next room's floor seen deeper through it; red-armchair walls IoU 0.525 → 0.549 (bound
 * 0.51 → 0.54), left 0.448 → 0.483 (0.43 → 0.47), paint spill 41.0 → 38.5 % (0.44 → 0.4).
 * Decision 075: a window's frame found by its straight parallel
 * edges is not painted; paint spill grey-tile 23.3 → 20.3 % (bound 0.25 → 0.23), beige 26.4 →
 * 24.2 % (0.29 → 0.27), kitchen-black 28.1 → 27.6 % (0.31 → 0.30).
 * Decision 077: a mirror over a vanity, which SAM outlines
 * and the parse calls wall, is taken out of the paint; double-vanity paint spill 35.8 → 23.8 %
 * (bound 0.39 → 0.26), grey-tile 23.3 → 22.9 % (miss 10.8 → 11.3 %, inside 0.12).
 * Decision 078: a tray step's face ended by a soft shading
 * step is not painted when it is darker or lighter than both the ceiling and the wall; beige
 * paint spill 26.4 → 25.4 % (bound 0.29 → 0.28; miss 13.2 → 13.5 %, inside 0.16).
 * Decision 079: a patterned rug is kept out to its own straight
 * edges (scene/rug-outline.ts), and living-room-1's rug label was corrected (its left side ran
 * along the seam between the rug's outer column and the next); on the corrected labels its floor
 * spill fell 28.0 → 12.5 % (bound 0.205 → 0.145). One bound was loosened, with the reason: its
 * floor IoU 0.4 → 0.35 (0.416 → 0.369): the parse is unchanged, but the corrected label takes the
 * rug's outer strip, which the network calls floor, out of the labelled floor. With 075–081
 * together: grey-tile paint spill 19.9 % (bound 0.23 → 0.22), beige 23.2 % (0.27 → 0.25).
 * Decision 090: the dark base and legs of furniture standing on a light floor leave the floor, and
 * living-room-1's armchair label was corrected (its lower shell and the egg chair's star base were
 * drawn as floor, a patch of bare boards as chair); its floor spill 12.5 → 8.5 % (bound
 * 0.145 → 0.095), miss 2.0 → 2.7 % on the corrected label (7.9 % on the old; bound 0.09 → 0.035);
 * red-armchair spill 13.9 → 13.5 % (0.164 → 0.145), dining 11.6 → 11.5 % (0.135 → 0.125), cognac
 * 5.6 → 5.2 % (0.08 → 0.06), beige 14.0 → 13.8 % (0.16 → 0.15).
 * Decision 089: a storage piece's front the parse calls wall, and a piece standing beside it
 * (a kitchen column), are prompted for SAM; paint spill grey-tile 19.9 → 11.5 % (bound 0.22 →
 * 0.12), minimal-mirror 11.1 → 8.1 % (0.14 → 0.09), red-armchair 38.2 → 25.7 % (0.4 → 0.26; its
 * miss 14.8 → 15.0 %, at the 0.15 bound).
 * Decision 094: double-vanity's labels corrected (corner, ceiling edge); a dark detached "wall"
 * patch is not painted. Raised double-vanity (spill 16.7 %, miss 5.3 %, walls 0.394, front 0.553,
 * right 0.374), kitchen-black spill 27.6 → 23.9 % (0.3 → 0.26), minimal-mirror 8.1 → 5.2 % (0.07).
 * Decision 096: labels corrected (red-armchair's backsplash, grey-tile's bath panel and mat,
 * dining's rug corners, beige's chairs, armchair and rug traced); bounds tightened to the
 * corrected labels (grey-tile floor spill/miss 10.6/14.2 → 8.9/2.0 %, beige 13.8 → 7.9 %, dining
 * 11.5 → 8.8 %, red-armchair miss 12.6 → 6.9 %, its paint spill 25.7 → 23.1 %).
 * Decision 095: ceiling under a wall's wall–ceiling line is that wall, and red-armchair's splashback
 * label was corrected (floor → wall); its paint miss 15.0 → 5.1 % (0.15 → 0.07), spill 25.7 → 21.3 %
 * (0.26 → 0.23), walls IoU 0.549 → 0.632 (0.54 → 0.61), left 0.483 → 0.618 (0.47 → 0.59), floor
 * IoU 0.646 → 0.676 (0.63 → 0.65) and miss 12.6 → 6.9 % (0.13 → 0.09) on the corrected label.
 * Decision 103: a fireplace's surround in the wall's colour (shelf and flanks) is not painted;
 * paint spill beamed-ceiling 21.5 → 19.0 % (bound 0.24 → 0.2), beige 23.2 → 22.2 % (0.25 → 0.23).
 * Cognac's window label was corrected (it took the wall left of the window, with its light
 * switch and hoop planters): its paint spill 15.6 → 12.7 % (0.17 → 0.14) and miss 14.2 → 14.6 %
 * on the corrected label, the engine unchanged.
 * Decision 101: the panes of a window the parse half sees are found by the window's own lines;
 * kitchen-black paint spill 23.9 → 18.5 % (0.26 → 0.205; miss 2.8 → 3.2 %, under 0.04).
 * Decision 102: beige's wall–ceiling line corrected over the windows on the left (it ran up to
 * 17 px under the ceiling's edge); a stretch of a wall's ceiling line that is one side of a band
 * the parse called ceiling in part follows the band's other side where the photo shows that one
 * along both. On the corrected label beige paint spill 20.8 → 19.1 % (bound 0.25 → 0.2), miss
 * 16.0 → 13.7 % (0.16 → 0.14; 14.2 % on the old label with the old engine).
 * Decision 104: red-armchair's side table and sofa labels traced on the photo (13.5 / 6.9 → 9.4 /
 * 6.4 % on the old engine), a pale leg's two sides take it out of the floor (→ 7.7 / 6.7 %; floor
 * IoU 0.676 → 0.708, bounds 0.65 → 0.69, spill 0.145 → 0.095), a far rug backed by the evidence
 * was kept too but left a stepped apron of old carpet round it, so it was taken out again at the
 * merge (beige floors unchanged).
 */
const THRESHOLDS: Record<string, Floors> = {
  // Held out (labelled by scenefloor, never used to tune the engine).
  'bathroom-double-vanity-glass-shower.jpg': {
    floor: 0.6,
    walls: 0.37,
    left: null,
    front: 0.53,
    right: 0.35,
    paintSpill: 0.19,
    paintMiss: 0.07,
    floorSpill: 0.03,
    floorMiss: 0.1,
  },
  'bathroom-grey-tile-bathtub.webp': {
    floor: 0.51,
    walls: 0.68,
    left: 0.0,
    front: 0.45,
    right: 0.64,
    paintSpill: 0.12,
    paintMiss: 0.12,
    floorSpill: 0.11,
    floorMiss: 0.04,
  },
  'bedroom-1.jpg': {
    floor: null,
    walls: 0.63,
    left: null,
    front: 0.55,
    right: 0.0,
    paintSpill: 0.37,
    paintMiss: 0.04,
    floorSpill: null,
    floorMiss: null,
  },
  'bedroom-minimal-mirror.jpg': {
    floor: 0.91,
    walls: 0.81,
    left: null,
    front: 0.8,
    right: null,
    paintSpill: 0.07,
    paintMiss: 0.03,
    floorSpill: 0.06,
    floorMiss: 0.03,
  },
  'bedroom-tufted-headboard.jpg': {
    floor: 0.89,
    walls: 0.77,
    left: null,
    front: 0.7,
    right: 0.0,
    paintSpill: 0.09,
    paintMiss: 0.095,
    floorSpill: 0.08,
    floorMiss: 0.06,
  },
  'dining-room-green-velvet-chairs.webp': {
    floor: 0.43,
    walls: 0.68,
    left: 0.0,
    front: 0.69,
    right: null,
    paintSpill: 0.21,
    paintMiss: 0.07,
    floorSpill: 0.105,
    floorMiss: 0.07,
  },
  'kitchen-black-minimal.jpg': {
    floor: 0.78,
    walls: 0.67,
    left: null,
    front: 0.86,
    right: 0.34,
    paintSpill: 0.205,
    paintMiss: 0.04,
    floorSpill: 0.02,
    floorMiss: 0.02,
  },
  'kitchen-dining-1.jpg': {
    floor: 0.85,
    walls: 0.76,
    left: 0.56,
    front: 0.6,
    right: 0.81,
    paintSpill: 0.19,
    paintMiss: 0.08,
    floorSpill: 0.113,
    floorMiss: 0.06,
  },
  'living-dining-room-red-armchair.jpg': {
    floor: 0.69,
    walls: 0.61,
    left: 0.59,
    front: null,
    right: 0.2,
    paintSpill: 0.23,
    paintMiss: 0.07,
    floorSpill: 0.095,
    floorMiss: 0.09,
  },
  'living-room-1.jpg': {
    floor: 0.35,
    walls: 0.84,
    left: null,
    front: 0.83,
    right: null,
    paintSpill: 0.1,
    paintMiss: 0.05,
    floorSpill: 0.095,
    floorMiss: 0.035,
  },
  'living-room-beamed-ceiling.jpg': {
    floor: 0.9,
    walls: 0.68,
    left: null,
    front: 0.64,
    right: 0.16,
    paintSpill: 0.2,
    paintMiss: 0.12,
    floorSpill: 0.04,
    floorMiss: 0.05,
  },
  // Held out (labelled by scenefloor, never used to tune the engine).
  'living-room-cognac-leather-sofa.jpg': {
    floor: 0.84,
    walls: 0.59,
    left: null,
    front: 0.38,
    right: null,
    paintSpill: 0.14,
    paintMiss: 0.16,
    floorSpill: 0.06,
    floorMiss: 0.11,
  },
  'living-room-beige-armchairs.jpg': {
    floor: 0.9,
    walls: 0.63,
    left: 0.34,
    front: 0.59,
    right: 0.56,
    paintSpill: 0.2,
    paintMiss: 0.145,
    floorSpill: 0.1,
    floorMiss: 0.03,
  },
  'living-room-neutral-sofa.jpg': {
    floor: 0.03,
    walls: 0.79,
    left: null,
    front: 0.78,
    right: null,
    paintSpill: 0.11,
    paintMiss: 0.05,
    floorSpill: null,
    floorMiss: null,
  },
};

const measured: SceneQuality[] = [];

describe('scene quality against the ground-truth labels', async () => {
  const photos = await labelledPhotos();

  it('has thresholds for every labelled photo', () => {
    expect(photos.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(THRESHOLDS).sort()).toEqual(photos);
  });

  it.each(photos)('%s: parse, paint and floors no worse than measured', async (photo) => {
    const q = await measureScene(photo);
    measured.push(q);
    const t = THRESHOLDS[photo];
    if (!t) throw new Error(`no thresholds for ${photo}`);
    expect(q.wallIou.all).toBeGreaterThanOrEqual(t.walls);
    for (const plane of ['left', 'front', 'right'] as const) {
      const floor = t[plane];
      if (floor !== null) expect(q.wallIou[plane]).toBeGreaterThanOrEqual(floor);
    }
    expect(q.paint.spill).toBeLessThanOrEqual(t.paintSpill);
    expect(q.paint.miss).toBeLessThanOrEqual(t.paintMiss);
    if (t.floor !== null) expect(q.floorIou).toBeGreaterThanOrEqual(t.floor);
    if (t.floorSpill === null) {
      expect(q.floors.refused).toBe(true);
    } else {
      expect(q.floors.refused).toBe(false);
      expect(q.floors.spill).toBeLessThanOrEqual(t.floorSpill);
      expect(q.floors.miss).toBeLessThanOrEqual(t.floorMiss ?? 0);
    }
    if (measured.length === photos.length) console.log(formatSceneTable(measured));
  });
});
