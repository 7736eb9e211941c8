export * from './types';
export * from './local-engine';
export * from './products';
export * from './assistant/interpret';
export * from './assistant/context';
export * from './remote';
export {
  decodeMask,
  MASK_SELECTS_NOTHING,
  MASK_UNREADABLE,
  MAX_DECODE_PIXELS,
  rasterFormatOf,
  type RasterFormat,
} from './raster';
