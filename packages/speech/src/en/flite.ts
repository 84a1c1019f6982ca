import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyGain } from '../audio/levels.ts';
import { decodePcm16Wav } from '../audio/wav.ts';
import { FLITE_HINT } from '../engine/config.ts';
import { runProcess } from '../engine/run-process.ts';
import { withTempDir } from '../engine/temp-dir.ts';
import type { BaseVoice, EngineCallOptions, EngineOutput } from '../types.ts';
import { parseFlitePsdur } from './parse-psdur.ts';

/** Debian's flite has these voices built in (`flite -lv`: kal awb_time kal16 awb rms slt). */
const FLITE_VOICES: Record<BaseVoice, string> = { female: 'slt', male: 'rms' };

/** Measured: slt -16.6 dBFS RMS (peak -3.1), rms -21.5 (peak -6.6); both to about -20. */
const OUTPUT_GAIN_DB: Record<BaseVoice, number> = { female: -3, male: 1.5 };

/** Speaks English text with flite; null when flite produced no speech. */
export async function synthesizeEnglish(text: string, voice: BaseVoice, options: EngineCallOptions = {}): Promise<EngineOutput | null> {
  return withTempDir(async (dir) => {
    const input = join(dir, 'input.txt');
    const wav = join(dir, 'out.wav');
    // A text file rather than -t: no argument-length limit, and text starting with '-' stays text.
    await writeFile(input, `${text}\n`, 'utf8');
    const { stdout } = await runProcess('flite', ['-voice', FLITE_VOICES[voice], '-psdur', '-f', input, '-o', wav], {
      timeoutMs: options.timeoutMs ?? 60_000,
      signal: options.signal,
      installHint: FLITE_HINT,
    });
    const phonemes = parseFlitePsdur(stdout);
    if (phonemes.every((phoneme) => phoneme.symbol === 'pau')) return null;
    const { samples, sampleRate } = decodePcm16Wav(await readFile(wav));
    applyGain(samples, OUTPUT_GAIN_DB[voice]);
    return { samples, sampleRate, phonemes };
  }, options.tmpDir);
}
