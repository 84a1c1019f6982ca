import sharp from 'sharp';
import type { FaceFound } from '@avatar-factory/face-analysis';

/** Crop side relative to the larger side of the tight face-mesh box: head, hair, neck and shoulders. */
const CROP_PER_FACE = 2.6;
/** The crop centre sits this share of the face size below the face centre, to show the shoulders. */
const CENTRE_DROP = 0.15;
export const MIN_PORTRAIT = 512;
export const MAX_PORTRAIT = 1024;

export interface PortraitCrop {
  /** Square RGBA portrait, `size` x `size`, raw pixels. */
  rgba: Buffer;
  size: number;
  /** Face mesh points (468, x/y in portrait pixels; z scaled alike). */
  mesh: Array<[number, number, number]>;
}

/**
 * Square crop centred on the face (image rotated per EXIF like the analysis), padded by repeating
 * the edge pixels where it leaves the photo, resized to 512-1024 px with Lanczos.
 */
export async function portraitCrop(image: Buffer, face: FaceFound): Promise<PortraitCrop> {
  const { box } = face;
  const faceSize = Math.max(box.width, box.height);
  const side = Math.max(8, Math.round(faceSize * CROP_PER_FACE));
  const left = Math.round(box.x + box.width / 2 - side / 2);
  const top = Math.round(box.y + box.height / 2 + faceSize * CENTRE_DROP - side / 2);
  const size = Math.min(MAX_PORTRAIT, Math.max(MIN_PORTRAIT, side));
  const pad = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    right: Math.max(0, left + side - face.imageWidth),
    bottom: Math.max(0, top + side - face.imageHeight),
  };
  // Two pipelines: sharp applies extract before extend in one, and we need the padding first.
  const padded = await sharp(image).rotate().removeAlpha().toColourspace('srgb')
    .extend({ ...pad, extendWith: 'copy' }).raw().toBuffer({ resolveWithObject: true });
  const rgba = await sharp(padded.data, { raw: { width: padded.info.width, height: padded.info.height, channels: 3 } })
    .extract({ left: left + pad.left, top: top + pad.top, width: side, height: side })
    .resize(size, size, { kernel: 'lanczos3' })
    .ensureAlpha().raw().toBuffer();
  const scale = size / side;
  const mesh = face.mesh.slice(0, 468).map(([x, y, z]): [number, number, number] => [(x - left) * scale, (y - top) * scale, z * scale]);
  return { rgba, size, mesh };
}
