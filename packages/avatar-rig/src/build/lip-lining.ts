import { roundTo } from '../geometry/round';
import { LIP_LINING_LAYER, type Rig, type RigTarget } from '../types';
import type { Rgb } from './mouth-interior-texture';
import { appendCopies, bandTexture, bandWidth, blurredShare, extendTarget, faceDown, meanAlongEdge, type Pixels } from './edge-band';
import type { RigMesh } from './rig-mesh';
import { MOUTH_CORNER_INNER } from './landmarks';

export const LINING_TEXTURE = 'lip-lining.png';

/**
 * The band's width in multiples of the photo's blur sigma, and the share of the opening a target
 * makes in its column that it takes at most: on a sharp photo, and on a blurred one (blurredShare;
 * between the two, in proportion). Fading out over twice the sigma from an opaque edge, the cavity
 * of a blurred photo opened with edges less than half as soft as the photo's own (edgeBlurSigma
 * over the mouth at 'aa' against the rest frame's: clm-audrey-blur 1.47 against 3.45, now 2.62;
 * Grace Hopper blurred by 3: 0.43 of it, now 0.60), and a thin opening (painted teeth at 'FF',
 * lips parting at 'E') took a band of a fifth of its height: crisp outlines pasted on a soft face
 * (tabler-female-1-4x, md-team-1-blur). A band half the opening meets the other lip's in the
 * middle. Four sigmas, as far as a Gaussian edge falls, hid a blurred photo's painted teeth
 * altogether (md-team-1-blur at 'aa'); on a sharp photo three drew a thick dark-red rim inside
 * open lips (clm-audrey).
 */
const WIDTH_IN_SIGMAS = { sharp: 2, blurred: 3 };
const OPENING_SHARE = { sharp: 0.2, blurred: 0.5 };
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
 * cavity's side, drawn over the mouth's layers and under the face: the photo's colour on its edge
 * carried on and fading out over two to three times the photo's own blur sigma (WIDTH_IN_SIGMAS),
 * as a blurred edge would. It grows with the opening a target makes in its column (at most
 * OPENING_SHARE of it), so at rest and between lips that meet it has no area and draws nothing.
 * (Half opaque on the edge with the cavity's colour rising on the photo's side, it drew a pale
 * stripe along the lips over the photo's own dark lip line: an outline.) Appends the band's
 * vertices, layer and target deltas to `rig`; returns its texture.
 */
export async function addLipLining(rig: Rig, mesh: RigMesh, photo: Pixels, blurSigma: number): Promise<Buffer> {
  const v = rig.vertices;
  const at = (i: number): [number, number] => [v[i * 2]!, v[i * 2 + 1]!];
  const down = faceDown(mesh.frame);
  const blurred = blurredShare(blurSigma);
  const between = ({ sharp, blurred: soft }: { sharp: number; blurred: number }) => sharp + (soft - sharp) * blurred;
  const width = bandWidth(blurSigma, between(WIDTH_IN_SIGMAS));
  const openingShare = between(OPENING_SHARE);
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
  // Under the face: where the lips fold over a corner of the opening (a rounded 'O' pulls the
  // corners in over it), they hide the band as they hide the cavity; drawn over them, its slivers
  // there drew dark lines on the lips (clm-franck-04117, md-team-1 at 'O').
  rig.layers.splice(rig.layers.findIndex((layer) => layer.name === 'face'), 0, { name: LIP_LINING_LAYER, texture: LINING_TEXTURE, uvs, triangles });
  const cornerRest = MOUTH_CORNER_INNER.map(at) as [[number, number], [number, number]];
  rig.targets = rig.targets.map((target) => withBand(target, bands, cornerRest, corners.flat(), down, width, openingShare));
  return bandTexture(all.map((b) => b.colour), blurSigma);
}

/**
 * The target with the band's vertices moved along: with their edge vertex, and into the opening as
 * far as the target opens the mouth there, across the edge as the target leaves it. (Across the
 * edge at rest, the band slid along the steep walls a jaw drop makes near the corners and left
 * them a razor-cut edge: tabler-male-6-4x at 'aa'.)
 */
function withBand(target: RigTarget, bands: BandColumn[][], cornerRest: [[number, number], [number, number]], corners: BandCorner[], down: [number, number], width: number, openingShare: number): RigTarget {
  const { moved, push, done } = extendTarget(target);
  const [upper, lower] = bands as [BandColumn[], BandColumn[]];
  const posed = (rest: readonly [number, number], i: number): [number, number] => [rest[0] + moved(i)[0], rest[1] + moved(i)[1]];
  const posedCorners = cornerRest.map((rest, side) => posed(rest, MOUTH_CORNER_INNER[side]!));
  const posedEdges = bands.map((band) => band.map((b) => posed(b.rest, b.edge)));
  const all = posedEdges.flat();
  const centre: [number, number] = [all.reduce((s, p) => s + p[0], 0) / all.length, all.reduce((s, p) => s + p[1], 0) / all.length];
  const inwardAt = (k: number) => {
    const [du, dl] = [moved(upper[k]!.edge), moved(lower[k]!.edge)];
    // Signed targets (the head's) open no mouth: the band only follows.
    const opening = target.min < 0 ? 0 : Math.max(0, (dl[0] - du[0]) * down[0] + (dl[1] - du[1]) * down[1]);
    return Math.min(width, openingShare * opening);
  };
  bands.forEach((band, c) => {
    const chain = [posedCorners[0]!, ...posedEdges[c]!, posedCorners[1]!];
    band.forEach((b, k) => {
      const inward = inwardAt(k);
      const [dx, dy] = moved(b.edge);
      if (inward === 0) return push(b.inner, [dx, dy]);
      const edge = chain[k + 1]!;
      const direction = intoOpening(chain[k]!, chain[k + 2]!, [centre[0] - edge[0], centre[1] - edge[1]]);
      push(b.inner, [dx + direction[0] * inward, dy + direction[1] * inward]);
    });
  });
  const end = [0, upper.length - 1] as const;
  for (const { corner, side, copy, edgeCopy } of corners) {
    const [dx, dy] = moved(corner);
    push(edgeCopy, [dx, dy]);
    const inward = inwardAt(end[side]);
    const direction = inward === 0 ? [0, 0] : bisector(posedCorners[side]!, posedEdges[0]![end[side]]!, posedEdges[1]![end[side]]!);
    push(copy, [dx + direction[0]! * inward, dy + direction[1]! * inward]);
  }
  return done();
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

/** The unit normal of the chain through `before` and `after` (at the point between them) on the side of `towards`. */
function intoOpening(before: readonly [number, number], after: readonly [number, number], towards: readonly [number, number]): [number, number] {
  const tx = after[0] - before[0], ty = after[1] - before[1];
  const length = Math.hypot(tx, ty);
  if (length === 0) return [towards[0], towards[1]];
  const n: [number, number] = [-ty / length, tx / length];
  return n[0] * towards[0] + n[1] * towards[1] >= 0 ? n : [-n[0], -n[1]];
}
