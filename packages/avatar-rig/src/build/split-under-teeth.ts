import type { Vec3 } from './face-frame';
import { lerp3 } from './photo-sample';

/** Along a split segment, its line is checked every this many portrait pixels. */
const CHECK_EVERY_PX = 1;
/** Samples along the mouth's vertical, this far apart (portrait pixels). */
const STEP_PX = 0.5;
/** A split point goes down at most this share of the run of dark under it: the lower teeth stay with the jaw. */
const DARK_KEPT = 0.6;
/**
 * The split points nearest each corner (two per side) whose side teeth may rest on the lower lip
 * with no dark under them: those go down to the opening's lower end (see lowerSplitUnderTeeth).
 */
const SIDE_COLUMNS = 2;
/** Lowering rounds: each moves every split point half of what its segments still ask for. */
const ROUNDS = 16;
/** A shortfall under this (portrait pixels) is left. */
const TOLERANCE_PX = 0.5;

type Down = readonly [number, number];
type InDark = (x: number, y: number) => boolean;

/**
 * A laugh's split points, lowered so that the straight cut between two of them (or between the
 * outermost one and the mouth's corner) passes under the upper teeth, not through them. The mesh
 * has one split point per lip column, and a laugh's biting edge is no straight line between them:
 * seen from a little below, the side teeth reach lower than the incisors, down towards the
 * corners (softui-ivana: the canines 3 px under the cut between two columns, the teeth beside the
 * corners 4 px). The teeth under the cut went down with the jaw, and 'aa' opened the cavity as a
 * dark moustache with its tips up across the side teeth, over those teeth's lower ends. A split
 * point lowered into the dark under its own teeth costs little: that dark stays with the skull
 * above the cavity, which takes its colour.
 *
 * `corners` (the inner mouth corners) stay; `lowerEdge` is, per column, the opening's lower end;
 * `inDark` tells the mouth's dark at a portrait point; `down` is the mouth's vertical. A point of a
 * cut that lies on what is not dark, with the dark under it before the lower end, is short by the
 * distance to that dark; each round moves every split point half of the most any of its points
 * asks of it (by the least-squares share of the two ends, or all of it where the other end is a
 * corner), at most DARK_KEPT of the way through the dark under it. The outermost two may go down
 * to the opening's lower end: the cut from them to the corner, which stays, crosses the side teeth
 * beside it, and capped at the dark their lower ends still went down with the jaw and showed in a
 * notch under the cavity's tip (softui-ivana, image-right). A laugh seldom shows lower teeth there.
 * Beside the corners (SIDE_COLUMNS each side) the side teeth may rest on the lower lip with no
 * dark under them: a cut there on them is short by the distance to the opening's lower end, and a
 * point with no dark under it may go that far (softui-ivana at half exposure: the split stayed on
 * the side teeth's top edge and 'aa' took them down as a fang).
 */
export function lowerSplitUnderTeeth(split: Vec3[], corners: readonly [Vec3, Vec3], lowerEdge: Vec3[], down: Down, inDark: InDark): Vec3[] {
  const chain = [corners[0], ...split.map((p) => [...p] as Vec3), corners[1]];
  const edges = [lowerEdge[0]!, ...lowerEdge, lowerEdge[lowerEdge.length - 1]!];
  const free = (j: number) => j > 0 && j < chain.length - 1;
  const along = (from: Vec3, to: Vec3) => (to[0] - from[0]) * down[0] + (to[1] - from[1]) * down[1];
  const outermost = (j: number) => j === 1 || j === chain.length - 2;
  const besideCorner = (j: number) => free(j) && (j <= SIDE_COLUMNS || j >= chain.length - 1 - SIDE_COLUMNS);
  const room = chain.map((p, j) => {
    if (!free(j)) return 0;
    const toLowerEnd = Math.max(0, along(p, edges[j]!));
    if (outermost(j)) return toLowerEnd;
    const inTheDark = roomInTheDark(p, along(p, edges[j]!), down, inDark);
    return inTheDark === 0 && besideCorner(j) ? toLowerEnd : inTheDark;
  });
  const moved = chain.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    const push = chain.map(() => 0);
    for (let j = 0; j + 1 < chain.length; j++) {
      const a = chain[j]!, b = chain[j + 1]!;
      const checks = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / CHECK_EVERY_PX);
      for (let c = 1; c < checks; c++) {
        const f = c / checks;
        const p = lerp3(a, b, f);
        const deficit = darkBelow(p, along(p, lerp3(edges[j]!, edges[j + 1]!, f)), down, inDark, besideCorner(j) || besideCorner(j + 1));
        if (deficit <= TOLERANCE_PX) continue;
        const shareA = free(j) ? 1 - f : 0, shareB = free(j + 1) ? f : 0;
        const norm = shareA ** 2 + shareB ** 2;
        if (norm === 0) continue;
        push[j] = Math.max(push[j]!, (deficit * shareA) / norm);
        push[j + 1] = Math.max(push[j + 1]!, (deficit * shareB) / norm);
      }
    }
    let anyMoved = false;
    chain.forEach((p, j) => {
      const step = Math.min(push[j]! / 2, room[j]! - moved[j]!);
      if (step <= 0.01) return;
      anyMoved = true;
      moved[j] = moved[j]! + step;
      chain[j] = [p[0] + down[0] * step, p[1] + down[1] * step, p[2]];
    });
    if (!anyMoved) break;
  }
  return chain.slice(1, -1);
}

/**
 * How far below `p` (along `down`, short of `reach`) the dark begins when `p` lies on what is not
 * dark; 0 when `p` is in the dark or no dark comes (teeth on teeth, lips), except beside the
 * corners (`besideCorner`), where the side teeth rest on the lower lip: there the opening's lower
 * end, `reach`.
 */
function darkBelow(p: Vec3, reach: number, down: Down, inDark: InDark, besideCorner: boolean): number {
  const dark = darkUnder(p, down, inDark);
  if (dark(0)) return 0;
  for (let s = STEP_PX; s + STEP_PX <= reach; s += STEP_PX) if (dark(s) && dark(s + STEP_PX)) return s;
  return besideCorner ? Math.max(0, reach) : 0;
}

/** How far below `p` (along `down`, short of `reach`) a split point may go: DARK_KEPT of the way through the first run of dark under it. */
function roomInTheDark(p: Vec3, reach: number, down: Down, inDark: InDark): number {
  const dark = darkUnder(p, down, inDark);
  let s = 0;
  while (s < reach && !dark(s)) s += STEP_PX;
  const start = s;
  while (s < reach && dark(s)) s += STEP_PX;
  return start >= reach ? 0 : start + DARK_KEPT * (s - start);
}

/** Whether the point `s` portrait pixels below `p` (along `down`) is in the dark. */
const darkUnder = (p: Vec3, down: Down, inDark: InDark) => (s: number) => inDark(p[0] + down[0] * s, p[1] + down[1] * s);
