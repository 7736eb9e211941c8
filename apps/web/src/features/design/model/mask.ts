/**
 * The mask of the tweak step (spec §2 mask tools, §7 "The mask image is produced from the brush
 * overlay at the natural size of the work image"). Pure functions: the renderer paints with a 2D
 * canvas at the natural size, these convert pointer positions and sizes into that space and turn
 * the painted pixels into the PNG the server reads (white and opaque where painted).
 */

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The displayed box of the image on screen (getBoundingClientRect's fields). */
export interface DisplayBox extends Point, Size {}

/** Spec §9: the brush's base unit is 10 times its size. */
export const BRUSH_UNIT = 10;
export const BRUSH_MIN = 1;
export const BRUSH_MAX = 10;

/** natural pixels per displayed pixel (the image keeps its aspect ratio, so one factor). */
export function displayScale(display: Size, natural: Size): number {
  return display.width > 0 ? natural.width / display.width : 1;
}

/** A pointer position (client coordinates) as a point of the natural-size image, clamped to it. */
export function toNatural(client: Point, box: DisplayBox, natural: Size): Point {
  const sx = box.width > 0 ? natural.width / box.width : 1;
  const sy = box.height > 0 ? natural.height / box.height : 1;
  return {
    x: Math.min(Math.max((client.x - box.x) * sx, 0), natural.width),
    y: Math.min(Math.max((client.y - box.y) * sy, 0), natural.height),
  };
}

/**
 * The stroke width in natural pixels: the brush is sized as the person sees it (10 × size CSS
 * pixels across), whatever the photo's resolution.
 */
export function brushWidth(size: number, display: Size, natural: Size): number {
  const clamped = Math.min(Math.max(Math.round(size), BRUSH_MIN), BRUSH_MAX);
  return clamped * BRUSH_UNIT * displayScale(display, natural);
}

/** Whether any pixel of an RGBA buffer is painted (alpha above half, as the server reads it). */
export function isPainted(rgba: Uint8ClampedArray): boolean {
  for (let index = 3; index < rgba.length; index += 4) {
    if ((rgba[index] ?? 0) > 127) return true;
  }
  return false;
}

/**
 * The server's mask from the overlay's RGBA pixels: one grey+alpha pixel per pixel, white and
 * opaque where the overlay's alpha is above half, transparent elsewhere (hard edges, as drawn).
 * Returns the PNG scanlines, each preceded by filter byte 0.
 */
export function maskScanlines(rgba: Uint8ClampedArray, size: Size): Uint8Array {
  const { width, height } = size;
  if (rgba.length !== width * height * 4) throw new Error('the pixels do not match the size');
  const stride = width * 2 + 1;
  const lines = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    let out = y * stride + 1;
    let source = y * width * 4 + 3;
    for (let x = 0; x < width; x += 1) {
      const on = (rgba[source] ?? 0) > 127 ? 255 : 0;
      lines[out] = on;
      lines[out + 1] = on;
      out += 2;
      source += 4;
    }
  }
  return lines;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let index = 0; index < 4; index += 1) out[4 + index] = type.charCodeAt(index);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib (RFC 1950) compression through the platform's CompressionStream. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new CompressionStream('deflate');
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>);
  void writer.close();
  return new Uint8Array(await new Response(stream.readable).arrayBuffer());
}

const PNG_SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

/** The mask PNG (8-bit grey + alpha) at `size`, from the overlay's RGBA pixels at that size. */
export async function encodeMaskPng(rgba: Uint8ClampedArray, size: Size): Promise<Blob> {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size.width);
  view.setUint32(4, size.height);
  header[8] = 8; // bit depth
  header[9] = 4; // colour type: grey + alpha
  const parts = [
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', await deflate(maskScanlines(rgba, size))),
    chunk('IEND', new Uint8Array(0)),
  ];
  return new Blob(parts as Uint8Array<ArrayBuffer>[], { type: 'image/png' });
}
