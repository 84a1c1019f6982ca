import { IRIS_POINTS, LEFT_EYE_POINTS, LEFT_IRIS, RIGHT_EYE_POINTS, RIGHT_IRIS } from './mirrored-eye';
import type { MeshPoint } from './types';

interface Eye {
  /** Corners, the image-left one first. */
  corners: readonly [number, number];
  /** What an eye's reading rewrites: its contours, creases, brow and iris. */
  points: readonly number[];
  /** The corner-to-corner line's usual angle from the line between the irises (degrees, y down). */
  usualTilt: number;
}

/**
 * The subject's right eye (the image's left) and left eye. Usual tilts: the medians over the 73
 * in-range corpus photos, +2.6 and -2.5 degrees from the face's across axis, which the iris line
 * follows within 3 degrees there (an eye's outer corner sits a little higher than its inner one);
 * 67 of the 73 image-left eyes and 69 of the image-right ones lie within 7 degrees of theirs.
 */
const EYES: readonly Eye[] = [
  { corners: [33, 133], points: [...RIGHT_EYE_POINTS, ...Array.from({ length: IRIS_POINTS }, (_, k) => RIGHT_IRIS + k)], usualTilt: 2.6 },
  { corners: [362, 263], points: [...LEFT_EYE_POINTS, ...Array.from({ length: IRIS_POINTS }, (_, k) => LEFT_IRIS + k)], usualTilt: -2.5 },
];

/** An eye whose corners' line is turned further than this (degrees) from its usual tilt is read again. */
const MAX_TILT_OFF = 7;
/** The refining crop's other sides (in face boxes) an eye is read on again. */
const ALTERNATIVE_SIDES = [1.5, 1.75] as const;

/** How far (degrees) the eye's corner line is turned from its usual tilt against the line between the irises; 0 without irises. */
function tiltOff(mesh: readonly MeshPoint[], eye: Eye): number {
  if (mesh.length < RIGHT_IRIS + IRIS_POINTS) return 0;
  const [l, r] = [mesh[LEFT_IRIS]!, mesh[RIGHT_IRIS]!].sort((p, q) => p[0] - q[0]) as [MeshPoint, MeshPoint];
  const [a, b] = eye.corners.map((i) => mesh[i]!) as [MeshPoint, MeshPoint];
  const degrees = (Math.atan2(b[1] - a[1], b[0] - a[0]) - Math.atan2(r[1] - l[1], r[0] - l[0])) * (180 / Math.PI);
  return Math.abs(degrees - eye.usualTilt);
}

/**
 * Human's eye contours depend on the crop they are read on: on softui-brooke the image-left eye's
 * corner line came out 11.3 degrees the wrong way on the usual crop (two face boxes), a lens across
 * the iris that left the eye's outer white open on a blink, and +5.2 (about right) on a crop of 1.5
 * face boxes, which in turn turned argon-marie's image-right eye. So an eye whose corner line is
 * turned more than MAX_TILT_OFF from its usual tilt is read again on the other crops
 * (`readAt(side)`), and the reading whose line lies nearest its usual tilt replaces that eye's
 * points. Eyes within it are left as read, and so is every other point.
 */
export async function steadyEyes(mesh: MeshPoint[], readAt: (sideInBoxes: number) => Promise<MeshPoint[] | null>): Promise<MeshPoint[]> {
  const off = EYES.map((eye) => tiltOff(mesh, eye));
  if (off.every((o) => o <= MAX_TILT_OFF)) return mesh;
  const readings: MeshPoint[][] = [];
  for (const side of ALTERNATIVE_SIDES) {
    const reading = await readAt(side);
    if (reading && reading.length === mesh.length) readings.push(reading);
  }
  const out = mesh.slice();
  EYES.forEach((eye, k) => {
    if (off[k]! <= MAX_TILT_OFF) return;
    const best = readings.map((reading) => ({ reading, off: tiltOff(reading, eye) })).sort((p, q) => p.off - q.off)[0];
    if (best && best.off < off[k]!) for (const i of eye.points) out[i] = best.reading[i]!;
  });
  return out;
}
