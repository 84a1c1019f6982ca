import type { RigTarget } from '../types';
import { EYE_IMAGE_LEFT, type EyeLandmarks } from './landmarks';
import { AMPLITUDE, solve, type Ctx } from './target-context';

/** Where the closed lids meet: this share of the way from the lower lid up to the upper one. */
const LIDS_MEET = 0.2;
/** How far the upper lid's crease follows the lid, and the lower lid's fold the lower lid. */
const CREASE_FOLLOW = 0.45;
const FOLD_FOLLOW = 0.3;

/**
 * A blink: the upper lid contour moves down onto the lower lid, which rises a little to meet it
 * (straight towards each other, which is along the face's own down axis for any head pose), so
 * nothing of the eye is left between them. The crease above the lid comes down with it, and the fold below the lower lid with
 * that: where the mesh's contour sits a little inside the real lids (clm-cage, argon-ivana-square),
 * the real lid and lashes above it came down only as far as the harmonic fill carried them and the
 * eye stayed half open. Corners, outer rings and brow stay; the skin between is filled harmonically.
 */
export function blink(ctx: Ctx, name: 'blinkLeft' | 'blinkRight', eye: EyeLandmarks): RigTarget {
  const v = ctx.mesh.vertices;
  const p = new Map<number, [number, number]>();
  const close = AMPLITUDE.blinkClose;
  const margin = eye === EYE_IMAGE_LEFT ? ctx.mesh.upperLidMargin.imageLeft : ctx.mesh.upperLidMargin.imageRight;
  eye.upperLid.forEach((up, k) => {
    const lo = eye.lowerLid[k]!;
    const gap: [number, number] = [v[lo * 2]! - v[up * 2]!, v[lo * 2 + 1]! - v[up * 2 + 1]!];
    const down = (1 - LIDS_MEET) * close, rise = LIDS_MEET * close;
    p.set(up, [gap[0] * down, gap[1] * down]);
    if (margin[k] !== undefined) p.set(margin[k], [gap[0] * down, gap[1] * down]);
    p.set(lo, [-gap[0] * rise, -gap[1] * rise]);
    p.set(eye.upperCrease[k]!, [gap[0] * down * CREASE_FOLLOW, gap[1] * down * CREASE_FOLLOW]);
    p.set(eye.lowerFold[k]!, [-gap[0] * rise * FOLD_FOLLOW, -gap[1] * rise * FOLD_FOLLOW]);
  });
  for (const i of [...eye.corners, ...eye.still]) p.set(i, [0, 0]);
  const c = [(v[eye.corners[0] * 2]! + v[eye.corners[1] * 2]!) / 2, (v[eye.corners[0] * 2 + 1]! + v[eye.corners[1] * 2 + 1]!) / 2];
  const width = Math.hypot(v[eye.corners[0] * 2]! - v[eye.corners[1] * 2]!, v[eye.corners[0] * 2 + 1]! - v[eye.corners[1] * 2 + 1]!);
  return solve(ctx, name, p, (i) => ctx.mesh.kind[i] === 'face' && Math.hypot(v[i * 2]! - c[0]!, v[i * 2 + 1]! - c[1]!) < 1.6 * width);
}
