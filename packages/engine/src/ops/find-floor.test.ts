import { describe, expect, it } from 'vitest';
import type { Mask, Raster } from '../raster';
import type { RoomParse } from '../scene';
import { ADE } from '../scene/ade20k';
import {
  labelMask,
  loadRoomLabels,
  rasteriseLabels,
  scaleLabels,
} from '../test-support/ground-truth';
import { roomRaster, type FractionRect } from '../test-support/photos';
import { parseOf } from '../test-support/room-parse';
import { rgbToLab } from '../colour';
import { rugByItsBorder } from '../scene/rug-edge';
import { floorOf, floorRegionOf } from './find-floor';

function coverage(mask: Mask, rect: FractionRect): number {
  let on = 0;
  let all = 0;
  for (let y = Math.round(rect.y0 * mask.height); y < Math.round(rect.y1 * mask.height); y++) {
    for (let x = Math.round(rect.x0 * mask.width); x < Math.round(rect.x1 * mask.width); x++) {
      on += mask.data[y * mask.width + x] ?? 0;
      all++;
    }
  }
  return on / all;
}

/** Hand-marked on the photos: open floor, and things that are not floor. */
const CASES: { photo: string; floor: FractionRect[]; notFloor: FractionRect[] }[] = [
  {
    photo: 'living-room-1.jpg',
    floor: [{ x0: 0.75, y0: 0.9, x1: 0.95, y1: 1 }], // boards
    notFloor: [
      { x0: 0.25, y0: 0.5, x1: 0.68, y1: 0.62 }, // the pale sofa
      { x0: 0.3, y0: 0.22, x1: 0.58, y1: 0.45 }, // the painting
      { x0: 0.73, y0: 0.45, x1: 0.85, y1: 0.8 }, // the painting leaning on the wall
    ],
  },
  {
    photo: 'living-room-neutral-sofa.jpg',
    floor: [{ x0: 0, y0: 0.93, x1: 0.6, y1: 1 }],
    notFloor: [{ x0: 0.2, y0: 0.52, x1: 0.9, y1: 0.62 }],
  },
  {
    photo: 'kitchen-dining-1.jpg',
    floor: [{ x0: 0.3, y0: 0.85, x1: 0.6, y1: 1 }],
    notFloor: [{ x0: 0.93, y0: 0.3, x1: 1, y1: 0.8 }], // the olive wall
  },
  {
    photo: 'kitchen-galley-modern.jpg',
    floor: [{ x0: 0.3, y0: 0.85, x1: 0.6, y1: 1 }],
    notFloor: [{ x0: 0.75, y0: 0.5, x1: 1, y1: 0.7 }], // the island's front
  },
  {
    // The floor runs between the bench's legs; the legs and the bed are not floor.
    photo: 'bedroom-tufted-headboard.jpg',
    floor: [
      { x0: 0.645, y0: 0.88, x1: 0.74, y1: 0.95 },
      { x0: 0, y0: 0.8, x1: 0.2, y1: 1 },
    ],
    notFloor: [
      { x0: 0.622, y0: 0.9, x1: 0.634, y1: 0.95 },
      { x0: 0.3, y0: 0.5, x1: 0.8, y1: 0.7 },
    ],
  },
];

describe('the floor from the room parse', () => {
  it.each(CASES)('covers the floor of $photo and not its furniture', async (c) => {
    const image = await roomRaster(c.photo, 1200);
    const floor = floorOf(await parseOf(image));
    for (const rect of c.floor) expect(coverage(floor.mask, rect)).toBeGreaterThan(0.9);
    for (const rect of c.notFloor) expect(coverage(floor.mask, rect)).toBeLessThan(0.03);
  });

  it('lays over a carpet the parse saw only in patches, leaving no islands of it (living-room-1)', async () => {
    const image = await roomRaster('living-room-1.jpg', 1200);
    const parse = await parseOf(image);
    // The parse reads most of the patterned carpet as floor and two of its squares as rug.
    const patch = { x0: 0.62, y0: 0.93, x1: 0.7, y1: 0.98 };
    expect(coverage(parse.classMask([29]), patch)).toBeGreaterThan(0.5);
    expect(coverage(floorOf(parse).mask, patch)).toBeGreaterThan(0.9);
    expect(coverage(floorOf(parse, { rug: 'replace' }).mask, patch)).toBeGreaterThan(0.9);
  });

  it('keeps to the floor inside a region the user painted', async () => {
    const image = await roomRaster('living-room-neutral-sofa.jpg', 1200);
    const parse = await parseOf(image);
    const within: Mask = {
      width: image.width,
      height: image.height,
      data: new Uint8Array(image.width * image.height),
    };
    // The left half of the photo from the sofa's seat down: sofa and floor.
    for (let y = Math.round(0.5 * image.height); y < image.height; y++) {
      within.data.fill(1, y * image.width, y * image.width + Math.round(0.5 * image.width));
    }
    const floor = floorOf(parse, { within });
    expect(coverage(floor.mask, { x0: 0, y0: 0.93, x1: 0.45, y1: 1 })).toBeGreaterThan(0.9);
    expect(coverage(floor.mask, { x0: 0.55, y0: 0.93, x1: 1, y1: 1 })).toBe(0);
    expect(coverage(floor.mask, { x0: 0.2, y0: 0.52, x1: 0.45, y1: 0.62 })).toBeLessThan(0.03);
  });

  it('refuses a photo with no floor in view rather than lay a floor on the wall', async () => {
    // A crop of the wall above the sofa: no floor anywhere.
    const full = await roomRaster('living-room-1.jpg', 1200);
    const height = Math.round(full.height * 0.4);
    const image = { width: full.width, height, data: full.data.slice(0, full.width * height * 4) };
    const parse = await parseOf(image);
    expect(() => floorOf(parse)).toThrow(expect.objectContaining({ kind: 'invalid_input' }));
    expect(() => floorOf(parse)).toThrow(/^No floor/);
  });

  /** Share of the labelled object's (or the labelled door's) pixels the floor mask covers. */
  async function coverOfObject(photo: string, name: string, choice: 'keep' | 'replace') {
    const image = await roomRaster(photo, 1200);
    const truth = rasteriseLabels(
      scaleLabels(await loadRoomLabels(photo), image.width, image.height),
    );
    const object = labelMask(truth, name === 'door' ? 'door' : `object:${name}`).data;
    const floor = floorOf(await parseOf(image), { image, rug: choice }).mask.data;
    let on = 0;
    let all = 0;
    for (let i = 0; i < object.length; i++) {
      if (!object[i]) continue;
      all++;
      on += floor[i] ?? 0;
    }
    return on / all;
  }

  it.each([
    // The network labels these floor; its weak rug share and their colour give them away.
    ['dining-room-green-velvet-chairs.webp', 'rug'],
    ['bathroom-grey-tile-bathtub.webp', 'rug'],
  ])('keeps the %s %s the network read as floor; replace lays over it', async (photo, name) => {
    expect(await coverOfObject(photo, name, 'keep')).toBeLessThan(0.35);
    expect(await coverOfObject(photo, name, 'replace')).toBeGreaterThan(0.6);
  });

  it('keeps the patterned rug of living-room-1, whose light squares match the boards', async () => {
    // Colour cannot part rug from floor there; the network's rug evidence on its darker squares
    // outlines it. Before decision 045 the new floor covered 98 % of it; before 053 (the rug runs
    // on under the sofa) 23.5 %, a band of new floor between the sofa and the rug; before 079
    // (the rug carried out to its own straight sides) 15.1 %, its pale outer columns.
    expect(await coverOfObject('living-room-1.jpg', 'rug', 'keep')).toBeLessThan(0.04);
    expect(await coverOfObject('living-room-1.jpg', 'rug', 'replace')).toBeGreaterThan(0.9);
  });

  it('keeps the plain grey rug of living-room-modern-white-sofa, most of which the network calls floor', async () => {
    // The network's rug evidence covers the strip beside the coffee table, not the pile in front
    // of the sofa, so the bare floor's model blended boards and rug and the colours seemed unable
    // to part them: before decision 091 the new floor covered 31 % of the rug in front of the
    // coffee table and 71 % of the rug's corner by the sofa. Hand-marked on the photo.
    const image = await roomRaster('living-room-modern-white-sofa.jpg', 1200);
    const floor = floorOf(await parseOf(image), { image });
    expect(coverage(floor.mask, { x0: 0.42, y0: 0.8, x1: 0.58, y1: 0.98 })).toBeLessThan(0.02);
    expect(coverage(floor.mask, { x0: 0.12, y0: 0.93, x1: 0.3, y1: 1 })).toBeLessThan(0.02);
    // The boards beside the rug are still floored.
    expect(coverage(floor.mask, { x0: 0.76, y0: 0.72, x1: 0.8, y1: 0.75 })).toBeGreaterThan(0.7);
  });

  it('floors the boards of kitchen-white-island between the units and the island, which the network takes for rug', async () => {
    // The network's rug share runs high over that whole stretch of boards round a small runner;
    // taken for a rug, the boards were kept in the old floor while the rest of the room got the
    // new one (before decision 091: none of them was covered). A rug lies on a floor that shows
    // round it. Hand-marked on the photo, between the refrigerator's foot and the runner.
    const image = await roomRaster('kitchen-white-island-brass-pendants.jpg', 1200);
    const floor = floorOf(await parseOf(image), { image });
    expect(coverage(floor.mask, { x0: 0.25, y0: 0.9, x1: 0.31, y1: 0.98 })).toBeGreaterThan(0.9);
  });

  it.each([
    {
      photo: 'open-plan-kitchen-living-white.jpg',
      rug: { x0: 0.62, y0: 0.78, x1: 0.68, y1: 0.88 },
      boards: { x0: 0.79, y0: 0.73, x1: 0.87, y1: 0.8 },
    },
    {
      photo: 'bedroom-bay-window-plants.jpg',
      rug: { x0: 0.55, y0: 0.82, x1: 0.65, y1: 0.92 },
      boards: { x0: 0.74, y0: 0.83, x1: 0.8, y1: 0.9 },
    },
  ])('floors the sunlit boards beside the rug of $photo and keeps the rug', async (c) => {
    // Glare-washed or sunlit boards are as pale and colourless as the rug: its colour model took
    // them with it, and they kept the old floor up to the wall (before decision 096: 0 % of the
    // open-plan boards and 76 % of the bay window's were covered). The rug ends at its own
    // straight side. Hand-marked on the photos.
    const image = await roomRaster(c.photo, 1200);
    const floor = floorOf(await parseOf(image), { image });
    expect(coverage(floor.mask, c.boards)).toBeGreaterThan(0.9);
    expect(coverage(floor.mask, c.rug)).toBeLessThan(0.02);
  });

  it('keeps the rug of living-room-beamed-ceiling whole under its coffee table and armchairs', async () => {
    // The coffee table and the armchairs stand on it and hide much of it: the rug's cells are
    // solid over the floor seen, not over its hull with the table in it. Before decision 087
    // the rug failed that test, only the parse's patches of it were kept, and the new floor took
    // its front strip in a torn line.
    const kept = await coverOfObject('living-room-beamed-ceiling.jpg', 'rug', 'keep');
    console.log(`beamed-ceiling rug under new floor: ${(100 * kept).toFixed(1)} %`);
    expect(kept).toBeLessThan(0.03);
    expect(await coverOfObject('living-room-beamed-ceiling.jpg', 'rug', 'replace')).toBeGreaterThan(
      0.6,
    );
  });

  /** Share of the labelled name's pixels (and of the labelled floor's) the border rug covers. */
  async function borderRugOn(photo: string, name: string) {
    const image = await roomRaster(photo, 1200);
    const truth = rasteriseLabels(
      scaleLabels(await loadRoomLabels(photo), image.width, image.height),
    );
    const rug = rugByItsBorder(image, floorRegionOf(await parseOf(image)));
    const share = (mask: Uint8Array) => {
      let on = 0;
      let all = 0;
      for (let i = 0; i < mask.length; i++) {
        if (!mask[i]) continue;
        all++;
        on += rug[i] ?? 0;
      }
      return on / Math.max(1, all);
    };
    return {
      object: share(labelMask(truth, `object:${name}`).data),
      floor: share(labelMask(truth, 'floor').data),
    };
  }

  it('keeps the room-size woven rug of living-room-neutral-sofa, told by its straight border', async () => {
    // The network calls the whole rug floor with no rug evidence; before decision 057 the new
    // floor covered 91 % of the changed pixels' rug. Its near border against the bare tile is
    // straight and the weave changes sharply across it. Kept, the rug leaves about 1 % of the
    // photo bare tile, under the share a floor needs: the request is refused (and refunded)
    // rather than laid over the rug; replacing the rug lays over it.
    const { object, floor } = await borderRugOn('living-room-neutral-sofa.jpg', 'rug');
    expect(object).toBeGreaterThan(0.85);
    expect(floor).toBeLessThan(0.35);
    const image = await roomRaster('living-room-neutral-sofa.jpg', 1200);
    const parse = await parseOf(image);
    // The refusal names the way out, and carries a code each client words for its own controls
    // (the web: untick "Keep rugs") (issue 10).
    expect(() => floorOf(parse, { image })).toThrow(
      expect.objectContaining({ kind: 'invalid_input', refusal: 'floor_under_rugs' }),
    );
    expect(() => floorOf(parse, { image })).toThrow(/lay the new floor over the rugs instead/);
    expect(await coverOfObject('living-room-neutral-sofa.jpg', 'rug', 'replace')).toBeGreaterThan(
      0.9,
    );
  });

  it.each([
    'kitchen-black-minimal.jpg',
    'living-room-beamed-ceiling.jpg',
    'bedroom-minimal-mirror.jpg',
  ])(
    'finds no bordered rug on the plain floor of %s (plank seams have the same grain both sides)',
    async (photo) => {
      expect((await borderRugOn(photo, 'rug')).floor).toBe(0);
    },
  );

  it("stops at the doorway of dining-room: the next room's floor is left as it is", async () => {
    // The labels call the open doorway door; before decision 053 the new floor ran through it
    // up to the next room's far wall (10.1 % of the door's pixels).
    expect(
      await coverOfObject('dining-room-green-velvet-chairs.webp', 'door', 'keep'),
    ).toBeLessThan(0.02);
  });

  it('leaves the leaves of the monstera standing on the rug of living-room-plants-bright', async () => {
    // Held-out photo (no labels). The network calls the edges of its two upper leaves rug, and
    // SAM's objects over the floor miss a plant standing wholly inside the floor: before decision
    // 061 the new floor covered 46 % of their green, the leaves cut to floating pieces. In a
    // box hand-marked around the two leaves: the leaves' green stays, the cream rug around them
    // is floored.
    const image = await roomRaster('living-room-plants-bright.jpg', 1200);
    const floor = floorOf(await parseOf(image), { image }).mask;
    const leaves: FractionRect = { x0: 0.504, y0: 0.767, x1: 0.5875, y1: 0.8175 };
    let leaf = 0;
    let leafFloored = 0;
    let rug = 0;
    let rugFloored = 0;
    for (let y = Math.round(leaves.y0 * image.height); y < leaves.y1 * image.height; y++) {
      for (let x = Math.round(leaves.x0 * image.width); x < leaves.x1 * image.width; x++) {
        const i = y * image.width + x;
        const [, a] = rgbToLab([
          image.data[i * 4] ?? 0,
          image.data[i * 4 + 1] ?? 0,
          image.data[i * 4 + 2] ?? 0,
        ]);
        const floored = floor.data[i] ?? 0;
        if (a < -15) {
          leaf++;
          leafFloored += floored;
        } else if (a > -2) {
          rug++;
          rugFloored += floored;
        }
      }
    }
    expect(leaf).toBeGreaterThan(500);
    expect(leafFloored / leaf).toBeLessThan(0.02);
    expect(rugFloored / rug).toBeGreaterThan(0.8);
  });

  it.each(['keep', 'replace'] as const)(
    'does not lay the floor through the glass onto the shower tray, rug: %s (held-out photo)',
    async (rug) => {
      // The label outlines the whole glass enclosure; the parse called its tiled tray floor.
      expect(
        await coverOfObject('bathroom-double-vanity-glass-shower.jpg', 'shower', rug),
      ).toBeLessThan(0.01);
    },
  );
});

describe('the floor reaches the foot of the wall', () => {
  /**
   * A 200×150 photo: pale wall above row 80, a dark skirting board over rows 74–79 on the left
   * half only, brown boards from row 80. The parse's floor starts 4 rows low (row 84, 3 % of the height), its wall
   * reaching down to it — the strip the network leaves at the skirting.
   */
  function room(): { image: Raster; parse: RoomParse } {
    const width = 200;
    const height = 150;
    const n = width * height;
    const data = new Uint8ClampedArray(n * 4);
    const labels = new Uint8Array(n);
    const floor = new Uint8Array(n);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const skirting = y >= 74 && y < 80 && x < 100;
        const rgb = y >= 80 ? [150, 105, 70] : skirting ? [40, 40, 45] : [225, 222, 215];
        const noise = ((x * 7 + y * 13) % 5) - 2;
        for (let c = 0; c < 3; c++) data[i * 4 + c] = (rgb[c] ?? 0) + noise;
        data[i * 4 + 3] = 255;
        labels[i] = y >= 84 ? ADE.floor : ADE.wall;
        floor[i] = y >= 84 ? 255 : 0;
      }
    }
    const parse = {
      width,
      height,
      labels,
      surfaceAlpha: (name: string) => (name === 'floor' ? floor : new Uint8Array(n)),
    } as unknown as RoomParse;
    return { image: { width, height, data }, parse };
  }

  it('takes the strip of floor the parse left under the wall, and stops at the wall', () => {
    const { image, parse } = room();
    const { mask } = floorOf(parse, { image });
    const at = (x: number, y: number) => mask.data[y * image.width + x];
    for (const x of [10, 60, 140, 190]) {
      for (let y = 80; y < 84; y++) expect(at(x, y)).toBe(1);
      expect(at(x, 79)).toBe(0);
      expect(at(x, 60)).toBe(0);
    }
    // Without the photo, the parse's edge is all there is.
    expect(floorOf(parse).mask.data[82 * image.width + 60]).toBe(0);
  });
});

describe("the floor stops at a unit's plinth", () => {
  /**
   * A 240×300 photo: grey units' fronts above row 140 (cabinet), brown boards from row 152, and
   * between them, labelled floor by the parse from row 140: on the left (x < 80) the units' dark
   * recessed plinth, ending on a sharp edge at row 152; in the middle (80–159) the units' soft
   * shadow, the boards darkening over the 12 rows towards them; on the right (x ≥ 160) a sofa
   * with a sharp dark band of shadow under it.
   */
  function kitchen(): { image: Raster; parse: RoomParse } {
    const width = 240;
    const height = 300;
    const n = width * height;
    const data = new Uint8ClampedArray(n * 4);
    const labels = new Uint8Array(n);
    const floor = new Uint8Array(n);
    const boards = [200, 165, 130];
    const front = [45, 45, 55];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const sofa = x >= 160;
        let rgb = sofa ? [150, 130, 110] : front;
        if (y >= 152) rgb = boards;
        else if (y >= 140 && x < 80) rgb = [22 + y - 140, 20 + y - 140, 18 + y - 140];
        else if (y >= 140 && !sofa)
          rgb = boards.map((v, c) => v - ((152 - y) * (v - (front[c] ?? 0))) / 13);
        else if (y >= 140) rgb = [30, 25, 20];
        const noise = ((x * 7 + y * 13) % 5) - 2;
        for (let c = 0; c < 3; c++) data[i * 4 + c] = (rgb[c] ?? 0) + noise;
        data[i * 4 + 3] = 255;
        labels[i] = y >= 140 ? ADE.floor : sofa ? ADE.sofa : ADE.cabinet;
        floor[i] = y >= 140 ? 255 : 0;
      }
    }
    const parse = {
      width,
      height,
      labels,
      wallFloorLine: new Float32Array(width).fill(Number.NaN),
      surfaceAlpha: (name: string) => (name === 'floor' ? floor : new Uint8Array(n)),
    } as unknown as RoomParse;
    return { image: { width, height, data }, parse };
  }

  it('takes the plinth out of the floor, not a soft shadow nor the floor under a sofa', () => {
    const { image, parse } = kitchen();
    const { mask } = floorOf(parse, { image });
    const at = (x: number, y: number) => mask.data[y * image.width + x];
    for (const x of [5, 40, 75]) {
      for (const y of [140, 145, 151]) expect(at(x, y)).toBe(0);
      for (const y of [153, 200]) expect(at(x, y)).toBe(1);
    }
    for (const x of [85, 120, 155, 165, 200, 235]) {
      for (const y of [141, 145, 151, 153, 200]) expect(at(x, y)).toBe(1);
    }
    // Without the photo, the parse's floor is all there is.
    expect(floorOf(parse).mask.data[145 * image.width + 40]).toBe(1);
  });

  it('leaves the plinth under the kitchen units of kitchen-black-minimal', async () => {
    // The network calls the dark recessed plinth under the left run of units floor: before
    // decision 066 the new floor covered it (8.6 % of the floor's changed pixels in the scene
    // bench, all of them on the units). Hand-marked: the plinth, and the boards below it.
    const image = await roomRaster('kitchen-black-minimal.jpg', 1200);
    const { mask } = floorOf(await parseOf(image), { image });
    expect(coverage(mask, { x0: 0.02, y0: 0.737, x1: 0.3, y1: 0.763 })).toBeLessThan(0.05);
    expect(coverage(mask, { x0: 0.02, y0: 0.78, x1: 0.4, y1: 0.85 })).toBeGreaterThan(0.98);
  });
});

describe("the floor leaves a chair's base", () => {
  /**
   * A 300×240 photo: wall above row 120, pale boards below, a band of darker boards at row 200
   * across the whole width. An armchair's shell (rows 50–119, x 60–159) stands on a dark stem
   * (x 107–112, rows 120–149) and a dark star base seen as a bar (x 60–159, rows 150–157), both of
   * which the parse calls floor; a sofa (x 200–299) has a dark shadow band under it all along its
   * front (rows 120–129).
   */
  function room(): { image: Raster; parse: RoomParse } {
    const width = 300;
    const height = 240;
    const n = width * height;
    const data = new Uint8ClampedArray(n * 4);
    const labels = new Uint8Array(n);
    const floor = new Uint8Array(n);
    const boards = [205, 195, 180];
    const steel = [40, 42, 46];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const shell = y >= 50 && y < 120 && x >= 60 && x < 160;
        const sofa = y >= 60 && y < 120 && x >= 200;
        let rgb = [230, 228, 222];
        let label: number = ADE.wall;
        if (shell) [rgb, label] = [[100, 105, 112], ADE.armchair];
        else if (sofa) [rgb, label] = [[150, 130, 110], ADE.sofa];
        else if (y >= 120) {
          label = ADE.floor;
          rgb = boards;
          if (y < 150 && x >= 107 && x < 113) rgb = steel;
          else if (y >= 150 && y < 158 && x >= 60 && x < 160) rgb = steel;
          else if (y < 130 && x >= 200) rgb = [45, 40, 35];
          else if (y === 200) rgb = [70, 62, 55];
        }
        const noise = ((x * 7 + y * 13) % 5) - 2;
        for (let c = 0; c < 3; c++) data[i * 4 + c] = (rgb[c] ?? 0) + noise;
        data[i * 4 + 3] = 255;
        labels[i] = label;
        floor[i] = label === ADE.floor ? 255 : 0;
      }
    }
    const parse = {
      width,
      height,
      labels,
      wallFloorLine: new Float32Array(width).fill(120),
      surfaceAlpha: (name: string) => (name === 'floor' ? floor : new Uint8Array(n)),
    } as unknown as RoomParse;
    return { image: { width, height, data }, parse };
  }

  it('takes out the stem and base it stands on, not the shadow under a sofa nor a dark board', () => {
    const { image, parse } = room();
    const { mask } = floorOf(parse, { image });
    const at = (x: number, y: number) => mask.data[y * image.width + x];
    for (const [x, y] of [
      [110, 122],
      [110, 140],
      [62, 151],
      [110, 154],
      [157, 156],
    ] as const)
      expect(at(x, y)).toBe(0);
    for (const [x, y] of [
      [100, 140],
      [120, 140],
      [110, 165],
      [30, 154],
      [200, 121],
      [250, 125],
      [110, 200],
      [250, 200],
    ] as const)
      expect(at(x, y)).toBe(1);
  });

  it("leaves the side table's pale legs in living-dining-room-red-armchair", async () => {
    // Pale wooden legs on pale boards, neither dark nor given by SAM: before decision 104 the new
    // floor ran over three of the four. Hand-marked on the 800 × 533 photo: the right leg
    // (x 557–559, y 392–430), the left (x 488–489, y 396–418), the back one (x 524–526,
    // y 393–414); the boards between the legs and right of the table.
    const image = await roomRaster('living-dining-room-red-armchair.jpg', 1200);
    const { mask } = floorOf(await parseOf(image), { image });
    const px = (x0: number, y0: number, x1: number, y1: number) => ({
      x0: x0 / 800,
      y0: y0 / 533,
      x1: x1 / 800,
      y1: y1 / 533,
    });
    const legs = [px(557, 392, 560, 430), px(488, 396, 490, 418), px(524, 393, 527, 414)];
    const cover = legs.map((leg) => coverage(mask, leg));
    console.log(
      `red-armchair side table legs under new floor: ${cover.map((c) => (100 * c).toFixed(0)).join(' / ')} %`,
    );
    for (const c of cover) expect(c).toBeLessThan(0.2);
    expect(coverage(mask, px(498, 405, 512, 430))).toBeGreaterThan(0.95);
    expect(coverage(mask, px(566, 400, 590, 430))).toBeGreaterThan(0.95);
  });

  it("leaves the egg chair's stem and star base in living-room-1", async () => {
    // Before decision 090 the new boards ran over the black base (the leg rule keeps wide parts,
    // and SAM's whole chair stops at the stem). Hand-marked at 1600 × 960: the stem (x 85–96,
    // y 835–860), the back-right arm (x 100–125, y 866–876), and the bare boards either side of
    // the stem, above the base.
    const image = await roomRaster('living-room-1.jpg', 1200);
    const { mask } = floorOf(await parseOf(image), { image });
    expect(coverage(mask, { x0: 0.053, y0: 0.87, x1: 0.06, y1: 0.896 })).toBeLessThan(0.05);
    expect(coverage(mask, { x0: 0.0625, y0: 0.902, x1: 0.078, y1: 0.9125 })).toBeLessThan(0.05);
    expect(coverage(mask, { x0: 0.00625, y0: 0.875, x1: 0.025, y1: 0.896 })).toBeGreaterThan(0.98);
    expect(coverage(mask, { x0: 0.069, y0: 0.87, x1: 0.1, y1: 0.885 })).toBeGreaterThan(0.98);
  });
});

describe('the floor stops at a doorway', () => {
  /**
   * A 200×150 photo's parse: wall above row 100, floor below; between columns 120 and 180 an
   * open doorway (door) down to row 70, the next room's floor under it from row 70. The
   * wall–floor line is seen at row 100 either side of the doorway.
   */
  function doorway(): RoomParse {
    const width = 200;
    const height = 150;
    const n = width * height;
    const labels = new Uint8Array(n);
    const floor = new Uint8Array(n);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const opening = x >= 120 && x < 180;
        const isFloor = y >= 100 || (opening && y >= 70);
        labels[i] = isFloor ? ADE.floor : opening ? ADE.door : ADE.wall;
        floor[i] = isFloor ? 255 : 0;
      }
    }
    const wallFloorLine = new Float32Array(width).fill(Number.NaN);
    for (let x = 0; x < width; x++) if (x < 120 || x >= 180) wallFloorLine[x] = 100;
    return {
      width,
      height,
      labels,
      wallFloorLine,
      surfaceAlpha: (name: string) => (name === 'floor' ? floor : new Uint8Array(n)),
    } as unknown as RoomParse;
  }

  it("takes out the next room's floor above the threshold, and keeps this room's", () => {
    const parse = doorway();
    const { mask } = floorOf(parse);
    const at = (x: number, y: number) => mask.data[y * parse.width + x];
    for (const x of [125, 150, 175]) {
      for (const y of [72, 85, 97]) expect(at(x, y)).toBe(0);
      for (const y of [100, 120, 149]) expect(at(x, y)).toBe(1);
    }
    for (const x of [10, 60, 110, 190]) expect(at(x, 120)).toBe(1);
  });
});
