import { convexHull, meshCounterparts } from '@avatar-factory/face-analysis';
import { distanceOutside } from '../geometry/convex-polygon';
import { solve3 } from '../geometry/solve3';
import type { KnownRect } from './edge-continuation';

/**
 * Beyond the mesh's outline the other half's pixels give way to the edge's continuation over this
 * share of the face's width: the hair and background beside the face come from the other side too
 * (at 0.12 clm-audrey's bun and clm-cage's hair on the cut side were a brown smear).
 */
const FADE_OUTSIDE_FACE = 0.4;
/** Colour gains between the two halves (one side lit, the other in shade) are kept within these. */
const GAIN_RANGE = [0.6, 1.6] as const;

/** Mesh pairs this share of the face's width further from the cut weigh e times less in the mirror's fit. */
const NEAR_CUT = 0.25;
/** Width, in the portrait's side, of the band inside the photo over which the other half fades into it. */
const SEAM_BLEND = 0.1;

type Point = readonly [number, number];

const smoothstep = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/**
 * A face cut at the photo's left or right edge, completed from its other half: `fill` (the
 * portrait outside the photo, carried on from the photo's edge) is replaced, beside the photo and
 * over the face, by the pixels of the face's other half mirrored onto it, their colour matched to
 * the photo's along the cut. The edge's continuation alone drew a third of a face cut at the side
 * by 15% as a smear beside the eye (md-team-4, clm-seanconnery), and one cut by 8% as a smear
 * from the outer eye corner on (clm-audrey, clm-cage). The mirror is an affine map fitted by
 * weighted least squares to the mesh points whose counterpart (meshCounterparts) lies in the photo
 * too, those near the cut weighing most: a face turned a little is not a mirror image of itself in
 * the picture, and an affine map follows its foreshortening. Written here: image libraries extend
 * a picture by copying, mirroring at its edge or a colour, none by a face's own symmetry. Returns
 * the photo (faded into the other half near the cut) and the fill; both unchanged where the face
 * does not cross a side of the photo. Fitted over the whole face without the weights, the map put
 * an eye cut at its outer corner beside its own mirror image (clm-audrey) and a third eye beside
 * softui-brooke (turned 20-23 degrees, tilted 16-18); with them, faces turned up to 30 degrees
 * (mk-kendall) and tilted up to 30 (md-team-1 turned in the plane) cut at either side were
 * completed without a seam.
 */
export function completeFromOtherHalf(rgb: Buffer, fill: Buffer, size: number, known: KnownRect, mesh: ReadonlyArray<readonly [number, number, number]>): { photo: Buffer; fill: Buffer } {
  const points = mesh.slice(0, 468).map(([x, y]): Point => [x, y]);
  const xs = points.map((p) => p[0]);
  const cutLeft = known.x0 > 0 && Math.min(...xs) < known.x0, cutRight = known.x1 < size - 1 && Math.max(...xs) > known.x1;
  if (!cutLeft && !cutRight) return { photo: rgb, fill };
  const inKnown = (p: Point) => insideRect(known, p);
  const counterparts = meshCounterparts();
  const pairs = points.flatMap((p, i) => {
    const q = points[counterparts[i]!]!;
    return counterparts[i] !== i && inKnown(p) && inKnown(q) ? [[p, q] as const] : [];
  });
  if (pairs.length < 30) return { photo: rgb, fill };
  const faceWidth = Math.max(...xs) - Math.min(...xs);
  // Pairs near the cut count most: there the two halves meet and must line up (an eye cut at its
  // outer corner, fitted over the whole face, showed beside its own mirror image).
  const fromCut = ([x]: Point) => Math.min(cutLeft ? x - known.x0 : Infinity, cutRight ? known.x1 - x : Infinity);
  const mirror = fitAffine(pairs.map(([p]) => p), pairs.map(([, q]) => q), pairs.map(([p]) => Math.exp(-fromCut(p) / (NEAR_CUT * faceWidth))));
  if (!mirror) return { photo: rgb, fill };
  const outline = convexHull(points);
  const sideOfPhoto = (x: number) => (cutLeft && x < known.x0) || (cutRight && x > known.x1);
  const gain = stripGain(rgb, size, known, mirror, sideOfPhoto, outline, cutLeft);
  // Inside the photo, the other half fades into it over SEAM_BLEND: the portrait's own feather
  // (a few pixels) left a line where the two halves' shading differs.
  const blend = SEAM_BLEND * size;
  const photo = Buffer.from(rgb), out = Buffer.from(fill);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const outside = sideOfPhoto(x);
      const depth = outside ? 0 : fromCut([x, y]);
      if (!outside && !(depth >= 0 && depth < blend && inKnown([x, y]))) continue;
      const fade = outside ? 1 : 1 - smoothstep(depth / blend);
      const weight = fade * (1 - Math.min(1, distanceOutside(outline, [x + 0.5, y + 0.5]) / (FADE_OUTSIDE_FACE * faceWidth)));
      if (weight <= 0) continue;
      const [sx, sy] = mirror([x + 0.5, y + 0.5]);
      if (!inKnown([sx, sy])) continue;
      const sample = bilinear(rgb, size, sx - 0.5, sy - 0.5);
      for (let c = 0; c < 3; c++) {
        const p = (y * size + x) * 3 + c;
        const value = Math.round(Math.min(255, sample[c]! * gain[c]!) * weight + (outside ? fill[p]! : rgb[p]!) * (1 - weight));
        // Inside the photo both change: the portrait's feather mixes the photo with the fill there.
        out[p] = value;
        if (!outside) photo[p] = value;
      }
    }
  }
  return { photo, fill: out };
}

/**
 * Per-channel gain that brings the mirrored half's colours to the photo's: over the face's pixels
 * in the band just inside the cut edge, the photo's mean over the mean of what the mirror brings
 * there.
 */
function stripGain(rgb: Uint8Array, size: number, known: KnownRect, mirror: (p: Point) => [number, number], sideOfPhoto: (x: number) => boolean, outline: Point[], cutLeft: boolean): number[] {
  const band = Math.max(4, Math.round(size * 0.03));
  const [from, to] = cutLeft ? [known.x0, known.x0 + band] : [known.x1 - band, known.x1];
  const own = [0, 0, 0], mirrored = [0, 0, 0];
  for (let y = known.y0; y <= known.y1; y++) {
    for (let x = from; x <= to; x++) {
      if (sideOfPhoto(x) || distanceOutside(outline, [x + 0.5, y + 0.5]) > 0) continue;
      const [sx, sy] = mirror([x + 0.5, y + 0.5]);
      if (!insideRect(known, [sx, sy])) continue;
      const sample = bilinear(rgb, size, sx - 0.5, sy - 0.5);
      for (let c = 0; c < 3; c++) {
        own[c]! += rgb[(y * size + x) * 3 + c]!;
        mirrored[c]! += sample[c]!;
      }
    }
  }
  return own.map((o, c) => (mirrored[c]! > 0 ? Math.min(GAIN_RANGE[1], Math.max(GAIN_RANGE[0], o / mirrored[c]!)) : 1));
}

function insideRect(rect: KnownRect, [x, y]: Point): boolean {
  return x >= rect.x0 && x <= rect.x1 && y >= rect.y0 && y <= rect.y1;
}

/** The affine map taking each of `from` nearest (weighted least squares) to the matching point of `to`; null when the points do not fix one. */
function fitAffine(from: Point[], to: Point[], weights: number[]): ((p: Point) => [number, number]) | null {
  // Normal equations for [a b c] with a x + b y + c = target, one per output coordinate.
  const ata = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  const atb = [[0, 0, 0], [0, 0, 0]];
  from.forEach(([x, y], i) => {
    const row = [x, y, 1];
    const w = weights[i]!;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) ata[r]![c]! += w * row[r]! * row[c]!;
      atb[0]![r]! += w * row[r]! * to[i]![0];
      atb[1]![r]! += w * row[r]! * to[i]![1];
    }
  });
  const [u, v] = atb.map((b) => solve3(ata, b));
  if (!u || !v) return null;
  return ([x, y]) => [u[0] * x + u[1] * y + u[2], v[0] * x + v[1] * y + v[2]];
}

function bilinear(rgb: Uint8Array, size: number, x: number, y: number): number[] {
  const x0 = Math.max(0, Math.min(size - 2, Math.floor(x))), y0 = Math.max(0, Math.min(size - 2, Math.floor(y)));
  const fx = Math.min(1, Math.max(0, x - x0)), fy = Math.min(1, Math.max(0, y - y0));
  return [0, 1, 2].map((c) => {
    const at = (xx: number, yy: number) => rgb[(yy * size + xx) * 3 + c]!;
    return (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) + (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy;
  });
}
