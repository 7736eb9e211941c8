/**
 * Change furniture as the app asks for it (issue 11, docs/decisions/047): the detected sofa's
 * outline as the mask, through the worker's own dispatch (room parse, SAM, removal, product).
 * The old piece must go whole: no part of it left standing round the new one.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runTask } from './dispatch';
import { demoProduct, placementFromDemo } from './products';
import { maskPng, roomPhoto, SHARED_DIR } from './test-support/photos';
import type { DetectedElement } from './types';

const settings = { modelsDir: `${SHARED_DIR}models`, allowDownload: false };

/** Share of the rectangle's pixels the swap left as they were in the photo (within 6 a channel). */
function unchangedShare(
  photo: Buffer,
  result: Buffer,
  width: number,
  [x0, y0, x1, y1]: [number, number, number, number],
): number {
  let all = 0;
  let same = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = (y * width + x) * 3;
      all++;
      const d = Math.max(
        ...[0, 1, 2].map((c) => Math.abs((photo[i + c] ?? 0) - (result[i + c] ?? 0))),
      );
      if (d <= 6) same++;
    }
  }
  return same / all;
}

/**
 * The app's swap on a shared photo scaled to `width`: the detected `label`'s outline (or its box,
 * as the engine sheet asks) as the mask, swapped for the demo product `productId` through the
 * worker's dispatch. The photo's and the result's raw RGB.
 */
async function swapAsTheAppAsks(
  photoName: string,
  width: number,
  label: string,
  by: 'outline' | 'box',
  productId: string,
): Promise<{ photo: Buffer; swapped: Buffer }> {
  const image = await sharp(await roomPhoto(photoName))
    .resize({ width })
    .png()
    .toBuffer();
  const { height } = await sharp(image).metadata();
  const detected = await runTask({ kind: 'detect', image }, settings);
  if (detected.kind !== 'detect') throw new Error('detection failed');
  const element = detected.elements.find((e: DetectedElement) => e.label === label);
  if (!element) throw new Error(`no ${label} detected`);
  const outline = by === 'outline' ? (element.polygon ?? element.box) : element.box;
  const mask = await maskPng(
    width,
    height,
    `<polygon points="${outline.map((p) => `${p.x},${p.y}`).join(' ')}" fill="white"/>`,
  );
  const product = demoProduct(productId);
  if (!product) throw new Error(`no ${productId}`);
  const result = await runTask(
    {
      kind: 'variant',
      variant: 0,
      request: {
        op: 'change_furniture',
        image,
        quantity: 1,
        seed: 5,
        mask,
        products: [placementFromDemo(product)],
      },
    },
    settings,
  );
  if (result.kind !== 'variant') throw new Error('the swap failed');
  return {
    photo: await sharp(image).removeAlpha().raw().toBuffer(),
    swapped: await sharp(Buffer.from(result.png)).removeAlpha().raw().toBuffer(),
  };
}

describe('change furniture on a shared room photo', () => {
  it('removes the whole old sofa, its pale back pillow and its arm included', async () => {
    // living-room-1.jpg at 1600 × 960: a grey three-seat sofa against a pale wall. The parse
    // calls its pale middle back pillow wall and stops short of its right arm's end.
    const { photo, swapped } = await swapAsTheAppAsks(
      'living-room-1.jpg',
      1600,
      'Sofa',
      'outline',
      'sofa-arco',
    );
    // Looked at in the photo: the middle back pillow's upper half, and the right arm's end.
    expect(unchangedShare(photo, swapped, 1600, [735, 575, 850, 615])).toBeLessThan(0.2);
    expect(unchangedShare(photo, swapped, 1600, [1110, 690, 1165, 780])).toBeLessThan(0.3);
  }, 120_000);

  it('keeps the coffee table the parse ran into the sofa standing in front of the new one', async () => {
    // living-room-1.jpg at 1200 × 720, the sofa swapped as the engine sheet asks for it (the
    // detected sofa's box). The parse calls the dark coffee table in front of the sofa sofa, and
    // its legs floor: the swap took the table's top (none of it left as it was) and its legs'
    // upper parts, and left the pale leg tips standing on the rug (docs/decisions/105).
    const { photo, swapped } = await swapAsTheAppAsks(
      'living-room-1.jpg',
      1200,
      'Sofa',
      'box',
      'sofa-lund',
    );
    // Looked at in the photo: the table's top, its left pair of legs and its right front leg.
    expect(unchangedShare(photo, swapped, 1200, [330, 566, 535, 587])).toBeGreaterThan(0.9);
    expect(unchangedShare(photo, swapped, 1200, [336, 592, 354, 670])).toBeGreaterThan(0.7);
    expect(unchangedShare(photo, swapped, 1200, [515, 592, 528, 665])).toBeGreaterThan(0.9);
  }, 120_000);

  it('keeps the bench at the foot of the bed and the nightstand beside it whole', async () => {
    // bedroom-tufted-headboard.jpg at 1200 × 800, the bed swapped as the engine sheet asks for it
    // (the detected bed's box as the mask). The parse gives the tufted bench at the bed's foot to
    // the bed, its legs and rail whole, and a scrap of the right nightstand's doors to a chair.
    const { photo, swapped } = await swapAsTheAppAsks(
      'bedroom-tufted-headboard.jpg',
      1200,
      'Bed',
      'box',
      'bed-haven',
    );
    // Looked at in the photo: the bench's tufted top, its front-left leg, its front-right leg,
    // and the lower right of the right nightstand's doors (the scrap the parse called chair).
    expect(unchangedShare(photo, swapped, 1200, [760, 570, 1000, 605])).toBeGreaterThan(0.9);
    expect(unchangedShare(photo, swapped, 1200, [747, 690, 767, 790])).toBeGreaterThan(0.9);
    expect(unchangedShare(photo, swapped, 1200, [1092, 590, 1100, 660])).toBeGreaterThan(0.9);
    expect(unchangedShare(photo, swapped, 1200, [900, 320, 935, 358])).toBeGreaterThan(0.9);
  }, 120_000);

  it('leaves what the bed box reaches through the doorway as it was (decision 097)', async () => {
    // bedroom-1.jpg at 1200 × 800, the bed swapped as the engine sheet asks for it (the detected
    // bed's box, which reaches past the bed through the bathroom doorway). The parse calls the
    // vanity's sink and tap, a door hinge and the radio's corner neither the room nor an object:
    // scraps of the box that were taken for the bed and smeared dark (53 % of the sink unchanged).
    const { photo, swapped } = await swapAsTheAppAsks(
      'bedroom-1.jpg',
      1200,
      'Bed',
      'box',
      'bed-haven',
    );
    // Looked at in the photo: the vanity's sink and tap, and the door's frame with its hinge.
    expect(unchangedShare(photo, swapped, 1200, [1025, 405, 1105, 440])).toBeGreaterThan(0.97);
    expect(unchangedShare(photo, swapped, 1200, [880, 340, 1010, 390])).toBeGreaterThan(0.99);
  }, 300_000);
});
