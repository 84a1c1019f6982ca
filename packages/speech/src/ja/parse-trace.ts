import type { TimedPhoneme } from '../types.ts';

/**
 * Reads the phoneme timings from the trace `open_jtalk -ot` writes: under "[Output label]" each line
 * is `start end label` with times in 100 ns units and the HTS full-context label
 * `p1^p2-CURRENT+p4=p5/A:...`.
 */
export function parseOpenJtalkTrace(trace: string): TimedPhoneme[] {
  const start = trace.indexOf('[Output label]');
  if (start < 0) return [];
  const phonemes: TimedPhoneme[] = [];
  for (const line of trace.slice(start).split('\n').slice(1)) {
    const match = /^(\d+)\s+(\d+)\s+[^-]*-([^+]+)\+/.exec(line.trim());
    if (!match) {
      if (line.trim() === '' || line.startsWith('[')) break;
      continue;
    }
    phonemes.push({ symbol: match[3] ?? '', startMs: Number(match[1]) / 1e4, endMs: Number(match[2]) / 1e4 });
  }
  return phonemes;
}
