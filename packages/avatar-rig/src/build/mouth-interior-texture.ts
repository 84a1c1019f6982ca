import sharp from 'sharp';
import { insideOrNear } from '../quality/inner-lip-polygon';
import { INTERIOR_HALF_WIDTH, LOWER_TEETH_TOP } from './rig-mesh';
import { fadedBlack, luma, TYPICAL_BLACK } from './black-level';

export const INTERIOR_TEXTURE_SIZE = { width: 256, height: 160 } as const;

export type Rgb = [number, number, number];

/** The photo's colour just under the split at an across-position `u` (mouth widths from the face frame's middle). */
export interface SeamColour { u: number; colour: Rgb }

/**
 * Where a point lies across its tooth, for a row of teeth seen from the front along the dental
 * arch: tooth boundaries at equal angles on a circle (`perQuarter` teeth from the middle to the
 * corner), the two middle teeth meeting at s = 0 (s: -1..1 across the row). `centred` runs -1..1
 * across the tooth; `seam` is the faint shade (depth, width) where two teeth meet.
 */
function acrossTooth(s: number, perQuarter: number, seamDepth: number, seamWidth: number): { centred: number; seam: number } {
  const pos = Math.asin(s) / (Math.PI / 2 / perQuarter) + 0.5;
  const centred = 2 * (pos - Math.floor(pos)) - 1;
  return { centred, seam: 1 - seamDepth * Math.exp(-(((1 - Math.abs(centred)) / seamWidth) ** 2)) };
}

/**
 * Upper teeth seen from the front along the dental arch: tooth boundaries at equal angles on a
 * circle, so the incisors are widest and the teeth narrow towards the corners. Seen from the front
 * the biting edges make an almost straight line and the teeth touch: only a thin, faint shade
 * marks where two meet (deep dark gaps and scalloped edges read as a painted row of blocks). Each
 * tooth is shaded towards its sides and its edge is a little translucent. Returns the tooth's
 * lightness and how much of the texel it covers (soft edge: the texture is magnified on screen),
 * or null.
 */
function upperTooth(u: number, v: number): { light: number; cover: number } | null {
  const s = (u - 0.5) / 0.46;
  if (Math.abs(s) >= 1 || v < 0.1) return null;
  const { centred, seam } = acrossTooth(s, 5.5, 0.16, 0.07);
  const edge = 0.3 - 0.012 * centred ** 4 - 0.02 * Math.abs(s); // slightly rounded corners, shorter side teeth
  const cover = 1 - smooth(edge - 0.012, edge + 0.012, v);
  if (cover <= 0) return null;
  return { light: (1 - 0.1 * centred * centred) * seam * (1 - 0.15 * smooth(edge - 0.05, edge, v)), cover };
}

/**
 * The lower incisors' tops, seen just above the lower lip of an open mouth (the grid's v 0.52-0.6,
 * which the lower lip meets at 'aa'): four narrow teeth and a canine each side, their edge a little
 * lower towards the sides, in the shade of the upper teeth. Without them Human's face mesh read the
 * dark above a bearded lower lip as lip (opencv-230501201-1: the gap at 'aa' 0.16 without them,
 * 0.29 with). Painted also when the photo shows its own teeth, in their colour: those cover the
 * cavity only where the photo's own opening was. Lightness and cover as upperTooth, or null.
 */
function lowerTooth(u: number, v: number): { light: number; cover: number } | null {
  const s = (u - 0.5) / LOWER_TEETH_HALF_WIDTH;
  if (Math.abs(s) >= 1) return null;
  const { centred, seam } = acrossTooth(s, 3, 0.14, 0.08);
  const edge = LOWER_TEETH_TOP + 0.03 * s * s + 0.006 * centred ** 4;
  const cover = smooth(edge - 0.01, edge + 0.01, v) * (1 - smooth(0.7, 1, Math.abs(s)));
  if (cover <= 0) return null;
  return { light: 0.85 * (1 - 0.1 * centred * centred) * seam, cover };
}
/** The lower teeth's half-width (share of the texture's width). */
const LOWER_TEETH_HALF_WIDTH = 0.3;

/** Mean colour of disks around landmark positions in an RGBA (or, with `channels` 3, RGB) image. */
export function sampleColour(rgba: Uint8Array, size: number, points: Array<[number, number]>, radius: number, channels: 3 | 4 = 4): Rgb {
  let r = 0, g = 0, b = 0, n = 0;
  for (const [px, py] of points) {
    for (let y = Math.floor(py - radius); y <= Math.ceil(py + radius); y++) {
      for (let x = Math.floor(px - radius); x <= Math.ceil(px + radius); x++) {
        if (x < 0 || y < 0 || x >= size || y >= size || (x - px) ** 2 + (y - py) ** 2 > radius * radius) continue;
        const o = (y * size + x) * channels;
        r += rgba[o]!; g += rgba[o + 1]!; b += rgba[o + 2]!; n++;
      }
    }
  }
  return n ? [r / n, g / n, b / n] : [150, 90, 90];
}

export { luma };

/**
 * Luma of the incisors: 1.2x the cheeks', and at least 1.1x the lips' (teeth are lighter than
 * lips in any light: md-drake, black and white with bearded cheeks, had teeth at 131 under lips at
 * 185, a dark band with light seams), kept within 110..235 (0-255 scale). Capped at 205, the
 * teeth of a brightly lit face were no lighter than its cheeks (clm-cage: 208 under cheeks at 210)
 * and the strip of them that 'FF' shows between the lips read as a grey bar.
 */
export function teethLevel(skin: Rgb, lip: Rgb): number {
  return Math.min(235, Math.max(110, 1.2 * luma(skin), 1.1 * luma(lip)));
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const scale = (a: Rgb, k: number): Rgb => [a[0] * k, a[1] * k, a[2] * k];
const smooth = (e0: number, e1: number, x: number) => { const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0))); return t * t * (3 - 2 * t); };

/**
 * The cavity's light, as shares of the lips' tint: the roof just behind the lips, the throat, the
 * tongue; still lit towards the front, never flat black. Lighter (0.55 / 0.24 / 0.8), Human's mesh
 * read the lit cavity above a bearded or stubbly lower lip as lip: 40% darker, the gap at 'aa' on
 * tabler-male-28 went 0.25 -> 0.28, on opencv-230501201-1 0.16 -> 0.28 (with the lower teeth too,
 * 0.35 and 0.34).
 */
const FRONT_LIGHT = 0.38;
const THROAT_LIGHT = 0.16;
const TONGUE_LIGHT = 0.65;

/** An open mouth's darkest share of pixels that counts as its own dark (the rest is teeth, tongue, lip edge). */
const DARKEST_SHARE = 0.3;
/** Fewer pixels than this inside the lips is a closed mouth: nothing of its own to match. */
const MIN_OPENING_PIXELS = 30;

/** The pixels inside the inner lip polygon, darkest first; empty for a closed mouth. */
export function openingPixels(rgba: Buffer, size: number, polygon: ReadonlyArray<readonly [number, number]>): Rgb[] {
  const xs = polygon.map((p) => p[0]), ys = polygon.map((p) => p[1]);
  const found: Rgb[] = [];
  for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(size - 1, Math.ceil(Math.max(...ys))); y++) {
    for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(size - 1, Math.ceil(Math.max(...xs))); x++) {
      if (!insideOrNear(polygon, x + 0.5, y + 0.5, 0)) continue;
      const o = (y * size + x) * 4;
      found.push([rgba[o]!, rgba[o + 1]!, rgba[o + 2]!]);
    }
  }
  return found.length < MIN_OPENING_PIXELS ? [] : found.sort((a, b) => luma(a) - luma(b));
}

/** How much darker the seam's colours get from the split (v 0.3) to where the lower lip comes at 'aa' (v 0.6). */
const SEAM_SHADE = 0.6;
/**
 * Past the first or last seam colour, it holds out to this far from the middle (mouth widths:
 * beyond the inner corners of a spread or turned mouth, 0.4-0.6), then fades out over SEAM_FADE.
 * Faded out just past the last one, the cavity beside a laugh's corners was the painted throat's
 * side shadow, darker than anything in the photo, and opening the jaw drew it as a black hook along
 * the cut under the side teeth, inside the photo's brown dark (softui-ivana: its kept seam colours
 * end 0.13 mouth widths right of the middle, its corner lies at 0.44).
 */
const SEAM_REACH = 0.6;
const SEAM_FADE = 0.05;

/**
 * Down the cavity, the seam's colours hold to SEAM_HELD_TO and give way to the painted cavity by
 * SEAM_GONE_BY. Held down to where the lower lip comes at 'aa' (0.45, gone by 0.6), they covered
 * the painted tongue, and a laugh whose own dark is a thin strip under its teeth opened on a flat
 * box of that one brown (clm-franck-04117); a wide laugh shows its own tongue on the strip the
 * jaw takes down, which this leaves as it was (softui-ivana).
 */
const SEAM_HELD_TO = 0.36;
const SEAM_GONE_BY = 0.48;

/** The seam colour at across-position `u`, interpolated, with how much it counts (see SEAM_REACH); null far past the ends. */
function seamColourAt(seam: SeamColour[], u: number): { colour: Rgb; weight: number } | null {
  const first = seam[0]!, last = seam[seam.length - 1]!;
  // `past`: how far beyond SEAM_REACH on that side.
  const held = (end: SeamColour, past: number) => (past > SEAM_FADE ? null : { colour: end.colour, weight: 1 - smooth(0, SEAM_FADE, past) });
  if (u <= first.u) return held(first, -SEAM_REACH - u);
  if (u >= last.u) return held(last, u - SEAM_REACH);
  const k = seam.findIndex((s, i) => i + 1 < seam.length && u <= seam[i + 1]!.u);
  const a = seam[k]!, b = seam[k + 1]!;
  return { colour: mix(a.colour, b.colour, (u - a.u) / Math.max(1e-6, b.u - a.u)), weight: 1 };
}

/** The mean of colours, channel by channel. */
export const meanOf = (colours: Rgb[]): Rgb => [0, 1, 2].map((k) => colours.reduce((sum, c) => sum + c[k]!, 0) / colours.length) as Rgb;

/**
 * An open mouth's own dark is at most this share of the lips' luma. The corpus' wide-open mouths
 * read 0.09-0.29; a smile whose lower lip lies close under its upper teeth read 0.48-0.53 (tabler
 * male-14 at 4x: the shade of the lip's rim, red-brown), and its lower lip's colours, taken for the
 * mouth's dark, painted half the cavity lip-brown with an edge down its middle.
 */
const OWN_DARK_SHARE = 0.4;

/**
 * The colour of the dark inside the photo's own open mouth: the mean of the darkest 30% of the
 * pixels inside the inner lip polygon, when they are much darker than the lips (else the "opening"
 * is lips pressed together, teeth, or the shade at a lip's rim). Null for a closed mouth. In a
 * faded photo (see fadedBlack) both are measured above its black: a faded laugh's dark
 * (softui-ivana-faded: luma 86 under lips at 138, black 85) counted as none, and the cavity
 * opening under its upper teeth was painted in the lips' red, a red-brown band over its grey dark.
 */
export function openingDark(opening: Rgb[], lip: Rgb, black?: Rgb): Rgb | null {
  if (opening.length === 0) return null;
  const mean = meanOf(opening.slice(0, Math.ceil(opening.length * DARKEST_SHARE)));
  const floor = black ? luma(fadedBlack(black)) : 0;
  return luma(mean) - floor < OWN_DARK_SHARE * (luma(lip) - floor) ? mean : null;
}

/** The lightest share of an opening that shows teeth which counts as their colour (the rest is their shade, the gaps, the lip edge). */
const LIGHTEST_SHARE = 0.2;

/**
 * The colour of the photo's own teeth: the mean of the lightest 20% of the pixels inside the inner
 * lip polygon. The lower teeth painted beside them take it: painted in the skin's tone they stood
 * as grey slabs under white upper teeth (clm-chuck-crop).
 */
export function openingTeeth(opening: Rgb[]): Rgb | null {
  return opening.length === 0 ? null : meanOf(opening.slice(-Math.ceil(opening.length * LIGHTEST_SHARE)));
}

/**
 * Paints the mouth cavity in the grid's texture space (v: 0 above the upper lip, 0.3 where the
 * lips meet, 0.45 just below, 0.6 under the lower lip, 1 the floor): a throat in a deep shade of
 * the lips, lit towards the front and darker at the back and the sides (soft, never flat black),
 * a tongue rising from the floor, the lower teeth's tops just above the lower lip, and, when the
 * photo shows no teeth of its own, upper teeth tinted by the skin hanging just below the upper
 * lip. Procedural: a closed mouth shows no interior to copy; a mouth open wide shows its own
 * `dark`, which the cavity then matches, and a laugh's `seam` colours (the photo just under the
 * split, across the mouth) colour the cavity just under its upper teeth. Without a dark of its
 * own, the cavity is lifted by as much as the photo's `black` lies above a well-exposed photo's
 * (see TYPICAL_BLACK): in a faded photo a cavity darker than anything else on the face read as a
 * hole cut through it; with a dark of its own, nothing in it is darker than a faded photo's black.
 */
export async function paintMouthInterior(lip: Rgb, skin: Rgb, { paintTeeth, dark, ownTeeth, seam, black, blur = 0 }: { paintTeeth: boolean; dark?: Rgb | null; ownTeeth?: Rgb | null; seam?: SeamColour[]; black?: Rgb; blur?: number } = { paintTeeth: true }): Promise<Buffer> {
  const { width, height } = INTERIOR_TEXTURE_SIZE;
  const out = Buffer.alloc(width * height * 4);
  const tint = mix(lip, [150, 45, 55], 0.35);
  // A photo whose mouth is open shows its own dark: the cavity that opens beyond it, lit front
  // included, is no lighter than that, and takes half its hue (softui-ivana's laugh: a lip-tinted
  // cavity drew a red-brown patch inside a near-black mouth). Its shading stays, only darker.
  const own = dark ? Math.min(1, Math.max(0.15, luma(dark) / luma(scale(tint, FRONT_LIGHT)))) : 1;
  const hue = (c: Rgb) => (dark ? mix(scale(c, own), scale(dark, luma(scale(c, own)) / Math.max(1, luma(dark))), 0.5) : c);
  const throat = hue(scale(tint, THROAT_LIGHT));
  const front = hue(scale(tint, FRONT_LIGHT));
  const gum = scale(mix(lip, [190, 80, 90], 0.4), 0.75);
  // Teeth inside a mouth are lit no better than the face around it: pure enamel white on a dim or
  // warm photo looks pasted on. Their level follows the cheeks' luminance (teeth read a little
  // lighter than skin), within bounds that keep them recognisable as teeth on any photo.
  const enamel = mix([236, 230, 216], skin, 0.3);
  const teeth = scale(enamel, teethLevel(skin, lip) / luma(enamel));
  const tongue = hue(scale(mix(lip, [205, 95, 105], 0.45), TONGUE_LIGHT));
  const lift = dark || !black ? null : liftedBlack(black);
  // Matched to a faded photo's own dark, the cavity's back and sides still fell darker than the
  // photo's black, and drew black dots at the corners of softui-ivana-faded's 'aa' (see fadedBlack).
  const floor = dark && black ? fadedBlack(black) : null;
  // The seam's colours darken deeper in, no further than the mouth's own dark: in a hazy photo a
  // band darker than anything in it lay across the cavity under the teeth.
  const seamShade = (colour: Rgb, v: number) => Math.max(1 - SEAM_SHADE * smooth(0.3, 0.6, v), dark ? Math.min(1, luma(dark) / Math.max(1, luma(colour))) : 0);
  const colourfulness = Math.min(1, (Math.max(...lip) - Math.min(...lip)) / Math.max(1, Math.max(...lip)) / 0.25);
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height;
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5) / width;
      const side = Math.abs(u - 0.5) * 2; // 0 centre, 1 edge
      // Light comes in through the lips: the roof just behind them is lit, deeper in it darkens.
      let c = mix(front, throat, smooth(0.22, 0.5, v));
      if (paintTeeth) {
        const tooth = upperTooth(u, v);
        if (v < 0.1) c = gum;
        // The upper lip shades the top of the teeth; beyond the canines (about a quarter mouth
        // width out) they turn away into the cheeks' shadow: lit to the corners, a spread mouth
        // showed a band of teeth from corner to corner.
        else if (tooth) c = mix(c, mix(scale(teeth, tooth.light * (0.78 + 0.22 * smooth(0.1, 0.2, v))), c, smooth(0.3, 0.6, side)), tooth.cover);
      }
      // Tongue: its hump (v 0.42-0.49) rising behind the lower teeth, lit enough to read as a
      // tongue rather than more throat, darker at its sides and in shade at its top. Lying lower
      // (top at v 0.5-0.58), the lower teeth hid it and 'aa' opened on a flat dark hole; a
      // lip-coloured band across the opening reads as the lower lip instead (Human's mesh put the
      // inner lip on it: aa 0.10-0.23), so it stays darker than the lips.
      const tu = (u - 0.5) / 0.42, tv = (v - 0.95) / 0.55;
      const inTongue = 1 - smooth(0.75, 1, tu * tu + tv * tv);
      if (inTongue > 0) c = mix(c, scale(tongue, (1 - 0.35 * Math.min(1, Math.abs(tu))) * (0.55 + 0.45 * smooth(0.42, 0.6, v))), inTongue);
      // The lower teeth stand behind the lower lip, in front of the tongue.
      const lower = lowerTooth(u, v);
      if (lower) c = mix(c, scale(ownTeeth ?? teeth, lower.light), lower.cover);
      // The cheeks' insides are in shadow.
      c = scale(c, 1 - 0.65 * smooth(0.3, 0.75, side));
      // A black-and-white or faded photo gets an interior as grey as its lips.
      const grey = luma(c);
      c = mix([grey, grey, grey], c, colourfulness);
      // Just under the split, the photo's own colours there (see `seam`), darkening deeper in,
      // giving way to the painted tongue (see SEAM_HELD_TO): one colour per column, the same all
      // the way down, drew vertical stripes (clm-franck-04117's brownish dark).
      if (seam) {
        const own = seamColourAt(seam, (u - 0.5) * 2 * INTERIOR_HALF_WIDTH);
        if (own) c = mix(c, scale(own.colour, seamShade(own.colour, v)), own.weight * (1 - smooth(SEAM_HELD_TO, SEAM_GONE_BY, v)));
      }
      if (lift) c = liftOnto(c, lift);
      if (floor) c = [0, 1, 2].map((k) => Math.max(c[k]!, floor[k]!)) as Rgb;
      const o = (y * width + x) * 4;
      out[o] = Math.round(c[0]); out[o + 1] = Math.round(c[1]); out[o + 2] = Math.round(c[2]); out[o + 3] = 255;
    }
  }
  const texture = sharp(out, { raw: { width, height, channels: 4 } });
  return (blur >= MIN_BLUR ? texture.blur(blur) : texture).png().toBuffer();
}

/** The part of a photo's black above TYPICAL_BLACK, in its hue; null when there is none. */
function liftedBlack(black: Rgb): Rgb | null {
  const excess = luma(black) - TYPICAL_BLACK;
  return excess > 0 ? scale(black, excess / luma(black)) : null;
}

/** A colour as the photo's tone curve would show it: black raised to `lift`, white kept. */
const liftOnto = (c: Rgb, lift: Rgb): Rgb => [0, 1, 2].map((k) => lift[k]! + c[k]! * (1 - lift[k]! / 255)) as Rgb;

/** sharp's smallest Gaussian sigma; less is no visible blur at all. */
const MIN_BLUR = 0.3;
