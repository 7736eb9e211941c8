export * from './types';
export * from './local-engine';
export * from './products';
export * from './assistant/interpret';
export * from './assistant/context';
export * from './assistant/locate';
export { namedObject, type TargetSurface } from './assistant/targets';
export * from './remote';
export {
  decodeMask,
  encodeMask,
  MASK_SELECTS_NOTHING,
  MASK_UNREADABLE,
  MAX_DECODE_PIXELS,
  rasterFormatOf,
  type RasterFormat,
} from './raster';
export { shippedModelDirs } from './models/model-store';
