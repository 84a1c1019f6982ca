import { resample as speexResample } from '@avatar-factory/audio';

/** Joins flite's 16 kHz English with Open JTalk's 48 kHz Japanese in one clip: quality 8 of 10. */
export const resample = (samples: Float32Array, fromRate: number, toRate: number) =>
  fromRate === toRate ? Promise.resolve(samples) : speexResample(samples, fromRate, toRate, 8);
