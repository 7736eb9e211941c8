export * from './textures/render-texture';
export * from './textures/texture-catalog';
export * from './textures/texture-definition';
export * from './render/camera';
export * from './render/product-catalog';
export * from './render/product-model';
export * from './render/product-shot';
export * from './render/raymarch';
