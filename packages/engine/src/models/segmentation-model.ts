/**
 * The room segmentation network: DeepLabV3+ MobileNetV2 trained on ADE20K (150 classes + 0
 * "other"), int8 weights, on onnxruntime's CPU provider with one thread like the detector. It
 * returns the raw 129² logits of the letterboxed photo; the room parse (scene/) turns them into
 * full-resolution labels. I/O as in MODELS.md: input `input` [1,3,513,513] RGB `x / 127.5 − 1`,
 * padded bottom/right with 0; output `logits` [1,151,129,129].
 */
import * as ort from 'onnxruntime-node';
import type { Raster } from '../raster';
import { rasterToTensor, type TensorLayout } from './image-tensor';
import { MODEL_NAMES } from './manifest';
import { resolveModel, type ResolveModelOptions } from './model-store';

export const SEGMENTATION_INPUT = 513;
/** Side of the logit grid: one cell every 4 input pixels, corners aligned (128·4 + 1 = 513). */
export const SEGMENTATION_GRID = 129;
export const SEGMENTATION_CLASSES = 151;

const LAYOUT: TensorLayout = {
  size: SEGMENTATION_INPUT,
  order: 'rgb',
  mean: [127.5, 127.5, 127.5],
  std: [127.5, 127.5, 127.5],
  pad: 0,
};

/** One run of the network over a photo. */
export interface SegmentationLogits {
  /** [classes, grid, grid] planar floats. */
  data: Float32Array;
  classes: number;
  grid: number;
  /**
   * The photo's extent in grid units (aligned corners): photo column 0 ↦ 0 and column W−1 ↦
   * `validWidth`; same for rows.
   */
  validWidth: number;
  validHeight: number;
}

export interface SegmentationModel {
  run(image: Raster): Promise<SegmentationLogits>;
  dispose(): Promise<void>;
}

/**
 * Same options as the detector: one thread, no CPU arena (see ops/detect.ts). And the int8
 * weights are dequantised once, when the session is created: by default onnxruntime keeps each
 * DequantizeLinear in the graph (for int8 kernels this model has none of) and runs it on every
 * call — 0.34 s of CPU per run against 0.20 s with them folded, logits equal within 1e-5
 * (decision 033).
 */
const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  graphOptimizationLevel: 'all',
  executionProviders: ['cpu'],
  enableCpuMemArena: false,
  enableMemPattern: false,
  extra: { session: { disable_quant_qdq: '1' } },
};

/** A model over one session, created on first use; `modelPath` must be verified first. */
export function createSegmentationModel(modelPath: string): SegmentationModel {
  let session: Promise<ort.InferenceSession> | null = null;
  const getSession = () => (session ??= ort.InferenceSession.create(modelPath, SESSION_OPTIONS));
  return {
    async run(image: Raster): Promise<SegmentationLogits> {
      const s = await getSession();
      const tensor = rasterToTensor(image, LAYOUT);
      const input = new ort.Tensor('float32', tensor.data, [
        1,
        3,
        SEGMENTATION_INPUT,
        SEGMENTATION_INPUT,
      ]);
      const result = await s.run({ [s.inputNames[0] ?? 'input']: input });
      const output = result[s.outputNames[0] ?? 'logits'];
      if (!output || !(output.data instanceof Float32Array)) {
        throw new Error('The segmentation model returned no float output');
      }
      const [, classes = SEGMENTATION_CLASSES, grid = SEGMENTATION_GRID] = output.dims;
      const step = (SEGMENTATION_INPUT - 1) / (grid - 1);
      return {
        data: output.data,
        classes,
        grid,
        validWidth: (tensor.width - 1) / step,
        validHeight: (tensor.height - 1) / step,
      };
    },
    async dispose() {
      if (session) await (await session).release();
      session = null;
    },
  };
}

/** The segmentation model; throws EngineError('model_missing') naming its file when absent. */
export async function openSegmentationModel(
  options: ResolveModelOptions = {},
): Promise<SegmentationModel> {
  return createSegmentationModel(await resolveModel(MODEL_NAMES.roomSegmentation, options));
}
