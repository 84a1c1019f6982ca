import { describe, expect, it } from 'vitest';
import { flitePhonemes } from '../front-end/flite-phones.ts';
import { openJTalkPhonemes, phonemesToMorae } from '../front-end/open-jtalk-phonemes.ts';
import { EN_SENTENCES } from '../sentences/en.ts';
import { JA_SENTENCES } from '../sentences/ja.ts';
import { estimateMorae, estimateSyllables, expectedLength } from './expected-length.ts';

const VOWEL = /^(AA|AE|AH|AO|AW|AY|EH|ER|EY|IH|IY|OW|OY|UH|UW)$/;

describe('text length estimates', () => {
  it('counts kana morae exactly and skips small kana', () => {
    expect(estimateMorae('きょうは')).toBe(3); // kyo u wa
    expect(estimateMorae('ちょっと')).toBe(3); // cho cl to
    expect(estimateMorae('コンピューター')).toBe(6); // ko N pyu u ta a
    expect(estimateMorae('天気')).toBeCloseTo(3.4); // two kanji at 1.7
  });

  it('Japanese: the kana estimate stays within 15 % of Open JTalk on every suggested sentence, 5 % in total', async () => {
    let estimated = 0;
    let actual = 0;
    for (const text of JA_SENTENCES) {
      const morae = phonemesToMorae(await openJTalkPhonemes(text)).length;
      const estimate = estimateMorae(text);
      expect(Math.abs(estimate - morae) / morae, text).toBeLessThan(0.15);
      estimated += estimate;
      actual += morae;
    }
    expect(Math.abs(estimated - actual) / actual).toBeLessThan(0.05);
  });

  it('English: the syllable estimate stays within 2 of flite\'s vowel count on every suggested sentence', async () => {
    for (const text of EN_SENTENCES) {
      const vowels = (await flitePhonemes(text)).filter((p) => VOWEL.test(p)).length;
      expect(Math.abs(estimateSyllables(text) - vowels), text).toBeLessThanOrEqual(2);
    }
  });

  it('expected length uses the given unit count over the estimate', () => {
    expect(expectedLength('hello there', 'en')).toEqual({ units: 3, unit: 'syllable', expectedMs: 750 });
    expect(expectedLength('hello there', 'en', 4).expectedMs).toBe(1000);
    expect(expectedLength('こんにちは', 'ja')).toMatchObject({ units: 5, unit: 'mora', expectedMs: 665 });
  });
});
