import { describe, expect, it } from 'vitest';
import { cleanText, isSpeakable } from './clean-text.ts';
import { MAX_SENTENCE_CHARS, splitLong, splitSentences } from './split-sentences.ts';

describe('cleanText', () => {
  it('strips control and format characters and emoji, keeps newlines as breaks', () => {
    expect(cleanText('a\u0000b\u0007c\u200Bd\u202Ee')).toBe('a b c d e');
    expect(cleanText('  こんにちは😀👍🏽🇯🇵 \r\n\r\n 元気\t ')).toBe('こんにちは\n元気');
  });

  it('folds full-width Latin and digits and half-width kana (NFKC)', () => {
    expect(cleanText('ＡＢＣ１２３ ｶﾀｶﾅ')).toBe('ABC123 カタカナ');
  });

  it('knows what can be spoken', () => {
    expect(isSpeakable('!!! ??? ... ★')).toBe(false);
    expect(isSpeakable('3')).toBe(true);
    expect(isSpeakable('あ')).toBe(true);
  });
});

describe('splitSentences', () => {
  it('splits Japanese and English sentences, first first', () => {
    expect(splitSentences('こんにちは。元気ですか？はい！ Hello there. How are you?')).toEqual([
      'こんにちは。',
      '元気ですか?',
      'はい!',
      'Hello there.',
      'How are you?',
    ]);
  });

  it('does not split after an abbreviation or inside a decimal number', () => {
    expect(splitSentences('I met Dr. Smith at 3.14 pm. Then I left.')).toEqual(['I met Dr. Smith at 3.14 pm.', 'Then I left.']);
  });

  it('treats newlines as sentence ends and drops pieces with nothing to say', () => {
    expect(splitSentences('第1章 はじめに\n本文です。\n😀😀\n!!!')).toEqual(['第1章 はじめに', '本文です。']);
  });

  it('cuts a sentence that is too long at a clause mark, then at a space', () => {
    const long = `${'あいうえお'.repeat(30)}、${'かきくけこ'.repeat(30)}。`;
    const pieces = splitSentences(long);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.length <= MAX_SENTENCE_CHARS)).toBe(true);
    expect(pieces[0]?.endsWith('、')).toBe(true);
    expect(pieces.join('')).toBe(long);
    expect(splitLong('word '.repeat(10).trim(), 12)).toEqual(['word word', 'word word', 'word word', 'word word', 'word word']);
  });
});
