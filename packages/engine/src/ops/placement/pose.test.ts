import { describe, expect, it } from 'vitest';
import type { RoomCamera, Vec3 } from '../../geometry/room-camera';
import { estimateRoomCamera, floorPointAt, projectToImage } from '../../geometry/room-camera';
import { demoProduct, placementFromDemo } from '../../products';
import { roomRaster } from '../../test-support/photos';
import type { Mask } from '../../raster';
import type { Box, Placement } from './pose';
import { groundedPlacement, replacementPlacement } from './pose';

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

/** The pixel box a placement draws its product's bounding box in (its zoom about its centre). */
function drawnOutline(
  camera: RoomCamera,
  placement: Placement,
  size: { width: number; depth: number; height: number },
): Box {
  const r = (placement.yawDeg * Math.PI) / 180;
  const [u, v] = placement.zoomCentre;
  const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (let i = 0; i < 8; i++) {
    const lx = (i & 1 ? 0.5 : -0.5) * size.width;
    const lz = (i & 2 ? 0.5 : -0.5) * size.depth;
    const p = projectToImage(camera, [
      placement.position[0] + Math.cos(r) * lx + Math.sin(r) * lz,
      i & 4 ? size.height : 0,
      placement.position[2] - Math.sin(r) * lx + Math.cos(r) * lz,
    ]);
    if (!p) throw new Error('behind the camera');
    const x = u + (p[0] - u) * placement.zoom;
    const y = v + (p[1] - v) * placement.zoom;
    box.x0 = Math.min(box.x0, x);
    box.y0 = Math.min(box.y0, y);
    box.x1 = Math.max(box.x1, x);
    box.y1 = Math.max(box.y1, y);
  }
  return box;
}

describe('a product added in a box shorter or taller than it is', () => {
  const fig = demoProduct('plant-fig');
  if (!fig) throw new Error('no demo fig');
  const product = placementFromDemo(fig);
  const options = { seed: 1, variant: 0 };
  const setUp = async (top: number): Promise<{ camera: RoomCamera; box: Box; region: Mask }> => {
    const camera = estimateRoomCamera(await roomRaster('living-room-1.jpg', 900));
    // A box at the photo's bottom whose top is at `top` (a share of the height).
    const box: Box = {
      x0: Math.round(0.4 * camera.width),
      y0: Math.round(top * camera.height),
      x1: Math.round(0.55 * camera.width),
      y1: camera.height - 1,
    };
    const data = new Uint8Array(camera.width * camera.height);
    for (let y = box.y0; y <= box.y1; y++) {
      data.fill(1, y * camera.width + box.x0, y * camera.width + box.x1 + 1);
    }
    return { camera, box, region: { width: camera.width, height: camera.height, data } };
  };

  it('stands at the box foot at its real size from the camera, however short the box', async () => {
    const { camera, box, region } = await setUp(0.75);
    const placed = groundedPlacement(region, box, product, camera, options);
    const [u, v] = placed.zoomCentre;
    // Where the box says: its foot, its bottom centre.
    expect(v).toBe(box.y1 + 0.5);
    expect(Math.abs(u - (box.x0 + box.x1 + 1) / 2)).toBeLessThan(1);
    // How big the camera says: the fig's 150 cm at that contact, not the box's height.
    const outline = drawnOutline(camera, placed, product.dimensions);
    const contact = floorPointAt(camera, u, v);
    if (!contact) throw new Error('no floor');
    const top = projectToImage(camera, [contact[0], product.dimensions.height, contact[2]]);
    if (!top) throw new Error('behind the camera');
    const real = v - top[1];
    expect((v - outline.y0) / real).toBeGreaterThan(0.9);
    expect((v - outline.y0) / real).toBeLessThan(1.1);
    // It is far taller than the box: the box did not size it.
    expect(v - outline.y0).toBeGreaterThan(2 * (box.y1 + 1 - box.y0));
  });

  it('is not enlarged to fill a box taller than it is', async () => {
    const short = await setUp(0.75);
    const tall = await setUp(0.05);
    const a = groundedPlacement(short.region, short.box, product, short.camera, options);
    const b = groundedPlacement(tall.region, tall.box, product, tall.camera, options);
    expect(a.zoom).toBe(1);
    expect(b.zoom).toBe(1);
    expect(b.zoomCentre[1]).toBe(a.zoomCentre[1]);
  });
});
