/** Test helper: the room parse of a shared photo with the shipped segmentation model. */
import { resolveModel } from '../models/model-store';
import { createSegmentationModel, type SegmentationModel } from '../models/segmentation-model';
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

export async function parseOf(image: Raster): Promise<RoomParse> {
  return parseRoom(image, { model: await segmentationModel() });
}
