import type { Rig, RigTargetName, VisemeId } from '@avatar-factory/avatar-rig';
import type { VisemeEvent } from './speech-types';

/** Targets that shape the mouth: driven by speech, held at rest when lip sync is off. */
export const MOUTH_TARGETS = ['jawOpen', 'lipsRound', 'lipsSpread', 'lipsPress', 'lowerLipTuck', 'tongueUp'] as const satisfies readonly RigTargetName[];

/**
 * Dominance magnitude per viseme: tongue consonants leave lips and jaw to the vowels around them
 * (low). Lip closures and labiodentals reach their shape through MUST_REACH, not through a high
 * dominance: at 2.4 (p, b, m) and 1.6 (f, v) they held the vowel between the two m of "mama" at
 * lipsPress 0.7-0.9 (now 0.77 at its least, with the jaw 0.20 open).
 */
const DOMINANCE: Record<VisemeId, number> = {
  sil: 0.8, PP: 1.2, FF: 1.2, TH: 0.6, DD: 0.5, kk: 0.5, CH: 0.9, SS: 0.6, nn: 0.5, RR: 0.8,
  aa: 1, E: 1, I: 1, O: 1.1, U: 1.1,
};
/** Time constants of the dominance decay before (anticipation) and after (carry-over) a segment. */
const ANTICIPATION_MS = 70;
const CARRY_OVER_MS = 90;
const SHAPE = 1.5;
/** The core of each segment where dominance is flat, as a fraction of its half-length. */
const CORE = 0.5;
/** Beyond this many time constants a segment's dominance is negligible (exp(-11)). */
const REACH = 5;
/** Silence put before and after the timeline so the mouth leaves and returns to rest smoothly. */
const PAD_MS = 300;

/**
 * Visemes whose shape is reached for a moment whatever their neighbours: the lips shut for p, b
 * and m, the lower lip on the upper teeth for f and v. Dominance alone left them half made: a
 * portrait speaking five sentences (grace_hopper.jpg) pressed its lips to 0.54-0.79 over 15
 * bilabials, median 0.67, its jaw still 0.05-0.35 open, and an m showed no closure at all. Over
 * such a segment the blend is pulled to its shape, easing in and out over SHUT_EASE_MS but never
 * past the middle of the segments beside it: pulled from 30 ms before its start, the 70 ms 'a'
 * between the two m of "mama" was swallowed, the lips shut through the word (jaw 0.05 at most).
 * Now, with the mouth spring at 45 rad/s: 0.91-0.99 pressed (median 0.95) over the same 15, the
 * jaw at most 0.05 open.
 */
const MUST_REACH = new Set<string>(['PP', 'FF']);
const SHUT_EASE_MS = 60;

interface Segment {
  center: number;
  core: number;
  alpha: number;
  /** Offset of this segment's row in the target matrix. */
  row: number;
}

/** Where a must-reach segment holds its shape (from..to), how long it eases in and out, its target row. */
interface MustReach { from: number; to: number; easeIn: number; easeOut: number; row: number }

interface PreparedTimeline {
  segments: Segment[];
  mustReach: MustReach[];
  targets: Float64Array;
  firstMs: number;
  lastMs: number;
}

/**
 * Coarticulation by Cohen & Massaro (1993) dominance functions: every viseme segment has a
 * dominance D(t) = alpha * exp(-(d / tau)^c) that decays away from its core (tau differs before and
 * after), and each mouth target is the dominance-weighted mean of the segments' target weights:
 * w(t) = sum(D_i * T_i) / sum(D_i). Gaps and the ends of the timeline are filled with silence (rest).
 */
export function createCoarticulator(rig: Rig) {
  const channels = MOUTH_TARGETS.length;
  const cache = new WeakMap<readonly VisemeEvent[], PreparedTimeline>();

  const recipeRow = (viseme: string, into: Float64Array, row: number) => {
    const recipe = rig.visemes[viseme as VisemeId] ?? {};
    for (let k = 0; k < channels; k++) into[row + k] = recipe[MOUTH_TARGETS[k]!] ?? 0;
  };

  const prepare = (visemes: readonly VisemeEvent[]): PreparedTimeline => {
    const sorted = [...visemes].filter((v) => v.endMs > v.startMs).sort((a, b) => a.startMs - b.startMs);
    const events: VisemeEvent[] = [];
    const first = sorted[0]?.startMs ?? 0;
    events.push({ viseme: 'sil', startMs: first - PAD_MS, endMs: first });
    let cursor = first;
    for (const v of sorted) {
      if (v.startMs > cursor + 1) events.push({ viseme: 'sil', startMs: cursor, endMs: v.startMs });
      events.push(v);
      cursor = Math.max(cursor, v.endMs);
    }
    events.push({ viseme: 'sil', startMs: cursor, endMs: cursor + PAD_MS });

    const targets = new Float64Array(events.length * channels);
    const segments = events.map((e, i): Segment => {
      recipeRow(e.viseme, targets, i * channels);
      const half = (e.endMs - e.startMs) / 2;
      return { center: e.startMs + half, core: half * CORE, alpha: DOMINANCE[e.viseme as VisemeId] ?? 0.7, row: i * channels };
    });
    const centre = (e: VisemeEvent) => (e.startMs + e.endMs) / 2;
    const mustReach = events.flatMap((e, i): MustReach[] => {
      if (!MUST_REACH.has(e.viseme)) return [];
      const before = i > 0 ? centre(events[i - 1]!) : -Infinity, after = i + 1 < events.length ? centre(events[i + 1]!) : Infinity;
      return [{ from: e.startMs, to: e.endMs, easeIn: Math.min(SHUT_EASE_MS, e.startMs - before), easeOut: Math.min(SHUT_EASE_MS, after - e.endMs), row: i * channels }];
    });
    return { segments, mustReach, targets, firstMs: first - PAD_MS, lastMs: cursor + PAD_MS };
  };

  const sums = new Float64Array(channels);

  /** Writes the coarticulated mouth weights at `timeMs` (audio time) into `out` (MOUTH_TARGETS order). */
  return function mouthAt(visemes: readonly VisemeEvent[], timeMs: number, out: Float64Array): void {
    out.fill(0);
    if (visemes.length === 0) return;
    let prepared = cache.get(visemes);
    if (!prepared) {
      prepared = prepare(visemes);
      cache.set(visemes, prepared);
    }
    if (timeMs <= prepared.firstMs || timeMs >= prepared.lastMs) return;
    const { segments, targets } = prepared;
    sums.fill(0);
    let total = 0;
    // Segments are sorted by start; a short linear scan from a binary-searched start keeps this O(log n + k).
    const reachMs = REACH * Math.max(ANTICIPATION_MS, CARRY_OVER_MS);
    let lo = 0;
    let hi = segments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const s = segments[mid]!;
      if (s.center + s.core + reachMs < timeMs) lo = mid + 1;
      else hi = mid;
    }
    for (let i = Math.max(0, lo - 2); i < segments.length; i++) {
      const s = segments[i]!;
      const offset = timeMs - s.center;
      if (offset < -(s.core + reachMs)) break;
      const distance = Math.max(0, Math.abs(offset) - s.core);
      const tau = offset < 0 ? ANTICIPATION_MS : CARRY_OVER_MS;
      const dominance = s.alpha * Math.exp(-Math.pow(distance / tau, SHAPE));
      if (dominance < 1e-6) continue;
      total += dominance;
      for (let k = 0; k < channels; k++) sums[k] = sums[k]! + dominance * targets[s.row + k]!;
    }
    if (total <= 0) return;
    for (let k = 0; k < channels; k++) out[k] = sums[k]! / total;
    // The nearest must-reach segment pulls the blend to its shape (few per sentence: a scan is enough).
    let pull = 0, row = 0;
    for (const m of prepared.mustReach) {
      const outside = timeMs < m.from ? m.from - timeMs : timeMs > m.to ? timeMs - m.to : 0;
      const ease = timeMs < m.from ? m.easeIn : m.easeOut;
      if (outside > 0 && outside >= ease) continue;
      const t = outside === 0 ? 1 : 1 - outside / ease;
      const p = t * t * (3 - 2 * t);
      if (p > pull) { pull = p; row = m.row; }
    }
    if (pull > 0) for (let k = 0; k < channels; k++) out[k] = (1 - pull) * out[k]! + pull * targets[row + k]!;
  };
}
