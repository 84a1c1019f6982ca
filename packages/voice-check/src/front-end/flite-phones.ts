import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * ARPAbet phonemes (CMUdict's 39, stress removed) of an English text, from the Debian `flite`
 * front end (`-ps` prints the phone string). flite writes the unstressed schwa as "ax"; CMUdict
 * folds it into AH, so do we. Pauses are dropped. Result in upper case, like CMUdict.
 */
export async function flitePhonemes(text: string): Promise<string[]> {
  const { stdout } = await run('flite', ['-ps', '-t', text, '-o', '/dev/null']);
  return stdout
    .trim()
    .split(/\s+/)
    .filter((p) => p && p !== 'pau')
    .map((p) => (p === 'ax' ? 'AH' : p.toUpperCase()));
}

export const ARPABET_PHONEMES: readonly string[] = [
  'AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'B', 'CH', 'D', 'DH', 'EH', 'ER', 'EY', 'F', 'G', 'HH', 'IH', 'IY', 'JH', 'K',
  'L', 'M', 'N', 'NG', 'OW', 'OY', 'P', 'R', 'S', 'SH', 'T', 'TH', 'UH', 'UW', 'V', 'W', 'Y', 'Z', 'ZH',
];
