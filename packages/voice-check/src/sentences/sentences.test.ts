import { describe, expect, it } from 'vitest';
import { openJTalkPhonemes, phonemesToMorae } from '../front-end/open-jtalk-phonemes.ts';
import { ARPABET_PHONEMES, flitePhonemes } from '../front-end/flite-phones.ts';
import { trainingConfig } from '../training-config.ts';
import { STANDARD_MORAE } from './mora-inventory.ts';
import { suggestedSentenceText, suggestedSentences } from './index.ts';

const required = trainingConfig({}).requiredRecordings;

describe('suggested sentences', () => {
  it('has stable, unique ids and at least requiredRecordings sentences per language', () => {
    for (const lang of ['ja', 'en'] as const) {
      const list = suggestedSentences(lang);
      expect(list.length).toBeGreaterThanOrEqual(required);
      expect(list[0]?.id).toBe(`${lang}-001`);
      expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
      expect(new Set(list.map((s) => s.text)).size).toBe(list.length);
      for (const s of list) expect(suggestedSentenceText(s.id)).toBe(s.text);
    }
    expect(suggestedSentenceText('ja-999')).toBeUndefined();
  });

  it('Japanese: every standard mora occurs within the first requiredRecordings sentences (Open JTalk front end)', async () => {
    const first = suggestedSentences('ja').slice(0, required);
    const seen = new Set<string>();
    for (const s of first) {
      const morae = phonemesToMorae(await openJTalkPhonemes(s.text));
      expect(morae.length, s.text).toBeGreaterThan(8);
      for (const m of morae) seen.add(m);
    }
    const missing = STANDARD_MORAE.filter((m) => !seen.has(m));
    expect(missing).toEqual([]);
    expect(STANDARD_MORAE.length).toBe(102);
  });

  it('English: every ARPAbet phoneme occurs within the first requiredRecordings sentences (flite phones)', async () => {
    const first = suggestedSentences('en').slice(0, required);
    const seen = new Set<string>();
    for (const s of first) for (const p of await flitePhonemes(s.text)) seen.add(p);
    expect(ARPABET_PHONEMES.filter((p) => !seen.has(p))).toEqual([]);
    // flite emits nothing outside the 39-phoneme set once "ax" is folded into AH.
    expect([...seen].filter((p) => !ARPABET_PHONEMES.includes(p))).toEqual([]);
  });

  it('the coverage check itself notices a missing mora', async () => {
    // いい天気です has no ぴゃ: proves the inventory test can fail.
    const morae = phonemesToMorae(await openJTalkPhonemes('いい天気です。'));
    expect(morae).toEqual(['i', 'i', 'te', 'N', 'ki', 'de', 'su']);
    expect(morae).not.toContain('pya');
  });
});
