/**
 * Imported products without a parametric model: their cut-out composited in 2D.
 */
import sharp from 'sharp';
import { linearToByte, SRGB_TO_LINEAR } from '../../colour';
import type { RoomCamera } from '../../geometry/room-camera';
import type { Mask, Raster } from '../../raster';
import { cloneRaster, openRaster, seededRandom } from '../../raster';
import { EngineError } from '../../types';
import { lightingGrade } from './light';
import type { Box, PlaceOptions } from './pose';
import { bottomCentre } from './pose';

/**
 * An imported product's cut-out, composited in 2D: trimmed to its alpha, scaled to fit the
 * region's box, standing on its bottom edge (centred on the region's bottom), with a soft
 * elliptical contact shadow squashed by the floor's foreshortening at that row. Odd variants
 * are mirrored.
 */
export async function placeCutout(
  image: Raster,
  region: Mask,
  box: Box,
  window: Box,
  cutout: Buffer,
  camera: RoomCamera,
  options: PlaceOptions,
): Promise<Raster> {
  let decoded;
  try {
    decoded = await openRaster(cutout)
      .ensureAlpha()
      .trim({ threshold: 1 })
      .png()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new EngineError('invalid_input', 'The product cut-out could not be read');
  }
  const meta = decoded.info;
  const boxW = box.x1 - box.x0 + 1;
  const boxH = box.y1 - box.y0 + 1;
  const fit = Math.min(boxW / meta.width, boxH / meta.height) * 0.97;
  const w = Math.max(1, Math.round(meta.width * fit));
  const h = Math.max(1, Math.round(meta.height * fit));
  let pipeline = sharp(decoded.data).resize(w, h, { fit: 'fill', kernel: 'lanczos3' });
  if (options.variant % 2 === 1) pipeline = pipeline.flop();
  const raw = await pipeline.ensureAlpha().raw().toBuffer();
  const random = seededRandom((options.seed ^ Math.imul(options.variant + 3, 0x27d4eb2d)) >>> 0);
  const jitter = options.variant > 0 ? (random() - 0.5) * Math.max(0, boxW - w) : 0;
  const centre = Math.min(
    window.x1 - w / 2,
    Math.max(window.x0 + w / 2, bottomCentre(region, box) + jitter),
  );
  const left = Math.round(centre - w / 2);
  const top = box.y1 + 1 - h;
  const out = cloneRaster(image);
  // Contact shadow: an ellipse under the footprint, flattened like the floor at that row.
  const foreshortening = Math.min(
    0.6,
    Math.max(0.08, (box.y1 - camera.horizonY) / camera.intrinsics[0]),
  );
  const rx = w * 0.55;
  const ry = Math.max(3, rx * foreshortening);
  const scx = left + w / 2;
  const scy = box.y1 - ry * 0.35;
  for (
    let y = Math.max(window.y0, Math.floor(scy - 2 * ry));
    y <= Math.min(window.y1, Math.ceil(scy + 2 * ry));
    y++
  ) {
    for (
      let x = Math.max(window.x0, Math.floor(scx - 2 * rx));
      x <= Math.min(window.x1, Math.ceil(scx + 2 * rx));
      x++
    ) {
      const dx = (x + 0.5 - scx) / rx;
      const dy = (y + 0.5 - scy) / ry;
      const d2 = dx * dx + dy * dy;
      if (d2 >= 4) continue;
      const shade = 1 - 0.45 * Math.exp(-2.2 * d2);
      const p = (y * image.width + x) * 4;
      for (let c = 0; c < 3; c++) {
        out.data[p + c] = linearToByte((SRGB_TO_LINEAR[out.data[p + c] ?? 0] ?? 0) * shade);
      }
    }
  }
  const grade = lightingGrade(image, region, box, window);
  const gains = [grade.r, grade.g, grade.b];
  for (let y = 0; y < h; y++) {
    const iy = top + y;
    if (iy < window.y0 || iy > window.y1) continue;
    for (let x = 0; x < w; x++) {
      const ix = left + x;
      if (ix < window.x0 || ix > window.x1) continue;
      const s = (y * w + x) * 4;
      const a = (raw[s + 3] ?? 0) / 255;
      if (a <= 0) continue;
      const p = (iy * image.width + ix) * 4;
      for (let c = 0; c < 3; c++) {
        const product = (SRGB_TO_LINEAR[raw[s + c] ?? 0] ?? 0) * (gains[c] ?? 1);
        const photo = SRGB_TO_LINEAR[out.data[p + c] ?? 0] ?? 0;
        out.data[p + c] = linearToByte(product * a + photo * (1 - a));
      }
    }
  }
  return out;
}
