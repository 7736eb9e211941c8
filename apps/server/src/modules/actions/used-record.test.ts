import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { roomPhoto } from '../../test-support/images';
import { changedRegion } from './used-record';

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
