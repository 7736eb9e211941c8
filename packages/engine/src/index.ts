export * from './types';
export * from './local-engine';
export * from './products';
