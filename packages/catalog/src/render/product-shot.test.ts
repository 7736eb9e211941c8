import { PRODUCT_CATEGORIES } from '@roomcraft/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { intrinsicsFromFov, lookAtPose, projectPoint } from './camera';
import { PRODUCT_MODELS } from './product-catalog';
import type { ProductModel } from './product-model';
import { encodeProductShot, renderPlaced, renderProductShot } from './product-shot';
import type { RenderedImage } from './raymarch';
import { SHADOW_MASK_BIT } from './raymarch';
import { slotIndex } from './sdf';

const OBJECT_BITS = SHADOW_MASK_BIT - 1;
const BODY_BIT = 1 << slotIndex('body');

function modelOf(category: (typeof PRODUCT_CATEGORIES)[number]): ProductModel<object> {
  return PRODUCT_MODELS[category];
}

function isProduct(image: RenderedImage, i: number): boolean {
  return ((image.materialMask[i] ?? 0) & OBJECT_BITS) !== 0;
}

describe('product shots', () => {
  it('renders byte-identical images for the same seed', () => {
    const a = renderProductShot(PRODUCT_MODELS.sofa, {}, { size: 96, colour: '#6a7f99', seed: 42 });
    const b = renderProductShot(PRODUCT_MODELS.sofa, {}, { size: 96, colour: '#6a7f99', seed: 42 });
    expect(Buffer.from(a.rgba).equals(Buffer.from(b.rgba))).toBe(true);
    expect(Buffer.from(a.materialMask.buffer).equals(Buffer.from(b.materialMask.buffer))).toBe(
      true,
    );
  });

  it.each(PRODUCT_CATEGORIES)('frames the %s silhouette inside the image', (category) => {
    const size = 96;
    const shot = renderProductShot(modelOf(category), {}, { size, colour: '#8a7f70', seed: 1 });
    let covered = 0;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (!isProduct(shot, y * size + x)) continue;
        covered++;
        // Nothing of the product may touch the outer two pixel rows or columns.
        expect(
          Math.min(x, y, size - 1 - x, size - 1 - y),
          `${category} at ${x},${y}`,
        ).toBeGreaterThan(1);
      }
    }
    const fraction = covered / (size * size);
    // Floor lamps and pendants are slender; anything below this would be a framing failure.
    expect(fraction).toBeGreaterThan(0.04);
    expect(fraction).toBeLessThan(0.8);
  });

  it.each(PRODUCT_CATEGORIES)(
    'changes only the body pixels between %s colour variants',
    (category) => {
      const size = 72;
      const model = modelOf(category);
      const a = renderProductShot(model, {}, { size, colour: '#c0392b', seed: 3 });
      const b = renderProductShot(model, {}, { size, colour: '#2e86c1', seed: 3 });
      expect(Buffer.from(a.materialMask.buffer).equals(Buffer.from(b.materialMask.buffer))).toBe(
        true,
      );
      let bodyPixels = 0;
      let bodyDiffer = 0;
      for (let i = 0; i < size * size; i++) {
        const same = [0, 1, 2, 3].every((c) => a.rgba[i * 4 + c] === b.rgba[i * 4 + c]);
        if (((a.materialMask[i] ?? 0) & BODY_BIT) === 0) {
          expect(same, `${category} pixel ${i} has no body but changed`).toBe(true);
        } else {
          bodyPixels++;
          if (!same) bodyDiffer++;
        }
      }
      expect(bodyPixels).toBeGreaterThan(20);
      // A few body pixels stay equal: deep crevices that are black in any colour, and edge pixels
      // where one sample of five grazed the body.
      expect(bodyDiffer / bodyPixels).toBeGreaterThan(0.85);
    },
  );

  it('encodes a PNG with an alpha channel and a transparent corner', async () => {
    const shot = renderProductShot(PRODUCT_MODELS.armchair, {}, { size: 64, colour: '#a0522d' });
    const png = await encodeProductShot(shot);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });
});

describe('placed renders', () => {
  it('puts a product standing on the floor where the photo camera projects its floor point', () => {
    const width = 160;
    const height = 120;
    const intrinsics = intrinsicsFromFov(width, height, 55);
    const pose = lookAtPose([0, 150, 0], [0, 20, -420]);
    const position = [40, 0, -380] as const;
    const rug = { width: 120, depth: 80, thickness: 1.2, pattern: 'border', border: 10 } as const;
    const layer = renderPlaced(PRODUCT_MODELS.rug, rug, {
      intrinsics,
      pose,
      width,
      height,
      colour: '#7a3b2e',
      position,
    });
    // The rug's front edge, on the floor: the lowest point of its silhouette.
    const floorPoint = projectPoint(layer.camera, [position[0], 0, position[2] + rug.depth / 2]);
    expect(floorPoint).not.toBeNull();
    let bottom = -1;
    for (let y = height - 1; y >= 0 && bottom < 0; y--) {
      for (let x = 0; x < width; x++) if (isProduct(layer, y * width + x)) bottom = y;
    }
    const row: number[] = [];
    for (let x = 0; x < width; x++) if (isProduct(layer, bottom * width + x)) row.push(x);
    const centre = ((row[0] ?? 0) + (row[row.length - 1] ?? 0) + 1) / 2;
    const [u, v] = floorPoint ?? [0, 0];
    expect(Math.abs(centre - u)).toBeLessThan(2);
    expect(Math.abs(bottom + 0.5 - v)).toBeLessThan(2);
  });

  it('leaves a contact shadow in the alpha channel under the product', () => {
    const width = 128;
    const height = 96;
    const layer = renderPlaced(
      PRODUCT_MODELS.armchair,
      {},
      {
        intrinsics: intrinsicsFromFov(width, height, 50),
        pose: lookAtPose([0, 140, 0], [0, 30, -330]),
        width,
        height,
        colour: '#6a7f99',
        position: [0, 0, -330],
        yawDeg: 20,
      },
    );
    let shadow = 0;
    for (let i = 0; i < width * height; i++) {
      if (layer.materialMask[i] === SHADOW_MASK_BIT && (layer.rgba[i * 4 + 3] ?? 0) > 20) shadow++;
    }
    expect(shadow).toBeGreaterThan(30);
  });
});
