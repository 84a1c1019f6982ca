import { roundTo } from '../geometry/round';
import { LIP_LINING_LAYER, type Rig, type RigTarget } from '../types';
import type { Rgb } from './mouth-interior-texture';
import { appendCopies, bandTexture, bandWidth, blurredShare, extendTarget, faceDown, meanAlongEdge, type Pixels } from './edge-band';
import type { RigMesh } from './rig-mesh';
import { MOUTH_CORNER_INNER } from './landmarks';

export const LINING_TEXTURE = 'lip-lining.png';

/**
 * The band's width in multiples of the photo's blur sigma: on a sharp photo, and on a blurred one
 * (blurredShare; between the two, in proportion). It fades as a Gaussian edge of the photo's own
 * blur does (erfc), from opaque on the edge to nothing by the band's end. On a sharp photo three
 * sigmas drew a thick dark-red rim inside open lips (clm-audrey).
 */
const WIDTH_IN_SIGMAS = { sharp: 2, blurred: 3 };
/** How far from the split (portrait pixels, on the photo's side) the photo's edge colour is read. */
const EDGE_SAMPLE_PX = 1;

/** A mouth corner's two copies at one band's end: on the edge, and clear inside the opening. */
interface BandCorner { corner: number; side: 0 | 1; copy: number; edgeCopy: number }

interface BandColumn {
  /** Split vertex: where the photo's drawing ends and the cavity begins. */
  edge: number;
  /** The band's new vertex, on the cavity's side. */
  inner: number;
  /** The edge vertex's rest position. */
  rest: [number, number];
  /** The photo's colour on its edge. */
  colour: Rgb;
}

/**
 * A soft edge where the photo meets the painted cavity. An opening mouth's cavity ended in a
 * razor-cut edge against the lips (and against the photo's own teeth where it shows them), which
 * in a soft or blurred photo read as a hole cut in a picture (md-team-1-blur,
 * softui-annie-spratt, softui-charles-blur). A band runs along both split lines (the photo's own
 * opening is drawn down to them, and at a closed mouth they lie on the inner lip contours), on the
 * cavity's side: the photo's colour on its edge carried on and fading out over two to three times
 * the photo's own blur sigma (WIDTH_IN_SIGMAS), as a blurred edge would. It is laid out at its
 * full width from the start, under the photo's own opening and the face, which hide it while the
 * lips meet, and moves with its edge: however little the lips part, their edge fades as the
 * photo's would. (Grown with the opening instead, at most half of it, a thin opening got a thin
 * band: the lips parting at 'E' or at a third of 'aa', and the slivers a jaw drop opens at the
 * corners, were crisp dark lines on a blurred face, tabler-male-14-4x, tabler-female-32-4x; the
 * edge blur a reader measures over the mouth at a third of 'aa' on Grace Hopper blurred by 3 was
 * 0.36 of the photo's, now 0.50, at 'E' 0.47, now 0.59.) Where both bands cover a thin opening, what
 * it shows (the painted teeth of 'FF') shows through as far as the blur would let it. (Half opaque
 * on the edge with the cavity's colour rising on the photo's side, it drew a pale stripe along the
 * lips over the photo's own dark lip line: an outline.) Appends the band's vertices, layer and
 * target deltas to `rig`; returns its texture.
 */
export async function addLipLining(rig: Rig, mesh: RigMesh, photo: Pixels, blurSigma: number): Promise<Buffer> {
  const v = rig.vertices;
  const at = (i: number): [number, number] => [v[i * 2]!, v[i * 2 + 1]!];
  const down = faceDown(mesh.frame);
  const blurred = blurredShare(blurSigma);
  const between = ({ sharp, blurred: soft }: { sharp: number; blurred: number }) => sharp + (soft - sharp) * blurred;
  const width = bandWidth(blurSigma, between(WIDTH_IN_SIGMAS));
  const columns = mesh.splitUpper.length;
  const first = v.length / 2;
  const bands: BandColumn[][] = [mesh.splitUpper, mesh.splitLower].map((split, c) => {
    const into = c === 0 ? 1 : -1;
    return split.map((edge, k) => ({
      edge, inner: first + c * columns + k, rest: at(edge),
      colour: meanAlongEdge(photo, at(edge)[0] - into * down[0] * EDGE_SAMPLE_PX, at(edge)[1] - into * down[1] * EDGE_SAMPLE_PX, down),
    }));
  });
  const all = bands.flat();
  // Each band ends in two copies of each mouth corner: one on the edge, and one clear in the
  // texture that goes into the opening along the corner's bisector, so the walls a jaw drop
  // opens at the corners get the band too.
  const corners = bands.map((_, c) => MOUTH_CORNER_INNER.map((corner, side): BandCorner => ({ corner, side: side as 0 | 1, copy: first + all.length + (c * 2 + side) * 2, edgeCopy: first + all.length + (c * 2 + side) * 2 + 1 })));
  appendCopies(rig, [...all.map((b) => b.edge), ...corners.flat().flatMap(({ corner }) => [corner, corner])]);
  const uvs = new Array<number>(v.length).fill(0);
  const columnU = (n: number) => roundTo((n + 0.5) / all.length, 6);
  all.forEach((b, n) => {
    uvs.splice(b.edge * 2, 2, columnU(n), 0);
    uvs.splice(b.inner * 2, 2, columnU(n), 1);
  });
  corners.forEach((pair, c) => pair.forEach(({ copy, edgeCopy }, side) => {
    const u = columnU(c * columns + (side === 0 ? 0 : columns - 1));
    uvs.splice(copy * 2, 2, u, 1);
    uvs.splice(edgeCopy * 2, 2, u, 0);
  }));
  const triangles: number[] = [];
  bands.forEach((band, c) => {
    const [left, right] = corners[c]!;
    const [head, tail] = [band[0]!, band[columns - 1]!];
    triangles.push(left!.edgeCopy, head.edge, head.inner, left!.edgeCopy, head.inner, left!.copy);
    triangles.push(right!.edgeCopy, tail.inner, tail.edge, right!.edgeCopy, right!.copy, tail.inner);
    for (let k = 0; k + 1 < band.length; k++) {
      const a = band[k]!, b = band[k + 1]!;
      triangles.push(a.edge, b.edge, b.inner, a.edge, b.inner, a.inner);
    }
  });
  // Under the photo's own opening and the face: they hide the band at rest, and where the lips fold
  // over a corner of the opening (a rounded 'O' pulls the corners in over it); drawn over them, its
  // slivers there drew dark lines on the lips (clm-franck-04117, md-team-1 at 'O').
  rig.layers.splice(rig.layers.findIndex((layer) => layer.name === 'mouth-teeth'), 0, { name: LIP_LINING_LAYER, texture: LINING_TEXTURE, uvs, triangles });
  const atRest = bandOffsets(bands, corners.flat(), at, () => [0, 0], down, width);
  rig.targets = rig.targets.map((target) => withBand(target, bands, corners.flat(), at, atRest, down, width));
  layBandOut(rig, bands, corners.flat(), atRest);
  return bandTexture(all.map((b) => b.colour), blurSigma, { kind: 'gaussian', inSigmas: between(WIDTH_IN_SIGMAS) });
}

/**
 * Where a band's inner side lies from its edge, per band vertex, with the chain of edges posed by
 * `moved` (a target's deltas; none at rest): `width` into the opening, square to the chain at
 * each column and along the bisector at the corners.
 */
function bandOffsets(bands: BandColumn[][], corners: BandCorner[], rest: (i: number) => [number, number], moved: (i: number) => [number, number], down: [number, number], width: number): Map<number, [number, number]> {
  const posed = (i: number): [number, number] => [rest(i)[0] + moved(i)[0], rest(i)[1] + moved(i)[1]];
  const offsets = new Map<number, [number, number]>();
  bands.forEach((band, c) => {
    const into: [number, number] = c === 0 ? down : [-down[0], -down[1]];
    const chain = [posed(MOUTH_CORNER_INNER[0]!), ...band.map((b) => posed(b.edge)), posed(MOUTH_CORNER_INNER[1]!)];
    // Which way is into the opening is settled at rest (on a steep wall a jaw drop makes, the
    // posed normal lies square to "down").
    const restChain = [rest(MOUTH_CORNER_INNER[0]!), ...band.map((b) => b.rest), rest(MOUTH_CORNER_INNER[1]!)];
    band.forEach((b, k) => {
      const n = normalOf(chain[k]!, chain[k + 2]!, Math.sign(dot(normalOf(restChain[k]!, restChain[k + 2]!, 1), into)) || 1);
      offsets.set(b.inner, [n[0] * width, n[1] * width]);
    });
  });
  for (const { corner, side, copy } of corners) {
    const ends = bands.map((band) => posed(band[side === 0 ? 0 : band.length - 1]!.edge));
    const direction = bisector(posed(corner), ends[0]!, ends[1]!);
    offsets.set(copy, [direction[0] * width, direction[1] * width]);
  }
  return offsets;
}

/**
 * The band's rest layout: its inner side `width` into the opening from its edge, under the other
 * lip (the face and the photo's own opening cover it) while the mouth is closed.
 */
function layBandOut(rig: Rig, bands: BandColumn[][], corners: BandCorner[], offsets: Map<number, [number, number]>): void {
  const v = rig.vertices;
  const at = (i: number): [number, number] => [v[i * 2]!, v[i * 2 + 1]!];
  const source = new Map<number, number>([...bands.flat().map((b) => [b.inner, b.edge] as const), ...corners.map((c) => [c.copy, c.corner] as const)]);
  for (const [i, [dx, dy]] of offsets) {
    const [x, y] = at(source.get(i)!);
    v.splice(i * 2, 2, roundTo(x + dx, 4), roundTo(y + dy, 4));
  }
}

/**
 * The target with the band's vertices moved along: with their edge vertex (or mouth corner), and
 * turned with it, so however little the target opens the mouth the edge fades over the band's full
 * width, square to the walls a jaw drop makes at the corners too (moved rigidly, a band slid along
 * them and left them a razor-cut edge). Signed targets (the head's) open no mouth: the band only
 * follows.
 */
function withBand(target: RigTarget, bands: BandColumn[][], corners: BandCorner[], restOf: (i: number) => [number, number], atRest: Map<number, [number, number]>, down: [number, number], width: number): RigTarget {
  const { moved, push, done } = extendTarget(target);
  const posed = target.min < 0 ? atRest : bandOffsets(bands, corners, restOf, moved, down, width);
  const turn = (i: number): [number, number] => [posed.get(i)![0] - atRest.get(i)![0], posed.get(i)![1] - atRest.get(i)![1]];
  for (const b of bands.flat()) push(b.inner, add(moved(b.edge), turn(b.inner)));
  for (const { corner, copy, edgeCopy } of corners) {
    push(edgeCopy, moved(corner));
    push(copy, add(moved(corner), turn(copy)));
  }
  return done();
}

const dot = (a: readonly [number, number], b: readonly [number, number]) => a[0] * b[0] + a[1] * b[1];
const add = (a: readonly [number, number], b: readonly [number, number]): [number, number] => [a[0] + b[0], a[1] + b[1]];

/** The unit normal of the chain through `before` and `after`, turned a quarter left (`sign` 1) or right (-1) of its direction. */
function normalOf(before: readonly [number, number], after: readonly [number, number], sign: number): [number, number] {
  const tx = after[0] - before[0], ty = after[1] - before[1];
  const length = Math.hypot(tx, ty) || 1;
  return [(-ty / length) * sign, (tx / length) * sign];
}

/** The unit vector from `corner` halfway between the directions to `a` and to `b` (zero where they cancel). */
function bisector(corner: readonly [number, number], a: readonly [number, number], b: readonly [number, number]): [number, number] {
  const unit = (p: readonly [number, number]) => {
    const length = Math.hypot(p[0] - corner[0], p[1] - corner[1]);
    return length === 0 ? [0, 0] : [(p[0] - corner[0]) / length, (p[1] - corner[1]) / length];
  };
  const [ua, ub] = [unit(a), unit(b)];
  const sum: [number, number] = [ua[0]! + ub[0]!, ua[1]! + ub[1]!];
  const length = Math.hypot(sum[0], sum[1]);
  return length < 1e-6 ? [0, 0] : [sum[0] / length, sum[1] / length];
}
