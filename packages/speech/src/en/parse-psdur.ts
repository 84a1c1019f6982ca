import type { TimedPhoneme } from '../types.ts';

/**
 * Reads `flite -psdur` output: one line per utterance of `phone:endSeconds` pairs. Each utterance's
 * times restart at 0 while its audio is appended to the same WAV, so later lines are offset by the
 * end of the one before.
 */
export function parseFlitePsdur(output: string): TimedPhoneme[] {
  const phonemes: TimedPhoneme[] = [];
  let offsetMs = 0;
  for (const line of output.split('\n')) {
    const pairs = line.trim().split(/\s+/).filter((pair) => /^[a-z]+:\d+(?:\.\d+)?$/.test(pair));
    if (pairs.length === 0) continue;
    let startMs = offsetMs;
    for (const pair of pairs) {
      const [symbol = '', seconds = '0'] = pair.split(':');
      const endMs = Math.max(startMs, offsetMs + Number(seconds) * 1000);
      phonemes.push({ symbol, startMs, endMs });
      startMs = endMs;
    }
    offsetMs = startMs;
  }
  return phonemes;
}
