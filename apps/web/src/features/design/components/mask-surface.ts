import { isPainted, maskPixels, type Point } from '../model/mask';
import { composeSelection } from '../model/selection';

/**
 * The renderer of the mask overlay: a canvas at the work image's natural size, painted in the
 * accent colour at full opacity (spec §9; the canvas element itself is shown translucent). Its
 * alpha channel is the mask.
 */

function context(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (ctx === null) throw new Error('no 2D canvas');
  return ctx;
}

export interface Stroke {
  from: Point;
  to: Point;
  /** Natural pixels across. */
  width: number;
  erase: boolean;
  colour: string;
}

/** One segment of a brush stroke, with round caps and joins (spec §9). */
export function paintSegment(canvas: HTMLCanvasElement, stroke: Stroke): void {
  const ctx = context(canvas);
  ctx.save();
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = stroke.erase ? 'destination-out' : 'source-over';
  ctx.strokeStyle = stroke.colour;
  ctx.lineWidth = stroke.width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(stroke.from.x, stroke.from.y);
  // A click without movement still leaves a round dot.
  ctx.lineTo(stroke.to.x + (stroke.from.x === stroke.to.x ? 0.01 : 0), stroke.to.y);
  ctx.stroke();
  ctx.restore();
}

export function clearSurface(canvas: HTMLCanvasElement): void {
  context(canvas).clearRect(0, 0, canvas.width, canvas.height);
}

export function surfacePainted(canvas: HTMLCanvasElement): boolean {
  return isPainted(context(canvas).getImageData(0, 0, canvas.width, canvas.height).data);
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the mask could not be read'));
    image.src = src;
  });
}

/** The overlay's pixels now (to keep what was selected before a run of clicks). */
export function surfacePixels(canvas: HTMLCanvasElement): Uint8ClampedArray {
  return context(canvas).getImageData(0, 0, canvas.width, canvas.height).data;
}

/**
 * Shows a mask answer (white = selected: automatic selection, a surface by name) as the painted
 * overlay, on top of `before` (the overlay's pixels before the clicks; null to replace it).
 */
export async function drawSegmentMask(
  canvas: HTMLCanvasElement,
  maskUrl: string,
  colour: string,
  before: Uint8ClampedArray | null = null,
): Promise<boolean> {
  const image = await loadImage(maskUrl);
  const ctx = context(canvas);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const painted = composeSelection(pixels.data, before, colour);
  ctx.putImageData(pixels, 0, 0);
  return painted;
}

/** Whether a mask answer (white = selected) selects any pixel. */
export async function maskSelects(maskUrl: string): Promise<boolean> {
  const image = await loadImage(maskUrl);
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const ctx = context(canvas);
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  for (let index = 0; index < data.length; index += 4) {
    if ((data[index] ?? 0) > 127 && (data[index + 3] ?? 0) > 127) return true;
  }
  return false;
}

/** The mask the server reads: a PNG at the natural size, white and opaque where painted. */
export async function exportMask(canvas: HTMLCanvasElement | null): Promise<Blob> {
  if (canvas === null) throw new Error('there is no mask to send');
  const { width, height } = canvas;
  const pixels = maskPixels(context(canvas).getImageData(0, 0, width, height).data, {
    width,
    height,
  });
  const scratch = document.createElement('canvas');
  scratch.width = width;
  scratch.height = height;
  const ctx = context(scratch);
  const image = ctx.createImageData(width, height);
  image.data.set(pixels);
  ctx.putImageData(image, 0, 0);
  return new Promise((resolve, reject) => {
    scratch.toBlob((png) => {
      if (png === null) reject(new Error('the mask could not be encoded'));
      else resolve(png);
    }, 'image/png');
  });
}
