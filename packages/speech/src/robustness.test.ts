import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMP_PREFIX } from './engine/temp-dir.ts';
import { SpeechError } from './errors.ts';
import { createSpeechEngine } from './synthesize.ts';
import type { PersonalVoice, SynthesisResult } from './types.ts';

// A private temp root, so the count is not disturbed by other test files running at the same time.
const tmpRoot = mkdtempSync(join(tmpdir(), 'af-speech-test-'));
const engine = createSpeechEngine({ tmpDir: tmpRoot });
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));

const tempEntries = () => readdirSync(tmpRoot).filter((name) => name.startsWith(TEMP_PREFIX)).length;
/** Live child processes of this process (Linux /proc). */
const children = () =>
  readdirSync('/proc/self/task')
    .flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean).length;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(SpeechError);
    return (error as SpeechError).code;
  }
}

describe('bad input', () => {
  it('rejects empty and blank text with empty_text', async () => {
    expect(await codeOf(engine.synthesize({ text: '', voice: 'female' }))).toBe('empty_text');
    expect(await codeOf(engine.synthesize({ text: ' \n\t\u0000\u200B ', voice: 'female' }))).toBe('empty_text');
  });

  it('rejects text of only emoji or symbols with no_speakable_text', async () => {
    expect(await codeOf(engine.synthesize({ text: '😀🎉👍🏽', voice: 'female' }))).toBe('no_speakable_text');
    expect(await codeOf(engine.synthesize({ text: '!!! ??? ★ →', voice: 'male' }))).toBe('no_speakable_text');
    expect(await codeOf(engine.synthesize({ text: '안녕하세요', voice: 'male' }))).toBe('no_speakable_text');
    // Japanese forced through the English engine has nothing flite can say.
    expect(await codeOf(engine.synthesize({ text: 'こんにちは', voice: 'male', language: 'en' }))).toBe('no_speakable_text');
  });

  it('speaks text with control characters and emoji in it, without them', async () => {
    const result = await engine.synthesize({ text: 'こん\u0007にち\u0000は😀', voice: 'female' });
    expect(result.text).toBe('こん にち は');
    expect(result.durationMs).toBeGreaterThan(500);
  });

  it('splits mixed scripts and speaks each part with its engine', async () => {
    const result = await engine.synthesize({ text: '彼は I love you so much と言った。', voice: 'female' });
    const symbols = result.phonemes.map((p) => p.symbol);
    expect(symbols).toContain('ay'); // flite's "I"
    expect(symbols).toContain('cl'); // Open JTalk's っ in 言った
    expect(result.sampleRate).toBe(48000);
    expect(result.visemes.at(-1)?.endMs).toBeCloseTo(result.durationMs, 2);
  });

  it('refuses 10,000 characters at once with text_too_long, and streams them sentence by sentence', async () => {
    const text = '今日はいい天気ですね。'.repeat(1000);
    expect(text.length).toBe(11000);
    expect(await codeOf(engine.synthesize({ text, voice: 'male' }))).toBe('text_too_long');
    const stream = engine.synthesizeSentences({ text: text.slice(0, 10_000), voice: 'male' });
    const first = await stream.next();
    expect((first.value as SynthesisResult).text).toBe('今日はいい天気ですね。');
    await stream.return(undefined); // the prefetched second sentence is aborted and reaped
    expect(children()).toBe(0);
    expect(tempEntries()).toBe(0);
  });
});

describe('missing assets', () => {
  it('says how to get the HTS voices when they are missing', async () => {
    const noVoices = createSpeechEngine({ tmpDir: tmpRoot, assets: { voicesDir: join(tmpRoot, 'no-voices-here') } });
    const error = await noVoices.synthesize({ text: 'こんにちは', voice: 'female' }).catch((e: unknown) => e);
    expect((error as SpeechError).code).toBe('voices_missing');
    expect((error as SpeechError).message).toContain('prepare-assets');
  });
});

describe('resources', () => {
  it('leaves no child process or temp file behind, also after failures and aborts', async () => {
    const before = { children: children(), temp: tempEntries() };
    await engine.synthesize({ text: 'Hello. こんにちは。', voice: 'female' });
    await codeOf(engine.synthesize({ text: '😀', voice: 'female' }));
    const controller = new AbortController();
    const aborted = engine.synthesize({ text: 'これは少し長めの文章です。途中で止めます。', voice: 'male', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await codeOf(aborted)).toBe('aborted');
    expect(await codeOf(engine.synthesize({ text: 'ま', voice: 'male', signal: AbortSignal.abort() }))).toBe('aborted');
    expect({ children: children(), temp: tempEntries() }).toEqual(before);
    expect(before).toEqual({ children: 0, temp: 0 });
  });

  it('admits a bounded number of requests per priority and answers busy beyond it', async () => {
    const small = createSpeechEngine({ concurrency: 1, maxRequests: { owner: 3, public: 2 }, tmpDir: tmpRoot });
    const say = (priority: 'owner' | 'public') => codeOf(small.synthesize({ text: 'map', voice: 'male', language: 'en', priority }));
    const publicCalls = Array.from({ length: 4 }, () => say('public'));
    const ownerCalls = Array.from({ length: 5 }, () => say('owner'));
    expect(small.queue.activeCount).toBeLessThanOrEqual(1);
    const publicCodes = await Promise.all(publicCalls);
    const ownerCodes = await Promise.all(ownerCalls);
    expect(publicCodes.filter((code) => code === 'ok')).toHaveLength(2);
    expect(publicCodes.filter((code) => code === 'busy')).toHaveLength(2);
    // Public traffic did not take the owners' places.
    expect(ownerCodes.filter((code) => code === 'ok')).toHaveLength(3);
    expect(ownerCodes.filter((code) => code === 'busy')).toHaveLength(2);
    expect(children()).toBe(0);
  });
});

describe('personal voice', () => {
  it('hands the audio to the transform and scales timings when it changes the duration', async () => {
    let seenRate = 0;
    // Stands in for a trained voice model: plays at half speed (every sample twice).
    const slow: PersonalVoice = {
      id: 'test-voice',
      baseVoice: 'male',
      async transform(samples, sampleRate) {
        seenRate = sampleRate;
        const out = new Float32Array(samples.length * 2);
        samples.forEach((value, i) => out.fill(value, 2 * i, 2 * i + 2));
        return { samples: out, sampleRate };
      },
    };
    const base = await engine.synthesize({ text: 'ま', voice: 'male', language: 'ja' });
    const personal = await engine.synthesize({ text: 'ま', voice: slow, language: 'ja' });
    expect(seenRate).toBe(48000);
    expect(personal.durationMs).toBeCloseTo(base.durationMs * 2, 2);
    expect(personal.visemes.map((v) => v.viseme)).toEqual(base.visemes.map((v) => v.viseme));
    personal.visemes.forEach((v, i) => expect(v.startMs).toBeCloseTo((base.visemes[i]?.startMs ?? 0) * 2, 2));
    expect(personal.visemes.at(-1)?.endMs).toBeCloseTo(personal.durationMs, 2);
  });

  it('reports a failing transform as engine_failed', async () => {
    const broken: PersonalVoice = { id: 'broken', baseVoice: 'female', transform: () => Promise.reject(new Error('model file missing')) };
    expect(await codeOf(engine.synthesize({ text: 'ま', voice: broken, language: 'ja' }))).toBe('engine_failed');
  });
});
