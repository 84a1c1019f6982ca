/** A detected face's box in image pixels. */
export interface FaceBox { x: number; y: number; width: number; height: number }

/**
 * A detection lying at least this share of its own area inside a larger one is part of that face.
 * Two people's faces never overlap that much: the nearer one would hide the other. (Their tight
 * boxes did not overlap at all on the corpus's six photos of several people.) At half, a small
 * JPEG of a tight headshot (clm-bill-murray-snl-crop at 223 x 195, quality 38) was refused as
 * "2 faces": Human added a box half his size around his left cheek, 0.43 of it inside his face.
 */
const SAME_FACE_SHARE = 0.4;

/**
 * A detection less than this share of the largest face's height is no second person in the
 * portrait: a bystander far behind, or a face Human sees in a texture. Shrunk so that her face was
 * 136 px high (317 x 317), argonfree-team-4 was refused as "2 faces": Human put a face mesh 16 x 18 px,
 * scored 1.0, on the fingers in her hair, 0.17 of her face's height. The corpus's five photos of
 * several people show faces of like size: the smaller is 0.66-1 of the largest's height.
 */
const BYSTANDER_SHARE = 0.3;

/**
 * The detections that are distinct faces, largest first. Human's BlazeFace answers a tall photo
 * (about 1:1.8 and taller, a phone's 9:16 included) with the face and one or two smaller boxes
 * inside it (its left or right half, around an eye) at 0.3-0.7 confidence, and the face mesh then
 * confirms those as faces: a 9:16 crop of a single laughing man (softui-charles) was refused as
 * "2 faces", Grace Hopper on a 512 x 1024 canvas as 3. A box mostly inside a larger one is that face;
 * one far smaller than the largest (BYSTANDER_SHARE) is none.
 */
export function distinctFaces<T>(detections: readonly T[], boxOf: (detection: T) => FaceBox): T[] {
  const area = (b: FaceBox) => Math.max(0, b.width) * Math.max(0, b.height);
  const bySize = [...detections].sort((a, b) => area(boxOf(b)) - area(boxOf(a)));
  const kept: T[] = [];
  const largestHeight = bySize.length > 0 ? boxOf(bySize[0]!).height : 0;
  for (const detection of bySize) {
    const box = boxOf(detection);
    if (box.height < BYSTANDER_SHARE * largestHeight) continue;
    const inside = (other: FaceBox) => sharedArea(box, other) / Math.max(1e-9, area(box));
    if (!kept.some((k) => inside(boxOf(k)) >= SAME_FACE_SHARE)) kept.push(detection);
  }
  return kept;
}

/** The area two boxes share (0 where they do not overlap). */
export function sharedArea(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return Math.max(0, w) * Math.max(0, h);
}
