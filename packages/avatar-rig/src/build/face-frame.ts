/**
 * The face's own 3D frame, from the face mesh (x, y in portrait pixels; z depth on the same scale,
 * larger = farther from the camera, as MediaPipe reports it). Targets are written in this frame,
 * so a tilted or turned head opens its mouth and closes its eyes along its own axes; a local
 * displacement reaches the image by orthographic projection (dropping the frame's z).
 */
export type Vec3 = [number, number, number];

export interface FaceFrame {
  /** Origin: the middle of the upper inner lip (landmark 13), portrait pixels. */
  origin: Vec3;
  /** Unit axes: image-left eye -> image-right eye; forehead -> chin (orthogonalised); into the photo. */
  ex: Vec3;
  ey: Vec3;
  ez: Vec3;
  mouthWidth: number;
  faceWidth: number;
  faceHeight: number;
}

const sub3 = (a: readonly number[], b: readonly number[]): Vec3 => [a[0]! - b[0]!, a[1]! - b[1]!, (a[2] ?? 0) - (b[2] ?? 0)];
const dot3 = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm3 = (a: Vec3): Vec3 => { const l = Math.hypot(a[0], a[1], a[2]) || 1; return [a[0] / l, a[1] / l, a[2] / l]; };
const cross3 = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const mean3 = (pts: ReadonlyArray<readonly number[]>, idx: readonly number[]): Vec3 => {
  const s: Vec3 = [0, 0, 0];
  for (const i of idx) { s[0] += pts[i]![0]!; s[1] += pts[i]![1]!; s[2] += pts[i]![2] ?? 0; }
  return [s[0] / idx.length, s[1] / idx.length, s[2] / idx.length];
};

export function faceFrame(pts: ReadonlyArray<readonly number[]>, oval: readonly number[]): FaceFrame {
  const eyeL = mean3(pts, [33, 133]), eyeR = mean3(pts, [263, 362]);
  const ex = norm3(sub3(eyeR, eyeL));
  const down = sub3(pts[152]!, pts[10]!);
  const ey = norm3(sub3(down, ex.map((c) => c * dot3(down, ex)) as Vec3));
  const ez = cross3(ex, ey);
  const origin: Vec3 = [pts[13]![0]!, pts[13]![1]!, pts[13]![2] ?? 0];
  const frame: FaceFrame = { origin, ex, ey, ez, mouthWidth: 0, faceWidth: 0, faceHeight: 0 };
  const local = oval.map((i) => toLocal(frame, pts[i]!));
  frame.faceWidth = Math.max(...local.map((p) => p[0])) - Math.min(...local.map((p) => p[0]));
  frame.faceHeight = Math.max(...local.map((p) => p[1])) - Math.min(...local.map((p) => p[1]));
  frame.mouthWidth = Math.hypot(...sub3(pts[291]!, pts[61]!));
  return frame;
}

/** Portrait point (x, y, z) -> local (across, down, into the photo). */
export function toLocal(f: FaceFrame, p: readonly number[]): Vec3 {
  const d = sub3(p, f.origin);
  return [dot3(d, f.ex), dot3(d, f.ey), dot3(d, f.ez)];
}

/** Local point -> portrait point (x, y, z). */
export function fromLocal(f: FaceFrame, l: readonly number[]): Vec3 {
  const [a, b, c] = [l[0]!, l[1]!, l[2] ?? 0];
  return [0, 1, 2].map((k) => f.origin[k]! + a * f.ex[k]! + b * f.ey[k]! + c * f.ez[k]!) as Vec3;
}

/** A displacement in the local frame as it shows in the image (orthographic: x, y of the 3D vector). */
export function toImage(f: FaceFrame, d: readonly number[]): [number, number] {
  const [a, b, c] = [d[0]!, d[1]!, d[2] ?? 0];
  return [a * f.ex[0] + b * f.ey[0] + c * f.ez[0], a * f.ex[1] + b * f.ey[1] + c * f.ez[1]];
}
