import { describe, expect, it } from 'vitest';
import { normalizeEnglish } from './en-normalize.ts';
import { normalizeJapanese } from './ja-normalize.ts';

describe('normalizeJapanese', () => {
  it('writes slashed and ISO dates the way Open JTalk reads them', () => {
    expect(normalizeJapanese('2024/3/5に会います')).toBe('2024年3月5日に会います');
    expect(normalizeJapanese('2026-11-21です')).toBe('2026年11月21日です');
    expect(normalizeJapanese('3/5です')).toBe('3月5日です');
    expect(normalizeJapanese('13/40')).toBe('13/40');
  });

  it('writes clock times and currency signs out', () => {
    expect(normalizeJapanese('10:30に出発、9:00に到着')).toBe('10時30分に出発、9時に到着');
    expect(normalizeJapanese('¥500と$20')).toBe('500円と20ドル');
  });

  it('leaves what the front end already reads well', () => {
    expect(normalizeJapanese('3.14と50%とNHK')).toBe('3.14と50%とNHK');
  });
});

describe('normalizeEnglish', () => {
  it('spells ISO dates and drops characters flite cannot say', () => {
    expect(normalizeEnglish('Due 2024-03-05 (日本)')).toBe('Due March 5, 2024 ( )');
  });
});
