import { evaluateRig } from '../evaluate';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT } from '../build/landmarks';
import type { Rig } from '../types';

/** The lid columns judged: the middle three of each eye, where an open eye shows most. */
const MIDDLE_COLUMNS = [2, 3, 4];

/**
 * How open a full blink leaves the eyes: the most of its rest gap (upper lid to lower lid) that any
 * middle lid column of either eye keeps, 0 when both eyes shut. Read off the rig's geometry: the
 * fold relief can shrink a blink (tabler-female-3-4x kept 89% of one eye's gap) where every frame
 * still looks like the photo.
 */
export function openAtBlink(rig: Rig): number {
  const rest = rig.vertices, shut = evaluateRig(rig, { blinkLeft: 1, blinkRight: 1 });
  const gap = (p: ArrayLike<number>, a: number, b: number) => Math.hypot(p[a * 2]! - p[b * 2]!, p[a * 2 + 1]! - p[b * 2 + 1]!);
  return Math.max(...[EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT].flatMap((eye) => MIDDLE_COLUMNS.map((k) => gap(shut, eye.upperLid[k]!, eye.lowerLid[k]!) / gap(rest, eye.upperLid[k]!, eye.lowerLid[k]!))));
}
