import { describe, expect, it } from 'vitest';
import { dominantLanguage, segmentByLanguage } from './script-segments.ts';

describe('segmentByLanguage', () => {
  it('reads kana and kanji as Japanese, Latin as English', () => {
    expect(segmentByLanguage('今日は晴れです。')).toEqual([{ text: '今日は晴れです。', language: 'ja' }]);
    expect(segmentByLanguage('It is sunny today.')).toEqual([{ text: 'It is sunny today.', language: 'en' }]);
  });

  it('keeps short Latin runs (acronyms, brand names) inside Japanese for Open JTalk', () => {
    expect(segmentByLanguage('NHKとAIの話をします。')).toEqual([{ text: 'NHKとAIの話をします。', language: 'ja' }]);
    expect(segmentByLanguage('iPhone 15を買った。')).toEqual([{ text: 'iPhone 15を買った。', language: 'ja' }]);
  });

  it('splits an English phrase out of a Japanese sentence', () => {
    expect(segmentByLanguage('彼は I love you so much と言った。')).toEqual([
      { text: '彼は', language: 'ja' },
      { text: 'I love you so much', language: 'en' },
      { text: 'と言った。', language: 'ja' },
    ]);
  });

  it('drops scripts neither engine can say, reads bare numbers in Japanese', () => {
    expect(segmentByLanguage('안녕하세요')).toEqual([]);
    expect(segmentByLanguage('2024')).toEqual([{ text: '2024', language: 'ja' }]);
  });

  it('honours a forced language', () => {
    expect(segmentByLanguage('Hello 世界', 'ja')).toEqual([{ text: 'Hello 世界', language: 'ja' }]);
  });

  it('labels mixed text by the language of most characters', () => {
    expect(dominantLanguage(segmentByLanguage('彼は I love you so much と言った。'))).toBe('en');
    expect(dominantLanguage(segmentByLanguage('NHKとAIの話をします。'))).toBe('ja');
  });
});
