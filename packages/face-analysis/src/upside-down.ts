import sharp, { type Sharp } from 'sharp';
import { cutSquare } from './cut-square';
import { detectFaces, type HumanFace } from './human-instance';
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
 * Whether an image shows its face upside down (a photo stored turned half a turn without an EXIF
 * orientation): Human is run on the image and on it turned 180 degrees, with its description
 * model. `face`, where one was found, narrows the reading to a square twice its size around it
 * (a 2048 px photo read whole took 420-590 ms, more than the rest of the analysis). True also
 * when only the image turned shows a face. False when the turned image shows none, or the evidence
 * is not clear: the image is then taken as it is.
 */
export async function isUpsideDown(image: Buffer, face?: Box): Promise<boolean> {
  const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const raw = { data, width: info.width, height: info.height, channels: 3 as const };
  let read: Sharp;
  if (face) {
    const side = Math.round(2 * Math.max(face.width, face.height));
    const left = Math.round(face.x + face.width / 2 - side / 2), top = Math.round(face.y + face.height / 2 - side / 2);
    read = sharp(await cutSquare(raw, { left, top, side }, 'copy'), { raw: { width: side, height: side, channels: 3 } }).resize(READ_SIZE, READ_SIZE);
  } else {
    read = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).resize(WHOLE_IMAGE_SIZE, WHOLE_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true });
  }
  const { data: asIs, info: size } = await read.raw().toBuffer({ resolveWithObject: true });
  const turned = await sharp(asIs, { raw: { width: size.width, height: size.height, channels: 3 } }).rotate(180).raw().toBuffer();
  const asStored = strongest(await detectFaces(asIs, size.width, size.height, { describe: true }));
  const halfTurned = strongest(await detectFaces(turned, size.width, size.height, { describe: true }));
  if (!halfTurned) return false;
  if (!asStored) return halfTurned.boxScore >= FOUND_ONLY_TURNED_MIN_SCORE;
  return (halfTurned.genderScore ?? 0) - (asStored.genderScore ?? 0) >= SURER_UPRIGHT && halfTurned.boxScore >= asStored.boxScore - BOX_SCORE_SLACK;
}

function strongest(faces: HumanFace[]): HumanFace | null {
  return faces.reduce<HumanFace | null>((best, face) => (!best || face.score > best.score ? face : best), null);
}
