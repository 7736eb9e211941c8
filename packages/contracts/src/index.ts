export * from './auth';
export * from './config';
export * from './design';
export * from './design-config';
export * from './http';
export * from './limits';
export * from './messages';
export * from './multipart';
