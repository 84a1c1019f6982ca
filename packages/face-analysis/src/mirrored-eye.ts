import type { HumanPoint } from './human-instance';

/**
 * Human 3.3.6 runs its iris model on both eye crops flipped left-right (`getEyeBox(..., flip =
 * true)` for both) but flips back only the subject's left eye's answer (`getEyeCoords(...,
 * false)` for the right; MediaPipe flips the left eye alone). So the contours, brow points and iris
 * it gives the subject's right eye, on the image's left, are those of a mirrored eye: on every
 * corpus face that contour lay off the eye (outer corner inside it, lids across the iris) and a
 * blink closed the skin beside the eye while the eye stayed open.
 *
 * The remedy needs no change to Human: in the photo mirrored left-right, the subject's right eye
 * shows as a left eye, which Human does handle correctly. These tables pair each point Human's iris
 * model rewrites on the subject's right eye with the same point of the left eye (the two lists of
 * each pair run in mirrored order), from Human's `meshAnnotations` and `irisIndices`.
 */
export const RIGHT_EYE_POINTS: readonly number[] = [
  246, 161, 160, 159, 158, 157, 173, // EyeUpper0
  33, 7, 163, 144, 145, 153, 154, 155, 133, // EyeLower0
  247, 30, 29, 27, 28, 56, 190, // EyeUpper1
  130, 25, 110, 24, 23, 22, 26, 112, 243, // EyeLower1
  113, 225, 224, 223, 222, 221, 189, // EyeUpper2
  226, 31, 228, 229, 230, 231, 232, 233, 244, // EyeLower2
  143, 111, 117, 118, 119, 120, 121, 128, 245, // EyeLower3
  156, 70, 63, 105, 66, 107, 55, 193, // EyebrowUpper
  35, 124, 46, 53, 52, 65, // EyebrowLower
];
export const LEFT_EYE_POINTS: readonly number[] = [
  466, 388, 387, 386, 385, 384, 398,
  263, 249, 390, 373, 374, 380, 381, 382, 362,
  467, 260, 259, 257, 258, 286, 414,
  359, 255, 339, 254, 253, 252, 256, 341, 463,
  342, 445, 444, 443, 442, 441, 413,
  446, 261, 448, 449, 450, 451, 452, 453, 464,
  372, 340, 346, 347, 348, 349, 350, 357, 465,
  383, 300, 293, 334, 296, 336, 285, 417,
  265, 353, 276, 283, 282, 295,
];
/** Human appends the subject's left iris (centre + 4) at 468, then the right one at 473. */
export const LEFT_IRIS = 468;
export const RIGHT_IRIS = 473;
export const IRIS_POINTS = 5;

/**
 * `mesh` with the subject's right eye (contours, brow, iris) taken from `mirroredMesh`, Human's mesh
 * of the same image flipped left-right, `width` pixels wide (same pixel coordinates as `mesh`).
 */
export function withMirroredRightEye(mesh: readonly HumanPoint[], mirroredMesh: readonly HumanPoint[], width: number): HumanPoint[] {
  const out = mesh.slice();
  // Pixel x and its mirror image share a pixel centre: x + 0.5 <-> width - (x + 0.5).
  const unmirror = (p: HumanPoint): HumanPoint => [width - 1 - p[0], p[1], p[2]];
  RIGHT_EYE_POINTS.forEach((right, k) => { out[right] = unmirror(mirroredMesh[LEFT_EYE_POINTS[k]!]!); });
  if (mesh.length >= RIGHT_IRIS + IRIS_POINTS && mirroredMesh.length >= LEFT_IRIS + IRIS_POINTS) {
    // The iris's contour points (right, above, left, below) swap right and left in the mirror.
    const order = [0, 3, 2, 1, 4];
    order.forEach((from, to) => { out[RIGHT_IRIS + to] = unmirror(mirroredMesh[LEFT_IRIS + from]!); });
  }
  return out;
}
