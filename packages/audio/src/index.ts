export { resample } from './resample.ts';
