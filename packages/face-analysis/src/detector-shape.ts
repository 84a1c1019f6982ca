import sharp from 'sharp';
import { imageLimits } from '@avatar-factory/contracts';

/**
 * The image padded with grey on its short sides to at most imageLimits.faceDetectorMaxAspect (the
 * page's face check pads alike): Human's detector stretches whatever it is given to a square, and
 * squashed there a face goes unfound. Of 40 in-range corpus photos cut to bands 1.5 face heights
 * high, the face was found in 39 at 2:1, 33 at 2.5:1, 22 at 3:1 and 10 at 4:1 (a banner, a
 * panorama, a phone's screenshot of a photo); padded to 1.5:1, in 39-40 at every length. Padded to
 * a square, the blurred softui-annie-spratt (3:2) showed no face at all.
 */
export async function paddedToDetectorShape(rgb: Buffer, width: number, height: number): Promise<{ rgb: Buffer; width: number; height: number; left: number; top: number }> {
  const aspect = imageLimits.faceDetectorMaxAspect;
  const padWidth = Math.max(0, Math.round(height / aspect) - width), padHeight = Math.max(0, Math.round(width / aspect) - height);
  if (padWidth === 0 && padHeight === 0) return { rgb, width, height, left: 0, top: 0 };
  const left = Math.floor(padWidth / 2), top = Math.floor(padHeight / 2);
  const grey = { r: 128, g: 128, b: 128 };
  const padded = await sharp(rgb, { raw: { width, height, channels: 3 } }).extend({ left, right: padWidth - left, top, bottom: padHeight - top, background: grey }).raw().toBuffer();
  return { rgb: padded, width: width + padWidth, height: height + padHeight, left, top };
}
