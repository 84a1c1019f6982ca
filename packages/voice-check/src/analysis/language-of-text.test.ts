import { describe, expect, it } from 'vitest';
import { languageOfText } from './language-of-text.ts';

describe('languageOfText', () => {
  it('reads kana or kanji as Japanese, Latin text as English, and nothing else', () => {
    expect(languageOfText('今日はいい天気ですね。')).toBe('ja');
    expect(languageOfText('DVDを見る')).toBe('ja');
    expect(languageOfText('カード')).toBe('ja');
    expect(languageOfText('he was not an ill disposed young man')).toBe('en');
    expect(languageOfText('12, 34!')).toBeUndefined();
  });
});
