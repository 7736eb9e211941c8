import { beforeAll, describe, expect, it } from 'vitest';
import { dilateMask, type Mask, type Raster } from '../raster';
import { ADE } from '../scene/ade20k';
import { parseRoom } from '../scene/room-parse';
import {
  labelMask,
  loadRoomLabels,
  rasteriseLabels,
  regionMask,
  scaleLabels,
  type RoomLabels,
} from '../test-support/ground-truth';
import { changedPixelsOutside, roomRaster } from '../test-support/photos';
import {
  acrossLineBenchmark,
  acrossLineCases,
  formatAcrossLineTable,
  sharedSegmentationModel,
  STRUCTURE_TUNING_PHOTOS,
  type AcrossLineResult,
} from '../test-support/removal-bench';
import { loadOpenCv } from '../test-support/telea';
import { inpaint } from './inpaint';
import {
  continueWallFloorLine,
  planRemoval,
  removeElements,
  SURFACE_FLOOR,
  SURFACE_RUG,
  SURFACE_WALL,
  type RemovalScene,
} from './removal';

const SIDE = 1224;

/** A synthetic room: wall above row 60 (grey 200), floor below (grey 120), 160×120. */
function syntheticRoom(): { image: Raster; scene: RemovalScene } {
  const width = 160;
  const height = 120;
  const data = new Uint8ClampedArray(width * height * 4);
  const labels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const v = y < 60 ? 200 : 120;
      data.set([v, v, v, 255], i * 4);
      labels[i] = y < 60 ? ADE.wall : ADE.floor;
    }
  }
  const line = new Float32Array(width).fill(60);
  return { image: { width, height, data }, scene: { width, height, labels, wallFloorLine: line } };
}

function count(mask: Mask): number {
  let n = 0;
  for (const v of mask.data) n += v;
  return n;
}

describe('the wall–floor line behind an object', () => {
  it('continues a sloped line straight across the hole', () => {
    const line = new Float32Array(200);
    for (let x = 0; x < 200; x++) line[x] = x >= 80 && x <= 120 ? NaN : 100 + 0.25 * x;
    const out = continueWallFloorLine(line, { x0: 80, x1: 120 }, 200);
    expect(out?.[100]).toBeCloseTo(125, 1);
  });

  it('turns the corner where the two sides slope differently (an inside corner)', () => {
    const line = new Float32Array(200);
    for (let x = 0; x < 200; x++) {
      line[x] = x >= 80 && x <= 120 ? NaN : x < 100 ? 150 - 0.5 * x : 50 + 0.5 * x;
    }
    const out = continueWallFloorLine(line, { x0: 80, x1: 120 }, 200);
    // Both walls' lines meet at x = 100, row 100; the floor lies below both.
    expect(out?.[100]).toBeCloseTo(100, 0);
    expect(out?.[90]).toBeCloseTo(105, 0);
    expect(out?.[110]).toBeCloseTo(105, 0);
  });

  it('keeps a line seen only on a short scrap beside a wide hole level, not its steep slope', () => {
    const line = new Float32Array(400).fill(NaN);
    // 20 px of a steep line (rising 1 px per 2 px towards the hole) left of a 200 px hole.
    for (let x = 77; x < 97; x++) line[x] = 150 - 0.5 * (x - 77);
    const out = continueWallFloorLine(line, { x0: 100, x1: 300 }, 400);
    expect(out?.[200]).toBeCloseTo(140.5, 0);
    expect(out?.[300]).toBeCloseTo(140.5, 0);
  });

  it('is unknown when neither side shows it', () => {
    expect(
      continueWallFloorLine(new Float32Array(50).fill(NaN), { x0: 10, x1: 20 }, 50),
    ).toBeNull();
  });
});

describe('planning a removal', () => {
  it('grows the mask over the object’s own fringe and its contact shadow, not beyond', () => {
    const { image, scene } = syntheticRoom();
    const { width } = image;
    // A chair (class 20) standing across the line, columns 60–99, rows 30–79; its contact
    // shadow: darker floor rows 80–83 under it.
    for (let y = 30; y < 80; y++) {
      for (let x = 60; x < 100; x++) {
        scene.labels[y * width + x] = ADE.chair;
        image.data.set([40, 30, 20, 255], (y * width + x) * 4);
      }
    }
    for (let y = 80; y < 84; y++) {
      for (let x = 60; x < 100; x++) image.data.set([60, 60, 60, 255], (y * width + x) * 4);
    }
    // The user's mask misses a 2 px fringe of the chair all round.
    const mask: Mask = { width, height: image.height, data: new Uint8Array(width * image.height) };
    for (let y = 32; y < 78; y++) mask.data.fill(1, y * width + 62, y * width + 98);
    const plan = planRemoval(image, mask, scene);
    for (let y = 30; y < 84; y++) {
      for (let x = 60; x < 100; x++) expect(plan.hole.data[y * width + x]).toBe(1);
    }
    expect(plan.grownBy.objectPixels).toBe(40 * 50 - 36 * 46);
    expect(plan.grownBy.shadowPixels).toBe(40 * 4);
    // Nothing of the plain wall or floor around it.
    expect(count(plan.hole)).toBe(40 * 54);
    // Behind the chair: wall above the line, floor below it.
    expect(plan.structure?.surfaces[40 * width + 80]).toBe(SURFACE_WALL);
    expect(plan.structure?.surfaces[70 * width + 80]).toBe(SURFACE_FLOOR);
  });

  it('fills wall above the line and floor below it, leaving no trace of the object', () => {
    const { image, scene } = syntheticRoom();
    const { width, height } = image;
    const mask: Mask = { width, height, data: new Uint8Array(width * height) };
    for (let y = 20; y < 100; y++) {
      for (let x = 60; x < 100; x++) {
        mask.data[y * width + x] = 1;
        image.data.set([255, 0, 0, 255], (y * width + x) * 4);
        scene.labels[y * width + x] = ADE.sofa;
      }
    }
    const out = removeElements(image, mask, scene, { seed: 1 });
    const grey = (x: number, y: number) => out.data[(y * width + x) * 4] ?? 0;
    for (let x = 62; x < 98; x += 5) {
      expect(grey(x, 30)).toBe(200);
      expect(grey(x, 57)).toBe(200);
      expect(grey(x, 63)).toBe(120);
      expect(grey(x, 95)).toBe(120);
    }
    expect(changedPixelsOutside(out, image, dilateMask(mask, 2))).toBe(0);
  });
});

describe('removing an object behind another piece of furniture', () => {
  /** A red sofa on the floor (rows 30–90) with a blue table standing in front of its middle. */
  function sofaBehindTable(tableTop: number, tableFoot: number, tableLabel: number) {
    const { image, scene } = syntheticRoom();
    const { width, height } = image;
    const paint = (
      x0: number,
      y0: number,
      x1: number,
      y1: number,
      rgb: number[],
      label: number,
    ) => {
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          image.data.set([...rgb, 255], (y * width + x) * 4);
          scene.labels[y * width + x] = label;
        }
      }
    };
    paint(30, 30, 130, 90, [255, 0, 0], ADE.sofa);
    paint(60, tableTop, 100, tableFoot, [0, 0, 255], tableLabel);
    for (let x = 30; x < 130; x++) scene.wallFloorLine[x] = NaN;
    // The user's mask: the sofa, not the table.
    const mask: Mask = { width, height, data: new Uint8Array(width * height) };
    for (let i = 0; i < mask.data.length; i++) mask.data[i] = scene.labels[i] === ADE.sofa ? 1 : 0;
    return { image, scene, mask, width };
  }

  it('fills the floor behind it with floor, not with the table standing in front', () => {
    // The table's legs reach the floor below the sofa's foot: it stands nearer the camera.
    const { image, scene, mask, width } = sofaBehindTable(70, 105, ADE.table);
    const plan = planRemoval(image, mask, scene);
    const out = removeElements(image, mask, scene, { seed: 1 });
    // Just above the table (the sofa's seat, below the wall–floor line): floor, not table, and
    // filled nearer the floor's grey (120) than the table's blue (255).
    let floorLike = 0;
    let total = 0;
    for (let y = 61; y < 67; y++) {
      for (let x = 62; x < 98; x += 2) {
        expect(plan.structure?.surfaces[y * width + x], `${x},${y}`).toBe(SURFACE_FLOOR);
        const blue = out.data[(y * width + x) * 4 + 2] ?? 0;
        if (Math.abs(blue - 120) < Math.abs(blue - 255)) floorLike++;
        total++;
      }
    }
    // Measured 0.85 (the fill's floor patches pick up a little of the table's edge); 0 before.
    expect(floorLike / total).toBeGreaterThan(0.8);
    // The table itself stays (but for the fill's 2 px blend along the hole's edge).
    for (let x = 60; x < 100; x += 5) expect(out.data[(95 * width + x) * 4 + 2]).toBe(255);
  });

  it('looks past what rests on the piece in front too (a book on the coffee table)', () => {
    const { image, scene, mask, width } = sofaBehindTable(70, 105, ADE.table);
    // A green book lying on the table's top, in front of the sofa's back: its own lowest row is
    // well above the sofa's foot, but it stands on the table, which stands in front.
    for (let y = 62; y < 70; y++) {
      for (let x = 70; x < 90; x++) {
        image.data.set([0, 160, 0, 255], (y * width + x) * 4);
        scene.labels[y * width + x] = ADE.book;
        mask.data[y * width + x] = 0;
      }
    }
    const plan = planRemoval(image, mask, scene);
    const out = removeElements(image, mask, scene, { seed: 1 });
    // Just above the book (the sofa's back, above the wall–floor line): wall, filled wall grey,
    // not green. The old plan took the book for something behind the sofa (label 0 here, and
    // a red channel of 0 to 40 in the fill).
    for (let y = 50; y < 59; y += 2) {
      for (let x = 72; x < 88; x += 3) {
        expect(plan.structure?.surfaces[y * width + x], `${x},${y}`).toBe(SURFACE_WALL);
        expect(out.data[(y * width + x) * 4], `${x},${y}`).toBeGreaterThan(150);
      }
    }
  });

  it('takes the wall the line predicts above it though furniture fills most of the ring', () => {
    // Tall cabinets right beside the sofa, a picture hung low over it and a high table before
    // it: the ring above the line is mostly furniture (72%), and yet the sofa stands before the
    // wall.
    const { image, scene, mask, width } = sofaBehindTable(40, 105, ADE.table);
    const paint = (x0: number, y0: number, x1: number, y1: number, label: number) => {
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          image.data.set([90, 60, 30, 255], (y * width + x) * 4);
          scene.labels[y * width + x] = label;
        }
      }
    };
    paint(62, 14, 98, 28, ADE.painting);
    paint(4, 8, 30, 60, ADE.cabinet);
    paint(130, 8, 156, 60, ADE.cabinet);
    const plan = planRemoval(image, mask, scene);
    // The sofa's back beside the picture is wall, some way from the cabinets: the old
    // plan predicted "furniture" above the line (wall under 30% of the ring) and gave it the
    // cabinets' vote half as much again.
    for (let y = 38; y <= 46; y += 4) {
      for (const x of [44, 50, 110, 116]) {
        expect(plan.structure?.surfaces[y * width + x], `${x},${y}`).toBe(SURFACE_WALL);
      }
    }
  });

  it('fills the wall under a window hung low over it with wall, not with the window', () => {
    // A sofa (rows 30–90) under a window whose sill (row 30) meets its back; the wall either side.
    const { image, scene } = syntheticRoom();
    const { width, height } = image;
    const paint = (x0: number, y0: number, x1: number, y1: number, v: number, label: number) => {
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          image.data.set([v, v, v, 255], (y * width + x) * 4);
          scene.labels[y * width + x] = label;
        }
      }
    };
    paint(30, 30, 130, 90, 60, ADE.sofa);
    paint(60, 6, 128, 30, 250, ADE.window);
    for (let x = 30; x < 130; x++) scene.wallFloorLine[x] = NaN;
    const mask: Mask = { width, height, data: new Uint8Array(width * height) };
    for (let i = 0; i < mask.data.length; i++) mask.data[i] = scene.labels[i] === ADE.sofa ? 1 : 0;
    const plan = planRemoval(image, mask, scene);
    const out = removeElements(image, mask, scene, { seed: 1 });
    // The sofa's back just under the sill: the wall the window is set in, filled wall grey (200),
    // not the window's white (250). The old plan took the window, near above, for "anything"
    // (75,34: expected +0 to be 1); labelling the window's own edge wall as well brightened
    // the wall's fill to 224–255.
    for (let y = 34; y <= 42; y += 4) {
      for (let x = 75; x <= 115; x += 10) {
        expect(plan.structure?.surfaces[y * width + x], `${x},${y}`).toBe(SURFACE_WALL);
        const v = out.data[(y * width + x) * 4] ?? 0;
        expect(Math.abs(v - 200), `${x},${y}: ${v}`).toBeLessThan(15);
      }
    }
  });

  it('fills from what it stands on when that is furniture (a pot on a counter)', () => {
    // The "table" starts where the sofa ends: the object stands on it, it is not in front.
    const { image, scene, mask, width } = sofaBehindTable(90, 118, ADE.counter);
    for (let x = 30; x < 130; x++) {
      for (let y = 90; y < 118; y++) {
        image.data.set([0, 0, 255, 255], (y * width + x) * 4);
        scene.labels[y * width + x] = ADE.counter;
      }
    }
    const plan = planRemoval(image, mask, scene);
    // The counter still votes for the hole's lowest rows, as before.
    let counter = 0;
    for (let x = 34; x < 126; x += 4) if (plan.structure?.surfaces[88 * width + x] === 0) counter++;
    expect(counter).toBeGreaterThan(10);
  });
});

/**
 * A synthetic room with a cream rug on an oak floor, 240×180: wall (grey 200) above row 60,
 * oak below it (warm, grained); the rug from row 75 to 160 and from column 30 to a right edge
 * sloping out, x = 100 + 0.6 (y − 75), as a rug's side does in perspective. The parse calls it
 * all floor, as it does most rugs.
 */
function rugOnWood(): {
  image: Raster;
  scene: RemovalScene;
  rug: (x: number, y: number) => boolean;
} {
  const width = 240;
  const height = 180;
  const data = new Uint8ClampedArray(width * height * 4);
  const labels = new Uint8Array(width * height);
  const rug = (x: number, y: number) => y >= 75 && y < 160 && x >= 30 && x < 100 + 0.6 * (y - 75);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 17) - 8;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const n = noise();
      if (y < 60) {
        data.set([200 + n, 200 + n, 200 + n, 255], i * 4);
        labels[i] = ADE.wall;
      } else {
        const grain = (y % 6 < 2 ? -14 : 0) + n;
        data.set(
          rug(x, y)
            ? [215 + n, 205 + n, 185 + n, 255]
            : [160 + grain, 110 + grain, 60 + grain, 255],
          i * 4,
        );
        labels[i] = ADE.floor;
      }
    }
  }
  const line = new Float32Array(width).fill(60);
  return {
    image: { width, height, data },
    scene: { width, height, labels, wallFloorLine: line },
    rug,
  };
}

describe('removing an object standing on a rug and the floor beside it', () => {
  it('carries the rug’s edge across the hole: rug on the rug’s side, wood on the wood’s', () => {
    const { image, scene, rug } = rugOnWood();
    const { width, height } = image;
    // A sofa across the wall–floor line and across the rug's sloping right edge.
    const mask: Mask = { width, height, data: new Uint8Array(width * height) };
    for (let y = 35; y < 125; y++) {
      for (let x = 80; x < 190; x++) {
        mask.data[y * width + x] = 1;
        image.data.set([90, 90, 95, 255], (y * width + x) * 4);
        scene.labels[y * width + x] = ADE.sofa;
      }
    }
    const plan = planRemoval(image, mask, scene);
    expect(plan.structure?.surfaces[110 * width + 100]).toBe(SURFACE_RUG);
    expect(plan.structure?.surfaces[90 * width + 180]).toBe(SURFACE_FLOOR);
    const out = removeElements(image, mask, scene, { seed: 1 });
    // Each filled floor pixel (2 px clear of the rug's edge) is nearer its own material's colour.
    const cream = [215, 205, 185];
    const oak = [155, 105, 55];
    const d2 = (i: number, c: number[]) =>
      [0, 1, 2].reduce((s, k) => s + ((out.data[i * 4 + k] ?? 0) - (c[k] ?? 0)) ** 2, 0);
    let judged = 0;
    let wrong = 0;
    for (let y = 64; y < 125; y++) {
      for (let x = 80; x < 190; x++) {
        const onRug = rug(x, y);
        if (rug(x - 2, y) !== onRug || rug(x + 2, y) !== onRug || rug(x, y - 2) !== onRug) continue;
        const i = y * width + x;
        judged++;
        if (d2(i, cream) < d2(i, oak) !== onRug) wrong++;
      }
    }
    // Before the split 19.8% (wood smeared into the rug along its hidden edge), after 0.02%.
    expect(wrong / judged).toBeLessThan(0.03);
  });
});

/** The structural surfaces behind everything: the label file without its objects. */
function surfacesBehindObjects(labels: RoomLabels) {
  return rasteriseLabels({
    ...labels,
    regions: labels.regions.filter((r) => r.label !== 'object'),
  });
}

interface Continuity {
  /** Share of filled wall-behind pixels the parse of the result calls wall. */
  wall: number;
  /** Share of filled floor-behind pixels the parse of the result calls floor or rug. */
  floor: number;
}

/**
 * How well a removal continued the room behind the object: the result is parsed again and its
 * classes over the filled pixels compared with the hand-labelled walls and floor behind the
 * object, leaving out a 6 px band along the labelled wall–floor line.
 */
async function continuity(out: Raster, filled: Mask, labels: RoomLabels): Promise<Continuity> {
  const parse = await parseRoom(out, { model: await sharedSegmentationModel() });
  const behind = surfacesBehindObjects(labels);
  const floorBehind = labelMask(behind, 'floor');
  const nearLine = dilateMask(
    {
      width: out.width,
      height: out.height,
      data: floorBehind.data.map((v, i) => {
        if (!v) return 0;
        const up = i - out.width;
        return up >= 0 && !floorBehind.data[up] ? 1 : 0;
      }),
    },
    6,
  );
  let wallN = 0;
  let wallOk = 0;
  let floorN = 0;
  let floorOk = 0;
  for (let i = 0; i < filled.data.length; i++) {
    if (!filled.data[i] || nearLine.data[i]) continue;
    const cls = behind.classOf(i);
    const got = parse.labels[i] ?? 0;
    if (cls === 'wall-left' || cls === 'wall-front' || cls === 'wall-right') {
      wallN++;
      if (got === ADE.wall) wallOk++;
    } else if (cls === 'floor') {
      floorN++;
      if (got === ADE.floor || got === ADE.rug) floorOk++;
    }
  }
  return { wall: wallN ? wallOk / wallN : 1, floor: floorN ? floorOk / floorN : 1 };
}

describe('removing real objects (hand-labelled, mask = polygon grown 4 px)', () => {
  // Objects standing on the floor against a wall, on photos the fill was not tuned on.
  const OBJECTS = [
    { photo: 'dining-room-green-velvet-chairs.webp', name: 'floor lamp', nth: 0 },
    { photo: 'living-dining-room-red-armchair.jpg', name: 'armchair', nth: 0 },
    { photo: 'kitchen-dining-1.jpg', name: 'radiator', nth: 0 },
  ];
  const rows: Array<{ object: string; ours: Continuity; before: Continuity }> = [];

  beforeAll(async () => {
    const model = await sharedSegmentationModel();
    for (const o of OBJECTS) {
      const image = await roomRaster(o.photo, SIDE);
      const labels = scaleLabels(await loadRoomLabels(o.photo), image.width, image.height);
      const region = labels.regions.filter((r) => r.label === 'object' && r.name === o.name)[o.nth];
      if (!region) throw new Error(`${o.photo} has no ${o.name}`);
      const mask = dilateMask(regionMask(labels, region), 4);
      const parse = await parseRoom(image, { model });
      const plan = planRemoval(image, mask, parse);
      const ours = removeElements(image, mask, parse, { seed: 1 });
      expect(changedPixelsOutside(ours, image, dilateMask(plan.hole, 2))).toBe(0);
      const before = inpaint(image, mask, { seed: 1 });
      rows.push({
        object: `${o.photo} ${o.name}`,
        ours: await continuity(ours, dilateMask(plan.hole, 2), labels),
        before: await continuity(before, dilateMask(mask, 2), labels),
      });
    }
    console.log(
      'surface continuity (share of filled pixels the parse of the result calls wall / floor)\n' +
        rows
          .map(
            (r) =>
              `${r.object.padEnd(50)} structure wall ${r.ours.wall.toFixed(2)} floor ${r.ours.floor.toFixed(2)}` +
              ` | patchmatch wall ${r.before.wall.toFixed(2)} floor ${r.before.floor.toFixed(2)}`,
          )
          .join('\n'),
    );
  }, 300_000);

  it('continues the wall above the line and the floor below it, far better than the plain fill', () => {
    const mean = (f: (c: Continuity) => number, which: 'ours' | 'before') =>
      rows.reduce((s, r) => s + f(r[which]), 0) / rows.length;
    // Never noticeably worse than the plain fill on either surface…
    for (const r of rows) {
      expect(r.ours.wall, r.object).toBeGreaterThan(r.before.wall - 0.05);
      expect(r.ours.floor, r.object).toBeGreaterThan(r.before.floor - 0.05);
    }
    // …and far better on average (measured 0.89 against 0.68: the plain fill smears the
    // furniture around into the wall and floor).
    const both = (c: Continuity) => (c.wall + c.floor) / 2;
    expect(mean(both, 'ours')).toBeGreaterThan(mean(both, 'before') + 0.15);
  });
});

describe('removal across the wall–floor line (pasted objects, PSNR over the hole)', () => {
  let bench: AcrossLineResult[] = [];

  beforeAll(async () => {
    await loadOpenCv();
    const photos = (await import('../test-support/ground-truth')).labelledPhotos;
    bench = await acrossLineBenchmark(acrossLineCases(await photos()), SIDE);
    console.log(`across the wall–floor line, PSNR dB:\n${formatAcrossLineTable(bench)}`);
  }, 600_000);

  it('runs every case with the parse and reports held-out photos apart', () => {
    expect(bench.length).toBeGreaterThanOrEqual(20);
    const heldOut = bench.filter(
      (r) => !(STRUCTURE_TUNING_PHOTOS as readonly string[]).includes(r.photo),
    );
    expect(heldOut.length).toBeGreaterThanOrEqual(16);
    const mean = (f: (r: AcrossLineResult) => number) =>
      heldOut.reduce((s, r) => s + f(r), 0) / heldOut.length;
    console.log(
      `held-out means: structure ${mean((r) => r.structure).toFixed(2)} patchmatch ${mean((r) => r.patchMatch).toFixed(2)} telea ${mean((r) => r.telea).toFixed(2)}`,
    );
    // A fill, not a copy of the input: every method improves on leaving the object there.
    for (const r of bench) expect(Number.isFinite(r.structure)).toBe(true);
  });
});
