import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { roomPhoto } from '../../test-support/images';
import type { Executor } from '../../db/database';
import { changedRegion, usedRecords } from './used-record';

describe('the region a pick occupies', () => {
  it('is where the image changed: its share and bounding box', async () => {
    const photo = await sharp(roomPhoto('living-room-1.jpg'))
      .resize({ width: 400 })
      .png()
      .toBuffer();
    const { width, height } = await sharp(photo).metadata();
    const patch = { left: 40, top: 30, width: 100, height: 50 };
    const painted = await sharp(photo)
      .composite([
        {
          input: {
            create: {
              width: patch.width,
              height: patch.height,
              channels: 4,
              background: '#ff00ff',
            },
          },
          left: patch.left,
          top: patch.top,
        },
      ])
      .png()
      .toBuffer();
    const region = await changedRegion(photo, painted);
    expect(region.box).toEqual({ x: 40, y: 30, width: 100, height: 50 });
    expect(region.share).toBeCloseTo((100 * 50) / (width * height), 2);
    expect(region.area_m2).toBeUndefined();
  });

  it('is empty when nothing changed', async () => {
    const photo = await sharp(roomPhoto('living-room-1.jpg'))
      .resize({ width: 200 })
      .png()
      .toBuffer();
    expect(await changedRegion(photo, photo)).toEqual({
      share: 0,
      box: { x: 0, y: 0, width: 0, height: 0 },
    });
  });
});

describe('the surface a floor or paint covers', () => {
  it("carries the engine's area estimate per image, and none where it had none", async () => {
    const photo = await sharp(roomPhoto('living-room-1.jpg'))
      .resize({ width: 120 })
      .png()
      .toBuffer();
    const floored = await sharp(photo).negate().png().toBuffer();
    // Floors name no database row (the texture is given): no query is made.
    const db = {} as Executor;
    const request = {
      op: 'floors' as const,
      image: photo,
      quantity: 2,
      texture: { image: photo, tileSizeCm: 60 },
    };
    const texture = { id: 'oak', name: 'Oak planks' };
    const [first, second] = await usedRecords(db, request, texture, [floored, floored], undefined, [
      4.8,
      null,
    ]);
    expect(first?.textures[0]?.region.area_m2).toBe(4.8);
    expect(second?.textures[0]?.region).not.toHaveProperty('area_m2');
    const none = await usedRecords(db, request, texture, [floored]);
    expect(none[0]?.textures[0]?.region).not.toHaveProperty('area_m2');
    // An action without a surface quantity ignores an area.
    const removal = await usedRecords(
      db,
      { ...request, op: 'remove_elements', mask: photo },
      undefined,
      [floored],
      undefined,
      [3],
    );
    expect(removal[0]).toEqual({ products: [], paints: [], textures: [] });
  });
});
