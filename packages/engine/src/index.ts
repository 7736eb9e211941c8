export * from './types';
export * from './local-engine';
export * from './products';
export * from './assistant/interpret';
export * from './assistant/context';
export * from './remote';
export { decodeMask, MASK_SELECTS_NOTHING } from './raster';
