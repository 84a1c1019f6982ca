// Measuring tools for tests of speech (ours and other packages'), kept out of the runtime entry
// point so that the product does not carry their dependencies.
export { medianF0 } from './median-f0.ts';
