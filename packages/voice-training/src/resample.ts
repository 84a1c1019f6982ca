import { resample as speexResample } from '@avatar-factory/audio';

/** Speex quality 6: transparent for speech analysis and cheap. */
export const resample = (samples: Float32Array, fromRate: number, toRate: number) => speexResample(samples, fromRate, toRate, 6);
