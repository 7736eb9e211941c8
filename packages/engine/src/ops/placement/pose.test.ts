import { describe, expect, it } from 'vitest';
import type { RoomCamera, Vec3 } from '../../geometry/room-camera';
import { estimateRoomCamera, floorPointAt } from '../../geometry/room-camera';
import { demoProduct, placementFromDemo } from '../../products';
import { roomRaster } from '../../test-support/photos';
import type { Box } from './pose';
import { replacementPlacement } from './pose';

/** The floor direction a yaw's front points along (renderPlaced's convention). */
function front(yawDeg: number): [number, number] {
  const r = (yawDeg * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}

describe('the side a replacement shows the camera', () => {
  const sofa = demoProduct('sofa-lund');
  if (!sofa) throw new Error('no demo sofa');
  const product = placementFromDemo(sofa);
  const setUp = async (): Promise<{ camera: RoomCamera; box: Box; contact: Vec3 }> => {
    const image = await roomRaster('living-room-1.jpg', 900);
    // Walls square to the view: a sofa's front either faces the camera or turns its back on it.
    const camera: RoomCamera = { ...estimateRoomCamera(image), roomAxisYawDeg: 0 };
    const box: Box = {
      x0: Math.round(0.3 * camera.width),
      y0: Math.round(0.55 * camera.height),
      x1: Math.round(0.7 * camera.width),
      y1: Math.round(0.85 * camera.height),
    };
    const contact = floorPointAt(camera, (box.x0 + box.x1 + 1) / 2, box.y1 + 0.5);
    if (!contact) throw new Error('no floor under the box');
    return { camera, box, contact };
  };
  const options = { seed: 1, variant: 0 };

  it('turns its back to the camera when what the old piece faced lies beyond it', async () => {
    const { camera, box, contact } = await setUp();
    // The camera sits at +z of the room (it looks along −z): beyond the sofa is further −z.
    const beyond: Vec3 = [contact[0], 0, contact[2] - 200];
    const yaw = replacementPlacement(box, product, camera, options, beyond).yawDeg;
    const [, z] = front(yaw);
    expect(z).toBeLessThan(-0.9);
  });

  it('faces the camera when what it faced lies in front of it, as without a focus', async () => {
    const { camera, box, contact } = await setUp();
    const before: Vec3 = [contact[0], 0, contact[2] + 200];
    const withFocus = replacementPlacement(box, product, camera, options, before).yawDeg;
    const without = replacementPlacement(box, product, camera, options).yawDeg;
    expect(front(withFocus)[1]).toBeGreaterThan(0.9);
    expect(front(without)[1]).toBeGreaterThan(0.9);
  });

  it('stays near its real size within the zoom range a restyle gives (the box only bounds it)', async () => {
    const { camera, box } = await setUp();
    // A box twice as tall as the sofa would fill: unbounded, the sofa is zoomed up to fill it.
    const tall: Box = { ...box, y0: box.y0 - (box.y1 - box.y0) };
    const free = replacementPlacement(tall, product, camera, options).zoom;
    const bounded = replacementPlacement(tall, product, camera, options, null, [0.85, 1.15]).zoom;
    expect(free).toBeGreaterThan(1.15);
    expect(bounded).toBeGreaterThanOrEqual(0.85);
    expect(bounded).toBeLessThanOrEqual(1.15);
  });
});
