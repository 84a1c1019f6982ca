import { describe, expect, it } from 'vitest';
import type { TimedPhoneme } from '../types.ts';
import { VISEMES } from '../types.ts';
import { buildVisemes } from './build-visemes.ts';
import { englishViseme } from './en-visemes.ts';
import { japaneseViseme } from './ja-visemes.ts';

const timed = (symbols: string[], stepMs = 100): TimedPhoneme[] => symbols.map((symbol, i) => ({ symbol, startMs: i * stepMs, endMs: (i + 1) * stepMs }));

describe('Japanese rules', () => {
  it('maps vowels, devoiced vowels, N, pauses and consonants', () => {
    expect(['a', 'i', 'u', 'e', 'o'].map((v) => japaneseViseme(v, undefined, undefined))).toEqual(['aa', 'I', 'U', 'E', 'O']);
    expect(['A', 'I', 'U', 'E', 'O'].map((v) => japaneseViseme(v, undefined, undefined))).toEqual(['aa', 'I', 'U', 'E', 'O']);
    expect(japaneseViseme('N', undefined, undefined)).toBe('nn');
    expect(japaneseViseme('pau', undefined, undefined)).toBe('sil');
    expect(japaneseViseme('m', 'a', undefined)).toBe('PP');
    expect(japaneseViseme('sh', 'i', undefined)).toBe('CH');
    expect(japaneseViseme('ts', 'u', undefined)).toBe('SS');
  });

  it('gives h the following vowel and cl the following consonant', () => {
    expect(japaneseViseme('h', 'o', undefined)).toBe('O');
    expect(japaneseViseme('cl', 'p', 'a')).toBe('PP');
    expect(japaneseViseme('cl', 't', 'e')).toBe('DD');
  });
});

describe('English rules', () => {
  it('maps CMU phones', () => {
    expect(['m', 'ae', 'p'].map((p) => englishViseme(p, undefined))).toEqual(['PP', 'aa', 'PP']);
    expect(['th', 'f', 'r', 'iy', 'uw', 'ow', 'eh', 'l', 'sh', 'k'].map((p) => englishViseme(p, undefined))).toEqual(['TH', 'FF', 'RR', 'I', 'U', 'O', 'E', 'nn', 'CH', 'kk']);
    expect(englishViseme('hh', 'iy')).toBe('I');
  });
});

describe('buildVisemes', () => {
  it('tiles the whole duration with no gaps or overlaps and merges neighbours', () => {
    const track = buildVisemes('ja', timed(['sil', 'm', 'a', 'm', 'a', 'pau', 'sil']), 730);
    expect(track.map((v) => v.viseme)).toEqual(['sil', 'PP', 'aa', 'PP', 'aa', 'sil']);
    expect(track[0]?.startMs).toBe(0);
    for (let i = 1; i < track.length; i++) expect(track[i]?.startMs).toBe(track[i - 1]?.endMs);
    expect(track.at(-1)?.endMs).toBe(730);
    expect(track.every((v) => VISEMES.includes(v.viseme) && v.endMs > v.startMs)).toBe(true);
  });

  it('fills a leading gap and a long tail with silence', () => {
    const track = buildVisemes('en', [{ symbol: 'aa', startMs: 50, endMs: 150 }], 400);
    expect(track).toEqual([
      { viseme: 'sil', startMs: 0, endMs: 50 },
      { viseme: 'aa', startMs: 50, endMs: 150 },
      { viseme: 'sil', startMs: 150, endMs: 400 },
    ]);
  });
});
