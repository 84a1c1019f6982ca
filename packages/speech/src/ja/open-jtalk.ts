import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyGain } from '../audio/levels.ts';
import { decodePcm16Wav } from '../audio/wav.ts';
import { htsVoicePath, OPEN_JTALK_HINT, openJtalkDictionary, type SpeechAssets } from '../engine/config.ts';
import { SpeechError } from '../errors.ts';
import { runProcess } from '../engine/run-process.ts';
import { withTempDir } from '../engine/temp-dir.ts';
import type { BaseVoice, EngineCallOptions, EngineOutput } from '../types.ts';
import { parseOpenJtalkTrace } from './parse-trace.ts';

/**
 * Per-voice settings, measured on a fixed sentence (see speech.test.ts):
 * - Mei speaks at a median 360 Hz by default, high and childlike; -6 half-tones gives 260-285 Hz
 *   (sentence by sentence), the range of an adult woman's conversational voice.
 * - Her default output reaches 0 dBFS and clips inside the engine; -6 dB gain leaves headroom.
 */
const VOICE_ARGS: Record<BaseVoice, string[]> = {
  female: ['-fm', '-6', '-g', '-6'],
  male: [],
};

/** Brings both voices to about -21 dBFS RMS, like the English ones, with the peak under -1.5 dBFS. */
const OUTPUT_GAIN_DB: Record<BaseVoice, number> = { female: 4, male: 4 };

/** The open_jtalk arguments for `voice` writing `wav` and `trace` from the text file `input`. */
export function openJtalkArgs(voice: BaseVoice, files: { input: string; wav: string; trace?: string }, assets: SpeechAssets = {}): string[] {
  const trace = files.trace ? ['-ot', files.trace] : [];
  return ['-x', openJtalkDictionary(assets.openJTalkDictionary), '-m', htsVoicePath(voice, assets.voicesDir), ...VOICE_ARGS[voice], '-ow', files.wav, ...trace, files.input];
}

/** Speaks Japanese text with Open JTalk; null when the front end finds nothing to say. */
export async function synthesizeJapanese(text: string, voice: BaseVoice, options: EngineCallOptions = {}): Promise<EngineOutput | null> {
  const args = (files: { input: string; wav: string; trace: string }) => openJtalkArgs(voice, files, options.assets);
  args({ input: '', wav: '', trace: '' }); // fail fast (voices_missing, engine_missing) before any temp folder
  return withTempDir(async (dir) => {
    const input = join(dir, 'input.txt');
    const wav = join(dir, 'out.wav');
    const trace = join(dir, 'trace.txt');
    await writeFile(input, `${text}\n`, 'utf8');
    const { stderr } = await runProcess('open_jtalk', args({ input, wav, trace }), {
      timeoutMs: options.timeoutMs ?? 60_000,
      signal: options.signal,
      installHint: OPEN_JTALK_HINT,
    });
    // open_jtalk exits 0 but writes no WAV when the text has no phonemes ("No phoneme").
    const wavFile = await readFile(wav).catch(() => null);
    if (!wavFile || wavFile.length <= 44) {
      if (/No phoneme|cannot be synthesized/.test(stderr)) return null;
      throw new SpeechError('engine_failed', `open_jtalk wrote no audio: ${stderr.trim().slice(0, 300)}`);
    }
    const { samples, sampleRate } = decodePcm16Wav(wavFile);
    applyGain(samples, OUTPUT_GAIN_DB[voice]);
    return { samples, sampleRate, phonemes: parseOpenJtalkTrace(await readFile(trace, 'utf8')) };
  }, options.tmpDir);
}
