import type { Rig, RigTargetName, RigWeights } from '@avatar-factory/avatar-rig';
import { createBlinkSchedule } from './blink';
import { createCoarticulator, MOUTH_TARGETS } from './coarticulation';
import { CriticallyDampedFilter } from './critically-damped';
import { envelopeAt } from './envelope';
import { createSmoothNoise } from './smooth-noise';
import type { SpeechTimeline } from './speech-types';

export interface AnimatorOptions {
  rig: Rig;
  /** Seed of blinks and head motion: the same seed gives the same idle life. */
  seed?: number;
  lipsync: boolean;
}

export interface Animator {
  /**
   * Target weights at `timeMs` (animator clock, ms). Call with increasing times (one call per frame):
   * mouth smoothing keeps state between calls; a jump backwards or of more than 250 ms resets it.
   * The returned object is reused by the next call: copy it to keep it.
   */
  weightsAt(timeMs: number, speech?: SpeechTimeline): RigWeights;
  setLipsync(on: boolean): void;
  readonly lipsync: boolean;
}

/** Breathing rate (about 15 breaths a minute at rest). */
const BREATH_HZ = 0.25;
/** Head motion amplitude as a fraction of each head target's range; small, it is a portrait. */
const HEAD_AMPLITUDE: Partial<Record<RigTargetName, number>> = { headYaw: 0.22, headPitch: 0.16, headRoll: 0.12 };
/**
 * Mouth spring: omega 45 rad/s settles in about 100 ms; the timeline is read ahead by 1/omega to
 * cancel its lag. At 38 the shortest bilabials of five sentences pressed the lips to 0.87-0.88 at
 * least (0.91 at 45; coarticulation.ts, MUST_REACH), the vowels between them no more open; at 50
 * and 60 a mouth weight moved up to 0.21 between 60 fps frames while speaking.
 */
const MOUTH_OMEGA = 45;
const MOUTH_LEAD_MS = 1000 / MOUTH_OMEGA;
/**
 * Without speech the mouth eases back to the photo's own at this slower rate, settling in about
 * 0.4 s: a laugh's lips, closed between its words (see the rig's viseme table), sprang open into the
 * laugh in 0.1 s when the sentence ended, a burst of laughter after every sentence.
 */
const SETTLE_OMEGA = 12;
const JAW = MOUTH_TARGETS.indexOf('jawOpen');
const LIPS_PRESS = MOUTH_TARGETS.indexOf('lipsPress');
/**
 * With an audio envelope, loudness shapes the jaw (amplitude-driven jaw, as in game lip sync): the
 * viseme's jaw is scaled from 35 % in silence to 110 % when loud, and 30 % of the jaw follows the
 * loudness directly, gated by lip closure so bilabials stay closed. Voiced consonants (n, l, m) are
 * loud with a fairly closed jaw in the viseme table alone; this keeps the mouth in time with the voice.
 */
const JAW_FLOOR = 0.35;
const JAW_GAIN = 0.75;
const JAW_LOUDNESS_SHARE = 0.3;
const JAW_LOUDNESS_MAX = 0.8;

/**
 * The avatar's animation: pure functions of time for blinks, breathing and head motion, and a
 * coarticulated viseme track (Cohen-Massaro dominance, then a critically damped spring) for speech.
 */
export function createAnimator(options: AnimatorOptions): Animator {
  const { rig } = options;
  const seed = options.seed ?? 1;
  let lipsync = options.lipsync;
  const blink = createBlinkSchedule({ seed });
  const head = {
    headYaw: createSmoothNoise(seed * 3 + 1, 2600),
    headPitch: createSmoothNoise(seed * 3 + 2, 3100),
    headRoll: createSmoothNoise(seed * 3 + 3, 3700),
  } as const;
  const breathPhase = createSmoothNoise(seed * 3 + 4, 9000);
  const mouthAt = createCoarticulator(rig);
  const mouthTarget = new Float64Array(MOUTH_TARGETS.length);
  const mouthFilter = new CriticallyDampedFilter(MOUTH_TARGETS.length, MOUTH_OMEGA);
  const ranges = new Map(rig.targets.map((t) => [t.name, { min: t.min, max: t.max }] as const));
  const weights: RigWeights = {};

  const clampTo = (name: RigTargetName, value: number) => {
    const range = ranges.get(name);
    return range ? Math.min(range.max, Math.max(range.min, value)) : value;
  };
  const span = (name: RigTargetName) => {
    const range = ranges.get(name);
    return range ? Math.min(Math.abs(range.min), Math.abs(range.max)) || Math.max(Math.abs(range.min), Math.abs(range.max)) : 1;
  };

  return {
    get lipsync() {
      return lipsync;
    },
    setLipsync(on: boolean) {
      lipsync = on;
    },
    weightsAt(timeMs: number, speech?: SpeechTimeline): RigWeights {
      const lid = blink(timeMs);
      weights.blinkLeft = clampTo('blinkLeft', lid);
      weights.blinkRight = clampTo('blinkRight', lid);
      // A slowly drifting phase keeps the breathing from looking metronomic.
      const phase = 2 * Math.PI * BREATH_HZ * (timeMs / 1000) + 0.6 * breathPhase(timeMs);
      weights.breath = clampTo('breath', 0.5 - 0.5 * Math.cos(phase));
      for (const name of ['headYaw', 'headPitch', 'headRoll'] as const) {
        weights[name] = clampTo(name, HEAD_AMPLITUDE[name]! * span(name) * head[name](timeMs));
      }

      mouthTarget.fill(0);
      if (lipsync && speech) {
        const audioMs = timeMs - speech.startMs + MOUTH_LEAD_MS;
        mouthAt(speech.visemes, audioMs, mouthTarget);
        if (speech.envelope) {
          const loudness = Math.min(1, envelopeAt(speech.envelope, audioMs));
          const closure = Math.min(1, Math.max(0, mouthTarget[LIPS_PRESS]!));
          const scaled = mouthTarget[JAW]! * (JAW_FLOOR + JAW_GAIN * loudness);
          mouthTarget[JAW] = (1 - JAW_LOUDNESS_SHARE) * scaled + JAW_LOUDNESS_SHARE * JAW_LOUDNESS_MAX * loudness * (1 - closure);
        }
      }
      const mouth = mouthFilter.step(timeMs, mouthTarget, lipsync && speech ? MOUTH_OMEGA : SETTLE_OMEGA);
      for (let k = 0; k < MOUTH_TARGETS.length; k++) {
        const name = MOUTH_TARGETS[k]!;
        // Snap tiny residues of the spring to exact rest so "at rest" means weight 0.
        weights[name] = Math.abs(mouth[k]!) < 1e-4 ? 0 : clampTo(name, mouth[k]!);
      }
      return weights;
    },
  };
}
