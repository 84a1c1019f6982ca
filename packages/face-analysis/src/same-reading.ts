import type { Box, MeshPoint } from './types';
import type { Square } from './cut-square';

/** Two readings of a face are the same reading when neither eye nor the mouth moves more than this many eye distances between them. */
const SAME_WITHIN = 0.25;

/** Eye corners (33-133, 263-362) and inner lips (13-14) of the face mesh. */
const FEATURES = [[33, 133], [263, 362], [13, 14]] as const;

const centre = (mesh: readonly MeshPoint[], [a, b]: readonly [number, number]): [number, number] => [(mesh[a]![0] + mesh[b]![0]) / 2, (mesh[a]![1] + mesh[b]![1]) / 2];

/**
 * Whether two meshes of one face put its eyes and its mouth in the same places (within SAME_WITHIN
 * eye distances of the first): readings of a face framed differently move them by a few hundredths;
 * a mesh fitted a feature off moves them by most of an eye distance.
 */
export function sameReading(a: readonly MeshPoint[], b: readonly MeshPoint[]): boolean {
  const [eyeA, eyeB] = [centre(a, FEATURES[0]), centre(a, FEATURES[1])];
  const eyeDistance = Math.hypot(eyeB[0] - eyeA[0], eyeB[1] - eyeA[1]);
  return FEATURES.every((feature) => {
    const [p, q] = [centre(a, feature), centre(b, feature)];
    return Math.hypot(p[0] - q[0], p[1] - q[1]) <= SAME_WITHIN * eyeDistance;
  });
}

/** The square `sides` times the box's larger side, centred on it (image pixels; it may reach past the edges). */
export function squareAround(box: Box, sides: number): Square {
  const side = Math.round(Math.max(box.width, box.height) * sides);
  return { left: Math.round(box.x + box.width / 2 - side / 2), top: Math.round(box.y + box.height / 2 - side / 2), side };
}

/** Side of the square a whole image is looked at again in, with room around it, in its longer sides. */
const ROOM_AROUND = 2;

/**
 * The square ROOM_AROUND times the image's longer side, centred on it: the image with room all
 * round (read with its edge pixels repeated, see cutSquare). A tight headshot whose face fills the
 * frame is too large for Human's detector: it found no face in some (clm-terminator-crop and
 * clm-walter2-crop enlarged to 560 and 549 px, darker and colour-cast), or two overlapping parts of
 * it in others (see analyseFace); with half the image's side added all round (a seventh was not
 * enough on a smaller copy of walter), the one face.
 */
export function roomAround(width: number, height: number): Square {
  return squareAround({ x: 0, y: 0, width, height }, ROOM_AROUND);
}
