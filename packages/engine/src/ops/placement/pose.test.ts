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

describe('a product too tall for the box the user marked near the camera', () => {
  const fig = demoProduct('plant-fig');
  if (!fig) throw new Error('no demo fig');
  const product = placementFromDemo(fig);
  const options = { seed: 1, variant: 0 };
  const setUp = async (): Promise<{ camera: RoomCamera; box: Box; region: Mask }> => {
    const camera = estimateRoomCamera(await roomRaster('living-room-1.jpg', 900));
    // A short box at the photo's bottom: the fig at its real size is far taller there.
    const box: Box = {
      x0: Math.round(0.4 * camera.width),
      y0: Math.round(0.75 * camera.height),
      x1: Math.round(0.55 * camera.width),
      y1: camera.height - 1,
    };
    const data = new Uint8Array(camera.width * camera.height);
    for (let y = box.y0; y <= box.y1; y++) {
      data.fill(1, y * camera.width + box.x0, y * camera.width + box.x1 + 1);
    }
    return { camera, box, region: { width: camera.width, height: camera.height, data } };
  };

  it('stands on the nearest row back from where it fits that is clear, shrunk into the box', async () => {
    const { camera, box, region } = await setUp();
    const free = groundedPlacement(region, box, product, camera, options);
    // Without the parse it goes back until it fits (the rule before the parse said where not to).
    expect(free.zoomCentre[1]).toBeLessThan(box.y1 - 20);
    // Furniture stands everywhere behind the box's lowest 30 rows.
    const clearFrom = box.y1 + 1 - 30;
    const tried: number[] = [];
    const placed = groundedPlacement(region, box, product, camera, options, null, (_u, v) => {
      tried.push(v);
      return v >= clearFrom;
    });
    const [, v] = placed.zoomCentre;
    expect(v).toBeGreaterThanOrEqual(clearFrom);
    // The nearest clear row to where it fits: the one tried before it was not clear.
    expect(tried.filter((row) => row < clearFrom).every((row) => row < v)).toBe(true);
    expect(tried.at(-1)).toBe(v);
    // Shrunk so its outline stays inside the box: nothing of it is cut off by the mask.
    const outline = drawnOutline(camera, placed, product.dimensions);
    expect(outline.y0).toBeGreaterThanOrEqual(box.y0 - 1);
    expect(outline.x0).toBeGreaterThanOrEqual(box.x0 - 1);
    expect(outline.x1).toBeLessThanOrEqual(box.x1 + 2);
    expect(outline.y1).toBeLessThanOrEqual(v + 1);
    // As large as the box allows: it fills the box's height above its contact or its width.
    const fills = Math.max(
      (v - outline.y0) / (v - box.y0),
      (outline.x1 - outline.x0) / (box.x1 + 1 - box.x0),
    );
    expect(fills).toBeGreaterThan(0.95);
  });

  it('goes back to where it fits, as before, when nothing is in the way there', async () => {
    const { camera, box, region } = await setUp();
    const free = groundedPlacement(region, box, product, camera, options);
    const clear = groundedPlacement(region, box, product, camera, options, null, () => true);
    expect(clear.zoomCentre).toEqual(free.zoomCentre);
    expect(clear.zoom).toBe(free.zoom);
  });
});
