/** Test helper: the SAM segmenter over the shared models, loaded once per test file. */
import { resolveModel } from '../models/model-store';
import { createSegmenter, type Segmenter } from '../ops/segment';

let segmenter: Promise<Segmenter> | undefined;

export function samSegmenter(): Promise<Segmenter> {
  segmenter ??= Promise.all([
    resolveModel('sam_encoder', { allowDownload: false }),
    resolveModel('sam_decoder', { allowDownload: false }),
  ]).then(([encoderPath, decoderPath]) => createSegmenter({ encoderPath, decoderPath }));
  return segmenter;
}
