import sharp from 'sharp';
import { cutSquare } from './cut-square';
import type { HumanPoint } from './human-instance';
import type { MeshPoint } from './types';

/**
 * Below this roll the refining crop is not turned. Human's mesh model wants an upright face; its
 * own turn (detector.rotation) follows the detector's rough eye points, and on a photo turned 30
 * degrees the mesh lay 0.034 eye spans (lips 0.047) from the upright photo's, 0.010 (0.013) from
 * a crop turned upright by the first pass's eye line.
 */
const UPRIGHT_MIN_ROLL = (5 * Math.PI) / 180;

/** A square crop for Human, as RGB pixels, and the map from its pixel coordinates back to the photo's. */
export interface UprightCrop { rgb: Buffer; toImage: (p: HumanPoint) => MeshPoint }

/**
 * A `size`-pixel square of the photo, `side` photo pixels around (cx, cy), turned by -rollRad so
 * that the eyes lie level, and the map from its pixels back to the photo's. The photo is first cut
 * and scaled with lanczos3 (edges repeated), then turned by bilinear sampling at the square's
 * scale. The turn is sampled here rather than with sharp's affine, which places its output on the
 * turned image's bounding box: this way the map back to the photo is exact by construction.
 */
export async function uprightCrop(rgb: Buffer, { width, height }: { width: number; height: number }, { cx, cy, side, rollRad }: { cx: number; cy: number; side: number; rollRad: number }, size: number): Promise<UprightCrop> {
  const k = side / size;
  const turn = Math.abs(rollRad) >= UPRIGHT_MIN_ROLL;
  const cos = turn ? Math.cos(rollRad) : 1, sin = turn ? Math.sin(rollRad) : 0;
  // Wide enough to hold the turned square's corners.
  const outSize = turn ? 2 * Math.ceil((size * (Math.abs(cos) + Math.abs(sin))) / 2) + 4 : size;
  const cutSide = outSize * k;
  const left = Math.round(cx - cutSide / 2), top = Math.round(cy - cutSide / 2), cut = Math.round(cutSide);
  const square = await cutSquare({ data: rgb, width, height, channels: 3 }, { left, top, side: cut }, 'copy');
  const scaled = await sharp(square, { raw: { width: cut, height: cut, channels: 3 } })
    .resize(outSize, outSize, { kernel: 'lanczos3' }).raw().toBuffer();
  const s = cut / outSize; // photo pixels per scaled pixel
  // Scaled-image coordinates (continuous, pixel centres at i + 0.5) of the photo point (cx, cy).
  const ox = (cx - left) / s, oy = (cy - top) / s;
  const c = size / 2;
  if (!turn) {
    // No turn: the scaled cut is the crop.
    return { rgb: scaled, toImage: (p) => [left + (p[0] + 0.5) * s, top + (p[1] + 0.5) * s, (p[2] ?? 0) * s] };
  }
  const out = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - c, dy = y + 0.5 - c;
      // The upright crop shows the photo turned by -roll: its (dx, dy) comes from R(roll)(dx, dy).
      const sx = ox + cos * dx - sin * dy - 0.5, sy = oy + sin * dx + cos * dy - 0.5;
      const x0 = Math.max(0, Math.min(outSize - 2, Math.floor(sx))), y0 = Math.max(0, Math.min(outSize - 2, Math.floor(sy)));
      const fx = Math.min(1, Math.max(0, sx - x0)), fy = Math.min(1, Math.max(0, sy - y0));
      const i00 = (y0 * outSize + x0) * 3, i01 = i00 + outSize * 3, o = (y * size + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const above = scaled[i00 + ch]! + (scaled[i00 + 3 + ch]! - scaled[i00 + ch]!) * fx;
        const below = scaled[i01 + ch]! + (scaled[i01 + 3 + ch]! - scaled[i01 + ch]!) * fx;
        out[o + ch] = Math.round(above + (below - above) * fy);
      }
    }
  }
  return {
    rgb: out,
    toImage: (p) => {
      const dx = p[0] + 0.5 - c, dy = p[1] + 0.5 - c;
      return [left + (ox + cos * dx - sin * dy) * s, top + (oy + sin * dx + cos * dy) * s, (p[2] ?? 0) * s];
    },
  };
}

/** The angle of the line from the image-left eye's outer corner to the image-right one's, radians (y down: positive is clockwise). */
export function eyeLineRoll(mesh: MeshPoint[]): number {
  const a = mesh[33]!, b = mesh[263]!;
  return Math.atan2(b[1] - a[1], b[0] - a[0]);
}

