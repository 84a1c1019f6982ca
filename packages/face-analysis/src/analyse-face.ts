import sharp, { type OutputInfo } from 'sharp';
import { distinctFaces, sharedArea } from '@avatar-factory/contracts';
import { paddedToDetectorShape } from './detector-shape';
import { detectFaces, type HumanFace, type HumanPoint } from './human-instance';
import { checkFaceRange, type RangeRefusal, type RangeRefusalCode } from './face-range';
import { cutOffShare, measureFace } from './measure-face';
import { withMirroredRightEye } from './mirrored-eye';
import { cutSquare, type Square } from './cut-square';
import { steadyEyes } from './steady-eyes';
import { faceMeshBox } from './face-mesh-box';
import { readOrientation } from './upside-down';
import { eyeLineRoll, uprightCrop } from './upright-crop';
import { roomAround, sameReading, squareAround } from './same-reading';
import type { Box, FaceAnalysis, FaceFailure, FaceFailureCode, FaceFound, Iris, MeshPoint } from './types';

/** A face counts when Human's overall score reaches this (the spec's browser check uses 0.5 too). */
export const FACE_MIN_SCORE = 0.5;

export interface AnalyseOptions {
  /** false: measure only, never refuse for the range (the quality report and the template script want the numbers). */
  checkRange?: boolean;
  /**
   * Legacy, from before the range gate: instead of the gate, refuse only a face whose tight mesh
   * box has a side under this many pixels. Prefer `checkRange: false`.
   */
  minFacePx?: number;
  /**
   * false: leave out the eye corrections, for a caller that reads only the mouth: the pass on the
   * mirrored crop that corrects the subject's right eye (one Human run of three), and steady-eyes'
   * readings of a turned eye on other crops (two more refining passes).
   */
  eyes?: boolean;
  /**
   * Look for the face in this square of the image (image pixels; it may reach past the edges),
   * read at DETECT_IN_SIZE, instead of in the whole image: Human's detector misses some faces in a
   * whole frame that it finds framed closer (readOrientation's uprightFaceIn says where). The mesh
   * and every measurement are of the whole image either way.
   */
  detectIn?: Square;
  /**
   * true: a face missed in the whole image is looked for where readOrientation finds one framed
   * closer (see analyseFramedCloser). Off by default: it costs two to eight more Human runs on
   * every image that shows no face; the avatar pipeline, which reads the orientation anyway, calls
   * analyseFramedCloser itself.
   */
  framedCloser?: boolean;
  /**
   * false: take the face as first read, without the second look framed closer that confirms it
   * (see confirmedReading): for a reader of rendered frames, which reads many and wants only the lips.
   */
  confirm?: boolean;
}

const NO_FACE = 'No face was found in the photo.';

/** Largest side of the copy a large image's faces are looked for in (readOrientation reads a whole image at this size too). */
const WHOLE_FRAME_SIZE = 1024;
/**
 * Images with a side this long or longer (the avatar pipeline's copy of a phone photo) are searched
 * in that copy; smaller ones whole, as before: read at 1024 px, softui-charles and softui-ivana
 * (900 x 1200 and 900 x 1350, laughing) got meshes that put their lids and inner lips elsewhere
 * than the lid and lip refinements were measured on.
 */
const LARGE_IMAGE_SIDE = 2048;

/** Side the `detectIn` square is read at (as readOrientation reads it). */
const DETECT_IN_SIZE = 512;

/** Side of the square, face-centred crop of the refining pass (the face fills about half of it). */
const REFINE_SIZE = 512;
/** That crop's side in face boxes (steady-eyes.ts reads a turned eye again on others). */
const REFINE_SIDE = 2;

/**
 * Decodes a PNG/JPEG (any format sharp reads; EXIF orientation applied), finds exactly one face,
 * measures it (head pose, size, share cut off by the frame) and applies the range gate
 * (face-range.ts). Human truncates mesh coordinates to whole pixels of its input, which on a 100 px
 * face folds some of the mesh's thin triangles; so a second pass runs on a face-centred crop scaled
 * to 512 px and its mesh is mapped back with sub-pixel precision.
 */
export async function analyseFace(image: Buffer, options: AnalyseOptions = {}): Promise<FaceAnalysis> {
  const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const faces = options.detectIn ? await facesInSquare(data, info.width, info.height, options.detectIn) : await facesInWholeFrame(data, info.width, info.height);
  const size = { imageWidth: info.width, imageHeight: info.height };
  const fail = (code: FaceFailureCode, message: string, extra: Partial<FaceFailure> = {}): FaceFailure =>
    ({ ok: false, code, message, faceCount: faces.length, ...size, ...extra });

  if (faces.length === 0) {
    const missed = fail('no_face', NO_FACE);
    const square = !options.detectIn && options.framedCloser ? (await readOrientation(image)).uprightFaceIn : undefined;
    return square ? analyseFramedCloser(image, missed, square, options) : missed;
  }
  if (faces.length > 1) {
    const several = fail('multiple_faces', `${faces.length} faces were found; use a photo of a single person.`);
    // Overlapping "faces" are parts of one too large for the detector: looked at with room around.
    return !options.detectIn && overlapping(faces.map((face) => faceMeshBox(face.mesh))) ? analyseFramedCloser(image, several, roomAround(info.width, info.height), options) : several;
  }
  const coarse = faces[0]!;
  const coarseMesh = coarse.mesh.map((p: HumanPoint): MeshPoint => [p[0], p[1], p[2] ?? 0]);
  const eyes = options.eyes !== false;
  const readAt = (sideInBoxes: number) => refine(data, info.width, info.height, faceMeshBox(coarseMesh), eyes, eyeLineRoll(coarseMesh), sideInBoxes);
  const measured = (await readAt(REFINE_SIDE)) ?? coarseMesh;
  // Cut-off from the first pass: the refining crop repeats the photo's edge pixels, which the mesh
  // then fits inside (the astronaut cut at the mouth reads 0% there, 30% on the first pass).
  let measurements = { ...measureFace(measured, info.width, info.height), cutOffShare: cutOffShare(coarseMesh, info.width, info.height) };
  let refusal = options.checkRange === false ? null : options.minFacePx !== undefined ? legacySizeCheck(measured, options.minFacePx) : checkFaceRange(measurements);
  if (refusal?.code === 'face_cut_off' && !options.detectIn) {
    // The share is read on the first pass's mesh, which Human extends past the edge by as much as
    // it likes: one reading is noisy (see paddedCutOffShares). A refused share is the mean of it
    // and the readings of the photo with room around it.
    const shares = [measurements.cutOffShare, ...(await paddedCutOffShares(data, info))];
    measurements = { ...measurements, cutOffShare: shares.reduce((sum, share) => sum + share, 0) / shares.length };
    refusal = checkFaceRange(measurements);
  }
  if (refusal?.code === 'face_too_small' && options.checkRange !== false && options.minFacePx === undefined && !options.detectIn) {
    const wider = await widerReading(image, faceMeshBox(measured), measurements.faceHeightPx, options);
    if (wider) return wider;
  }
  const confirmable = options.confirm !== false && !options.detectIn && options.minFacePx === undefined;
  if (refusal && POSE_REFUSALS.has(refusal.code) && confirmable) {
    // A mesh misfit on the first look reads the pose wildly too: a hand over the mouth, the photo
    // turned 10 degrees, read a head tilted 39 degrees (softui-annie-spratt, half a degree on a second
    // look). The refusal is confirmed as a found face would be; a second and third look that agree
    // on another fit decide instead.
    const first: FaceFound = { ok: true, ...size, mesh: measured, iris: null, box: faceMeshBox(measured), confidence: coarse.score, rotation: { yaw: 0, pitch: 0, roll: 0 }, measurements };
    const confirmed = await confirmedReading(image, first, options);
    if (confirmed !== first) return confirmed;
  }
  if (refusal) return fail(refusal.code, refusal.message, { measurements, refusal });
  // The range is judged on the usual reading (an eye read again moves the pose estimate by a
  // degree or two, and took argonfree-team-2 from 27 degrees up to 31 to the side); the mesh handed
  // on has its eyes steadied.
  const mesh = measured === coarseMesh || !eyes ? measured : await steadyEyes(measured, readAt);
  // Human's angles from the first pass: the refining crop may be turned upright.
  const angle = coarse.rotation?.angle;
  const found: FaceFound = {
    ok: true,
    ...size,
    mesh,
    iris: mesh.length >= 478 ? irises(mesh) : null,
    box: faceMeshBox(mesh),
    confidence: coarse.score,
    rotation: { yaw: angle?.yaw ?? 0, pitch: angle?.pitch ?? 0, roll: angle?.roll ?? 0 },
    measurements,
  };
  return confirmable ? confirmedReading(image, found, options, { unseenIsNoFace: true }) : found;
}

/**
 * Two detections overlapping by more than this share of the smaller one's box are taken for parts
 * of one face. Tight headshots that fill the frame (small JPEGs of clm-walter2-crop and
 * clm-bill-murray-snl-crop, dimmed or colour-cast) showed Human two boxes of nearly the face's size,
 * each on part of it, 0.13-0.25 of the smaller inside the larger (boxes mostly inside one another are
 * one face already: distinctFaces); the faces of the corpus's six photos of several people do not
 * overlap at all.
 */
const PARTS_OF_ONE_FACE = 0.05;

/** Whether any two of the boxes overlap by more than PARTS_OF_ONE_FACE of the smaller. */
function overlapping(boxes: Box[]): boolean {
  return boxes.some((a, i) => boxes.slice(i + 1).some((b) => sharedArea(a, b) > PARTS_OF_ONE_FACE * Math.min(a.width * a.height, b.width * b.height)));
}

/** Refusals for the head's pose, which a misfit mesh reads wrong (see analyseFace). */
const POSE_REFUSALS = new Set<RangeRefusalCode>(['face_turned', 'face_tilted', 'face_nodded']);

/** Room added on every side of a photo whose face its edge cuts, in its longer side. */
const CUT_OFF_ROOM = 0.15;

/**
 * The share of the face cut off by the photo's edge, read again with room around the photo: its
 * top and bottom edges mirrored outwards and its sides repeated, and its edge pixels repeated all
 * round. Where the frame ends at the edge, Human fits the mesh between the face and the edge as it
 * likes: on 20 uncut corpus faces cut at the top or the bottom by a known share of their mesh's
 * outline (4-18%), read as cut and at half the size, the first reading was 2.8 points off on
 * average and up to 10 over (argon-marie cut by 8% read 12.6%; clm-justin-bieber2-crop reads 7.5%
 * as taken and 11% at 132 px high). With the mirror image's reading averaged in, as it was, 31 of
 * 170 faces cut at the top or bottom by up to 9.5% were refused, 19 of 173 cut at a side; with
 * these readings 9 and 10. Sides are not mirrored: a cheek cut at the side, mirrored, made a
 * second face or one too wide (17-19% read where 8% was cut).
 */
async function paddedCutOffShares(data: Buffer, info: OutputInfo): Promise<number[]> {
  const room = Math.round(Math.max(info.width, info.height) * CUT_OFF_ROOM);
  const photo = () => sharp(data, { raw: info });
  const repeated = await photo().extend({ top: room, bottom: room, left: room, right: room, extendWith: 'copy' }).png({ compressionLevel: 1 }).toBuffer();
  const sidesRepeated = await photo().extend({ left: room, right: room, extendWith: 'copy' }).raw().toBuffer({ resolveWithObject: true });
  const mirrored = await sharp(sidesRepeated.data, { raw: sidesRepeated.info }).extend({ top: room, bottom: room, extendWith: 'mirror' }).png({ compressionLevel: 1 }).toBuffer();
  const shares: number[] = [];
  for (const padded of [mirrored, repeated]) {
    const reading = await analyseFace(padded, { checkRange: false, eyes: false, confirm: false });
    if (reading.ok) shares.push(cutOffShare(reading.mesh.map(([x, y, z]): MeshPoint => [x - room, y - room, z]), info.width, info.height));
  }
  return shares;
}

/** Side, in the small face's boxes, of the square a face refused as too small is looked for again in. */
const WIDER_SIDE = 5;
/**
 * The face found there replaces the small one only when it is this much larger: a whole face
 * around a part (softui-ivana dim: 102 -> 269 px), not the same face measured again a pixel or
 * two otherwise (tabler-male-14: 119 px as taken, in range framed closer).
 */
const WHOLE_FACE_LARGER = 1.3;

/**
 * A face refused as too small looked for again around itself: in a dim, noisy photo (0.4
 * exposure, sensor noise) Human's detector found only part of softui-ivana's face (a mesh box of
 * 90 x 91 px with score 0.64 inside her 211 x 252 px face, "102 px high") and the photo was
 * refused; in a square of 5 of those boxes (3 was too tight to find her) the whole face is found.
 * The answer is the face found there when it is in range, holds most of the part first found and
 * is WHOLE_FACE_LARGER; else null, and the refusal stands (a face that is small reads as small
 * there too).
 */
async function widerReading(image: Buffer, small: Box, smallHeightPx: number, options: AnalyseOptions): Promise<FaceAnalysis | null> {
  const wider = await analyseFace(image, { ...options, detectIn: squareAround(small, WIDER_SIDE) });
  if (!wider.ok) return null;
  const { box } = wider;
  return sharedArea(box, small) >= 0.5 * small.width * small.height && wider.measurements.faceHeightPx >= WHOLE_FACE_LARGER * smallHeightPx ? wider : null;
}

/** Side, in face boxes, of the square a reading is confirmed in. */
const CONFIRM_SIDE = 2.2;

/**
 * The first reading confirmed by a second look, framed closer: Human sometimes fits its whole mesh
 * a feature too low on a tilted, laughing face among hair, with full confidence (softui-ivana
 * turned 20 degrees: its eyes on the upper lip, its mouth on the chin), and the avatar then blinks
 * its lips and opens its chin. The face is read again in a square of CONFIRM_SIDE face boxes around
 * it (lips and eye corners only, one Human run and its refining pass). Where that reading puts an
 * eye or the mouth elsewhere (sameReading), a third look, framed around the second reading, decides:
 * if it agrees with the second, the face read there is the answer (range gate included); otherwise
 * the first stands.
 * With `unseenIsNoFace`, a face the second look does not find at all is no face: a full-size
 * softui-ivana with a yellow cast (hue +27, gamma 2.3, JPEG 55) read a "face" at 0.71 a feature
 * and a half below hers (its eyes on her mouth, its mouth on her neck) that no framing of 1.5-3
 * boxes around it shows again, nor the photo mirrored, grey or darker, and her avatar opened its
 * mouth on her neck. The second look finds the face on all 97 in-range corpus photos.
 */
async function confirmedReading(image: Buffer, first: FaceFound, options: AnalyseOptions, { unseenIsNoFace = false } = {}): Promise<FaceAnalysis> {
  const second = await analyseFace(image, { ...options, checkRange: false, eyes: false, detectIn: squareAround(first.box, CONFIRM_SIDE) });
  if (unseenIsNoFace && !second.ok && second.code === 'no_face') return { ok: false, code: 'no_face', message: NO_FACE, faceCount: 0, imageWidth: first.imageWidth, imageHeight: first.imageHeight };
  if (!second.ok || sameReading(first.mesh, second.mesh)) return first;
  // The third look is compared as the second was taken, without the eye corrections: eyes under
  // hair, corrected, moved a quarter of an eye distance, and a third look that agreed on the face
  // was taken for one that did not (softui-ivana turned 20 degrees on a grey ground kept its mouth
  // on the chin). The face is read there again with them, unless they move the eyes off that
  // look's; the range is judged on the look itself: the iris model drew the eyes under her hair
  // together at their outer corners, 41 px apart where the look read 67, and the face read 29
  // degrees up and was refused (softui-ivana at 60%, JPEG quality 40; 21 degrees in the look).
  const square = squareAround(second.box, CONFIRM_SIDE);
  const third = await analyseFace(image, { ...options, checkRange: false, eyes: false, detectIn: square });
  if (!third.ok || !sameReading(second.mesh, third.mesh)) return first;
  const withEyes = options.eyes === false ? third : await analyseFace(image, { ...options, checkRange: false, detectIn: square });
  const answer = { ...(withEyes.ok && sameReading(third.mesh, withEyes.mesh) ? withEyes : third), measurements: third.measurements };
  const refusal = options.checkRange === false ? null : checkFaceRange(answer.measurements);
  return refusal ? { ok: false, code: refusal.code, message: refusal.message, faceCount: 1, imageWidth: answer.imageWidth, imageHeight: answer.imageHeight, measurements: answer.measurements, refusal } : answer;
}

/**
 * The face Human's detector missed in the whole frame (`missed`) looked for framed closer, in
 * `square` (readOrientation's uprightFaceIn: a hat and dark glasses, people behind him,
 * tabler-male-29) and analysed there; the measurements stay the whole photo's. Not found there
 * after all, the first answer stands.
 */
export async function analyseFramedCloser(image: Buffer, missed: FaceAnalysis, square: Square, options: AnalyseOptions = {}): Promise<FaceAnalysis> {
  const found = await analyseFace(image, { ...options, framedCloser: false, detectIn: square });
  // Confirmed as a face found in the whole frame is: the same misfit showed framed closer.
  const closer = found.ok && options.confirm !== false ? await confirmedReading(image, found, options, { unseenIsNoFace: true }) : found;
  return closer.ok || closer.code !== 'no_face' ? closer : missed;
}

function legacySizeCheck(mesh: MeshPoint[], minFacePx: number): RangeRefusal | null {
  const box = faceMeshBox(mesh);
  const side = Math.round(Math.min(box.width, box.height));
  return side >= minFacePx ? null : { code: 'face_too_small', measured: side, limit: minFacePx, message: `The face is ${side} px across; at least ${minFacePx} px works.` };
}

/** Second pass on a crop `sideInBoxes` times the face's size, turned upright (upright-crop.ts) and scaled to REFINE_SIZE; null if it finds no single face there. */
async function refine(rgb: Buffer, width: number, height: number, box: Box, eyes: boolean, rollRad: number, sideInBoxes: number): Promise<MeshPoint[] | null> {
  const side = Math.round(Math.max(box.width, box.height) * sideInBoxes);
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  const crop = await uprightCrop(rgb, { width, height }, { cx, cy, side, rollRad }, REFINE_SIZE);
  // Without the eye corrections the eyes of this pass are not used: no iris model on it (its
  // lips are the same either way). The first pass keeps it: its eye corners set the crop's roll.
  const faces = await facesIn(crop.rgb, REFINE_SIZE, REFINE_SIZE, { iris: eyes });
  if (faces.length !== 1) return null;
  // The subject's right eye from the mirrored crop (see mirrored-eye.ts); as Human gave it when the
  // mirrored crop shows no single face.
  const mirrored = eyes ? await sharp(crop.rgb, { raw: { width: REFINE_SIZE, height: REFINE_SIZE, channels: 3 } }).flop().raw().toBuffer() : null;
  const mirroredFaces = mirrored ? await facesIn(mirrored, REFINE_SIZE, REFINE_SIZE) : [];
  const raw = mirroredFaces.length === 1 ? withMirroredRightEye(faces[0]!.mesh, mirroredFaces[0]!.mesh, REFINE_SIZE) : faces[0]!.mesh;
  return raw.map((p: HumanPoint): MeshPoint => crop.toImage(p));
}

/**
 * The faces in an RGB image scoring FACE_MIN_SCORE or more, a box inside a larger face counted as
 * that face (distinctFaces), largest first. Beside a face the detector is sure of (box score
 * FACE_MIN_SCORE or more, what the browser's check counts), a detection it is not sure of is no
 * second person: Human's mesh scores almost anything it is given, and a blurred bearded man
 * (mk-card-profile1-square blurred 3 px: his beard, box score 0.39, mesh 0.97) and a dim photo of a
 * woman with her hand at her chin (mk-card-profile4-square at gamma 2.2: her hand, 0.30 and 0.87)
 * were refused as "2 faces". The corpus's photos of several people score every face 0.65 or more.
 */
async function facesIn(rgb: Buffer, width: number, height: number, { iris = true }: { iris?: boolean } = {}): Promise<HumanFace[]> {
  const padded = await paddedToDetectorShape(rgb, width, height);
  const found = (await detectFaces(padded.rgb, padded.width, padded.height, { iris }))
    .filter((f) => f.score >= FACE_MIN_SCORE)
    .map((face) => ({ ...face, mesh: face.mesh.map((p: HumanPoint): HumanPoint => [p[0] - padded.left, p[1] - padded.top, p[2] ?? 0]) }));
  const sure = found.filter((f) => f.boxScore >= FACE_MIN_SCORE);
  return distinctFaces(sure.length > 0 ? sure : found, (face) => faceMeshBox(face.mesh));
}

/** The faces in `square` of the image (see facesIn), their meshes in the image's pixels. */
async function facesInSquare(rgb: Buffer, width: number, height: number, square: Square): Promise<HumanFace[]> {
  const cut = await cutSquare({ data: rgb, width, height, channels: 3 }, square, 'copy');
  const read = await sharp(cut, { raw: { width: square.side, height: square.side, channels: 3 } }).resize(DETECT_IN_SIZE, DETECT_IN_SIZE).raw().toBuffer();
  const scale = square.side / DETECT_IN_SIZE;
  return facesInCopy(read, DETECT_IN_SIZE, DETECT_IN_SIZE, (p) => [square.left + p[0] * scale, square.top + p[1] * scale, (p[2] ?? 0) * scale]);
}

/** The faces in a resized copy of an image (see facesIn), their meshes mapped back to the image's pixels by `toImage`. */
async function facesInCopy(copy: Buffer, width: number, height: number, toImage: (p: HumanPoint) => HumanPoint): Promise<HumanFace[]> {
  return (await facesIn(copy, width, height)).map((face) => ({ ...face, mesh: face.mesh.map(toImage) }));
}

/**
 * The faces in the whole image (see facesIn), a large one's (LARGE_IMAGE_SIDE) found in a copy at
 * most WHOLE_FRAME_SIZE across, their meshes in the image's pixels. Human's detector reads a
 * 256 px copy whatever it is given, and the mesh it hands on is read again in the refining pass
 * from the image itself; handed a phone photo's 2048 x 1536 copy whole, the tensor alone (9.4
 * million values converted and resized in WASM) made the analysis take 740-830 ms against 210 ms
 * for the same face at 800 px.
 * Where the copy shows no face, the image itself is read.
 */
async function facesInWholeFrame(rgb: Buffer, width: number, height: number): Promise<HumanFace[]> {
  if (Math.max(width, height) < LARGE_IMAGE_SIDE) return facesIn(rgb, width, height);
  const scale = Math.max(width, height) / WHOLE_FRAME_SIZE;
  const [w, h] = [Math.round(width / scale), Math.round(height / scale)];
  const read = await sharp(rgb, { raw: { width, height, channels: 3 } }).resize(w, h).raw().toBuffer();
  const [sx, sy] = [width / w, height / h];
  const found = await facesInCopy(read, w, h, (p) => [p[0] * sx, p[1] * sy, (p[2] ?? 0) * sx]);
  // A face in a soft photo can score under FACE_MIN_SCORE at half size and over it whole
  // (softui-annie-spratt, blurred, a hand over her mouth: none at 960 x 640, found at 1920 x 1281).
  return found.length > 0 ? found : facesIn(rgb, width, height);
}

/** Human's order of the two iris groups is not the image order: sort them by x. */
function irises(mesh: MeshPoint[]): { imageLeft: Iris; imageRight: Iris } {
  const a = iris(mesh, 468), b = iris(mesh, 473);
  return a.center[0] <= b.center[0] ? { imageLeft: a, imageRight: b } : { imageLeft: b, imageRight: a };
}

/** MediaPipe iris: point `start` is the centre, the next four lie on its contour. */
function iris(mesh: MeshPoint[], start: number): Iris {
  const [cx, cy] = mesh[start]!;
  let sum = 0;
  for (let i = 1; i <= 4; i++) sum += Math.hypot(mesh[start + i]![0] - cx, mesh[start + i]![1] - cy);
  return { center: [cx, cy], radius: sum / 4 };
}
