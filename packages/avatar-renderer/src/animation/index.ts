export { createAnimator, type Animator, type AnimatorOptions } from './animator';
export { MOUTH_TARGETS, createCoarticulator } from './coarticulation';
export { rmsEnvelope, envelopeAt } from './envelope';
export type { AudioEnvelope, SpeechTimeline, VisemeEvent } from './speech-types';
