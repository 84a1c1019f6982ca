import sharp from 'sharp';
import { analyseFace, analyseFramedCloser, FACE_RANGE, readOrientation, roomAround, squareAround, type Box, type FaceAnalysis, type FaceFound, type Iris, type MeshPoint } from '@avatar-factory/face-analysis';
import type { Rig } from '@avatar-factory/avatar-rig';
import { buildRig, CROP_PER_FACE, MAX_PORTRAIT, mirrorRig, portraitPng } from '@avatar-factory/avatar-rig/node';

/** The engines the avatar generation job drives, one call per stage. */
export interface AvatarPipeline {
  normalise(photo: Buffer): Promise<Buffer>;
  /**
   * The face, and the image it was found in: the one given, or that turned upright (a quarter
   * turn, see QUARTER_TURN_TOLERANCE_DEG, or half a turn, see readOrientation), or mirrored
   * left-right (`mirrored`, see analyseMirrored).
   */
  analyse(image: Buffer): Promise<{ face: FaceAnalysis; image: Buffer; mirrored?: boolean }>;
  /** The rig of the face in `image`; of the photo as given when `image` is its mirror image. */
  buildRig(image: Buffer, face: FaceFound, options?: { mirrored?: boolean }): Promise<{ rig: Rig; textures: Record<string, Buffer> }>;
  renderPortrait(rig: Rig, textures: Record<string, Buffer>): Promise<Buffer>;
}

/**
 * A head tilted this close to a quarter turn is a photo stored on its side without an EXIF
 * orientation: it is turned upright and analysed again. Of 58 upright corpus photos turned a
 * quarter clockwise, 38 read a roll near +90 degrees and none near -90; turned anticlockwise, 31
 * near -90 and none near +90 (photos already tilted 30 degrees read 121 or -59). Turned back, 67 of
 * the 116 became avatars, each with the upright photo's mesh. An upside-down photo shows no roll
 * (Human fits an upright face to it): readOrientation looks for that.
 */
const QUARTER_TURN_TOLERANCE_DEG = 20;

/**
 * Largest side kept from the upload: a phone's 12 or 24 megapixels and a camera's 24 (6000 x 4000)
 * are kept whole. A face 150 px high in a 4032 x 3024 photo, in range, was 75 px high in the 2048 px
 * copy the analysis used to get, and was refused as "75 px high; at least 120 px works". Larger
 * photos (48 MP) are cut to this: at 8192, a 48 MP photo took 5.3 s and 300 MB more to analyse.
 */
const MAX_SOURCE_SIDE = 6144;

/**
 * The stages hand images on in memory, as PNGs stored without deflate: a 12 MP photo took 450-650
 * ms to deflate at the default level and 250 ms at level 1 (and 150 ms to inflate at every look),
 * 66 ms stored (50 ms to read back). Stored is a third larger than level 1 (37 MB against 27 for a
 * noisy 12 MP photo), which no stage keeps for long.
 */
const FAST_PNG = { compressionLevel: 0, adaptiveFiltering: false } as const;

/**
 * Faces are looked for in a copy at most this large (Human's detector looks at a 256 px copy
 * anyway, and a tensor of a whole 12 MP photo is 145 MB); a small face is then analysed again in a
 * crop around it at full resolution (see analyseLarge).
 */
const DETECT_SIDE = 2048;

/**
 * The crop around a small face in a large photo, in sides of its tight mesh box: more than the
 * portrait's CROP_PER_FACE (its centre a little below the face's), so the crop's edge cuts neither
 * what the portrait shows nor the face (which would then read as cut off by the photo's edge).
 */
const CROP_AROUND_FACE = 4;
/** The crop's largest side: enough for a full-size portrait of the face (MAX_PORTRAIT over CROP_PER_FACE), the rest is analysis time. */
const CROP_SIDE = Math.ceil((MAX_PORTRAIT * CROP_AROUND_FACE) / CROP_PER_FACE);
/**
 * A face found in range in the copy is moved into a crop of the photo at its own resolution only
 * where that makes its portrait at least this much sharper: the crop costs about 0.1 s, and the
 * rig of a larger portrait takes longer to build (a 2500 x 1900 photo with a face box 110 px high
 * in the copy: its portrait 573 px across instead of 512 px enlarged from about 455).
 */
const SHARPER = 1.5;

export const avatarPipeline: AvatarPipeline = {
  normalise: (photo) =>
    sharp(photo, { failOn: 'error' })
      .autoOrient()
      .resize({ width: MAX_SOURCE_SIDE, height: MAX_SOURCE_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png(FAST_PNG)
      .toBuffer(),
  analyse: async (image) => {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    return Math.max(width, height) > DETECT_SIDE ? analyseLarge(image, Math.max(width, height)) : analyseAnyWay(image);
  },
  buildRig: async (image, face, options) => (options?.mirrored ? mirrorRig(await buildRig(image, face)) : buildRig(image, face)),
  renderPortrait: (rig, textures) => portraitPng(rig, textures),
};

/** A face analysis, the image it was made on, and how that image was made from the one given: turned by `turnedDeg`, then mirrored. */
interface Analysed { face: FaceAnalysis; image: Buffer; turnedDeg?: number; mirrored?: boolean }

/** The face in the image as given, turned upright, or mirrored. */
async function analyseAnyWay(image: Buffer): Promise<Analysed> {
  const found = await analyseUpright(image);
  return found.face.ok || found.face.code !== 'no_face' ? found : analyseMirrored(found.image, found);
}

/**
 * A photo larger than DETECT_SIDE is analysed in a copy of that size. Where the face in the copy is
 * too small, or much smaller than a full-size portrait needs (MAX_PORTRAIT over CROP_PER_FACE), it is
 * analysed again in a crop of the photo around it, at the photo's own resolution (turned and
 * mirrored as the copy had to be to show the face): its size is then measured in the photo's
 * pixels, as the person who took it counts them, and the portrait is as sharp as the photo allows.
 * Where the copy shows no single face (none, several), that is the answer.
 */
async function analyseLarge(image: Buffer, largestSide: number): Promise<Analysed> {
  const scale = DETECT_SIDE / largestSide;
  const copy = await sharp(image).resize({ width: DETECT_SIDE, height: DETECT_SIDE, fit: 'inside' }).png(FAST_PNG).toBuffer();
  const found = await findInCopy(copy);
  const box = found.face.ok ? found.face.box : lookedAtCloser(found.face) ? await locateFace(found.image) : null;
  if (!box || (found.face.ok && Math.max(box.width, box.height) * CROP_PER_FACE * SHARPER >= MAX_PORTRAIT)) return found;
  const shown = found.image === copy ? image : await shownAsAnalysed(image, found);
  const crop = await cropAround(shown, box, scale);
  if (found.face.ok) return { face: await readAgainInCrop(crop.image, movedIntoCrop(found.face, crop, scale)), image: crop.image, turnedDeg: found.turnedDeg, mirrored: found.mirrored };
  // A small face on its side is turned upright in the crop, where it is big enough to be found.
  const inCrop = await uprightIfOnItsSide(crop.image, await analyseFace(crop.image));
  const { face } = inCrop;
  const sharper = face.ok || (!found.face.ok && face.code !== 'no_face');
  return sharper ? { face, image: inCrop.image, turnedDeg: found.turnedDeg, mirrored: found.mirrored } : found;
}

/**
 * Refusals in the copy that the photo's own resolution may answer: a face too small there, and a
 * face on its side that Human did not find again turned upright in the copy.
 */
const lookedAtCloser = (face: FaceAnalysis) => !face.ok && (face.code === 'face_too_small' || turnUpright(face) !== 0);

/**
 * The face in the copy any way (see analyseAnyWay), or turned a quarter either way: a small face
 * on its side (a photo stored without its EXIF orientation) showed Human no face at all as it
 * stood, and was refused as "No face was found".
 */
async function findInCopy(copy: Buffer): Promise<Analysed> {
  const found = await analyseAnyWay(copy);
  if (found.face.ok || found.face.code !== 'no_face') return found;
  for (const degrees of [90, -90] as const) {
    // Turned the wrong way the face is upside down, which Human fits as upright: analyseUpright looks for that.
    const turned = await analyseUpright(await sharp(copy).rotate(degrees).png(FAST_PNG).toBuffer());
    if (turned.face.ok || turned.face.code !== 'no_face') return (await standingInCopy(copy, turned, degrees)) ?? { ...turned, turnedDeg: (degrees + (turned.turnedDeg ?? 0) + 360) % 360 };
  }
  return found;
}

/** Side, in face boxes, of the square a face found only turned a quarter is looked for in as the photo stands (3 did not find softui-annie-spratt). */
const STANDING_SIDE = 5;

/**
 * A face that Human's detector missed as the photo stands and found in the copy turned a quarter,
 * tilted there by nearly as much the other way, stands nearly upright in the photo: it is looked
 * for again there, framed closer, and measured as the photo stands. Taken as found, it was refused
 * for its tilt in the turned copy (softui-annie-spratt, her hand over her mouth, turned 30 degrees
 * anticlockwise: "tilted 69 degrees"; about 22 as she stands). Null where that is not the case or
 * the closer look finds no face.
 */
async function standingInCopy(copy: Buffer, turned: Analysed, degrees: 90 | -90): Promise<Analysed | null> {
  const roll = turned.face.measurements?.rollDeg;
  if (turned.face.ok || turned.face.code !== 'face_tilted' || turned.turnedDeg || roll === undefined || Math.abs(roll - degrees) > FACE_RANGE.maxRollDeg) return null;
  const box = await locateFace(turned.image);
  if (!box) return null;
  const { width = 0, height = 0 } = await sharp(copy).metadata();
  // sharp turns clockwise by `degrees` about the centre: a point (x, y) of the copy lands at (height - y, x) turned by 90, at (y, width - x) by -90.
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const centre = degrees === 90 ? [cy, height - cx] : [width - cy, cx];
  const standing = { x: centre[0]! - box.height / 2, y: centre[1]! - box.width / 2, width: box.height, height: box.width };
  const face = await analyseFramedCloser(copy, turned.face, squareAround(standing, STANDING_SIDE));
  return face.ok || face.code !== 'no_face' ? { face, image: copy } : null;
}

/** The photo turned and mirrored as `analysed` says its image was made from it. */
async function shownAsAnalysed(image: Buffer, analysed: Analysed): Promise<Buffer> {
  const turned = analysed.turnedDeg ? sharp(await sharp(image).rotate(analysed.turnedDeg).png(FAST_PNG).toBuffer()) : sharp(image);
  return (analysed.mirrored ? turned.flop() : turned).png(FAST_PNG).toBuffer();
}

/** The tight box of the one face in the image, whatever its size and pose. */
async function locateFace(image: Buffer): Promise<Box | null> {
  const face = await analyseFace(image, { checkRange: false, eyes: false });
  return face.ok ? face.box : null;
}

/** A crop of a photo: photo pixel (x, y) is crop pixel ((x - left) * factor, (y - top) * factor). */
interface Crop { image: Buffer; left: number; top: number; factor: number; width: number; height: number }

/** The photo around `box` (found in a copy `scale` times its size), CROP_AROUND_FACE boxes wide, at most CROP_SIDE across. */
async function cropAround(image: Buffer, box: Box, scale: number): Promise<Crop> {
  const { width, height } = await sharp(image).metadata();
  const side = Math.round(Math.min((Math.max(box.width, box.height) * CROP_AROUND_FACE) / scale, Math.max(width, height)));
  const start = (centre: number, extent: number) => Math.round(Math.min(Math.max(0, centre / scale - side / 2), Math.max(0, extent - side)));
  const left = start(box.x + box.width / 2, width), top = start(box.y + box.height / 2, height);
  const { data, info } = await sharp(image)
    .extract({ left, top, width: Math.min(side, width - left), height: Math.min(side, height - top) })
    .resize({ width: CROP_SIDE, height: CROP_SIDE, fit: 'inside', withoutEnlargement: true })
    .png(FAST_PNG)
    .toBuffer({ resolveWithObject: true });
  return { image: data, left, top, factor: info.width / Math.min(side, width - left), width: info.width, height: info.height };
}

/**
 * A face read in the copy, moved into the crop's pixels. Read again in the crop, it came out the
 * same to a pixel or two (Human reads the mesh from a 512 px square around the face whichever the
 * image, and the rig reads lids and lips from the crop's own pixels), and the second reading took
 * 700 ms of the 2.1-2.5 s a 12 MP phone photo took to become an avatar.
 */
function movedIntoCrop(face: FaceFound, crop: Crop, scale: number): FaceFound {
  const k = crop.factor / scale;
  const x = (copyX: number) => copyX * k - crop.left * crop.factor, y = (copyY: number) => copyY * k - crop.top * crop.factor;
  const iris = (i: Iris): Iris => ({ center: [x(i.center[0]), y(i.center[1])], radius: i.radius * k });
  return {
    ...face,
    imageWidth: crop.width,
    imageHeight: crop.height,
    mesh: face.mesh.map(([px, py, pz]): MeshPoint => [x(px), y(py), pz * k]),
    iris: face.iris && { imageLeft: iris(face.iris.imageLeft), imageRight: iris(face.iris.imageRight) },
    box: { x: x(face.box.x), y: y(face.box.y), width: face.box.width * k, height: face.box.height * k },
    measurements: { ...face.measurements, faceHeightPx: face.measurements.faceHeightPx * k },
  };
}

/** Side, in face boxes, of the square of the crop a face found in the copy is read again in. */
const READ_AGAIN_SIDE = 2.2;

/**
 * A face found in the copy read again in the crop, at the photo's own resolution, as a photo of
 * that size is read whole: in the copy it may be small enough for Human to misfit a laugh's lips
 * (softui-ivana with room around it, enlarged to 2751 x 3842: her face 144 px high in the copy,
 * its lower lip put 32 px too high in the crop's pixels, in her open mouth's dark; the lips closed
 * for m, b and p over that dark, which Human read 0.31 mouth widths apart). The pose and size stay
 * those measured in the copy, which the range was judged on; where the crop shows no face, the
 * copy's reading stands.
 */
async function readAgainInCrop(crop: Buffer, moved: FaceFound): Promise<FaceFound> {
  const again = await analyseFace(crop, { checkRange: false, detectIn: squareAround(moved.box, READ_AGAIN_SIDE) });
  return again.ok ? { ...again, rotation: moved.rotation, measurements: moved.measurements } : moved;
}

/** The face in the image as given, or turned upright. */
async function analyseUpright(image: Buffer): Promise<Analysed> {
  const face = await analyseFace(image);
  const turn = turnUpright(face);
  if (turn) return analyseTurned(image, face, turn);
  // A group photo is refused as it is. An upside-down face may also go unfound: Human's detector
  // scores it under the face threshold (Grace Hopper), while readOrientation looks for it lower.
  if (!face.ok && face.code === 'multiple_faces') return { face, image };
  const orientation = await readOrientation(image, face.ok ? face.box : undefined);
  if (orientation.upsideDown) return analyseTurned(image, face, 180);
  if (face.ok || face.code !== 'no_face') return { face, image };
  // The image stays the whole photo either way. Looked at with room around it last: found so
  // first, an upside-down photo's face (md-marie turned half a turn) was fitted upright and kept.
  const closer = orientation.uprightFaceIn ? await analyseFramedCloser(image, face, orientation.uprightFaceIn) : face;
  return { face: closer.ok || closer.code !== 'no_face' ? closer : await analyseWithRoomAround(image, face), image };
}

/**
 * A photo that shows Human no face looked at again with room around it (see roomAround): a tight
 * headshot whose face fills the frame may show no face as it is. The measurements stay the
 * photo's (see analyseFramedCloser): a head cut off by its edge is refused for that.
 */
async function analyseWithRoomAround(image: Buffer, missed: FaceAnalysis): Promise<FaceAnalysis> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return analyseFramedCloser(image, missed, roomAround(width, height));
}

/** The quarter turn that sets a head tilted a quarter turn (a photo on its side) upright; 0 for any other answer. */
function turnUpright(face: FaceAnalysis): -90 | 0 | 90 {
  const roll = face.measurements?.rollDeg;
  if (face.ok || face.code !== 'face_tilted' || roll === undefined || Math.abs(Math.abs(roll) - 90) > QUARTER_TURN_TOLERANCE_DEG) return 0;
  return roll > 0 ? -90 : 90;
}

/** The face analysed in the image turned upright where it is on its side; as it is otherwise. */
async function uprightIfOnItsSide(image: Buffer, face: FaceAnalysis): Promise<Analysed> {
  const turn = turnUpright(face);
  return turn ? analyseTurned(image, face, turn) : { face, image };
}

/**
 * The face in the image mirrored left-right, where Human found none in the image itself: its
 * detector is not symmetric. Of the 58 in-range corpus photos mirrored, one showed it no face at
 * all (softui-annie-spratt: blurred, a hand over the mouth), found as taken; md-bruce-mars (dim,
 * glasses, looking down) scores 0.31 as taken and 0.9 mirrored. The rig is then built on the
 * mirror image and mirrored back (mirrorRig). Not found mirrored either, the first answer stands.
 */
async function analyseMirrored(image: Buffer, first: Analysed): Promise<Analysed> {
  const mirrored = await sharp(image).flop().png(FAST_PNG).toBuffer();
  const face = await analyseFace(mirrored);
  return face.ok || face.code !== 'no_face' ? { face, image: mirrored, turnedDeg: first.turnedDeg, mirrored: true } : first;
}

/**
 * The face in the image turned by `degrees`. Turned, the face may still be out of range for
 * another reason (turned away, too small): that is the answer then. Not found at all, the first
 * answer stands.
 */
async function analyseTurned(image: Buffer, face: FaceAnalysis, degrees: number): Promise<Analysed> {
  const turned = await sharp(image).rotate(degrees).png(FAST_PNG).toBuffer();
  const upright = await analyseFace(turned);
  return upright.ok || upright.code !== 'no_face' ? { face: upright, image: turned, turnedDeg: degrees } : { face, image };
}
