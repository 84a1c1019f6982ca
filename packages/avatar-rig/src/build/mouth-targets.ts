import type { RigTarget } from '../types';
import { JAW_FOLLOW, NOSE_BOTTOM } from './landmarks';
import { INTERIOR_ROWS } from './rig-mesh';
import { AMPLITUDE, bump, lipSets, solve, solveDense, sparse, type Ctx } from './target-context';

export function jawOpen(ctx: Ctx): RigTarget {
  const { mouthWidth: mw } = ctx.mesh.frame;
  const D = AMPLITUDE.jawOpen * mw, half = mw / 2;
  const { upper, lower } = lipSets();
  const p = new Map<number, [number, number]>();
  // The upper lip stays with the skull except near the corners, which the jaw pulls down a little.
  for (const i of upper) { const [u] = ctx.local(i); p.set(i, [0, 0.2 * D * Math.min(1, (u / half) ** 2)]); }
  for (const i of lower) { const [u] = ctx.local(i); p.set(i, [0, D * (0.2 + 0.8 * bump(u, half))]); }
  for (const [i, f] of JAW_FOLLOW) p.set(i, [0, D * f]);
  // Interior: the upper teeth stay with the skull, the tongue and floor go down with the jaw.
  ctx.mesh.interiorGrid.forEach((row, r) => row.forEach((i) => p.set(i, [0, D * INTERIOR_ROWS[r]!.jaw])));
  const noseV = ctx.local(NOSE_BOTTOM)[1];
  return solve(ctx, 'jawOpen', p, (i) => ctx.local(i)[1] > noseV);
}

export /**
 * The four lip targets: a vertical part on the lips in (u, w) coordinates, w = distance below the
 * lip seam, filled harmonically into the skin around; plus a horizontal squeeze or stretch that is
 * a smooth field over the whole mouth area (a window of gentle slope, so it can not fold).
 */
function lipTarget(ctx: Ctx, name: 'lipsRound' | 'lipsSpread' | 'lipsPress' | 'lowerLipTuck'): RigTarget {
  const { mouthWidth: mw, ex, ey } = ctx.mesh.frame;
  const half = mw / 2;
  const { upper, lower } = lipSets();
  const p = new Map<number, [number, number]>();
  const vertical = (i: number, isUpper: boolean): number => {
    const [u, v] = ctx.local(i);
    const w = v - ctx.seam(u);
    switch (name) {
      case 'lipsRound': return (isUpper ? -1 : 1) * AMPLITUDE.roundOpen * mw * bump(u, half);
      case 'lipsSpread': return 0;
      // Thinning fades towards the corners, where both lips taper to nothing.
      case 'lipsPress': return -AMPLITUDE.press * w * (0.2 + 0.8 * bump(u, half));
      case 'lowerLipTuck': return isUpper ? 0 : -AMPLITUDE.tuck * w * (0.2 + 0.8 * bump(u, half));
    }
  };
  for (const i of upper) p.set(i, [0, vertical(i, true)]);
  for (const i of lower) p.set(i, [0, vertical(i, false)]);
  const noseV = ctx.local(NOSE_BOTTOM)[1];
  const target = solveDense(ctx, p, (i) => {
    if (ctx.mesh.kind[i] !== 'face') return false;
    const [u, v] = ctx.local(i);
    return v > noseV && Math.hypot(u, v) < 1.3 * mw;
  });
  const widen = name === 'lipsRound' ? -AMPLITUDE.roundNarrow : name === 'lipsSpread' ? AMPLITUDE.spreadWiden : name === 'lipsPress' ? -0.04 : 0;
  const lift = name === 'lipsSpread' ? AMPLITUDE.spreadLift * mw : 0;
  for (let i = 0; i < ctx.n; i++) {
    if (ctx.mesh.kind[i] !== 'face') continue;
    const [u, v] = ctx.local(i);
    const win = mouthWindow(u, v - ctx.seam(Math.max(-half, Math.min(half, u))), mw);
    if (win === 0) continue;
    const du = widen * u * win, dv = -lift * Math.min(1, (u / half) ** 2) * win;
    target[i * 2] = target[i * 2]! + du * ex[0] + dv * ey[0];
    target[i * 2 + 1] = target[i * 2 + 1]! + du * ex[1] + dv * ey[1];
  }
  return sparse(name, target, [0, 1]);
}

/** 1 over the lips, easing to 0 half a mouth width beyond them (smoothstep on an elliptic distance). */
function mouthWindow(u: number, w: number, mw: number): number {
  const e = Math.hypot(u / (0.55 * mw), w / (0.3 * mw));
  if (e <= 1) return 1;
  if (e >= 2.2) return 0;
  const t = (e - 1) / 1.2;
  return 1 - t * t * (3 - 2 * t);
}

export function tongueUp(ctx: Ctx): RigTarget {
  const { mouthWidth: mw } = ctx.mesh.frame;
  const disp = new Float64Array(ctx.n * 2);
  const { ey } = ctx.mesh.frame;
  const row = ctx.mesh.interiorGrid[3]!;
  row.forEach((i) => {
    const [u] = ctx.local(i);
    const lift = AMPLITUDE.tongueUp * mw * (0.3 + 0.7 * bump(u, mw * 0.85));
    disp[i * 2] = -lift * ey[0];
    disp[i * 2 + 1] = -lift * ey[1];
  });
  return sparse('tongueUp', disp, [0, 1]);
}

