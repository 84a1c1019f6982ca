import { fileURLToPath } from 'node:url';
import type { TrainingPair } from '../training-pair.ts';
import { readWav, trimSilence } from './audio-files.ts';

const root = fileURLToPath(new URL('../../test-fixtures/', import.meta.url));
/** Real recordings live once, at the repository root (fixtures/speech/README.md). */
const realSpeech = fileURLToPath(new URL('../../../../fixtures/speech/', import.meta.url));

/** A fixture recording (`real/<file>` for the recordings in fixtures/speech), trimmed like the take check trims uploads. */
export function loadFixture(relative: string): { samples: Float32Array; sampleRate: number } {
  const { samples, sampleRate } = readWav(relative.startsWith('real/') ? realSpeech + relative.slice('real/'.length) : root + relative);
  return { samples: trimSilence(samples, sampleRate), sampleRate };
}

function pair(takePath: string, basePath: string): TrainingPair {
  const take = loadFixture(takePath);
  const base = loadFixture(basePath);
  if (take.sampleRate !== base.sampleRate) throw new Error(`${takePath} and ${basePath} differ in sample rate`);
  return { take: take.samples, base: base.samples, sampleRate: take.sampleRate };
}

/** Japanese: the 'speaker' is Mei at -5 semitones, the base the male m001 (make-fixtures.ts). */
export function japanesePair(n: number): TrainingPair {
  const id = String(n).padStart(2, '0');
  return pair(`ja/speaker-${id}.wav`, `ja/base-${id}.wav`);
}
export const JAPANESE_PAIR_COUNT = 8;

/** English: real male recordings (LibriVox reader, pocketsphinx cards) with flite slt as base. */
export function englishPair(id: '0870' | '0920' | 'cards005'): TrainingPair {
  const file = id === 'cards005' ? 'pocketsphinx_cards_005.wav' : `pocketsphinx_librivox_${id}.wav`;
  return pair(`real/${file}`, `en/base-${id}.wav`);
}
