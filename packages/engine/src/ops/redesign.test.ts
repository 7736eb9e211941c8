import { findTexture, renderTexture } from '@roomcraft/catalog';
import { DEMO_PRODUCTS } from '@roomcraft/catalog/demo-products';
import { describe, expect, it } from 'vitest';
import { resolveModel } from '../models/model-store';
import { placementFromDemo } from '../products';
import type { Mask, Raster } from '../raster';
import { ADE, type RoomParse } from '../scene';
import { medianHueChromaDeltaE, roomRaster, SHARED_DIR } from '../test-support/photos';
import { detectorModel, parseOf } from '../test-support/room-parse';
import type { RedesignPlan, StyleTarget } from '../types';
import { floorOf } from './find-floor';
import { redesign } from './redesign';
import { createSegmenter } from './segment';
import { spaceElements } from './space-elements';

const STYLE: StyleTarget = {
  id: 'scandinavian',
  name: 'Scandinavian',
  palette: ['#d9c7a7', '#f6f4ef', '#c9cfc8', '#6f7f86'],
};
const OPTIONS = { variant: 0, seed: 7 };
const modelsDir = `${SHARED_DIR}models`;
const segmenter = Promise.all([
  resolveModel('sam_encoder', { modelsDir }),
  resolveModel('sam_decoder', { modelsDir }),
]).then(([encoderPath, decoderPath]) => createSegmenter({ encoderPath, decoderPath }));

async function floorTexture(id: string) {
  const definition = findTexture(id);
  if (!definition) throw new Error(`no texture ${id}`);
  return { id, texture: { image: await renderTexture(definition), tileSizeCm: 160 } };
}

function product(id: string) {
  const demo = DEMO_PRODUCTS.find((p) => p.id === id);
  if (!demo) throw new Error(`no product ${id}`);
  return placementFromDemo(demo);
}

/** The class's pixels, shrunk by `inset` px (its edges may take a feathered neighbour). */
function classInterior(parse: RoomParse, classes: number[], inset: number): Mask {
  const { width, height } = parse;
  const mask = parse.classMask(classes);
  const data = new Uint8Array(width * height);
  for (let y = inset; y < height - inset; y++) {
    for (let x = inset; x < width - inset; x++) {
      let all = true;
      for (let d = -inset; d <= inset && all; d++) {
        if (!mask.data[(y + d) * width + x] || !mask.data[y * width + x + d]) all = false;
      }
      if (all) data[y * width + x] = 1;
    }
  }
  return { width, height, data };
}

function count(mask: Mask): number {
  let n = 0;
  for (const v of mask.data) n += v;
  return n;
}

/** Share of the mask's pixels where the two images differ by more than `levels` in a channel. */
function changedShare(a: Raster, b: Raster, mask: Mask, levels = 8): number {
  let changed = 0;
  let all = 0;
  for (let i = 0; i < mask.data.length; i++) {
    if (!mask.data[i]) continue;
    all++;
    const p = i * 4;
    for (let c = 0; c < 3; c++) {
      if (Math.abs((a.data[p + c] ?? 0) - (b.data[p + c] ?? 0)) > levels) {
        changed++;
        break;
      }
    }
  }
  return all > 0 ? changed / all : 0;
}

/** The parse's largest object of the class. */
function largest(parse: RoomParse, classId: number) {
  const found = parse.objects
    .filter((object) => object.classId === classId)
    .sort((a, b) => b.area - a.area)[0];
  if (!found) throw new Error(`the parse found no object of class ${classId}`);
  return found;
}

describe('redesign (architectural style as a plan)', () => {
  it('repaints the walls and lays the floor, and leaves windows and doors as they were', async () => {
    const image = await roomRaster('living-room-modern-white-sofa.jpg', 800);
    const parse = await parseOf(image);
    const plan: RedesignPlan = {
      walls: { hex: '#2f6e73' },
      floor: await floorTexture('walnut-planks-wide'),
    };
    // No grade: what the plan did alone.
    const done = await redesign(image, parse, plan, STYLE, 0, OPTIONS);

    const walls = classInterior(parse, [ADE.wall], 3);
    expect(count(walls)).toBeGreaterThan(0.03 * image.width * image.height);
    const before = medianHueChromaDeltaE(image, walls, '#2f6e73');
    const after = medianHueChromaDeltaE(done.image, walls, '#2f6e73');
    expect(after).toBeLessThan(before / 2);

    // The parse calls this room's grey rug floor; the floors keep it (decision 045), so the new
    // floor is measured on the parse's floor without it, and the rug must stay as it was. Since
    // decision 091 the whole rug is kept (before, its front half was floored): it is most of what
    // the parse calls floor here (0.65), the boards the rest.
    const floor = classInterior(parse, [ADE.floor], 3);
    const laid = floorOf(parse, { rug: 'keep', image }).mask;
    const bare = { ...floor, data: floor.data.map((v, i) => (v && laid.data[i] ? 1 : 0)) };
    const rug = { ...floor, data: floor.data.map((v, i) => (v && !laid.data[i] ? 1 : 0)) };
    expect(count(bare)).toBeGreaterThan(0.25 * count(floor));
    expect(changedShare(image, done.image, bare)).toBeGreaterThan(0.8);
    expect(count(rug)).toBeGreaterThan(0.5 * count(floor));
    expect(changedShare(image, done.image, rug)).toBeLessThan(0.2);

    const openings = classInterior(parse, [ADE.window, ADE.door], 5);
    expect(count(openings)).toBeGreaterThan(1000);
    // Only the wall the parse's coarse opening shapes took in (halos, docs/decisions/032) is
    // painted: wall-coloured pixels within reach of the wall, up to an edge. Measured 0.026 here
    // (the grey wall seen through the glass door, which the parse calls window); the panes and
    // frames keep their bytes.
    expect(changedShare(image, done.image, openings, 0)).toBeLessThan(0.04);

    const kinds = done.applied.map((item) => item.kind);
    expect(kinds).toEqual(['paint', 'floor']);
    for (const item of done.applied) expect(item.region.share).toBeGreaterThan(0.05);
  }, 120_000);

  it('swaps the sofa the parse found for a catalogue product and reports where it stands', async () => {
    const image = await roomRaster('living-room-1.jpg', 800);
    const parse = await parseOf(image);
    const sofa = parse.objects
      .filter((object) => object.label === 'Sofa')
      .sort((a, b) => b.area - a.area)[0];
    if (!sofa) throw new Error('the parse found no sofa');
    const plan: RedesignPlan = {
      walls: { hex: '#f4f2ec' },
      swaps: [{ outline: sofa.polygon, product: product('sofa-lund') }],
    };
    const done = await redesign(image, parse, plan, STYLE, 0.2, OPTIONS);
    const swap = done.applied.find((item) => item.kind === 'product');
    expect(swap).toMatchObject({ kind: 'product', id: 'sofa-lund', role: 'swap' });
    if (swap?.kind !== 'product') return;
    // The product stands where the sofa stood: their boxes overlap by most of the sofa's width.
    const box = swap.region.box;
    const overlap =
      Math.min(box.x + box.width, sofa.box.x + sofa.box.width) - Math.max(box.x, sofa.box.x);
    expect(overlap).toBeGreaterThan(0.6 * sofa.box.width);
    expect(changedShare(image, done.image, sofa.mask)).toBeGreaterThan(0.6);
  }, 180_000);

  it('swaps a sofa that a table and a chair stand in front of, and keeps them in front', async () => {
    // plants-bright: a coffee table and a chair stand in front of the sofa. The redesign kept the
    // sofa (and said nothing); it now swaps it as Change furniture does (decision 041).
    const image = await roomRaster('living-room-plants-bright.jpg', 800);
    const parse = await parseOf(image);
    const sofa = largest(parse, ADE.sofa);
    const plan: RedesignPlan = {
      swaps: [{ outline: sofa.polygon, product: product('sofa-lund') }],
    };
    const done = await redesign(image, parse, plan, STYLE, 0, OPTIONS);
    expect(done.applied).toEqual([expect.objectContaining({ id: 'sofa-lund', role: 'swap' })]);
    // The chairs in front of it (standing lower, over its box) keep their pixels.
    const base = sofa.box.y + sofa.box.height;
    const front = parse.objects.filter(
      (object) =>
        object.classId === ADE.chair &&
        object.box.y + object.box.height > base + 0.02 * image.height &&
        object.box.x < sofa.box.x + sofa.box.width &&
        object.box.x + object.box.width > sofa.box.x,
    );
    expect(front.length).toBeGreaterThan(0);
    for (const object of front) {
      expect(changedShare(image, done.image, object.mask)).toBeLessThan(0.03);
    }
  }, 180_000);

  it('keeps the whole coffee table top in front of the new sofa, where SAM sees it', async () => {
    // plants-bright: the parse calls the right part of the walnut table top sofa, and colour
    // cannot tell it from the sofa's walnut rail: the new sofa was drawn over it (decision 060).
    const image = await roomRaster('living-room-plants-bright.jpg', 800);
    const parse = await parseOf(image);
    const sofa = largest(parse, ADE.sofa);
    const plan: RedesignPlan = {
      swaps: [{ outline: sofa.polygon, product: product('sofa-lund') }],
    };
    const done = await redesign(image, parse, plan, STYLE, 0, OPTIONS, undefined, await segmenter);
    expect(done.applied).toEqual([expect.objectContaining({ id: 'sofa-lund', role: 'swap' })]);
    // The table top's right part (looked at in the photo), which the parse labels sofa.
    const top = { width: image.width, height: image.height, data: new Uint8Array(sofa.mask.data) };
    for (let i = 0; i < top.data.length; i++) {
      const x = i % image.width;
      const y = Math.floor(i / image.width);
      if (x < 352 || x > 384 || y < 390 || y > 410) top.data[i] = 0;
    }
    expect(image.width).toBe(800);
    expect(count(top)).toBeGreaterThan(300);
    expect(changedShare(image, done.image, top, 2)).toBeLessThan(0.1);
  }, 180_000);

  it("stands a new sofa on the old one's floor contact, not on the rug and pouf in front", async () => {
    // neutral-sofa: the removal mask grows down through the rug's shadows and the pouf; the new
    // sofa stood on its lowest row, 13% of the image lower than the old one, and far too large.
    const image = await roomRaster('living-room-neutral-sofa.jpg', 800);
    const parse = await parseOf(image);
    const sofa = largest(parse, ADE.sofa);
    const plan: RedesignPlan = {
      swaps: [{ outline: sofa.polygon, product: product('sofa-lund') }],
    };
    const done = await redesign(image, parse, plan, STYLE, 0, OPTIONS);
    const swap = done.applied.find((item) => item.kind === 'product');
    if (swap?.kind !== 'product') throw new Error('the sofa was not swapped');
    const oldBase = sofa.box.y + sofa.box.height;
    // Its contact shadow may reach a little below its feet.
    expect(swap.region.box.y + swap.region.box.height).toBeLessThan(oldBase + 0.04 * image.height);
    // The pouf in front keeps its pixels.
    const pouf = largest(parse, ADE.ottoman);
    expect(changedShare(image, done.image, pouf.mask)).toBeLessThan(0.03);
  }, 180_000);

  it('lays no new floor where the removal carried the rug on under a swapped armchair', async () => {
    // beamed-ceiling: the front armchair stands on the rug's edge. The removal fills its hole
    // with that rug; the new floor was then laid over the fill, biting a chair-shaped patch of
    // floor out of the kept rug.
    const image = await roomRaster('living-room-beamed-ceiling.jpg', 1200);
    const parse = await parseOf(image);
    // The front armchair as the app lists it (the detector's "Chair", the parse's outline).
    const elements = spaceElements(await (await detectorModel()).detect(image), parse);
    const armchair = elements.find((element) => element.label === 'Chair');
    if (!armchair?.polygon) throw new Error('no armchair listed');
    const swaps = [{ outline: armchair.polygon, product: product('armchair-otto') }];
    const floor = await floorTexture('walnut-planks-wide');
    const sam = await segmenter;
    const run = (plan: RedesignPlan) =>
      redesign(image, parse, plan, STYLE, 0, OPTIONS, undefined, sam);
    const withFloor = await run({ swaps, floor });
    const without = await run({ swaps });
    expect(withFloor.applied.map((item) => item.kind)).toEqual(['floor', 'product']);
    // What the swap changed within the rug's rows and columns (the old piece's hole and the new
    // piece over it): the floor step leaves it.
    const rug = parse.classMask([ADE.rug]);
    const { width } = image;
    const xs: number[] = [];
    const ys: number[] = [];
    rug.data.forEach((v, i) => {
      if (!v) return;
      xs.push(i % width);
      ys.push(Math.floor(i / width));
    });
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const swapped: Mask = {
      width,
      height: image.height,
      data: new Uint8Array(width * image.height),
    };
    for (let i = 0; i < swapped.data.length; i++) {
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0 || x > x1 || y < y0 || y > y1) continue;
      for (let c = 0; c < 3; c++) {
        if (Math.abs((image.data[i * 4 + c] ?? 0) - (without.image.data[i * 4 + c] ?? 0)) > 8) {
          swapped.data[i] = 1;
        }
      }
    }
    expect(count(swapped)).toBeGreaterThan(2000);
    // Measured 0.11 (the new armchair's light follows the floor round it); 0.41 before.
    expect(changedShare(without.image, withFloor.image, swapped)).toBeLessThan(0.2);
  }, 240_000);

  it('stands a plant by the wall where the floor is free, not on furniture or in the frame edge', async () => {
    // living-room-1: free floor right of the sofa, before the painting that leans on the wall.
    // The plant was never placed: its whole box's bottom band had to be 92% floor, and the leaves
    // spread over the sofa's arm and the wall behind it.
    const image = await roomRaster('living-room-1.jpg', 800);
    const parse = await parseOf(image);
    const plan: RedesignPlan = { decor: [product('plant-fig')] };
    const done = await redesign(image, parse, plan, STYLE, 0, OPTIONS);
    const plant = done.applied.find((item) => item.kind === 'product');
    if (plant?.kind !== 'product') throw new Error('the plant was not placed');
    const { box } = plant.region;
    // Whole in the frame, standing on the floor: the parse sees floor under its pot.
    expect(box.x).toBeGreaterThan(0);
    expect(box.y).toBeGreaterThan(0);
    expect(box.x + box.width).toBeLessThan(image.width);
    expect(box.y + box.height).toBeLessThan(image.height);
    const foot = Math.round(box.y + 0.97 * box.height) * image.width + box.x + (box.width >> 1);
    expect([ADE.floor, ADE.rug]).toContain(parse.labels[foot]);
    // Not over the sofa: at most the edge of its box.
    const sofa = largest(parse, ADE.sofa).box;
    const overlap =
      Math.max(0, Math.min(box.x + box.width, sofa.x + sofa.width) - Math.max(box.x, sofa.x)) *
      Math.max(0, Math.min(box.y + box.height, sofa.y + sofa.height) - Math.max(box.y, sofa.y));
    expect(overlap).toBeLessThan(0.25 * box.width * box.height);
  }, 120_000);

  it('puts no plant out in the open floor where people walk', async () => {
    // bedroom-minimal-mirror: the only free floor is the walkway between the bed and the
    // sideboard; the plant stood in the middle of it, a metre from any wall.
    const image = await roomRaster('bedroom-minimal-mirror.jpg', 800);
    const parse = await parseOf(image);
    const plan: RedesignPlan = { decor: [product('plant-snake')] };
    const done = await redesign(image, parse, plan, STYLE, 0, OPTIONS);
    for (const item of done.applied) {
      if (item.kind !== 'product') continue;
      // By the wall: its foot no lower than a short way below the wall–floor line above it.
      const { box } = item.region;
      const line = parse.wallFloorLine[box.x + (box.width >> 1)] ?? Number.NaN;
      expect(Number.isFinite(line)).toBe(true);
      expect(box.y + box.height - line).toBeLessThan(0.08 * image.height);
    }
  }, 120_000);

  it("hangs the style's art on the free wall over the sofa, clear of the window", async () => {
    // plants-bright: plain wall above the sofa, a window beside it. No art ever landed: the spot
    // was sought at eye level along the wall, where the sofa's top or the window always reached
    // into it, and the wall the removal uncovered above the lower new sofa counted as sofa.
    const image = await roomRaster('living-room-plants-bright.jpg', 800);
    const parse = await parseOf(image);
    const sofa = largest(parse, ADE.sofa);
    const plan: RedesignPlan = {
      swaps: [{ outline: sofa.polygon, product: product('sofa-lund') }],
      decor: [product('mirror-oak')],
    };
    const done = await redesign(image, parse, plan, STYLE, 0, OPTIONS);
    const [swap, art] = done.applied.filter((item) => item.kind === 'product');
    if (swap?.kind !== 'product') throw new Error('the sofa was not swapped');
    if (art?.kind !== 'product' || art.id !== 'mirror-oak') throw new Error('no art was hung');
    const { box } = art.region;
    // Over the sofa's middle half, above the new sofa's top (its region takes its shadow too).
    const middle = box.x + box.width / 2;
    expect(middle).toBeGreaterThan(sofa.box.x + 0.25 * sofa.box.width);
    expect(middle).toBeLessThan(sofa.box.x + 0.75 * sofa.box.width);
    expect(box.y + box.height).toBeLessThan(swap.region.box.y);
    // Its bottom close above the sofa, as a person hangs it (not at eye level over the room).
    expect(swap.region.box.y - (box.y + box.height)).toBeLessThan(0.6 * box.height);
    // On wall only: no window, door, painting or lamp under it.
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        const label = parse.labels[y * image.width + x] ?? 0;
        expect([ADE.window, ADE.door, ADE.painting, ADE.lamp, ADE.ceiling]).not.toContain(label);
      }
    }
  }, 180_000);

  it('without a plan step does nothing but the grade', async () => {
    const image = await roomRaster('living-room-1.jpg', 400);
    const parse = await parseOf(image);
    const done = await redesign(image, parse, {}, STYLE, 0, OPTIONS);
    expect(done.applied).toEqual([]);
    expect(Buffer.from(done.image.data).equals(Buffer.from(image.data))).toBe(true);
  }, 60_000);
});
