import { CHEEK_IMAGE_LEFT, CHEEK_IMAGE_RIGHT } from './landmarks';
import { luma, sampleColour, type Rgb } from './mouth-interior-texture';

/** Radius of the disks sampled on the cheeks, as a share of the face's width (as the mouth interior's skin sample). */
const CHEEK_SAMPLE_RADIUS = 0.04;
/**
 * A colour is skin's when its hue (chromaticity: r, g, b over their sum) lies this close to the
 * cheeks'... A lit forehead is paler than the cheeks (mk-marc-cut-top-131: 0.05-0.07 from them), grey
 * hair is grey (about 0.14 from a warm skin).
 */
const MAX_CHROMA_DISTANCE = 0.08;
/** ...and its luma within these shares of theirs: a lit forehead is skin, dark hair and a hat's brim are not. */
const LUMA_RANGE = [0.6, 2.2] as const;

/** Mean colour of the two cheeks in an RGB image (`size` square), sampled on the face mesh as the mouth interior samples the skin. */
export function cheekTone(rgb: Uint8Array, size: number, mesh: ReadonlyArray<readonly [number, number, number]>): Rgb {
  const xs = mesh.map(([x]) => x);
  const radius = Math.max(2, CHEEK_SAMPLE_RADIUS * (Math.max(...xs) - Math.min(...xs)));
  return sampleColour(rgb, size, [CHEEK_IMAGE_LEFT, CHEEK_IMAGE_RIGHT].map((i) => [mesh[i]![0], mesh[i]![1]]), radius, 3);
}

const chromaticity = (c: Rgb): Rgb => { const s = Math.max(1, c[0] + c[1] + c[2]); return [c[0] / s, c[1] / s, c[2] / s]; };

/** Whether a colour could be the skin whose tone is `tone`: about its hue, lit more or less. */
export function looksLikeSkin(colour: Rgb, tone: Rgb): boolean {
  const [a, b] = [chromaticity(colour), chromaticity(tone)];
  const ratio = luma(colour) / Math.max(1, luma(tone));
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) <= MAX_CHROMA_DISTANCE && ratio >= LUMA_RANGE[0] && ratio <= LUMA_RANGE[1];
}
