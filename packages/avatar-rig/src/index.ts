export * from './types';
export * from './evaluate';
