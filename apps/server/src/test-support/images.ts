import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export const SHARED_ASSETS = path.resolve(import.meta.dirname, '../../../../../shared/assets');
export const roomPhoto = (name = 'living-room-1.jpg') =>
  readFileSync(path.join(SHARED_ASSETS, 'rooms', name));

/** A landscape JPEG whose EXIF says "rotate 90° clockwise to view". */
export function sidewaysJpeg() {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#c0673d' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret', Artist: 'Someone' } } })
    .toBuffer();
}

export function transparentPng() {
  return sharp({
    create: {
      width: 64,
      height: 48,
      channels: 4,
      background: { r: 10, g: 120, b: 90, alpha: 0.4 },
    },
  })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a few hundred bytes that claim 60,000 × 60,000 pixels (3.6 GP).
 * Decoding it would need gigabytes; it must be refused from its header.
 */
export function pngBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(60_001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
