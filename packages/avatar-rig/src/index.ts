export * from './types';
export * from './evaluate';
export { signedArea2 } from './geometry/signed-area';
export { shownRegion } from './shown-region';
