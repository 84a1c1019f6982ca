import sharp from 'sharp';

interface RawImage { data: Buffer; width: number; height: number; channels: 3 | 4 }
/** A square of an image: its top-left corner and side, in image pixels (it may reach past the image's edges). */
export interface Square { left: number; top: number; side: number }

/**
 * A `side`-pixel square of raw pixels whose top-left corner is (left, top) in the image, which may
 * reach past the image's edges: there the image is extended by repeating its edge pixels ('copy')
 * or with black. Face analysis (a face near a photo's edge), the portrait crop (tight headshots)
 * and the mouth-gap reader (crops wider than the frame) all cut such squares.
 */
export async function cutSquare(image: RawImage, { left, top, side }: Square, fill: 'copy' | 'black'): Promise<Buffer> {
  const { data, width, height, channels } = image;
  const pad = { left: Math.max(0, -left), top: Math.max(0, -top), right: Math.max(0, left + side - width), bottom: Math.max(0, top + side - height) };
  const extension = fill === 'copy' ? { extendWith: 'copy' as const } : { background: { r: 0, g: 0, b: 0, alpha: 1 } };
  // Two pipelines: within one, sharp extracts before it extends.
  const padded = await sharp(data, { raw: { width, height, channels } }).extend({ ...pad, ...extension }).raw().toBuffer({ resolveWithObject: true });
  return sharp(padded.data, { raw: { width: padded.info.width, height: padded.info.height, channels } })
    .extract({ left: left + pad.left, top: top + pad.top, width: side, height: side })
    .raw().toBuffer();
}
