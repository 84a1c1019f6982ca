import sharp from 'sharp';
import { cutSquare, type Square } from './cut-square';
import { detectFaces, type HumanFace } from './human-instance';
import { faceMeshBox } from './face-mesh-box';
import { paddedToDetectorShape } from './detector-shape';
import type { Box } from './types';

/**
 * How much surer of its gender reading Human's description model must be on the photo turned
 * half a turn than on the photo itself before the photo counts as upside down. The model reads
 * upright, aligned faces; Human's mesh, which also fits an upright face onto an upside-down one,
 * gives no such sign (its score is 1 either way on most photos, and its roll reads 0). Measured on
 * the 113 corpus photos read whole (2026-11-27): on the 76 that show a face both ways up, the
 * upside-down reading was at most 0.19 surer than the upright one (softui-toa-heftiba; -0.01 the
 * next), and the upright reading at least 0.3 surer on 61. Read as the pipeline reads them (around
 * the face found): 0 of 678 upright photos (the 113 and five variants of each: mirrored, half
 * size, turned 15 degrees either way, JPEG quality 30) taken for upside down, 58 of the 113 turned
 * half a turn caught.
 */
const SURER_UPRIGHT = 0.3;
/**
 * A second, independent guard: turned, the face detector must find the face about as surely as
 * before. On the 61 photos the rule above catches, BlazeFace scored the upright face at most 0.05
 * below the upside-down one; on softui-toa-heftiba, the upright photo nearest to a false turn, it
 * scored the upside-down face 0.07 below the upright one.
 */
const BOX_SCORE_SLACK = 0.05;

/**
 * A face the detector finds only once the image is turned half a turn, at least this surely, makes
 * the image upside down: Human's detector misses most upside-down faces (it was trained on upright
 * ones), and finds almost no upright face upside down. Measured (2026-11-27) on the 113 corpus
 * photos and five variants of each (651 upright images with one face or none): 7 showed no face as
 * stored, and one of those a face turned, scored 0.35 (tabler-male-32 at half size, a 64 px face).
 * Of the 111 photos turned half a turn, 38 showed a face only turned, scored 0.55-0.96; with this
 * rule 96 of the 111 are caught (58 before), 62 of the 72 in range (46).
 */
const FOUND_ONLY_TURNED_MIN_SCORE = 0.5;

/** Side of the image read both ways up: a square twice the face's size around it, or the whole image scaled down to fit. */
const READ_SIZE = 512;
const WHOLE_IMAGE_SIZE = 1024;

/**
 * A face found only turned is looked for again as stored, in squares this many times its size
 * around where it showed: Human's detector misses some upright faces in the whole frame that it
 * finds framed closer. tabler-male-29 (4x: a hat, dark glasses, faces behind him) showed no face
 * as stored and a face at 0.60 turned, and his avatar was built on the photo upside down, its mouth
 * opening on his forehead; framed 2.5 times that face's size, his face shows as stored, surer than
 * turned (surerAsStored). The first framing that shows a face as stored decides.
 */
const CLOSER_FRAMINGS = [1.5, 2, 2.5];

type Raw = { data: Buffer; width: number; height: number; channels: 3 };
/** The strongest face read as stored and turned half a turn, with the box of the turned one in the image's own pixels (null for none, or for not read: see readBothWays). */
interface BothWays { asStored: HumanFace | null; halfTurned: HumanFace | null; halfTurnedAt: Box | null }

/** How an image stands: upside down or not, and where a face missed in its whole frame shows upright framed closer. */
export interface Orientation {
  upsideDown: boolean;
  /** The square (image pixels) in which Human finds, as stored, the face it found only turned in the whole frame; null otherwise. */
  uprightFaceIn: Square | null;
}

/**
 * How an image shows its face: upside down (a photo stored turned half a turn without an EXIF
 * orientation) or not. Human is run on the image and, unless the face as stored is too sure of its
 * gender for that to matter (tooSureToBeTurned), on it turned 180 degrees, with its description
 * model. `face`, where one was found, narrows the reading to a square twice its size
 * around it (a 2048 px photo read whole took 420-590 ms, more than the rest of the analysis).
 * Upside down also when only the image turned shows a face, unless the first closer framing of
 * where it shows (CLOSER_FRAMINGS) that shows a face as stored shows it surer as stored; that is
 * then where the face is. Not upside down when the turned image shows none, or the evidence is not
 * clear: the image is then taken as it is.
 */
export async function readOrientation(image: Buffer, face?: Box): Promise<Orientation> {
  const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const raw: Raw = { data, width: info.width, height: info.height, channels: 3 };
  const first = await readBothWays(raw, face ? around(face, 2) : null, { untilSure: true });
  const standing = (upsideDown: boolean, uprightFaceIn: Square | null = null): Orientation => ({ upsideDown, uprightFaceIn });
  // No face turned, or the face as stored too sure of its gender for the turned image to be read.
  if (!first.halfTurned) return standing(false);
  if (first.asStored) return standing(surerTurned(first) && !aboveItsBody(first.halfTurnedAt!, raw.height));
  if (first.halfTurned.boxScore < FOUND_ONLY_TURNED_MIN_SCORE) return standing(false);
  for (const framing of CLOSER_FRAMINGS) {
    const square = around(first.halfTurnedAt!, framing);
    const closer = await readBothWays(raw, square);
    if (closer.asStored) return surerAsStored(closer) ? standing(false, square) : standing(true);
  }
  return standing(true);
}

/**
 * Framed closer, the face as stored is the face when the turned one is not found there, or reads
 * less surely both overall and of its gender. Human fits a face onto an upside-down one framed
 * closer too: on the twelve upside-down corpus photos whose face it finds only turned in the whole
 * frame, and as stored framed closer, the turned face read at least as surely overall (1.00 on ten,
 * 0.86 against 0.35 on md-bruce-mars; its box score, 0.36 against 0.37 there, does not tell them
 * apart). tabler-male-29 read 0.74 overall and 0.95 of his gender as stored, 0.67 and 0.40 turned
 * (enlarged four times); 1.00 and 0.97 against 0.52 and 0.44 (as taken, 128 px).
 */
function surerAsStored({ asStored, halfTurned }: BothWays): boolean {
  if (!asStored || !halfTurned) return asStored !== null;
  return asStored.score > halfTurned.score && (asStored.genderScore ?? 0) > (halfTurned.genderScore ?? 0);
}

/** Upside down when the turned face reads as surer of its gender and is found about as surely. */
function surerTurned({ asStored, halfTurned }: BothWays): boolean {
  if (!asStored || !halfTurned) return halfTurned !== null;
  return (halfTurned.genderScore ?? 0) - (asStored.genderScore ?? 0) >= SURER_UPRIGHT && halfTurned.boxScore >= asStored.boxScore - BOX_SCORE_SLACK;
}

/**
 * A face with this many of its heights of photo below it, and at least BODY_OVER_ROOM_ABOVE times
 * the room above it, stands over its shoulders and chest: the photo is upright, whatever the
 * gender model reads turned. On a dim, colour-cast copy of softui-kal-visuals (hue -18, saturation
 * 1.6, brightness 0.76) the model read her upright face 0.00 sure and the face turned 0.35, and her
 * avatar was built on the photo upside down, its mouth opening on her forehead; 2.98 of her face's
 * heights lie below it, 0.74 above. Of the 78 corpus photos turned half a turn that the gender
 * reading catches, those with twice the room below their face as above show at most 0.58 of its
 * heights below it (tabler-male-6, clm-franck-02683), and those with 1.5 or more below show more above.
 */
const BODY_BELOW_FACES = 1.5;
const BODY_OVER_ROOM_ABOVE = 2;

/** Whether the photo shows room for a body below the face (`box`, image pixels) and little above it (see BODY_BELOW_FACES). */
function aboveItsBody(box: Box, imageHeight: number): boolean {
  const below = imageHeight - (box.y + box.height), above = Math.max(0, box.y);
  return below >= BODY_BELOW_FACES * box.height && below >= BODY_OVER_ROOM_ABOVE * above;
}

/** The square `framing` times the box's larger side, centred on it. */
function around(box: Box, framing: number): Square {
  const side = Math.round(framing * Math.max(box.width, box.height));
  return { left: Math.round(box.x + box.width / 2 - side / 2), top: Math.round(box.y + box.height / 2 - side / 2), side };
}

/**
 * Whether the face as stored reads so surely of its gender that no reading turned could be surer
 * by SURER_UPRIGHT (a gender score is at most 1): surerTurned is then false whatever the turned
 * image shows, and the photo stands as stored. Most upright photos read 0.9 or more; reading them
 * turned too was about half of readOrientation's time.
 */
function tooSureToBeTurned(asStored: HumanFace | null): boolean {
  return asStored !== null && MAX_GENDER_SCORE - (asStored.genderScore ?? 0) < SURER_UPRIGHT;
}
const MAX_GENDER_SCORE = 1;

/**
 * Human on `square` of the image (READ_SIZE across; the whole image scaled to fit WHOLE_IMAGE_SIZE
 * when null) as stored and turned half a turn. With `untilSure`, the turned image is not read (its
 * face is null) when the face as stored is tooSureToBeTurned.
 */
async function readBothWays(raw: Raw, square: Square | null, { untilSure = false } = {}): Promise<BothWays> {
  const read = square
    ? sharp(await cutSquare(raw, square, 'copy'), { raw: { width: square.side, height: square.side, channels: 3 } }).resize(READ_SIZE, READ_SIZE)
    : sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } }).resize(WHOLE_IMAGE_SIZE, WHOLE_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await read.raw().toBuffer({ resolveWithObject: true });
  // A long image (a banner, a strip) is padded as the analysis pads it: squashed to the detector's
  // square, its face goes unfound either way up.
  const asIs = await paddedToDetectorShape(data, info.width, info.height);
  // Without the iris model (about 25 ms a run): the same 119 of 136 corpus photos turned half a
  // turn caught with it and without it, and the same answer on every photo as taken.
  const asStored = strongest(await detectFaces(asIs.rgb, asIs.width, asIs.height, { describe: true, iris: false }));
  if (untilSure && tooSureToBeTurned(asStored)) return { asStored, halfTurned: null, halfTurnedAt: null };
  const turned = await sharp(asIs.rgb, { raw: { width: asIs.width, height: asIs.height, channels: 3 } }).rotate(180).raw().toBuffer();
  const halfTurned = strongest(await detectFaces(turned, asIs.width, asIs.height, { describe: true, iris: false }));
  // The turned face's box, turned back, out of the padding and scaled to the image's pixels.
  const scale = square ? square.side / READ_SIZE : raw.width / info.width;
  const [left, top] = square ? [square.left, square.top] : [0, 0];
  const box = halfTurned ? faceMeshBox(halfTurned.mesh) : null;
  const halfTurnedAt = box && {
    x: left + (asIs.width - box.x - box.width - asIs.left) * scale,
    y: top + (asIs.height - box.y - box.height - asIs.top) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
  return { asStored, halfTurned, halfTurnedAt };
}

function strongest(faces: HumanFace[]): HumanFace | null {
  return faces.reduce<HumanFace | null>((best, face) => (!best || face.score > best.score ? face : best), null);
}
