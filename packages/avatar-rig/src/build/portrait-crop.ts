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
 * Square crop centred on the face (image rotated per EXIF like the analysis), resized to 512-1024
 * px with Lanczos. Where the crop leaves the photo (tight headshots: the face range allows a tenth
 * of the face cut off, and the head, hair and shoulders around it are often missing) the photo is
 * extended: its edge pixels repeated outwards, blurred, and the photo laid over them with a
 * feathered edge, so the rig's frame and skirt move over soft continuations of the photo instead
 * of hard streaks.
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
  const photo = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const padded = await extendPhoto(photo.data, photo.info.width, photo.info.height, pad, side);
  const rgba = await sharp(padded.data, { raw: { width: padded.width, height: padded.height, channels: 3 } })
    .extract({ left: left + pad.left, top: top + pad.top, width: side, height: side })
    .resize(size, size, { kernel: 'lanczos3' })
    .ensureAlpha().raw().toBuffer();
  const scale = size / side;
  const mesh = face.mesh.slice(0, 468).map(([x, y, z]): [number, number, number] => [(x - left) * scale, (y - top) * scale, z * scale]);
  return { rgba, size, mesh };
}

interface Padding { left: number; top: number; right: number; bottom: number }

/** Blur of the repeated edge pixels, relative to the crop's side (about 15 px on a 730 px crop). */
const EXTENSION_BLUR = 0.06;
/** Width over which the photo fades into its extension, relative to the crop's side. */
const EXTENSION_FEATHER = 0.03;

/** The photo (RGB) with `pad` pixels added on each side; unchanged when no padding is needed. */
async function extendPhoto(rgb: Buffer, width: number, height: number, pad: Padding, side: number): Promise<{ data: Buffer; width: number; height: number }> {
  const outWidth = width + pad.left + pad.right, outHeight = height + pad.top + pad.bottom;
  if (outWidth === width && outHeight === height) return { data: rgb, width, height };
  const raw = { raw: { width, height, channels: 3 as const } };
  const extension = await sharp(rgb, raw).extend({ ...pad, extendWith: 'copy' })
    .blur(Math.max(1, side * EXTENSION_BLUR)).raw().toBuffer();
  // The photo with an alpha that rises from 0 at each padded edge to 255 a feather's width inside.
  const feather = Math.max(1, Math.round(side * EXTENSION_FEATHER));
  const over = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    const dy = Math.min(pad.top > 0 ? y + 0.5 : Infinity, pad.bottom > 0 ? height - y - 0.5 : Infinity);
    for (let x = 0; x < width; x++) {
      const dx = Math.min(pad.left > 0 ? x + 0.5 : Infinity, pad.right > 0 ? width - x - 0.5 : Infinity);
      const i = y * width + x;
      over[i * 4] = rgb[i * 3]!; over[i * 4 + 1] = rgb[i * 3 + 1]!; over[i * 4 + 2] = rgb[i * 3 + 2]!;
      over[i * 4 + 3] = Math.round(255 * Math.min(1, Math.min(dx, dy) / feather));
    }
  }
  const data = await sharp(extension, { raw: { width: outWidth, height: outHeight, channels: 3 } })
    .composite([{ input: over, raw: { width, height, channels: 4 }, left: pad.left, top: pad.top }])
    .removeAlpha().raw().toBuffer();
  return { data, width: outWidth, height: outHeight };
}
