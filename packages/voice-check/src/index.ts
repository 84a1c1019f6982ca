export { decodeTake, ANALYSIS_RATE, type DecodedTake } from './decode-take.ts';
export { TakeError, isTakeError, type TakeErrorCode } from './errors.ts';
export {
  checkTake,
  FAILURE_MESSAGES,
  VAD_METHOD,
  type CheckTakeInput,
  type CheckTakeResult,
  type TakeFailureCode,
  type TakeMetrics,
} from './check-take.ts';
export { THRESHOLDS } from './thresholds.ts';
export { WEIGHTS, qualityScore, subScores, type SubScores } from './quality-score.ts';
export { expectedLength, estimateMorae, estimateSyllables, type TakeLanguage } from './analysis/expected-length.ts';
export { languageOfText } from './analysis/language-of-text.ts';
export { trainingConfig, DEFAULT_TRAINING_CONFIG, MAX_RECORDINGS } from './training-config.ts';
export { suggestedSentences, suggestedSentenceText } from './sentences/index.ts';
export { STANDARD_MORAE, LOANWORD_MORAE } from './sentences/mora-inventory.ts';
export { openJTalkPhonemes, phonemesToMorae, parseTracePhonemes } from './front-end/open-jtalk-phonemes.ts';
export { flitePhonemes, ARPABET_PHONEMES } from './front-end/flite-phones.ts';
export { baseVoiceReferences, type BaseVoiceReferences } from './base-voice-references.ts';
export { checkUploadedTake } from './check-uploaded-take.ts';
