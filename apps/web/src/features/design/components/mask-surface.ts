import { encodeMaskPng, isPainted, type Point } from '../model/mask';

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

/** Shows a segmentation answer (white = selected) as the painted overlay, replacing it. */
export async function drawSegmentMask(
  canvas: HTMLCanvasElement,
  maskUrl: string,
  colour: string,
): Promise<boolean> {
  const image = await loadImage(maskUrl);
  const ctx = context(canvas);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const data = pixels.data;
  const [red, green, blue] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  let painted = false;
  for (let index = 0; index < data.length; index += 4) {
    // Selected where the answer is light and opaque, as the server reads a mask.
    const on = (data[index] ?? 0) > 127 && (data[index + 3] ?? 0) > 127;
    data[index] = red ?? 0;
    data[index + 1] = green ?? 0;
    data[index + 2] = blue ?? 0;
    data[index + 3] = on ? 255 : 0;
    painted ||= on;
  }
  ctx.putImageData(pixels, 0, 0);
  return painted;
}

/** The mask the server reads: a PNG at the natural size, white and opaque where painted. */
export async function exportMask(canvas: HTMLCanvasElement | null): Promise<Blob> {
  if (canvas === null) throw new Error('there is no mask to send');
  const { width, height } = canvas;
  return encodeMaskPng(context(canvas).getImageData(0, 0, width, height).data, { width, height });
}
