import { limitPeak } from './audio/levels.ts';
import { type Clip, clipDurationMs, fitPhonemes, joinClips, roundTimings, scaleTimings, trimEdgeSilence } from './audio/clip.ts';
import { synthesizeEnglish } from './en/flite.ts';
import { normalizeEnglish } from './text/en-normalize.ts';
import { createBoundedQueue, type AdmittedRequest, type BoundedQueue, type SpeechPriority } from './engine/queue.ts';
import type { SpeechAssets } from './engine/config.ts';
import { SpeechError } from './errors.ts';
import { synthesizeJapanese } from './ja/open-jtalk.ts';
import { normalizeJapanese } from './text/ja-normalize.ts';
import { isSpeakable } from './text/clean-text.ts';
import { dominantLanguage, type LanguageSegment, segmentByLanguage } from './text/script-segments.ts';
import { planEngineCalls } from './text/plan-calls.ts';
import { splitSentences } from './text/split-sentences.ts';
import type { BaseVoice, LanguageOption, SynthesisResult, SynthesizeInput, VoiceOption } from './types.ts';
import { buildVisemes } from './visemes/build-visemes.ts';

/** No output sample goes above this (-1 dBFS is the requirement; 0.5 dB of margin for the WAV rounding). */
export const PEAK_CEILING_DBFS = -1.5;

/** Silence kept before and after each engine call: joined, about 350 ms between sentences. */
const EDGE_SILENCE_MS = { lead: 150, tail: 200 };

export interface SpeechEngineOptions {
  /** Engine processes at once (default 2). */
  concurrency?: number;
  /** Where Open JTalk's HTS voices and dictionary are (defaults: the prepared .vendor folder and Debian's dictionary). */
  assets?: SpeechAssets;
  /**
   * Requests in progress at once before new ones fail with 'busy': owners' (signed-in users and
   * background jobs, default 16) and public pages' (default 8). Each holds at most two calls.
   */
  maxRequests?: Partial<Record<SpeechPriority, number>>;
  /** Processes public calls may hold at once (default: all but one, so an owner never waits for a slot). */
  maxPublicActive?: number;
  /** Longest text synthesize() accepts, in characters (default 3000: about 5 minutes of speech). */
  maxTextLength?: number;
  /** Longest text synthesizeSentences() accepts (default 20000; it holds one sentence at a time). */
  maxStreamTextLength?: number;
  /** Per engine process (default 60 s). */
  timeoutMs?: number;
  /** Parent of the per-call temporary folders (default os.tmpdir()). */
  tmpDir?: string;
}

export interface StreamOptions {
  /**
   * Default true: a long first sentence is yielded as two results, split at its first clause mark
   * (、 or ,), so the first audio is ready in about half the time. Costs a little intonation at
   * that one boundary.
   */
  quickStart?: boolean;
}

export interface SpeechEngine {
  synthesize(input: SynthesizeInput): Promise<SynthesisResult>;
  synthesizeSentences(input: SynthesizeInput, options?: StreamOptions): AsyncGenerator<SynthesisResult, void, undefined>;
  readonly queue: Pick<BoundedQueue, 'activeCount' | 'pendingCount'>;
}

export function createSpeechEngine(options: SpeechEngineOptions = {}): SpeechEngine {
  const concurrency = options.concurrency ?? 2;
  const queue = createBoundedQueue(concurrency, {
    maxRequests: { owner: options.maxRequests?.owner ?? 16, public: options.maxRequests?.public ?? 8 },
    maxPublicActive: options.maxPublicActive,
  });
  const maxTextLength = options.maxTextLength ?? 3000;
  const maxStreamTextLength = options.maxStreamTextLength ?? 20_000;
  const timeoutMs = options.timeoutMs ?? 60_000;

  async function speakSegment(segment: LanguageSegment, voice: BaseVoice, request: AdmittedRequest, signal?: AbortSignal): Promise<Clip | null> {
    const text = segment.language === 'ja' ? normalizeJapanese(segment.text) : normalizeEnglish(segment.text);
    if (!isSpeakable(text)) return null;
    const engine = segment.language === 'ja' ? synthesizeJapanese : synthesizeEnglish;
    const output = await request.run(() => engine(text, voice, { signal, timeoutMs, tmpDir: options.tmpDir, assets: options.assets }));
    if (!output) return null;
    const trimmed = trimEdgeSilence({ ...output, phonemes: fitPhonemes(output.phonemes, clipDurationMs(output)) }, EDGE_SILENCE_MS.lead, EDGE_SILENCE_MS.tail);
    const durationMs = clipDurationMs(trimmed);
    return { ...trimmed, visemes: buildVisemes(segment.language, trimmed.phonemes, durationMs) };
  }

  /** One sentence to one result; null when neither engine found anything to say in it. */
  async function speakSentence(sentence: string, voice: VoiceOption, language: LanguageOption, request: AdmittedRequest, signal?: AbortSignal): Promise<SynthesisResult | null> {
    const segments = segmentByLanguage(sentence, language);
    const baseVoice = typeof voice === 'string' ? voice : voice.baseVoice;
    const clips: Clip[] = [];
    for (const segment of segments) {
      const clip = await speakSegment(segment, baseVoice, request, signal);
      if (clip) clips.push(clip);
    }
    if (clips.length === 0) return null;
    let clip = await joinClips(clips);
    if (typeof voice !== 'string') clip = await applyPersonalVoice(clip, voice);
    limitPeak(clip.samples, PEAK_CEILING_DBFS);
    return {
      samples: clip.samples,
      sampleRate: clip.sampleRate,
      durationMs: clipDurationMs(clip),
      phonemes: roundTimings(clip.phonemes),
      visemes: roundTimings(clip.visemes),
      language: dominantLanguage(segments),
      text: sentence,
    };
  }

  async function applyPersonalVoice(clip: Clip, voice: Exclude<VoiceOption, string>): Promise<Clip> {
    const before = clipDurationMs(clip);
    let transformed: { samples: Float32Array; sampleRate: number };
    try {
      transformed = await voice.transform(clip.samples, clip.sampleRate);
    } catch (error) {
      throw new SpeechError('engine_failed', `Personal voice ${voice.id} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const ratio = clipDurationMs(transformed) / Math.max(1e-9, before);
    return { ...transformed, phonemes: scaleTimings(clip.phonemes, ratio), visemes: scaleTimings(clip.visemes, ratio) };
  }

  function checkText(text: unknown, maxLength: number): string[] {
    if (typeof text !== 'string' || text.replace(/[\s\p{Cc}\p{Cf}]/gu, '') === '') throw new SpeechError('empty_text', 'The text is empty');
    if (text.length > maxLength) throw new SpeechError('text_too_long', `The text has ${text.length} characters; at most ${maxLength} can be spoken at once`);
    const sentences = splitSentences(text);
    if (sentences.length === 0) throw new SpeechError('no_speakable_text', 'The text has no words to speak (only symbols or emoji)');
    return sentences;
  }

  /**
   * Yields one result per sentence, first sentence first, so playback can start before the rest is
   * made. The next sentence is synthesised while the caller handles the current one; stopping the
   * iteration early aborts it and waits for its process to exit.
   */
  async function* synthesizeSentences(input: SynthesizeInput, streamOptions: StreamOptions = {}): AsyncGenerator<SynthesisResult, void, undefined> {
    const maxCalls = input.limits?.maxEngineCalls ?? Number.POSITIVE_INFINITY;
    const plan = planEngineCalls(checkText(input.text, maxStreamTextLength), input.language ?? 'auto', maxCalls);
    const sentences = plan.units;
    const language = plan.language;
    if ((streamOptions.quickStart ?? true) && countCalls(sentences, language) < maxCalls) sentences.splice(0, 1, ...splitFirstClause(sentences[0] ?? ''));
    const priority = input.priority ?? 'owner';
    const request = queue.admit(priority);
    let outputLeftMs = input.limits?.maxOutputMs ?? Number.POSITIVE_INFINITY;
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    if (input.signal?.aborted) controller.abort();
    input.signal?.addEventListener('abort', onAbort, { once: true });
    let pending: Promise<SynthesisResult | null> | undefined;
    let produced = 0;
    try {
      const start = (index: number) => {
        const sentence = sentences[index];
        return sentence === undefined ? undefined : speakSentence(sentence, input.voice, language, request, controller.signal);
      };
      pending = start(0);
      for (let index = 0; pending; index++) {
        let result = await pending;
        const overLimit = result !== null && result.durationMs >= outputLeftMs;
        // At the output limit nothing more is made: the rest of the text is not spoken.
        pending = overLimit ? undefined : start(index + 1);
        // Keep the prefetch from becoming an unhandled rejection while the caller holds the result.
        pending?.catch(() => {});
        if (result) {
          if (overLimit) result = cutResult(result, outputLeftMs);
          outputLeftMs -= result.durationMs;
          produced++;
          yield result;
        }
      }
      if (produced === 0) throw new SpeechError('no_speakable_text', 'Nothing in the text can be spoken in Japanese or English');
    } finally {
      input.signal?.removeEventListener('abort', onAbort);
      if (pending) {
        controller.abort();
        await pending.catch(() => {});
      }
      request.end();
    }
  }

  async function synthesize(input: SynthesizeInput): Promise<SynthesisResult> {
    checkText(input.text, maxTextLength);
    const results: SynthesisResult[] = [];
    for await (const result of synthesizeSentences(input, { quickStart: false })) results.push(result);
    const joined = await joinClips(results);
    const languages = results.map((result): LanguageSegment => ({ language: result.language, text: result.text }));
    return {
      samples: joined.samples,
      sampleRate: joined.sampleRate,
      phonemes: roundTimings(joined.phonemes),
      visemes: roundTimings(joined.visemes),
      durationMs: clipDurationMs(joined),
      language: dominantLanguage(languages),
      text: results.map((result) => result.text).join(' '),
    };
  }

  return { synthesize, synthesizeSentences, queue };
}

const countCalls = (units: string[], language: LanguageOption) => units.reduce((sum, unit) => sum + segmentByLanguage(unit, language).length, 0);

/** The first `maxMs` of a result, with the timings that start within it (cut to its end). */
function cutResult(result: SynthesisResult, maxMs: number): SynthesisResult {
  const keep = Math.max(0, Math.floor((maxMs / 1000) * result.sampleRate));
  const samples = result.samples.slice(0, keep);
  const durationMs = clipDurationMs({ samples, sampleRate: result.sampleRate });
  const within = <T extends { startMs: number; endMs: number }>(items: T[]) =>
    items.filter((item) => item.startMs < durationMs).map((item) => ({ ...item, endMs: Math.min(item.endMs, durationMs) }));
  return { ...result, samples, durationMs, phonemes: within(result.phonemes), visemes: within(result.visemes) };
}

/** Splits at the first clause mark that leaves at least 6 characters on each side. */
function splitFirstClause(sentence: string): string[] {
  const match = /^(.{6,}?[、，,])\s*(.{6,})$/su.exec(sentence);
  return match?.[1] && match[2] ? [match[1], match[2]] : [sentence].filter(Boolean);
}

let defaultEngine: SpeechEngine | undefined;

/**
 * The shared engine behind the module-level functions (one queue for the whole process). `options`
 * apply when it is first made (the server passes its settings before anything else speaks).
 */
export function defaultSpeechEngine(options?: SpeechEngineOptions): SpeechEngine {
  defaultEngine ??= createSpeechEngine(options);
  return defaultEngine;
}

export function synthesize(input: SynthesizeInput): Promise<SynthesisResult> {
  return defaultSpeechEngine().synthesize(input);
}

export function synthesizeSentences(input: SynthesizeInput, options?: StreamOptions): AsyncGenerator<SynthesisResult, void, undefined> {
  return defaultSpeechEngine().synthesizeSentences(input, options);
}

