export type BaseVoice = 'female' | 'male';

/**
 * Median F0 of the default voices as packages/speech renders them (engine notes, 2026-11-21):
 * Japanese Mei (370 Hz) lowered 6 semitones by the engine, so about 262 Hz, and m001 about 122 Hz;
 * English flite slt 166 Hz, rms 102 Hz.
 */
export const DEFAULT_VOICE_MEDIAN_F0: Record<'ja' | 'en', Record<BaseVoice, number>> = {
  ja: { female: 262, male: 122 },
  en: { female: 166, male: 102 },
};

/**
 * The default voice closest in pitch to the speaker, on a log-frequency scale (pitch distance is
 * perceived as a ratio): fewer F0 and formant changes for the conversion to make.
 */
export function chooseBaseVoice(medianF0Hz: number, language: 'ja' | 'en' = 'ja'): BaseVoice {
  if (!(medianF0Hz > 0)) throw new Error('chooseBaseVoice needs a positive median F0');
  const ref = DEFAULT_VOICE_MEDIAN_F0[language];
  const dist = (v: BaseVoice) => Math.abs(Math.log(medianF0Hz / ref[v]));
  return dist('female') <= dist('male') ? 'female' : 'male';
}
