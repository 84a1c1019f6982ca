import { describe, expect, it } from 'vitest';
import { medianF0 } from '@avatar-factory/voice-training';
import { peakDbfs, rmsDbfs } from './audio/levels.ts';
import { createSpeechEngine } from './synthesize.ts';
import type { BaseVoice, SpeechLanguage, SynthesisResult } from './types.ts';
import { VISEMES } from './types.ts';
import { phonemeViseme } from './visemes/build-visemes.ts';

const engine = createSpeechEngine();

/** Fixed sentences and the ranges they must land in (measured, then widened by about 25%). */
const CASES: Array<{ language: SpeechLanguage; voice: BaseVoice; text: string; durationMs: [number, number]; f0: [number, number] }> = [
  { language: 'ja', voice: 'female', text: '今日はいい天気ですね。一緒に散歩に行きましょう。', durationMs: [3000, 6000], f0: [150, 300] },
  { language: 'ja', voice: 'male', text: '今日はいい天気ですね。一緒に散歩に行きましょう。', durationMs: [3000, 6000], f0: [75, 160] },
  { language: 'en', voice: 'female', text: 'The quick brown fox jumps over the lazy dog.', durationMs: [2000, 4500], f0: [150, 300] },
  { language: 'en', voice: 'male', text: 'The quick brown fox jumps over the lazy dog.', durationMs: [2000, 4500], f0: [75, 160] },
];

function expectTimingsCoverAudio(result: SynthesisResult) {
  for (const track of [result.phonemes, result.visemes]) {
    expect(track.length).toBeGreaterThan(0);
    expect(track[0]?.startMs).toBe(0);
    for (let i = 0; i < track.length; i++) {
      const item = track[i]!;
      expect(item.endMs).toBeGreaterThan(item.startMs);
      if (i > 0) expect(item.startMs).toBe(track[i - 1]!.endMs);
    }
    expect(Math.abs((track.at(-1)?.endMs ?? 0) - result.durationMs)).toBeLessThanOrEqual(20);
  }
  expect(result.visemes.every((v) => VISEMES.includes(v.viseme))).toBe(true);
}

describe.each(CASES)('$language $voice', ({ language, voice, text, durationMs, f0 }) => {
  it('has the expected duration, level, pitch and timings', async () => {
    const result = await engine.synthesize({ text, voice, language: 'auto' });
    expect(result.language).toBe(language);
    expect(result.sampleRate).toBe(language === 'ja' ? 48000 : 16000);
    expect(result.durationMs).toBeCloseTo((result.samples.length / result.sampleRate) * 1000, 6);
    expect(result.samples.length).toBeGreaterThan(0);
    expect(result.durationMs).toBeGreaterThan(durationMs[0]);
    expect(result.durationMs).toBeLessThan(durationMs[1]);
    expect(peakDbfs(result.samples)).toBeLessThan(-1);
    expect(rmsDbfs(result.samples)).toBeGreaterThan(-26);
    expect(rmsDbfs(result.samples)).toBeLessThan(-15);
    const pitch = await medianF0(result.samples, result.sampleRate);
    expect(pitch).toBeGreaterThan(f0[0]);
    expect(pitch).toBeLessThan(f0[1]);
    expectTimingsCoverAudio(result);
    // Speech is where the phonemes say it is: the loudest 100 ms lies inside a non-silent viseme.
    const loudestMs = loudestWindowMs(result.samples, result.sampleRate);
    const at = result.visemes.find((v) => v.startMs <= loudestMs && loudestMs < v.endMs);
    expect(at?.viseme).not.toBe('sil');
  });
});

describe('visemes from real engine output', () => {
  it("Japanese 'ま' gives PP then aa", async () => {
    const result = await engine.synthesize({ text: 'ま', voice: 'female', language: 'ja' });
    expect(result.phonemes.map((p) => p.symbol)).toEqual(['sil', 'm', 'a', 'sil']);
    expect(result.visemes.map((v) => v.viseme)).toEqual(['sil', 'PP', 'aa', 'sil']);
    expectTimingsCoverAudio(result);
  });

  it("English 'map' gives PP aa PP", async () => {
    const result = await engine.synthesize({ text: 'map', voice: 'male', language: 'en' });
    expect(result.visemes.map((v) => v.viseme)).toEqual(['sil', 'PP', 'aa', 'PP', 'sil']);
    expectTimingsCoverAudio(result);
  });
});

describe('Japanese front end', () => {
  const spoken = async (text: string) => (await engine.synthesize({ text, voice: 'male', language: 'ja' })).phonemes.map((p) => p.symbol).filter((s) => s !== 'sil' && s !== 'pau').join(' ');

  it('reads numbers, slashed dates and clock times', async () => {
    // 2024年3月5日: nisen nijuu yonen sangatsu itsuka (the u of tsu devoiced, U).
    expect(await spoken('2024/3/5')).toBe('n i s e N n i j u u y o n e N s a N g a ts u i ts U k a');
    // 10時30分: juuji sanjuppun.
    expect(await spoken('10:30')).toBe('j u u j i s a N j u cl p u N');
  });

  it('reads Latin acronyms letter by letter', async () => {
    expect(await spoken('NHK')).toBe('e n u e i ch i k e i');
  });
});

describe('English front end', () => {
  it('reads ISO dates as dates', async () => {
    const result = await engine.synthesize({ text: '2024-03-05', voice: 'female', language: 'en' });
    // "March fifth, twenty twenty four"
    expect(result.phonemes.map((p) => p.symbol).join(' ')).toMatch(/^pau m aa r ch f ih f th .*t w eh n t iy .*f ao r pau$/);
  });
});

describe('viseme rules cover what the engines say', () => {
  // Every kana (iroha poem, plus small-kana and voiced/p sounds) and an English pangram.
  const texts = {
    ja: 'いろはにほへと、ちりぬるを。わかよたれそ、つねならむ。うゐのおくやま、けふこえて。あさきゆめみし、ゑひもせす。ぎゃぴゅびょ、ぢづでどヴァ、ふぁみゅりゃ、にょひゃっぽ。',
    en: 'The five boxing wizards jump quickly; she measured thin yellow rugs.',
  } as const;
  it.each(['ja', 'en'] as const)('%s: only pauses map to sil', async (language) => {
    const result = await engine.synthesize({ text: texts[language], voice: 'male', language });
    const silent = result.phonemes.filter((p, i) => phonemeViseme(language, result.phonemes, i) === 'sil').map((p) => p.symbol);
    expect(new Set(silent)).toEqual(new Set(['sil', 'pau'].filter((s) => silent.includes(s))));
    expect(silent.length).toBeGreaterThan(0);
  });
});

function loudestWindowMs(samples: Float32Array, sampleRate: number): number {
  const window = Math.round(sampleRate * 0.1);
  let best = 0;
  let bestAt = 0;
  for (let start = 0; start + window <= samples.length; start += window / 2) {
    let energy = 0;
    for (let i = start; i < start + window; i++) energy += (samples[i] ?? 0) ** 2;
    if (energy > best) {
      best = energy;
      bestAt = start + window / 2;
    }
  }
  return (bestAt / sampleRate) * 1000;
}
