/** Test helper: the room parse of a shared photo with the shipped segmentation model. */
import { resolveModel } from '../models/model-store';
import { createSegmentationModel, type SegmentationModel } from '../models/segmentation-model';
import { createDetector, type Detector } from '../ops/detect';
import type { Raster } from '../raster';
import { parseRoom, type RoomParse } from '../scene';

let model: Promise<SegmentationModel> | undefined;

/** The segmentation model, loaded once per test file (verified like the engine loads it). */
export function segmentationModel(): Promise<SegmentationModel> {
  model ??= resolveModel('room_segmentation', { allowDownload: false }).then(
    createSegmentationModel,
  );
  return model;
}

let detector: Promise<Detector> | undefined;

/** The shipped detector (YOLOX-nano), loaded once per test file. */
export function detectorModel(): Promise<Detector> {
  detector ??= resolveModel('yolox_nano', { allowDownload: false }).then((path) =>
    createDetector(path),
  );
  return detector;
}

/** The parse as the engine makes it: the segmentation network and the detector's boxes. */
export async function parseOf(image: Raster): Promise<RoomParse> {
  const detections = await (await detectorModel()).detect(image);
  return parseRoom(image, { model: await segmentationModel(), detections });
}
