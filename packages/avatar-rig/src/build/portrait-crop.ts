import sharp from 'sharp';
import { convexHull, cutSquare, type FaceFound, type Iris } from '@avatar-factory/face-analysis';
import type { PortraitIris } from './eye-refine';
import { pushPullFill } from './push-pull-fill';
import { continueEdges } from './edge-continuation';
import { completeFromOtherHalf } from './other-half';
import { distanceOutside } from '../geometry/convex-polygon';
import { cheekTone, looksLikeSkin } from './skin-tone';
import { luma, type Rgb } from './mouth-interior-texture';
import type { RigRegion } from '../types';

/** Crop side relative to the larger side of the tight face-mesh box: head, hair, neck and shoulders. */
export const CROP_PER_FACE = 2.6;
/**
 * Where the photo holds less than that around the face, a square within it is taken down to this
 * (see cropSquare). With 2.6 always, a headshot cropped at the face became a small face in a
 * square of blurred fill (clm-*-crop).
 */
const MIN_CROP_PER_FACE = 1.7;
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
  /** The irises in portrait pixels, when the analysis found them. */
  irises: { imageLeft: PortraitIris; imageRight: PortraitIris } | null;
  /** The square of the portrait that players show where the crop leaves the photo (see shownSquare); null: all of it. */
  view: RigRegion | null;
}

/**
 * Square crop around the face (image rotated per EXIF like the analysis; see cropSquare), resized
 * to 512-1024 px with Lanczos. Where the crop leaves the photo (tight headshots: the face range
 * allows a tenth of the face cut off, and the head, hair and shoulders around it are often
 * missing; narrow photos at the sides) the portrait is extended: the photo's edge is carried
 * outwards, softening as it goes, and the photo fades into it over a feathered band (see
 * extendBeyondPhoto), so the rig's frame and skirt move over soft continuations of the photo, not
 * streaks of repeated edge pixels or a mirrored second face. Players show only the photo's part of
 * such a portrait (`view`).
 */
export async function portraitCrop(image: Buffer, face: FaceFound): Promise<PortraitCrop> {
  const { side, left, top } = cropSquare(face);
  const size = Math.min(MAX_PORTRAIT, Math.max(MIN_PORTRAIT, side));
  const pad = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    right: Math.max(0, left + side - face.imageWidth),
    bottom: Math.max(0, top + side - face.imageHeight),
  };
  const photo = await sharp(image).rotate().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const square = await cutSquare({ data: photo.data, width: photo.info.width, height: photo.info.height, channels: 3 }, { left, top, side }, 'black');
  const rgb = await sharp(square, { raw: { width: side, height: side, channels: 3 } })
    .resize(size, size, { kernel: 'lanczos3' })
    .raw().toBuffer();
  const scale = size / side;
  const photoInPortrait = { left: -left * scale, top: -top * scale, right: (face.imageWidth - left) * scale, bottom: (face.imageHeight - top) * scale };
  const mesh = face.mesh.slice(0, 468).map(([x, y, z]): [number, number, number] => [(x - left) * scale, (y - top) * scale, z * scale]);
  const extended = Object.values(pad).some((p) => p > 0) ? await extendBeyondPhoto(rgb, size, photoInPortrait, pad, mesh) : rgb;
  const rgba = await sharp(extended, { raw: { width: size, height: size, channels: 3 } }).ensureAlpha().raw().toBuffer();
  const iris = (i: Iris): PortraitIris => ({ center: [(i.center[0] - left) * scale, (i.center[1] - top) * scale], radius: i.radius * scale });
  const irises = face.iris ? { imageLeft: iris(face.iris.imageLeft), imageRight: iris(face.iris.imageRight) } : null;
  return { rgba, size, mesh, irises, view: Object.values(pad).some((p) => p > 0) ? shownSquare(size, photoInPortrait) : null };
}

/**
 * The largest square of the portrait that is the photo's own (clear of the ringing at its edge),
 * placed as near the portrait's centre as it can be, or null when that is the whole portrait. The
 * extension beyond the photo is there for the rig (the head's turns and the jaw's drop move over
 * it); shown, it drew 38-51% of a tight headshot's portrait (clm-*-crop) as a fog of blurred hair
 * and skin around the face, where the user's photo had a face filling the frame.
 */
function shownSquare(size: number, photo: Padding): RigRegion | null {
  const x0 = Math.max(0, Math.ceil(photo.left + EDGE_RINGING_PX)), y0 = Math.max(0, Math.ceil(photo.top + EDGE_RINGING_PX));
  const x1 = Math.min(size, Math.floor(photo.right - EDGE_RINGING_PX)), y1 = Math.min(size, Math.floor(photo.bottom - EDGE_RINGING_PX));
  const side = Math.min(x1 - x0, y1 - y0);
  if (side >= size || side < 1) return null;
  const near = (lo: number, hi: number) => Math.round(Math.min(hi - side, Math.max(lo, size / 2 - side / 2)));
  return { x: near(x0, x1), y: near(y0, y1), width: side, height: side };
}

/**
 * Around the face box a crop keeps at least these shares of the face size: below the chin room for
 * the jaw's drop (the chin goes down up to 0.22 face widths at 'aa'), above and beside it room for
 * the head's small turns and the brows.
 */
const FACE_MARGIN = { top: 0.12, side: 0.12, bottom: 0.3 } as const;
/** A square this share or less outside the photo counts as the photo's. */
const MAX_INVENTED_SHARE = 0.1;
/** A 2.6-face crop that would be more than half fill is shrunk: the face would sit in a fog. */
const MAX_FILL_SHARE = 0.5;

type Square = { side: number; left: number; top: number };

/**
 * The crop: the largest square from 2.6 down to 1.7 face sizes, at least MIN_PORTRAIT px, that
 * lies within the photo with FACE_MARGIN around the face, as near the preferred centre (the face
 * centre, a little lower) as it can be. Where none fits (a face low in the photo or at its edge, a
 * small photo, a tight headshot) the portrait leaves the photo:
 * 1. the largest square from 2.6 face sizes down to MIN_PORTRAIT px (or down to 2.6 face sizes,
 *    where that is smaller) that lies at most MAX_INVENTED_SHARE outside the photo once moved
 *    towards it as far as the margins allow;
 * 2. else 2.6 face sizes, so moved, if centred on the face at most half of it lies outside;
 * 3. else the largest square of 2.6 down to 1.7 face sizes within the photo, of any size; if none
 *    (a tight headshot), the smallest square that holds the face with its margins (1.42 face
 *    sizes for a face taller than wide), placed to hold as much of the photo as it can.
 * - Trying the centred 2.6 before a square inside the photo extended photos that held a slightly
 *   smaller square: on the public page 27-37% of argon-marie's, clm-franck-04117's and
 *   opencv-230501201-1's portrait was an invented, blurred band under the shoulders.
 * - Without step 1, 2.6 face sizes about the face made 39-42% of clm-franck-02683/03979/04035's
 *   portraits (a face low in a 720x576 frame) and 40% of mk-card-profile2-square's an invented
 *   blur under the shoulders or beside the face (now 8-9% and 2%).
 * - 1.7 face sizes about the preferred centre, as tight headshots had before step 3, made 57-66%
 *   of the clm-*-crop portraits an invented blur around the face (38-51% now); a 600 px headshot
 *   cut from argon-marie showed on the public page as a face in a brown smoke (59% invented, now
 *   41%).
 * - Squares under MIN_PORTRAIT are upscaled to it, the more the smaller; that is why step 1 does
 *   not go below it, and step 3 is not tried first. Taken first, they turned the 400 px photos'
 *   padded 2.6 crops into tighter ones upscaled 1.3 times instead of 1.1, and mk-marc's closed
 *   mouth then read as showing teeth (its opening lost its painted upper teeth). Step 1 going on
 *   down to the face with its margins did the same to mk-marc-cut-top-131 ('aa' 0.41 -> 0.30).
 */
function cropSquare(face: FaceFound): Square {
  const { box, imageWidth: width, imageHeight: height } = face;
  const faceSize = Math.max(box.width, box.height);
  const margin = { top: FACE_MARGIN.top * faceSize, side: FACE_MARGIN.side * faceSize, bottom: FACE_MARGIN.bottom * faceSize };
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 + faceSize * CENTRE_DROP };
  // Per axis: the photo's extent, the face with its margins before and after it, the preferred centre.
  const axes = [
    { photo: width, from: box.x, to: box.x + box.width, before: margin.side, after: margin.side, centre: centre.x },
    { photo: height, from: box.y, to: box.y + box.height, before: margin.top, after: margin.bottom, centre: centre.y },
  ] as const;
  type Axis = (typeof axes)[number];
  /** Where a square's near edge may lie on an axis for the face and its margins to stay inside it. */
  const marginRange = (side: number, a: Axis): Range => [a.to + a.after - side, a.from - a.before];
  const square = (side: number, near: (a: Axis) => number): Square => ({ side, left: near(axes[0]), top: near(axes[1]) });
  const preferredSide = Math.max(8, Math.round(faceSize * CROP_PER_FACE));
  const preferred = { side: preferredSide, left: Math.round(centre.x - preferredSide / 2), top: Math.round(centre.y - preferredSide / 2) };
  return inside(MIN_PORTRAIT) ?? mostlyPhoto() ?? (inventedShare(preferred) <= MAX_FILL_SHARE ? towardsPhoto(preferredSide) : null) ?? inside(0) ?? tightest();

  /** The largest square from 2.6 face sizes down to 1.7, at least minSide px, within the photo with the margins, as near the preferred centre as it can be. */
  function inside(minSide: number): Square | null {
    // Where the square's near edge may lie: the face with its margin inside it, the square inside the photo.
    const range = (side: number, a: Axis): Range => {
      const [lo, hi] = marginRange(side, a);
      return [Math.max(0, lo), Math.min(a.photo - side, hi)];
    };
    for (let perFace = CROP_PER_FACE; perFace >= MIN_CROP_PER_FACE; perFace -= 0.05) {
      const side = Math.round(faceSize * perFace);
      if (side < minSide) return null;
      if (axes.some((a) => range(side, a)[0] > range(side, a)[1])) continue;
      return square(side, (a) => clamp(a.centre - side / 2, range(side, a)));
    }
    return null;
  }

  /** Step 1: the largest square from 2.6 face sizes down to MIN_PORTRAIT px that, moved towards the photo, is at most MAX_INVENTED_SHARE outside it. */
  function mostlyPhoto(): Square | null {
    const step = Math.max(1, Math.round(0.05 * faceSize));
    for (let side = preferredSide; side >= Math.min(preferredSide, MIN_PORTRAIT); side -= step) {
      const square = towardsPhoto(side);
      if (inventedShare(square) <= MAX_INVENTED_SHARE) return square;
    }
    return null;
  }

  /** A square of this side about the preferred centre, moved on each axis into the photo (or, larger than the photo, around it) as far as the margins allow. */
  function towardsPhoto(side: number): Square {
    return square(side, (a) => clamp(clamp(a.centre - side / 2, side <= a.photo ? [0, a.photo - side] : [a.photo - side, 0]), marginRange(side, a)));
  }

  /**
   * The smallest square that holds the face with its margins, placed (within what keeps them) to
   * hold as much of the photo as it can: a tight headshot's portrait is then mostly photo.
   */
  function tightest(): Square {
    const side = Math.max(8, Math.round(Math.max(box.width + 2 * margin.side, box.height + margin.top + margin.bottom)));
    // Each axis: the square's near edge within what keeps the face and its margins, as near the photo's centre as it can be.
    return square(side, (a) => clamp(a.photo / 2 - side / 2, marginRange(side, a)));
  }

  function inventedShare(s: Square): number {
    const w = Math.max(0, Math.min(width, s.left + s.side) - Math.max(0, s.left));
    const h = Math.max(0, Math.min(height, s.top + s.side) - Math.max(0, s.top));
    return 1 - (w * h) / s.side ** 2;
  }
}

type Range = readonly [number, number];

/** v within [lo, hi] (hi where the range is empty), rounded to a pixel. */
const clamp = (v: number, [lo, hi]: Range) => Math.round(Math.min(hi, Math.max(lo, v)));

interface Padding { left: number; top: number; right: number; bottom: number }

/** Blur of the fog above a cut-off head, relative to the portrait's side (about 15 px on 512 px). */
const EXTENSION_BLUR = 0.03;
/** Width over which the photo fades into its extension, relative to the portrait's side. */
const EXTENSION_FEATHER = 0.03;
/** Pixels this close to the photo's edge hold Lanczos ringing from the black outside, so the fill ignores them. */
const EDGE_RINGING_PX = 3;
/**
 * Above the photo, the edge's continuation gives way to the fog over about this share of the
 * portrait's side. At 0.05 a cut forehead went on as a glow of skin a twentieth of the portrait
 * tall (mk-marc-cut-top-131, clm-chuck-crop) and the sky beside a hat's brim as white wedges
 * (clm-walter2-crop).
 */
const TOP_FADE = 0.025;
/** The fog is made of the photo at least this share of the face's width outside the face's outline. */
const FOG_CLEAR_OF_FACE = 0.05;

/**
 * The portrait (RGB, `size` square) with everything outside `photo` (its rectangle in portrait
 * pixels) filled and the photo feathered into the fill along its padded edges. The fill carries
 * the photo's edge outwards, softening as it goes (edge-continuation.ts): the shirt, the neck, the
 * wall go on past the photo's edge. The fill this replaced, a blurred pull-push of the photo's
 * colours, drew every extended portrait (58 of the corpus' 73) with a grey fog where the photo
 * ended (argon-marie's white shirt turned to a grey-pink band). Above the photo it fades into that
 * fog within a few per cent of the portrait: a head cut off at the forehead went on upwards as a
 * column of skin (mk-marc-cut-top-131). The fog is made of the photo around the face only (hair,
 * wall): made of the whole photo, it was a glow of skin over mk-marc-cut-top-131's head and a skin
 * coloured haze over clm-kim1-crop's dark hair.
 */
async function extendBeyondPhoto(rgb: Buffer, size: number, photo: Padding, pad: Padding, mesh: PortraitCrop['mesh']): Promise<Buffer> {
  const feather = Math.max(1, size * EXTENSION_FEATHER);
  // Distance of each pixel centre inside the photo from its nearest padded edge (negative outside it).
  const inside = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    const dy = Math.min(pad.top > 0 ? y + 0.5 - photo.top : Infinity, pad.bottom > 0 ? photo.bottom - y - 0.5 : Infinity);
    for (let x = 0; x < size; x++) {
      inside[y * size + x] = Math.min(dy, pad.left > 0 ? x + 0.5 - photo.left : Infinity, pad.right > 0 ? photo.right - x - 0.5 : Infinity);
    }
  }
  const kept = {
    x0: pad.left > 0 ? Math.max(0, Math.ceil(photo.left + EDGE_RINGING_PX - 0.5)) : 0,
    y0: pad.top > 0 ? Math.max(0, Math.ceil(photo.top + EDGE_RINGING_PX - 0.5)) : 0,
    x1: pad.right > 0 ? Math.min(size - 1, Math.floor(photo.right - EDGE_RINGING_PX - 0.5)) : size - 1,
    y1: pad.bottom > 0 ? Math.min(size - 1, Math.floor(photo.bottom - EDGE_RINGING_PX - 0.5)) : size - 1,
  };
  // A face the photo's side cuts is completed from its other half; elsewhere the edge goes on.
  const completed = completeFromOtherHalf(rgb, continueEdges(rgb, size, kept), size, kept, mesh);
  const fill = completed.fill;
  // The fog is needed only above a photo whose top the crop leaves; it is made of the photo around
  // the face, not of the face.
  const known = () => {
    const outline = convexHull(mesh.map(([x, y]): [number, number] => [x, y]));
    const xs = outline.map(([x]) => x), ys = outline.map(([, y]) => y);
    const clearance = FOG_CLEAR_OF_FACE * (Math.max(...xs) - Math.min(...xs));
    const [x0, x1, y0, y1] = [Math.min(...xs) - clearance, Math.max(...xs) + clearance, Math.min(...ys) - clearance, Math.max(...ys) + clearance];
    const tone = cheekTone(rgb, size, mesh);
    const aboveBrows = foreheadSide(mesh, clearance);
    // The face's skin never, nor its features below the brows; what lies around it (hair, a wall)
    // does, and what darker than the cheeks covers the forehead (dark hair, a hat's brim). Lighter
    // things there were mostly the forehead's highlights, which glowed in the fog
    // (mk-marc-cut-top-131).
    const isFace = (p: number) => {
      const x = (p % size) + 0.5, y = Math.floor(p / size) + 0.5;
      if (x <= x0 || x >= x1 || y <= y0 || y >= y1) return false;
      const out = distanceOutside(outline, [x, y]);
      if (out > clearance) return false;
      const colour: Rgb = [rgb[p * 3]!, rgb[p * 3 + 1]!, rgb[p * 3 + 2]!];
      if (out <= 0) return !aboveBrows(x, y) || luma(colour) >= luma(tone) || looksLikeSkin(colour, tone);
      return looksLikeSkin(colour, tone);
    };
    return inside.map((d, p) => (d >= EDGE_RINGING_PX && !isFace(p) ? 1 : 0));
  };
  const fog = pad.top > 0 ? await sharp(pushPullFill(rgb, known(), size, size), { raw: { width: size, height: size, channels: 3 } }).blur(Math.max(0.5, size * EXTENSION_BLUR)).raw().toBuffer() : null;
  const out = Buffer.alloc(size * size * 3);
  for (let p = 0; p < size * size; p++) {
    const t = Math.min(1, Math.max(0, (inside[p]! - EDGE_RINGING_PX) / feather));
    const w = t * t * (3 - 2 * t);
    const above = Math.max(0, kept.y0 - Math.floor(p / size));
    const continued = fog && above > 0 ? Math.exp(-above / (TOP_FADE * size)) : 1;
    for (let k = 0; k < 3; k++) {
      const f = fill[p * 3 + k]! * continued + (fog ? fog[p * 3 + k]! * (1 - continued) : 0);
      out[p * 3 + k] = Math.round(completed.photo[p * 3 + k]! * w + f * (1 - w));
    }
  }
  return out;
}

/** Upper points of the brows (image left, image right) and the top of the forehead, in the face mesh. */
const BROW_TOPS = [105, 334] as const;
const FOREHEAD_TOP = 10;

/** Whether a point lies on the forehead's side of the line through the brows' tops, at least `margin` beyond it. */
function foreheadSide(mesh: PortraitCrop['mesh'], margin: number): (x: number, y: number) => boolean {
  const [a, b, top] = [mesh[BROW_TOPS[0]]!, mesh[BROW_TOPS[1]]!, mesh[FOREHEAD_TOP]!];
  const length = Math.max(1e-6, Math.hypot(b[0] - a[0], b[1] - a[1]));
  let [nx, ny] = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
  if ((top[0] - a[0]) * nx + (top[1] - a[1]) * ny < 0) [nx, ny] = [-nx, -ny];
  return (x, y) => (x - a[0]) * nx + (y - a[1]) * ny > margin;
}
