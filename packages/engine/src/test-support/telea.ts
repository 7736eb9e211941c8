/**
 * The baseline removal is compared against: OpenCV's Telea inpainting (fast marching, smooth
 * fill), via @techstark/opencv-js. Dev-only: production code never imports this file.
 */
import { createRequire } from 'node:module';
import { dilateMask } from '../raster';
import type { Mask, Raster } from '../raster';

/** The slice of OpenCV.js this file uses (the package's published typings path is broken). */
interface CvMat {
  data: Uint8Array;
  delete(): void;
}
interface OpenCv {
  Mat: new (rows: number, cols: number, type: number) => CvMat;
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
  inpaint(src: CvMat, mask: CvMat, dst: CvMat, radius: number, flags: number): void;
  onRuntimeInitialized?: () => void;
  then?: unknown;
}

let loading: Promise<OpenCv> | null = null;

/**
 * Loads OpenCV.js once. Its module object is a thenable that never settles in Node, so `then` is
 * deleted before anything awaits it; the WASM runtime signals readiness via onRuntimeInitialized.
 */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= new Promise<OpenCv>((resolve) => {
    const require = createRequire(import.meta.url);
    const cv = require('@techstark/opencv-js') as OpenCv;
    delete cv.then;
    if (typeof cv.Mat === 'function' && typeof cv.inpaint === 'function') {
      resolve(cv);
      return;
    }
    cv.onRuntimeInitialized = () => {
      resolve(cv);
    };
  });
  return loading;
}

/**
 * Telea inpainting (radius 3) of the mask grown by 2 px, the same hole `inpaint` fills; pixels
 * outside it are copied unchanged so the two are compared on equal terms.
 */
export async function teleaInpaint(image: Raster, mask: Mask): Promise<Raster> {
  const cv = await loadOpenCv();
  const { width, height } = image;
  const grown = dilateMask(mask, 2);
  const src = new cv.Mat(height, width, cv.CV_8UC3);
  const hole = new cv.Mat(height, width, cv.CV_8UC1);
  const dst = new cv.Mat(height, width, cv.CV_8UC3);
  try {
    for (let i = 0; i < width * height; i++) {
      src.data[i * 3] = image.data[i * 4] ?? 0;
      src.data[i * 3 + 1] = image.data[i * 4 + 1] ?? 0;
      src.data[i * 3 + 2] = image.data[i * 4 + 2] ?? 0;
      hole.data[i] = grown.data[i] ? 255 : 0;
    }
    cv.inpaint(src, hole, dst, 3, cv.INPAINT_TELEA);
    const out: Raster = { width, height, data: new Uint8ClampedArray(image.data) };
    for (let i = 0; i < width * height; i++) {
      if (!grown.data[i]) continue;
      out.data[i * 4] = dst.data[i * 3] ?? 0;
      out.data[i * 4 + 1] = dst.data[i * 3 + 1] ?? 0;
      out.data[i * 4 + 2] = dst.data[i * 3 + 2] ?? 0;
      out.data[i * 4 + 3] = 255;
    }
    return out;
  } finally {
    src.delete();
    hole.delete();
    dst.delete();
  }
}
