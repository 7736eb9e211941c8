export * from './auth';
export * from './config';
export * from './http';
export * from './limits';
export * from './messages';
