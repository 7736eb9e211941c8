import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { estimateRoomCamera, floorPointAt, projectToImage } from '../geometry/room-camera';
import type { RoomCamera } from '../geometry/room-camera';
import { demoProduct, placementFromDemo } from '../products';
import type { Mask, Raster } from '../raster';
import { cloneRaster, dilateMask, maskBounds } from '../raster';
import { ASSETS_DIR, rasterToPng, roomRaster } from '../test-support/photos';
import { parseOf } from '../test-support/room-parse';
import { ADE, type RoomParse } from '../scene';
import type { PlacementProduct } from '../types';
import { inpaint } from './inpaint';
import type { Box } from './placement/pose';
import {
  addProduct,
  allowedWindow,
  NO_FREE_FLOOR,
  placeProduct,
  replaceFurniture,
  swapExtent,
} from './place-product';

const OUT = '/tmp/engine-D/';

async function save(name: string, raster: Raster): Promise<void> {
  await mkdir(OUT, { recursive: true });
  await writeFile(`${OUT}${name}.png`, await rasterToPng(raster));
}

function rectMask(
  width: number,
  height: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): Mask {
  const data = new Uint8Array(width * height);
  for (let y = y0; y <= y1; y++) data.fill(1, y * width + x0, y * width + x1 + 1);
  return { width, height, data };
}

function demo(id: string): PlacementProduct {
  const product = demoProduct(id);
  if (!product) throw new Error(`no demo product ${id}`);
  return placementFromDemo(product);
}

/**
 * Largest channel difference per pixel, or 0 where the change is a plain darkening (all channels
 * scaled down alike): that is the shadow, not the product.
 */
function productDifferences(a: Raster, b: Raster): Uint8Array {
  const out = differences(a, b);
  for (let i = 0; i < out.length; i++) {
    const p = i * 4;
    const ratios = [0, 1, 2].map((c) => ((b.data[p + c] ?? 0) + 1) / ((a.data[p + c] ?? 0) + 1));
    const lo = Math.min(...ratios);
    const hi = Math.max(...ratios);
    if (hi < 1 && hi - lo < 0.06) out[i] = 0;
  }
  return out;
}

/** Largest channel difference per pixel. */
function differences(a: Raster, b: Raster): Uint8Array {
  const out = new Uint8Array(a.width * a.height);
  for (let i = 0; i < out.length; i++) {
    const p = i * 4;
    out[i] = Math.max(
      Math.abs((a.data[p] ?? 0) - (b.data[p] ?? 0)),
      Math.abs((a.data[p + 1] ?? 0) - (b.data[p + 1] ?? 0)),
      Math.abs((a.data[p + 2] ?? 0) - (b.data[p + 2] ?? 0)),
    );
  }
  return out;
}

function luminance(r: Raster, i: number): number {
  return (
    0.2126 * (r.data[i * 4] ?? 0) +
    0.7152 * (r.data[i * 4 + 1] ?? 0) +
    0.0722 * (r.data[i * 4 + 2] ?? 0)
  );
}

/** Asserts every pixel outside `window` is byte-identical. */
function expectUnchangedOutside(
  before: Raster,
  after: Raster,
  window: ReturnType<typeof allowedWindow>,
): void {
  let changedOutside = 0;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      if (x >= window.x0 && x <= window.x1 && y >= window.y0 && y <= window.y1) continue;
      const p = (y * before.width + x) * 4;
      for (let c = 0; c < 4; c++) if (before.data[p + c] !== after.data[p + c]) changedOutside++;
    }
  }
  expect(changedOutside).toBe(0);
}

/** Rows and columns of the pixels that changed strongly (the product, not its soft shadow). */
function silhouette(
  diff: Uint8Array,
  width: number,
  threshold = 40,
): { x0: number; y0: number; x1: number; y1: number; count: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  let count = 0;
  for (let i = 0; i < diff.length; i++) {
    if ((diff[i] ?? 0) < threshold) continue;
    const x = i % width;
    const y = (i - x) / width;
    count++;
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1, count };
}

describe('placing a product on free floor', () => {
  let photo: Raster;
  let camera: RoomCamera;
  // Free carpet in front of the window, right of the two armchairs (800×533 photo).
  const box = { x0: 448, y0: 352, x1: 608, y1: 500 };
  let region: Mask;
  let placed: Raster;
  let window: Box;

  beforeAll(async () => {
    photo = await roomRaster('living-room-beige-armchairs.jpg', 800);
    camera = estimateRoomCamera(photo);
    region = rectMask(photo.width, photo.height, box.x0, box.y0, box.x1, box.y1);
    ({ image: placed, window } = await addProduct(photo, region, demo('armchair-otto'), camera, {
      variant: 0,
      seed: 7,
    }));
    await save('add-armchair-beige-room', placed);
  });

  it('changes pixels only in the region’s box and its real-size outline, grown by the shadow margin', () => {
    expectUnchangedOutside(photo, placed, window);
    // The window is the region's and the armchair's at its real size, not the whole photo.
    const own = allowedWindow(region);
    expect(window.x0).toBeLessThanOrEqual(own.x0);
    expect(window.y0).toBeLessThanOrEqual(own.y0);
    expect(window.x1).toBeGreaterThanOrEqual(own.x1);
    expect(window.y1).toBeGreaterThanOrEqual(own.y1);
    expect((window.x1 - window.x0 + 1) * (window.y1 - window.y0 + 1)).toBeLessThan(
      2.5 * (own.x1 - own.x0 + 1) * (own.y1 - own.y0 + 1),
    );
  });

  it('keeps the product inside the region and standing on its bottom', () => {
    const diff = differences(photo, placed);
    const grownRadius = Math.round(0.1 * ((box.x1 - box.x0 + box.y1 - box.y0) / 2 + 1));
    const grown = dilateMask(region, grownRadius);
    let changed = 0;
    let inside = 0;
    for (let i = 0; i < diff.length; i++) {
      if ((diff[i] ?? 0) <= 6) continue;
      changed++;
      if (grown.data[i]) inside++;
    }
    expect(changed).toBeGreaterThan(0.25 * (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1));
    expect(inside / changed).toBeGreaterThanOrEqual(0.7);
    const s = silhouette(productDifferences(photo, placed), photo.width);
    const boxH = box.y1 - box.y0 + 1;
    // Its feet are in the region's bottom band, not floating above it.
    expect(s.y1).toBeGreaterThanOrEqual(box.y1 - 0.08 * boxH);
    expect(s.y1).toBeLessThanOrEqual(box.y1 + 3);
    // Sized to the region: neither a speck nor spilling far over it.
    expect(s.x1 - s.x0 + 1).toBeGreaterThan(0.5 * (box.x1 - box.x0 + 1));
    expect(s.y1 - s.y0 + 1).toBeGreaterThan(0.5 * boxH);
  });

  it('darkens the floor around its feet with a contact shadow, never lightens it', () => {
    const diff = differences(photo, placed);
    const s = silhouette(productDifferences(photo, placed), photo.width, 40);
    let shadow = 0;
    let darker = 0;
    // The band just below the product's lowest row: floor only.
    for (let y = s.y1 + 2; y <= Math.min(photo.height - 1, s.y1 + 12); y++) {
      for (let x = s.x0; x <= s.x1; x++) {
        const i = y * photo.width + x;
        if ((diff[i] ?? 0) === 0) continue;
        shadow++;
        if (luminance(placed, i) < luminance(photo, i)) darker++;
      }
    }
    expect(shadow).toBeGreaterThan(20);
    expect(darker / shadow).toBeGreaterThan(0.95);
  });

  it('makes visibly different variants', async () => {
    const other = await placeProduct(photo, region, demo('armchair-otto'), camera, {
      variant: 1,
      seed: 7,
    });
    await save('add-armchair-beige-room-variant1', other);
    const diff = differences(placed, other);
    let differing = 0;
    for (const d of diff) if (d > 30) differing++;
    expect(differing).toBeGreaterThan(0.05 * (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1));
  });

  it('takes on the photo’s exposure', async () => {
    const dark = cloneRaster(photo);
    for (let i = 0; i < dark.data.length; i++)
      if (i % 4 !== 3) dark.data[i] = Math.round((dark.data[i] ?? 0) * 0.45);
    const inDark = await placeProduct(dark, region, demo('armchair-otto'), camera, {
      variant: 0,
      seed: 7,
    });
    const lit = differences(photo, placed);
    let bright = 0;
    let dim = 0;
    let n = 0;
    for (let i = 0; i < lit.length; i++) {
      if ((lit[i] ?? 0) < 40) continue;
      bright += luminance(placed, i);
      dim += luminance(inDark, i);
      n++;
    }
    expect(n).toBeGreaterThan(1000);
    expect(dim / n).toBeLessThan(0.85 * (bright / n));
  });
});

describe('a product added in a box shorter than it is', () => {
  // living-room-1 (900 px): a short box on the rug in front of the sofa, for a 150 cm fig. Fitted
  // into the box it was drawn at 0.6× and moved back until it fit (decision 088: 0.36× on the
  // tufted bedroom); the box says where, the camera how big.
  let photo: Raster;
  let camera: RoomCamera;
  const product = demo('plant-fig');
  const at = async (top: number) => {
    const { width, height } = photo;
    const box = {
      x0: Math.round(0.44 * width),
      y0: Math.round(top * height),
      x1: Math.round(0.56 * width) - 1,
      y1: Math.round(0.93 * height) - 1,
    };
    const region = rectMask(width, height, box.x0, box.y0, box.x1, box.y1);
    const out = await placeProduct(photo, region, product, camera, { variant: 0, seed: 5 });
    return { box, out, s: silhouette(productDifferences(photo, out), width) };
  };
  /** The fig's height in rows at its real size, standing at the box's foot (its bottom centre). */
  const realHeight = (box: { x0: number; x1: number; y1: number }): number => {
    const v = box.y1 + 0.5;
    const contact = floorPointAt(camera, (box.x0 + box.x1 + 1) / 2, v);
    if (!contact) throw new Error('no floor under the box');
    const top = projectToImage(camera, [contact[0], product.dimensions.height, contact[2]]);
    if (!top) throw new Error('behind the camera');
    return v - top[1];
  };

  beforeAll(async () => {
    photo = await roomRaster('living-room-1.jpg', 900);
    camera = estimateRoomCamera(photo);
  });

  it('draws it at its real size from the camera (within 20%), standing at the box foot', async () => {
    const { box, out, s } = await at(0.83);
    await save('add-fig-short-box', out);
    const real = realHeight(box);
    // The box is far shorter than the fig: a fit into it would be a third of its size.
    expect(box.y1 + 1 - box.y0).toBeLessThan(0.4 * real);
    expect(s.count).toBeGreaterThan(2000);
    // Its pot stands on the box's bottom row: its bounding box's front corners do, the round
    // pot's front is a little behind them (12 rows of 248 here).
    expect(s.y1).toBeLessThanOrEqual(box.y1 + 1);
    expect(s.y1).toBeGreaterThan(box.y1 - 0.08 * real);
    expect((s.y1 + 1 - s.y0) / real).toBeGreaterThan(0.8);
    expect((s.y1 + 1 - s.y0) / real).toBeLessThan(1.2);
  });

  it('is drawn the same size in a box three times as tall with the same foot', async () => {
    const short = await at(0.83);
    const tall = await at(0.53);
    const h = (s: { y0: number; y1: number }) => s.y1 + 1 - s.y0;
    expect(Math.abs(h(tall.s) / h(short.s) - 1)).toBeLessThan(0.05);
    expect(tall.s.y1).toBe(short.s.y1);
  });
});

describe('placing into a 2 MP photo', () => {
  it('renders a sofa into a 600×400 region of a 2 MP photo', async () => {
    const photo = await roomRaster('living-room-beamed-ceiling.jpg', 1633);
    expect(photo.width * photo.height).toBeGreaterThan(1_900_000);
    const camera = estimateRoomCamera(photo);
    // Free floor in front of the rug.
    const box = { x0: 300, y0: 1200, x1: 899, y1: 1599 };
    const region = rectMask(photo.width, photo.height, box.x0, box.y0, box.x1, box.y1);
    const { image: out, window } = await addProduct(photo, region, demo('sofa-lund'), camera, {
      variant: 0,
      seed: 3,
    });
    await save('add-sofa-2mp', out);
    // At its real size the sofa this near the camera is far larger than the region.
    expectUnchangedOutside(photo, out, window);
    const s = silhouette(differences(photo, out), photo.width);
    expect(s.count).toBeGreaterThan(0.2 * 600 * 400);
    // Its time is measured by `npm run bench:engine` (add_elements at 2 MP), not here: a CPU
    // budget in a unit test failed under the clean-clone CI's load (2.5 s, thin margin).
  });
});

describe('changing a piece of furniture', () => {
  it('removes the old armchair and stands the new one where it stood', async () => {
    const photo = await roomRaster('living-room-beige-armchairs.jpg', 800);
    const camera = estimateRoomCamera(photo);
    // The right-hand armchair (checked by eye): seat, arms, cushion and feet.
    const box = { x0: 292, y0: 268, x1: 436, y1: 418 };
    const region = rectMask(photo.width, photo.height, box.x0, box.y0, box.x1, box.y1);
    const options = { variant: 0, seed: 11 };
    const replaced = await replaceFurniture(photo, region, demo('armchair-wing'), camera, options);
    await save('replace-armchair-beige-room', replaced);
    expectUnchangedOutside(photo, replaced, allowedWindow(region));
    const background = inpaint(photo, region, options);
    await save('replace-armchair-beige-room-background', background);
    const overBackground = differences(background, replaced);
    const area = (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1);
    let strong = 0;
    for (let i = 0; i < overBackground.length; i++) {
      const x = i % photo.width;
      const y = (i - x) / photo.width;
      if (x < box.x0 || x > box.x1 || y < box.y0 || y > box.y1) continue;
      if ((overBackground[i] ?? 0) > 40) strong++;
    }
    // The new chair covers a good part of the old one's box.
    expect(strong / area).toBeGreaterThan(0.3);
    const s = silhouette(productDifferences(background, replaced), photo.width);
    expect(s.y1).toBeGreaterThanOrEqual(box.y1 - 0.08 * (box.y1 - box.y0 + 1));
    const fromPhoto = differences(photo, replaced);
    let changedInBox = 0;
    for (let y = box.y0; y <= box.y1; y++) {
      for (let x = box.x0; x <= box.x1; x++)
        if ((fromPhoto[y * photo.width + x] ?? 0) > 20) changedInBox++;
    }
    expect(changedInBox / area).toBeGreaterThan(0.3);
  });
});

describe('replacing a detected sofa or bed', () => {
  /** The old piece removed and the new one placed, with the inpainted background it stands on. */
  async function replaceIn(
    file: string,
    box: { x0: number; y0: number; x1: number; y1: number },
    productId: string,
    name: string,
  ): Promise<{ photo: Raster; background: Raster; replaced: Raster }> {
    const photo = await roomRaster(file, 800);
    const camera = estimateRoomCamera(photo);
    const region = rectMask(photo.width, photo.height, box.x0, box.y0, box.x1, box.y1);
    const options = { variant: 0, seed: 5 };
    const replaced = await replaceFurniture(photo, region, demo(productId), camera, options);
    await save(name, replaced);
    expectUnchangedOutside(photo, replaced, allowedWindow(region));
    return { photo, background: inpaint(photo, region, options), replaced };
  }

  it('spans the old sofa’s width, squared to the wall behind it', async () => {
    // The detector's Sofa box on living-room-1.jpg (at 1600 px: 346,535–1161,843), halved.
    const box = { x0: 173, y0: 268, x1: 580, y1: 421 };
    const { photo, background, replaced } = await replaceIn(
      'living-room-1.jpg',
      box,
      'sofa-lund',
      'replace-sofa-living-room-1',
    );
    const diff = productDifferences(background, replaced);
    const s = silhouette(diff, photo.width);
    const boxW = box.x1 - box.x0 + 1;
    const boxH = box.y1 - box.y0 + 1;
    // Covers the old footprint: 90–105% of the box's width, little background left showing.
    expect((s.x1 - s.x0 + 1) / boxW).toBeGreaterThan(0.9);
    expect(s.x0).toBeGreaterThanOrEqual(box.x0 - 0.03 * boxW);
    expect(s.x1).toBeLessThanOrEqual(box.x1 + 0.03 * boxW);
    expect(s.y1).toBeGreaterThanOrEqual(box.y1 - 0.08 * boxH);
    expect(s.y0).toBeLessThanOrEqual(box.y0 + 0.2 * boxH);
    // Squared to the back wall (which faces this camera, 2° off): both ends stand on about the
    // same row, where a turned sofa would have one end nearer, clearly lower in the image.
    const lowestRow = (from: number, to: number): number => {
      let lowest = -1;
      for (let y = box.y0; y < photo.height; y++) {
        for (let x = from; x <= to; x++) if ((diff[y * photo.width + x] ?? 0) >= 40) lowest = y;
      }
      return lowest;
    };
    const band = Math.round(0.12 * (s.x1 - s.x0));
    const left = lowestRow(s.x0, s.x0 + band);
    const right = lowestRow(s.x1 - band, s.x1);
    expect(Math.abs(left - right)).toBeLessThan(0.08 * boxH);
  });

  it('runs a bed out of the frame where the old one was cut by the border', async () => {
    // The detector's Bed box on the portrait bedroom-minimal-mirror.jpg (at 1067×1600:
    // 2,928–625,1569), halved: the bed runs out of the photo on the left.
    const box = { x0: 1, y0: 464, x1: 312, y1: 784 };
    const { photo, background, replaced } = await replaceIn(
      'bedroom-minimal-mirror.jpg',
      box,
      'bed-haven',
      'replace-bed-bedroom-minimal-mirror',
    );
    const s = silhouette(productDifferences(background, replaced), photo.width);
    const boxW = box.x1 - box.x0 + 1;
    const boxH = box.y1 - box.y0 + 1;
    // It reaches the border like the old bed, and its visible end is where the old bed's was.
    expect(s.x0).toBeLessThanOrEqual(2);
    expect(s.x1).toBeGreaterThan(box.x1 - 0.08 * boxW);
    expect(s.x1).toBeLessThanOrEqual(box.x1 + 0.03 * boxW);
    // Tall enough to fill the box: the headboard near its top, the feet near its bottom.
    expect(s.y0).toBeLessThanOrEqual(box.y0 + 0.12 * boxH);
    expect(s.y1).toBeGreaterThanOrEqual(box.y1 - 0.08 * boxH);
  });
});

describe('imported cut-outs and hanging products', () => {
  let photo: Raster;
  let camera: RoomCamera;

  beforeAll(async () => {
    photo = await roomRaster('living-room-beige-armchairs.jpg', 800);
    camera = estimateRoomCamera(photo);
  });

  it('composites a cut-out standing on the region’s bottom with a soft shadow', async () => {
    const box = { x0: 430, y0: 380, x1: 640, y1: 505 };
    const region = rectMask(photo.width, photo.height, box.x0, box.y0, box.x1, box.y1);
    const product: PlacementProduct = {
      id: 'imported-sofa',
      category: 'sofa',
      name: 'Green velvet sofa',
      dimensions: { width: 200, depth: 90, height: 80 },
      colour: '#2f5d46',
      cutout: await readFile(`${ASSETS_DIR}furniture/sofa-green-velvet-cutout.png`),
    };
    const out = await placeProduct(photo, region, product, camera, { variant: 0, seed: 1 });
    const mirrored = await placeProduct(photo, region, product, camera, { variant: 1, seed: 1 });
    await save('add-cutout-sofa', out);
    await save('add-cutout-sofa-variant1', mirrored);
    const window = allowedWindow(region);
    expectUnchangedOutside(photo, out, window);
    const s = silhouette(productDifferences(photo, out), photo.width);
    expect(s.x0).toBeGreaterThanOrEqual(box.x0);
    expect(s.x1).toBeLessThanOrEqual(box.x1);
    expect(s.y0).toBeGreaterThanOrEqual(box.y0);
    expect(s.y1).toBeGreaterThanOrEqual(box.y1 - 8);
    expect(s.y1).toBeLessThanOrEqual(box.y1 + 4);
    // The cut-out fills the box in at least one direction.
    expect(
      Math.max(
        (s.x1 - s.x0 + 1) / (box.x1 - box.x0 + 1),
        (s.y1 - s.y0 + 1) / (box.y1 - box.y0 + 1),
      ),
    ).toBeGreaterThan(0.9);
    let differ = 0;
    for (const d of differences(out, mirrored)) if (d > 40) differ++;
    expect(differ).toBeGreaterThan(500);
  });

  it('hangs a pendant from the top of its region', async () => {
    const box = { x0: 560, y0: 60, x1: 640, y1: 230 };
    const region = rectMask(photo.width, photo.height, box.x0, box.y0, box.x1, box.y1);
    const out = await placeProduct(photo, region, demo('pendant-dome'), camera, {
      variant: 0,
      seed: 2,
    });
    await save('add-pendant', out);
    expectUnchangedOutside(photo, out, allowedWindow(region));
    const s = silhouette(differences(photo, out), photo.width, 30);
    expect(s.count).toBeGreaterThan(300);
    expect(Math.abs(s.y0 - box.y0)).toBeLessThan(0.1 * (box.y1 - box.y0 + 1));
    expect(s.y1).toBeLessThanOrEqual(box.y1 + 4);
    expect(s.y1).toBeGreaterThan(box.y0 + 0.7 * (box.y1 - box.y0));
  });

  it('puts a mirror on the wall inside its region', async () => {
    const box = { x0: 440, y0: 150, x1: 520, y1: 290 };
    const region = rectMask(photo.width, photo.height, box.x0, box.y0, box.x1, box.y1);
    const out = await placeProduct(photo, region, demo('mirror-arch'), camera, {
      variant: 0,
      seed: 2,
    });
    await save('add-mirror', out);
    const diff = differences(photo, out);
    const s = silhouette(diff, photo.width, 30);
    expect(s.count).toBeGreaterThan(0.3 * (box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1));
    expect(s.x0).toBeGreaterThanOrEqual(box.x0 - 4);
    expect(s.x1).toBeLessThanOrEqual(box.x1 + 4);
    expect(s.y0).toBeGreaterThanOrEqual(box.y0 - 4);
    expect(s.y1).toBeLessThanOrEqual(box.y1 + 4);
  });

  it('rejects an empty region', async () => {
    const region = rectMask(photo.width, photo.height, 0, 0, -1, -1);
    expect(maskBounds(region)).toBeNull();
    await expect(
      placeProduct(photo, region, demo('armchair-otto'), camera, { variant: 0, seed: 1 }),
    ).rejects.toThrow(/selects nothing/);
  });
});

/**
 * Issue 11, "Products that belong in the photo", with the room parse: where the product stands,
 * how large it is drawn for the camera, what stays in front of it, its contact shadow, and a swap
 * that leaves nothing of the old piece.
 */
describe('products placed with the room parse', () => {
  let photo: Raster;
  let parse: RoomParse;
  // Over the right-hand armchair and the carpet left of it (800×533): a region drawn over a chair.
  const overChair = { x0: 200, y0: 240, x1: 400, y1: 453 };
  // Its bottom edge across the right-hand armchair's seat, reaching right over free carpet.
  const onChair = { x0: 300, y0: 250, x1: 520, y1: 380 };
  let region: Mask;
  let placed: Raster;
  let placedOnChair: Raster;

  beforeAll(async () => {
    photo = await roomRaster('living-room-beige-armchairs.jpg', 800);
    parse = await parseOf(photo);
    placedOnChair = await placeProduct(
      photo,
      rectMask(photo.width, photo.height, onChair.x0, onChair.y0, onChair.x1, onChair.y1),
      demo('shelf-grid'),
      parse.camera,
      { variant: 0, seed: 3 },
      parse,
    );
    await save('add-bookcase-region-on-armchair', placedOnChair);
    region = rectMask(
      photo.width,
      photo.height,
      overChair.x0,
      overChair.y0,
      overChair.x1,
      overChair.y1,
    );
    placed = await placeProduct(
      photo,
      region,
      demo('shelf-grid'),
      parse.camera,
      { variant: 0, seed: 3 },
      parse,
    );
    await save('add-bookcase-over-armchair', placed);
  }, 60_000);

  it('stands the product on the floor, not on the chair the region covers', () => {
    const diff = productDifferences(photo, placedOnChair);
    const s = silhouette(diff, photo.width);
    expect(s.count).toBeGreaterThan(2000);
    // Just below the product's lowest row, across its middle half: visible floor (or rug).
    const floor = parse.surface('floor');
    const rug = parse.classMask([ADE.rug]);
    const below = Math.min(photo.height - 1, s.y1 + 3);
    let onFloor = 0;
    let n = 0;
    const quarter = Math.round((s.x1 - s.x0) / 4);
    for (let x = s.x0 + quarter; x <= s.x1 - quarter; x++) {
      const i = below * photo.width + x;
      n++;
      if (floor.data[i] || rug.data[i]) onFloor++;
    }
    expect(onFloor / n).toBeGreaterThan(0.6);
  });

  it('draws it at the size the camera gives its real dimensions (within 20%)', () => {
    const s = silhouette(productDifferences(photo, placed), photo.width);
    const product = demo('shelf-grid');
    const camera = parse.camera;
    const u = (s.x0 + s.x1 + 1) / 2;
    const contact = floorPointAt(camera, u, s.y1 + 0.5);
    if (!contact) throw new Error('the product stands above the horizon');
    const top = projectToImage(camera, [contact[0], product.dimensions.height, contact[2]]);
    if (!top) throw new Error('behind the camera');
    const expected = s.y1 + 0.5 - top[1];
    // The zoom that fits a product to a region is at most 0.6–1.6×; this region fits it as it is.
    expect((s.y1 - s.y0 + 1) / expected).toBeGreaterThan(0.8);
    expect((s.y1 - s.y0 + 1) / expected).toBeLessThan(1.2);
  });

  it('keeps what stands nearer the camera in front of the product', () => {
    // The parse's objects whose every column reaches below the product's contact are in front.
    const s = silhouette(productDifferences(photo, placed), photo.width);
    const window = allowedWindow(region);
    const diff = differences(photo, placed);
    let checked = 0;
    let changed = 0;
    for (const object of parse.objects) {
      if (object.box.y + object.box.height - 1 < s.y1 + 12) continue;
      const eroded = erode(object.mask, 3);
      for (let y = window.y0; y <= window.y1; y++) {
        for (let x = window.x0; x <= window.x1; x++) {
          const i = y * photo.width + x;
          if (!eroded.data[i]) continue;
          // Only the object's columns whose own bottom is nearer than the product's contact.
          if (lowestIn(object.mask, x) < s.y1 + 12) continue;
          checked++;
          if ((diff[i] ?? 0) > 2) changed++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(changed / checked).toBeLessThan(0.01);
  });

  it('darkens the floor right under the product (contact shadow and occlusion)', () => {
    const product = productDifferences(photo, placed);
    const s = silhouette(product, photo.width);
    let before = 0;
    let after = 0;
    for (let y = s.y1 - 2; y <= Math.min(photo.height - 1, s.y1 + 4); y++) {
      for (let x = s.x0 - 4; x <= s.x1 + 4; x++) {
        const i = y * photo.width + x;
        if ((product[i] ?? 0) >= 40) continue;
        before += luminance(photo, i);
        after += luminance(placed, i);
      }
    }
    expect(after).toBeLessThan(0.93 * before);
  });

  it('swaps a sofa: nothing of the old one is left, the new one spans its width', async () => {
    const sofaPhoto = await roomRaster('living-room-neutral-sofa.jpg', 800);
    const sofaParse = await parseOf(sofaPhoto);
    const sofa = sofaParse.objects.find((o) => o.label === 'Sofa');
    if (!sofa) throw new Error('no sofa in the parse');
    const mask = dilateMask(sofa.mask, 2);
    const swapped = await replaceFurniture(
      sofaPhoto,
      mask,
      demo('sofa-arco'),
      sofaParse.camera,
      { variant: 0, seed: 5 },
      sofaParse,
    );
    await save('swap-sofa-neutral-room', swapped);
    const diff = differences(sofaPhoto, swapped);
    let still = 0;
    let total = 0;
    for (let i = 0; i < diff.length; i++) {
      if (!sofa.mask.data[i]) continue;
      total++;
      if ((diff[i] ?? 0) <= 3) still++;
    }
    // Every pixel of the old sofa is covered by the new one or filled with what was behind it.
    expect(still / total).toBeLessThan(0.05);
    const s = silhouette(productDifferences(sofaPhoto, swapped), sofaPhoto.width, 60);
    expect(s.x1 - s.x0 + 1).toBeGreaterThan(0.85 * sofa.box.width);
    expect(s.x1 - s.x0 + 1).toBeLessThan(1.15 * sofa.box.width);
  }, 60_000);
});

/** The mask shrunk by `radius` pixels (a pixel stays when its square neighbourhood is set). */
function erode(mask: Mask, radius: number): Mask {
  const inverse: Mask = { ...mask, data: mask.data.map((v) => (v ? 0 : 1)) };
  const grown = dilateMask(inverse, radius);
  return { ...mask, data: grown.data.map((v) => (v ? 0 : 1)) };
}

/** The lowest row of column `x` that the mask sets (−1 when none). */
function lowestIn(mask: Mask, x: number): number {
  for (let y = mask.height - 1; y >= 0; y--) if (mask.data[y * mask.width + x]) return y;
  return -1;
}

/**
 * The darkening a placement laid on the photo below the product, column by column: the ratio of
 * the output's luminance to the photo's at every plain-darkened pixel (not the product's), from
 * the product's lowest row down to the window's bottom.
 */
function shadowRatios(
  photo: Raster,
  placed: Raster,
  window: ReturnType<typeof allowedWindow>,
): { ratios: Map<number, { y: number; r: number }[]>; min: number; bottom: number } {
  const product = productDifferences(photo, placed);
  const diff = differences(photo, placed);
  const s = silhouette(product, photo.width);
  const ratios = new Map<number, { y: number; r: number }[]>();
  let min = 1;
  for (let x = s.x0; x <= s.x1; x++) {
    const column: { y: number; r: number }[] = [];
    for (let y = Math.max(window.y0, s.y1 - 4); y <= window.y1; y++) {
      const i = y * photo.width + x;
      if ((product[i] ?? 0) > 0 || (diff[i] ?? 0) === 0) continue;
      // Not the product's soft edge (a grey sofa's rim over a pale floor mixes as a darkening).
      let nearProduct = false;
      for (let d = -2; d <= 2 && !nearProduct; d++) {
        if ((product[i + d] ?? 0) > 0 || (product[i + d * photo.width] ?? 0) > 0)
          nearProduct = true;
      }
      if (nearProduct) continue;
      const before = luminance(photo, i);
      if (before < 30) continue;
      const r = luminance(placed, i) / before;
      column.push({ y, r });
      min = Math.min(min, r);
    }
    ratios.set(x, column);
  }
  return { ratios, min, bottom: s.y1 };
}

/**
 * Issue 11 (swapfix): a swapped sofa that does not look pasted on — nothing of the old piece left
 * (its legs below a detector's box included), a contact shadow that is soft, never near black and
 * without bands.
 */
describe('a swap and a shadow that do not look pasted on', () => {
  it('removes the old sofa’s legs below its box and keeps nothing of its colour', async () => {
    const photo = await roomRaster('living-room-cognac-leather-sofa.jpg', 800);
    const parse = await parseOf(photo);
    const sofa = parse.objects.find((o) => o.label === 'Sofa');
    if (!sofa) throw new Error('no sofa in the parse');
    const b = sofa.box;
    // A detector's box around the body, short of the base and the legs (as on the engine sheet).
    const cut = b.y + Math.round(0.9 * b.height) - 1;
    const region = rectMask(photo.width, photo.height, b.x, b.y, b.x + b.width - 1, cut);
    const swapped = await replaceFurniture(
      photo,
      region,
      demo('sofa-arco'),
      parse.camera,
      { variant: 0, seed: 5 },
      parse,
    );
    await save('swap-cognac-sofa', swapped);
    // The old sofa's leather and its dark wooden base and legs: saturated warm browns, which
    // neither the pale floor nor the new grey sofa with light legs has.
    const cognac = (r: Raster, i: number): boolean => {
      const red = r.data[i * 4] ?? 0;
      const green = r.data[i * 4 + 1] ?? 0;
      const blue = r.data[i * 4 + 2] ?? 0;
      return red > 60 && red - blue > 0.45 * red && red - green > 0.22 * red;
    };
    const extent = swapExtent(region, parse);
    const x0 = Math.max(0, b.x - Math.round(0.03 * b.width));
    const x1 = Math.min(photo.width - 1, b.x + b.width + Math.round(0.03 * b.width));
    const y1 = Math.min(photo.height - 1, b.y + b.height + Math.round(0.15 * b.height));
    let before = 0;
    let after = 0;
    let legsBelow = 0;
    let legsInExtent = 0;
    for (let y = b.y; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * photo.width + x;
        // Only the old sofa's own pixels (not the side table or the chair in front).
        if (!sofa.mask.data[i] || !cognac(photo, i)) continue;
        before++;
        if (cognac(swapped, i)) after++;
        if (y > cut) {
          legsBelow++;
          if (extent.data[i]) legsInExtent++;
        }
      }
    }
    expect(before).toBeGreaterThan(5000);
    expect(after / before).toBeLessThan(0.02);
    // The legs below the box are the swap's to remove: a caller confining it keeps them in.
    expect(legsBelow).toBeGreaterThan(20);
    expect(legsInExtent / legsBelow).toBeGreaterThan(0.95);
  }, 60_000);

  it('lays a contact shadow no darker than 0.4 of the floor, lighter away from it', async () => {
    const photo = await roomRaster('living-room-beige-armchairs.jpg', 800);
    const parse = await parseOf(photo);
    const box = { x0: 448, y0: 352, x1: 608, y1: 500 };
    const region = rectMask(photo.width, photo.height, box.x0, box.y0, box.x1, box.y1);
    const placed = await placeProduct(
      photo,
      region,
      demo('sofa-arco'),
      parse.camera,
      { variant: 0, seed: 7 },
      parse,
    );
    await save('add-sofa-shadow-beige-room', placed);
    const { ratios, min } = shadowRatios(photo, placed, allowedWindow(region));
    // There is a shadow, and it is never a black smear: the floor right under the body goes no
    // darker than 0.4 (under this photo's own armchair, between its legs, it is 0.2–0.35 of the
    // floor in front, 8-bit luminance).
    expect(min).toBeLessThan(0.9);
    expect(min).toBeGreaterThan(0.4);
    // No bands: down each column from its darkest row, the shadow only lightens.
    let steps = 0;
    let darkerAgain = 0;
    for (const column of ratios.values()) {
      let darkest = 0;
      column.forEach((p, k) => {
        if (p.r < (column[darkest]?.r ?? 1)) darkest = k;
      });
      for (let k = darkest + 1; k < column.length; k++) {
        const prev = column[k - 1];
        const here = column[k];
        if (!prev || !here || here.y !== prev.y + 1) continue;
        steps++;
        if (here.r < prev.r - 0.03) darkerAgain++;
      }
    }
    expect(steps).toBeGreaterThan(500);
    expect(darkerAgain / steps).toBeLessThan(0.005);
  }, 60_000);
});

/**
 * The parse's objects standing in front of `piece` (their box overlaps its box and ends clearly
 * lower in the image: nearer the camera), and what rests on them (a plate on a side table).
 */
function frontOf(parse: RoomParse, piece: RoomParse['objects'][number]): Mask {
  const b = piece.box;
  const overlaps = (o: typeof b, q: typeof b): boolean =>
    o.x < q.x + q.width && q.x < o.x + o.width && o.y < q.y + q.height && q.y < o.y + o.height;
  // Furniture and decor: not a rug, nor the room's openings and pictures.
  const room = new Set<number>([ADE.rug, ADE.window, ADE.door, ADE.curtain, ADE.painting]);
  const others = parse.objects.filter((o) => o !== piece && !room.has(o.classId));
  const front = others.filter(
    (o) => overlaps(o.box, b) && o.box.y + o.box.height > b.y + b.height + 0.015 * parse.height,
  );
  for (const o of others) {
    if (front.includes(o) || !overlaps(o.box, b) || o.box.y < b.y) continue;
    const under = front.some(
      (f) =>
        overlaps(o.box, f.box) &&
        o.box.y + o.box.height <= f.box.y + 0.5 * f.box.height &&
        Math.min(o.box.x + o.box.width, f.box.x + f.box.width) - Math.max(o.box.x, f.box.x) >=
          0.5 * o.box.width,
    );
    if (under) front.push(o);
  }
  const data = new Uint8Array(parse.width * parse.height);
  for (const o of front) for (let i = 0; i < data.length; i++) if (o.mask.data[i]) data[i] = 1;
  return { width: parse.width, height: parse.height, data };
}

/**
 * Issue 11 (swapfill): what stands in front of the old piece stays whole and in front of the
 * new one — never in the removal hole, never drawn over.
 */
describe('a product the user marked over the foot of a bed', () => {
  // bedroom-tufted-headboard: the user's box (20% × 34% of the photo) over the bed's foot, the
  // bench's end and the strip of carpet in front of them, for a 150 cm fig. Where the fig fits
  // the box it would stand behind the bed; it came out wholly hidden (decision 084). Shrunk into
  // the box on the carpet strip it was a 55 cm fig (decision 088). At its real size its 50 cm pot
  // reaches back over the bed's foot from any row of the strip: there is no floor for it there.
  it('refuses the fig rather than shrink it into the box or stand its pot on the bed', async () => {
    const photo = await roomRaster('bedroom-tufted-headboard.jpg', 1200);
    const parse = await parseOf(photo);
    const { width, height } = photo;
    const box = {
      x0: Math.round(0.42 * width),
      y0: Math.round(0.66 * height),
      x1: Math.round(0.62 * width) - 1,
      y1: height - 1,
    };
    await expect(
      placeProduct(
        photo,
        rectMask(width, height, box.x0, box.y0, box.x1, box.y1),
        demo('plant-fig'),
        parse.camera,
        { variant: 0, seed: 3 },
        parse,
      ),
    ).rejects.toMatchObject({ kind: 'invalid_input', message: NO_FREE_FLOOR });
  }, 60_000);
});

describe('a swap keeps what stands in front', () => {
  it.each([
    ['living-room-neutral-sofa.jpg', 'the side table and the coffee table'],
    ['living-room-cognac-leather-sofa.jpg', 'the chair’s arm and the plant'],
  ])(
    'leaves %s’s front pieces (%s) as they were',
    async (name) => {
      const photo = await roomRaster(name, 800);
      const parse = await parseOf(photo);
      const sofa = parse.objects.find((o) => o.label === 'Sofa');
      if (!sofa) throw new Error('no sofa in the parse');
      const swapped = await replaceFurniture(
        photo,
        dilateMask(sofa.mask, 2),
        demo('sofa-arco'),
        parse.camera,
        { variant: 0, seed: 5 },
        parse,
      );
      await save(`swap-front-${name.replace(/\.\w+$/, '')}`, swapped);
      const front = frontOf(parse, sofa);
      const diff = differences(photo, swapped);
      let pixels = 0;
      let changed = 0;
      for (let i = 0; i < diff.length; i++) {
        if (!front.data[i]) continue;
        pixels++;
        if ((diff[i] ?? 0) > 40) changed++;
      }
      expect(pixels).toBeGreaterThan(5000);
      expect(changed / pixels).toBeLessThan(0.005);
    },
    60_000,
  );

  it('keeps the coffee table’s top the parse gave to the sofa behind it', async () => {
    const photo = await roomRaster('living-room-plants-bright.jpg', 1200);
    const parse = await parseOf(photo);
    const sofa = parse.objects.find((o) => o.label === 'Sofa');
    if (!sofa) throw new Error('no sofa in the parse');
    const swapped = await replaceFurniture(
      photo,
      dilateMask(sofa.mask, 2),
      demo('sofa-arco'),
      parse.camera,
      { variant: 0, seed: 5 },
      parse,
    );
    await save('swap-front-plants-bright', swapped);
    // A strip of the table's top seen against the old sofa (looked at in the photo), which the
    // parse labels sofa.
    const diff = differences(photo, swapped);
    let inSofa = 0;
    let kept = 0;
    for (let y = 568; y <= 582; y++) {
      for (let x = 485; x <= 530; x++) {
        const i = y * photo.width + x;
        if (!sofa.mask.data[i]) continue;
        inSofa++;
        if ((diff[i] ?? 0) <= 2) kept++;
      }
    }
    expect(photo.width).toBe(1200);
    expect(inSofa).toBeGreaterThan(500);
    expect(kept / inSofa).toBeGreaterThan(0.85);
  }, 60_000);
});
