import sharp from 'sharp';
import { detectFaces, type HumanFace } from './human-instance';

/**
 * How much surer of its gender reading Human's description model must be on the photo turned
 * half a turn than on the photo itself before the photo counts as upside down. The model reads
 * upright, aligned faces; Human's mesh, which also fits an upright face onto an upside-down one,
 * gives no such sign (its score is 1 either way on most photos, and its roll reads 0). Measured on
 * the 113 corpus photos (2026-11-27): on the 76 that show a face both ways up, the upside-down
 * reading was at most 0.19 surer than the upright one (softui-toa-heftiba; -0.01 the next), and the
 * upright reading at least 0.3 surer on 61.
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
 * Whether an image shows its face upside down (a photo stored turned half a turn without an EXIF
 * orientation): Human is run on the image and on it turned 180 degrees, with its description
 * model. False when either shows no face, or the evidence is not clear: the image is then taken as
 * it is, as before.
 */
export async function isUpsideDown(image: Buffer): Promise<boolean> {
  const { data, info } = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const turned = await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).rotate(180).raw().toBuffer();
  const asIs = strongest(await detectFaces(data, info.width, info.height, { describe: true }));
  const halfTurned = strongest(await detectFaces(turned, info.width, info.height, { describe: true }));
  if (!asIs || !halfTurned) return false;
  return (halfTurned.genderScore ?? 0) - (asIs.genderScore ?? 0) >= SURER_UPRIGHT && halfTurned.boxScore >= asIs.boxScore - BOX_SCORE_SLACK;
}

function strongest(faces: HumanFace[]): HumanFace | null {
  return faces.reduce<HumanFace | null>((best, face) => (!best || face.score > best.score ? face : best), null);
}
