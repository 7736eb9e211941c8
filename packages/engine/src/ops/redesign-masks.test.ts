import { describe, expect, it } from 'vitest';
import type { Mask, Raster } from '../raster';
import { ADE, type RoomParse } from '../scene';
import type { SceneObject } from '../scene/objects';
import { pieceOf } from './redesign';
import type { Segmenter } from './segment';
import { wallCeilingLines, wallPaintSurface, wallsToPaint } from './walls-to-paint';
import { fakeParse as sharedFakeParse } from '../test-support/fake-parse';

const W = 200;
const H = 150;

/** A parse of only what the mask steps read (see test-support/fake-parse). */
function fakeParse(labels: Uint8Array, objects: SceneObject[] = []): RoomParse {
  return sharedFakeParse(labels, W, H, objects);
}

function object(id: number, classId: number, x0: number, y0: number, x1: number, y1: number) {
  const data = new Uint8Array(W * H);
  for (let y = y0; y <= y1; y++) data.fill(1, y * W + x0, y * W + x1 + 1);
  const area = (x1 - x0 + 1) * (y1 - y0 + 1);
  return {
    id,
    classId,
    label: 'x',
    box: { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 },
    polygon: [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ],
    mask: { width: W, height: H, data },
    area,
  } satisfies SceneObject;
}

/** Ceiling over rows 0–29, wall to row 109, floor below; the given pixels relabelled. */
function room(edit: (set: (x: number, y: number, label: number) => void) => void): Uint8Array {
  const labels = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const label = y < 30 ? ADE.ceiling : y < 110 ? ADE.wall : ADE.floor;
    labels.fill(label, y * W, (y + 1) * W);
  }
  edit((x, y, label) => {
    labels[y * W + x] = label;
  });
  return labels;
}

describe('redesign masks', () => {
  it('paints no wall above a straight wall–ceiling line, even where the parse calls ceiling wall', () => {
    // A ragged cloud of "wall" reaching up into the ceiling (the parse's mistake).
    const labels = room((set) => {
      for (let x = 20; x < 70; x++)
        for (let y = 8 + ((x * 7) % 11); y < 30; y++) set(x, y, ADE.wall);
    });
    const parse = fakeParse(labels);
    const line = wallCeilingLines(parse).get(2);
    expect(line).toBeDefined();
    expect(Math.abs((line?.at(100) ?? 0) - 30)).toBeLessThan(1.5);
    const { mask, matte } = wallsToPaint(parse);
    for (let y = 0; y < 29; y++) {
      for (let x = 0; x < W; x++) {
        expect(mask.data[y * W + x]).toBe(0);
        expect(matte[y * W + x]).toBe(0);
      }
    }
    // The wall itself is painted.
    let wall = 0;
    for (let y = 31; y < 110; y++) for (let x = 0; x < W; x++) wall += mask.data[y * W + x] ?? 0;
    expect(wall).toBe(79 * W);
  });

  it("follows a nearer wall's own straight top (a pillar) rather than the far wall's line", () => {
    // A pillar over columns 120–139 whose top meets the ceiling at row 18.
    const labels = room((set) => {
      for (let x = 120; x < 140; x++) for (let y = 18; y < 30; y++) set(x, y, ADE.wall);
    });
    const { mask } = wallsToPaint(fakeParse(labels));
    for (let y = 19; y < 30; y++)
      for (let x = 120; x < 140; x++) expect(mask.data[y * W + x]).toBe(1);
  });

  it("paints a pillar's top whole when the wall's grain shows an edge on the far line in some columns", () => {
    // A pillar over columns 120–139 whose top the parse drew raggedly (rows 15–19, so no straight
    // run of its own): the far wall's line at row 30 is no edge of this column's, unless the photo
    // shows one there. It shows none, but the wall's grain is a dark speck on row 30 in every
    // sixth column. Judged column by column, the specks "showed" the line and cut the pillar's
    // top into stripes of paint and old wall.
    const top = (x: number) => 15 + ((x * 7) % 5);
    const labels = room((set) => {
      for (let x = 120; x < 140; x++) for (let y = top(x); y < 30; y++) set(x, y, ADE.wall);
    });
    const data = new Uint8ClampedArray(W * H * 4);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const pillar = x >= 120 && x < 140;
        const speck = pillar && y === 30 && x % 6 === 0;
        const v = y < (pillar ? top(x) : 30) ? 235 : speck ? 150 : 200;
        data.set([v, v, v, 255], (y * W + x) * 4);
      }
    }
    const { mask } = wallsToPaint(fakeParse(labels), { width: W, height: H, data });
    // Under its ragged top, away from its sides (where the ceiling's real edge beside it is
    // near enough to count).
    for (let x = 126; x < 134; x++)
      for (let y = 21; y < 30; y++) expect([x, y, mask.data[y * W + x]]).toEqual([x, y, 1]);
  });

  it("keeps a pillar's top whole where a light fitting breaks its edge with the ceiling", () => {
    // A pillar over columns 100–159 whose top meets the ceiling at row 16, but a fitting
    // (another class) sits on it over columns 125–129 (2.5% of the width, as a spotlight on a
    // pillar at 2 MP), so the ceiling's edge there is not wall.
    const labels = room((set) => {
      for (let x = 100; x < 160; x++) for (let y = 16; y < 30; y++) set(x, y, ADE.wall);
      for (let x = 125; x < 130; x++) for (let y = 12; y < 20; y++) set(x, y, ADE.light);
    });
    const { mask } = wallsToPaint(fakeParse(labels));
    // The whole pillar is painted, on both sides of the fitting and under it.
    for (let y = 17; y < 30; y++) {
      for (let x = 100; x < 160; x++) {
        if (x >= 125 && x < 130 && y < 20) continue;
        expect(mask.data[y * W + x]).toBe(1);
      }
    }
  });

  it('paints up to the straight wall–ceiling line where the parse calls the wall below it ceiling', () => {
    // The ceiling's edge dips raggedly below the line (rows 30–32) over columns 40–99.
    const labels = room((set) => {
      for (let x = 40; x < 100; x++) {
        const dip = (x * 7) % 4;
        for (let y = 30; y < 30 + dip; y++) set(x, y, ADE.ceiling);
      }
    });
    const { mask, matte } = wallsToPaint(fakeParse(labels));
    for (let x = 0; x < W; x++) {
      // The line's own row blends by how much of it lies under the line; under it, all paint.
      expect(matte[30 * W + x]).toBeGreaterThan(0);
      for (let y = 31; y < 40; y++) {
        expect(mask.data[y * W + x]).toBe(1);
        expect(matte[y * W + x]).toBe(255);
      }
      for (let y = 0; y < 29; y++) expect(mask.data[y * W + x]).toBe(0);
    }
  });

  it('keeps a shaded upper wall that runs to the frame top with no ceiling over it', () => {
    // The ceiling shows over columns 0–119 only; over 120–199 the wall runs up to the frame's
    // top (a bedroom whose upper wall is in shade), where the line fitted to the left is no edge.
    const labels = room((set) => {
      for (let x = 120; x < W; x++) for (let y = 0; y < 30; y++) set(x, y, ADE.wall);
    });
    const { mask } = wallsToPaint(fakeParse(labels));
    for (let y = 0; y < 30; y++) {
      for (let x = 130; x < W; x++) expect(mask.data[y * W + x]).toBe(1);
      for (let x = 0; x < 110; x++) expect(mask.data[y * W + x]).toBe(0);
    }
  });

  it('paints a narrow pier of wall between two windows with no curtain', () => {
    const labels = room((set) => {
      for (let y = 40; y < 100; y++) {
        for (let x = 60; x < 95; x++) set(x, y, ADE.window);
        for (let x = 100; x < 140; x++) set(x, y, ADE.window);
      }
    });
    const { mask } = wallsToPaint(fakeParse(labels));
    for (let y = 40; y < 100; y++)
      for (let x = 95; x < 100; x++) expect(mask.data[y * W + x]).toBe(1);
  });

  it('gives the Wall paint action the same cleaned walls as the redesign', async () => {
    // The ragged cloud of "wall" up in the ceiling (see the first case): a whole-photo stroke.
    const labels = room((set) => {
      for (let x = 20; x < 70; x++)
        for (let y = 8 + ((x * 7) % 11); y < 30; y++) set(x, y, ADE.wall);
    });
    const parse = fakeParse(labels);
    parse.surfaceAlpha = (name) =>
      parse
        .classMask([name === 'ceiling' ? ADE.ceiling : name === 'floor' ? ADE.floor : ADE.wall])
        .data.map((v) => v * 255);
    const image = { width: W, height: H, data: new Uint8ClampedArray(W * H * 4).fill(200) };
    const everything = { width: W, height: H, data: new Uint8Array(W * H).fill(1) };
    const noSam = { method: 'region-growing' } as Segmenter;
    const surface = await wallPaintSurface(image, everything, parse, noSam);
    expect(surface?.mask.data).toEqual(wallsToPaint(parse, image).mask.data);
  });

  describe('a band under the ceiling (decision 072)', () => {
    /** The photo by row: ceiling over rows 0–29, `shade(y)` below; the parse calls it all wall. */
    function photo(shade: (y: number) => number): Raster {
      const data = new Uint8ClampedArray(W * H * 4);
      for (let y = 0; y < H; y++) {
        const v = y < 30 ? 235 : shade(y);
        for (let x = 0; x < W; x++) data.set([v, v, v, 255], (y * W + x) * 4);
      }
      return { width: W, height: H, data };
    }
    const painted = (mask: Mask, y: number) => {
      let n = 0;
      for (let x = 0; x < W; x++) n += mask.data[y * W + x] ?? 0;
      return n;
    };

    it('leaves a cornice or header the parse calls wall unpainted, and paints the wall under it', () => {
      // A grey header over rows 30–35, the pale wall from row 36.
      const { mask } = wallsToPaint(
        fakeParse(room(() => {})),
        photo((y) => (y < 36 ? 150 : 210)),
      );
      for (let y = 30; y < 35; y++) expect(painted(mask, y)).toBe(0);
      for (let y = 37; y < 110; y++) expect(painted(mask, y)).toBe(W);
    });

    it('leaves a tray step whose foot is only a soft shading step unpainted (decision 078)', () => {
      // The step's face over rows 30–35 a little darker than the wall under it (12 levels).
      const { mask } = wallsToPaint(
        fakeParse(room(() => {})),
        photo((y) => (y < 36 ? 198 : 210)),
      );
      for (let y = 30; y < 35; y++) expect(painted(mask, y)).toBe(0);
      for (let y = 37; y < 110; y++) expect(painted(mask, y)).toBe(W);
    });

    it('paints a wall shaded towards the ceiling through a soft step (no face of its own)', () => {
      // Rows 30–35 between the ceiling's shade and the wall's: the wall's own top, lit by the
      // ceiling, not a step's face.
      const { mask } = wallsToPaint(
        fakeParse(room(() => {})),
        photo((y) => (y < 36 ? 222 : 210)),
      );
      for (let y = 30; y < 110; y++) expect(painted(mask, y)).toBe(W);
    });

    it('paints the wall above a fitting under the ceiling mid-wall (its top is no band’s foot)', () => {
      // A dark fitting (a shower head) over columns 80–119, rows 36–49, the parse calling it wall:
      // its top is a straight step under a plain stretch of wall, but the wall runs on beside it.
      const labels = room(() => {});
      const data = new Uint8ClampedArray(W * H * 4);
      for (let y = 0; y < H; y++) {
        for (let x = 0; x < W; x++) {
          const v = y < 30 ? 235 : x >= 80 && x < 120 && y >= 36 && y < 50 ? 120 : 200;
          data.set([v, v, v, 255], (y * W + x) * 4);
        }
      }
      const { mask } = wallsToPaint(fakeParse(labels), { width: W, height: H, data });
      for (let y = 30; y < 110; y++) expect(painted(mask, y)).toBe(W);
    });

    it('paints the top of a tiled wall down to its first joint (a line, not a step)', () => {
      const { mask } = wallsToPaint(
        fakeParse(room(() => {})),
        photo((y) => (y === 36 ? 120 : 200)),
      );
      for (let y = 30; y < 110; y++) expect(painted(mask, y)).toBe(W);
    });
  });

  it('takes back the wall round a window that the parse gave the window (an arch), not the window', () => {
    // A window whose real panes are columns 80–119, rows 50–99, but whose parse label is an
    // arch reaching up to row 45 and out to columns 76–123 over plain wall (a few px, as the
    // reach is a share of the image).
    const labels = room((set) => {
      for (let y = 45; y < 100; y++) {
        const r = y < 52 ? Math.round(24 * Math.sqrt(1 - ((52 - y) / 7.5) ** 2)) : 24;
        for (let x = 100 - r; x < 100 + r; x++) set(x, y, ADE.window);
      }
    });
    const parse = fakeParse(labels);
    parse.classShare = () => () => 0.5;
    // The photo: plain wall colour, darker panes with a frame.
    const data = new Uint8ClampedArray(W * H * 4);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        const pane = x >= 80 && x < 120 && y >= 50 && y < 100;
        const v = pane ? 90 : 210;
        data[i] = v;
        data[i + 1] = v;
        data[i + 2] = v - 10;
        data[i + 3] = 255;
      }
    }
    const { mask } = wallsToPaint(parse, { width: W, height: H, data });
    // The arch's wall above and beside the panes is painted (≥ 2 px clear of their edge) …
    for (let y = 45; y < 48; y++) {
      for (let x = 85; x < 115; x++) expect(mask.data[y * W + x]).toBe(1);
    }
    for (let y = 60; y < 95; y++) {
      for (let x = 76; x < 78; x++) expect(mask.data[y * W + x]).toBe(1);
    }
    // … the panes are not.
    for (let y = 50; y < 100; y++) {
      for (let x = 80; x < 120; x++) expect(mask.data[y * W + x]).toBe(0);
    }
  });

  it('takes no halo into furniture of the wall colour (a dark headboard on a dark wall)', () => {
    const labels = room((set) => {
      for (let y = 70; y < 110; y++) for (let x = 60; x < 140; x++) set(x, y, ADE.bed);
    });
    const parse = fakeParse(labels);
    parse.classShare = () => () => 0.5;
    const data = new Uint8ClampedArray(W * H * 4).fill(60);
    const { mask } = wallsToPaint(parse, { width: W, height: H, data });
    for (let y = 70; y < 110; y++) {
      for (let x = 60; x < 140; x++) expect(mask.data[y * W + x]).toBe(0);
    }
  });

  it('does not take a wall-coloured neighbour the network gives no share of wall', () => {
    const labels = room((set) => {
      for (let y = 40; y < 100; y++) for (let x = 80; x < 120; x++) set(x, y, ADE.door);
    });
    const parse = fakeParse(labels);
    parse.classShare = () => () => 0.02;
    // A white door on a white wall: the same colour, no edge.
    const data = new Uint8ClampedArray(W * H * 4).fill(220);
    const { mask } = wallsToPaint(parse, { width: W, height: H, data });
    for (let y = 40; y < 100; y++) {
      for (let x = 80; x < 120; x++) expect(mask.data[y * W + x]).toBe(0);
    }
  });

  describe('wall seen through glass (decision 063)', () => {
    /**
     * A shower's tiled wall (columns 0–55) behind a glass door whose metal stile the parse calls
     * screen door (columns 56–61), cut off from the room's wall; the network's glass votes on
     * the tiles are `votes`, none on the room's wall.
     */
    function showerRoom(votes: number, right = 56) {
      const labels = room((set) => {
        for (let y = 30; y < 110; y++)
          for (let x = right; x < right + 6; x++) set(x, y, ADE.screenDoor);
      });
      const parse = fakeParse(labels);
      parse.classShare = (cls) => (x) =>
        cls === ADE.wall ? 0.8 : cls === ADE.shower && x < right ? votes : 0;
      return parse;
    }
    const painted = (mask: Mask, x0: number, x1: number) => {
      let count = 0;
      for (let y = 30; y < 110; y++)
        for (let x = x0; x < x1; x++) count += mask.data[y * W + x] ?? 0;
      return count / ((x1 - x0) * 80);
    };

    it("leaves the wall behind a glass screen unpainted, and paints the room's wall", () => {
      const { mask, matte } = wallsToPaint(showerRoom(0.1));
      expect(painted(mask, 0, 56)).toBe(0);
      for (let y = 30; y < 110; y++) for (let x = 0; x < 56; x++) expect(matte[y * W + x]).toBe(0);
      expect(painted(mask, 62, W)).toBe(1);
    });

    it('paints a part cut off from the main wall that the network sees no glass in', () => {
      const { mask } = wallsToPaint(showerRoom(0));
      expect(painted(mask, 0, 56)).toBe(1);
    });

    it("paints a narrow strip beside a window that the window's votes bleed into", () => {
      // Columns 0–7: under the share of the photo a glass screen takes.
      const { mask } = wallsToPaint(showerRoom(0.3, 8));
      expect(painted(mask, 0, 8)).toBe(1);
    });
  });

  it('leaves a narrow run of "wall" between a curtain and the frame edge unpainted', () => {
    const labels = room((set) => {
      for (let y = 30; y < 110; y++) for (let x = 185; x < 195; x++) set(x, y, ADE.curtain);
    });
    const parse = fakeParse(labels);
    // Left of the curtain the parse is unsure of its "wall" (the curtain's fabric, its shadow).
    for (let y = 30; y < 110; y++) for (let x = 180; x < 185; x++) parse.confidence[y * W + x] = 90;
    // And its soft edge reaches into the curtain (a mixed band the refinement found).
    const alpha = parse.surfaceAlpha('walls');
    for (let y = 30; y < 110; y++) for (let x = 185; x < 188; x++) alpha[y * W + x] = 120;
    parse.surfaceAlpha = () => alpha;
    const { mask, matte } = wallsToPaint(parse);
    for (let y = 30; y < 110; y++) {
      for (let x = 180; x < 188; x++) expect(matte[y * W + x]).toBe(0);
      for (let x = 180; x < 185; x++) expect(mask.data[y * W + x]).toBe(0);
      for (let x = 195; x < W; x++) expect(mask.data[y * W + x]).toBe(0);
      expect(mask.data[y * W + 100]).toBe(1);
    }
  });

  it('paints the plain wall the parse is unsure of beside a curtain up to the fabric, not the fabric', () => {
    // A grey curtain at columns 150–169 on a beige wall. Within 6 columns of it (3 % of the
    // width, grown by 2) the parse is unsure of its "wall": 142–145 plain wall, 146–149 the
    // curtain's own fabric it called wall.
    const labels = room((set) => {
      for (let y = 30; y < 110; y++) for (let x = 150; x < 170; x++) set(x, y, ADE.curtain);
    });
    const parse = fakeParse(labels);
    parse.classShare = (classId) => (x, y) => (labels[y * W + x] === classId ? 1 : 0);
    for (let y = 30; y < 110; y++) for (let x = 142; x < 150; x++) parse.confidence[y * W + x] = 90;
    const image: Raster = { width: W, height: H, data: new Uint8ClampedArray(W * H * 4) };
    for (let i = 0; i < W * H; i++) {
      const fabric = labels[i] === ADE.curtain || (i % W >= 146 && i % W < 150);
      image.data.set(fabric ? [120, 120, 125, 255] : [200, 190, 170, 255], i * 4);
    }
    const { mask } = wallsToPaint(parse, image);
    for (let y = 40; y < 100; y++) {
      for (let x = 130; x < 145; x++) expect(mask.data[y * W + x]).toBe(1);
      for (let x = 146; x < 170; x++) expect(mask.data[y * W + x]).toBe(0);
    }
  });

  it("takes a piece's legs and contact shadow, but not the furniture in front of it", () => {
    // An armchair whose parse mask stops short of its legs (rows 86–99 left as floor).
    const armchair = object(1, ADE.armchair, 50, 50, 99, 99);
    for (let y = 86; y <= 99; y++) {
      armchair.mask.data.fill(0, y * W + 50, y * W + 100);
      for (const x of [52, 53, 96, 97]) armchair.mask.data[y * W + x] = 1;
    }
    armchair.area = armchair.mask.data.reduce((n, v) => n + v, 0);
    // A small table beside it, nearer, touching only its corner.
    const table = object(2, ADE.table, 92, 92, 130, 125);
    const parse = fakeParse(
      room(() => undefined),
      [armchair, table],
    );
    const outline = [
      { x: 50, y: 50 },
      { x: 99, y: 50 },
      { x: 99, y: 85 },
      { x: 50, y: 85 },
    ];
    const piece = pieceOf(parse, outline);
    expect(piece).not.toBeNull();
    if (!piece) return;
    // Every pixel under the seat down to the floor contact (and 2 px below) goes.
    for (let y = 86; y <= 101; y++) {
      for (let x = 50; x < 92; x++) expect(piece.mask.data[y * W + x]).toBe(1);
    }
    // The table's pixels stay.
    for (let y = 92; y <= 125; y++) {
      for (let x = 92; x <= 130; x++) expect(piece.mask.data[y * W + x]).toBe(0);
    }
    expect(piece.blocked).toBeNull();
  });

  it('keeps a piece that nearer furniture stands over, or whose foot is out of frame', () => {
    const sofa = object(1, ADE.sofa, 40, 60, 160, 100);
    const table = object(2, ADE.table, 60, 85, 140, 130);
    const outline = sofa.polygon;
    expect(
      pieceOf(
        fakeParse(
          room(() => undefined),
          [sofa],
        ),
        outline,
      )?.blocked,
    ).toBeNull();
    expect(
      pieceOf(
        fakeParse(
          room(() => undefined),
          [sofa, table],
        ),
        outline,
      )?.blocked,
    ).toBe('behind nearer furniture');
    const cut = object(1, ADE.chair, 40, 100, 100, H - 1);
    expect(
      pieceOf(
        fakeParse(
          room(() => undefined),
          [cut],
        ),
        cut.polygon,
      )?.blocked,
    ).toBe('floor contact out of frame');
  });
});

describe('redesign takes one piece', () => {
  const blockedOf = (group: SceneObject, x0: number, x1: number) =>
    pieceOf(
      fakeParse(
        room(() => undefined),
        [group],
      ),
      object(9, group.classId, x0, 60, x1, 100).polygon,
    );

  it('takes its own regions whole, and of a region reaching far only what lies near it', () => {
    // The armchair's region runs a few px past the outline (its arm); a low region (a rug-like
    // table the parse joined to it) runs far to the right.
    const armchair = object(1, ADE.armchair, 20, 30, 104, 100);
    const long = object(2, ADE.table, 60, 95, 170, 100);
    const piece = pieceOf(
      fakeParse(
        room(() => undefined),
        [armchair, long],
      ),
      object(9, ADE.armchair, 20, 30, 99, 100).polygon,
    );
    expect(piece).not.toBeNull();
    if (!piece) return;
    expect(piece.mask.data[60 * W + 50]).toBe(1);
    expect(piece.mask.data[60 * W + 103]).toBe(1);
    for (let x = 115; x <= 170; x++) expect(piece.mask.data[97 * W + x]).toBe(0);
    expect(piece.blocked).toBeNull();
  });

  it('keeps a piece the parse joined to its neighbours (armchairs and their side table)', () => {
    // One "sofa" region over two armchairs and the table between them; the outline holds most.
    expect(blockedOf(object(1, ADE.sofa, 20, 60, 179, 100), 20, 149)?.blocked).toBe(
      'one region with its neighbours',
    );
  });

  it('keeps a piece whose outline lies in a larger region (chairs round their table)', () => {
    expect(blockedOf(object(1, ADE.chair, 10, 60, 189, 100), 150, 189)?.blocked).toBe(
      'one region with its neighbours',
    );
  });
});

describe('redesign piece legs in the photo', () => {
  it('takes dark legs the parse called floor, down to where they meet the floor', () => {
    const table = object(1, ADE.table, 80, 60, 120, 70);
    // Seen from above: floor all round the table.
    const labels = room((set) => {
      for (let y = 40; y < 110; y++) for (let x = 0; x < W; x++) set(x, y, ADE.floor);
    });
    const parse = fakeParse(labels, [table]);
    // A light floor; the table's thin dark legs below its top, rows 71–100.
    const image = {
      width: W,
      height: H,
      data: new Uint8ClampedArray(W * H * 4).fill(200),
    };
    for (let y = 71; y <= 100; y++) {
      for (const x of [82, 83, 117, 118]) image.data.fill(30, (y * W + x) * 4, (y * W + x) * 4 + 3);
    }
    const piece = pieceOf(parse, table.polygon, image);
    for (let y = 71; y <= 100; y++) {
      for (const x of [82, 83, 117, 118]) expect(piece?.mask.data[y * W + x]).toBe(1);
    }
    // The floor beyond the legs stays.
    expect(piece?.mask.data[110 * W + 100]).toBe(0);
  });
});
