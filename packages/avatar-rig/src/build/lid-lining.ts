import { roundTo } from '../geometry/round';
import { LID_LINING_LAYER, type Rig, type RigTarget } from '../types';
import { appendCopies, bandTexture, bandWidth, extendTarget, faceDown, meanAlongEdge, type Pixels } from './edge-band';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT } from './landmarks';
import type { Rgb } from './mouth-interior-texture';
import type { RigMesh } from './rig-mesh';

export const LID_LINING_TEXTURE = 'lid-lining.png';

/** The band takes at most this share of the way a target closes the lid in its column. */
const CLOSING_SHARE = 1;
/** How far above the lid contour (portrait pixels, on the lid's side) the photo's edge colour is read. */
const EDGE_SAMPLE_PX = 1;

interface LidColumn {
  /** The upper lid contour's vertex, and its partner on the lower lid. */
  edge: number;
  lower: number;
  /** The band's new vertex, on the eye's side. */
  inner: number;
  colour: Rgb;
}

/**
 * A soft edge under each upper lid as it closes. The lid comes down as a piece of the photo with a
 * mesh edge for its margin: over a blurred eye (tabler-female-1-4x, tabler-male-12-4x, the
 * 4x-upscaled photos) its dark lashes ended in a razor-cut line on the eye and then on the lower
 * lid, a dark wedge pasted on a soft face. A band runs under the lid contour, drawn over the eye,
 * in the photo's colour just above the contour, fading out over twice the photo's blur as that
 * edge does in the photo. It grows with the way a target brings the lid down onto the lower one (at
 * most CLOSING_SHARE of it), so at rest and for every other target it has no area and draws nothing.
 * Appends the band's vertices, layer and target deltas to `rig`; returns its texture.
 */
export async function addLidLining(rig: Rig, mesh: RigMesh, photo: Pixels, blurSigma: number): Promise<Buffer> {
  const v = rig.vertices;
  const at = (i: number): [number, number] => [v[i * 2]!, v[i * 2 + 1]!];
  const down = faceDown(mesh.frame);
  const first = v.length / 2;
  const eyes = [EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT];
  const columns = eyes.flatMap((eye) => eye.upperLid.map((edge, k) => ({ edge, lower: eye.lowerLid[k]!, colour: meanAlongEdge(photo, at(edge)[0] - down[0] * EDGE_SAMPLE_PX, at(edge)[1] - down[1] * EDGE_SAMPLE_PX, down) })))
    .map((column, n): LidColumn => ({ ...column, inner: first + n }));
  // Each band ends in a copy of each eye corner, clear in the texture: it tapers into the corners.
  const corners = eyes.flatMap((eye) => eye.corners).map((corner, n) => ({ corner, copy: first + columns.length + n }));
  appendCopies(rig, [...columns.map((c) => c.edge), ...corners.map((c) => c.corner)]);
  const uvs = new Array<number>(v.length).fill(0);
  const columnU = (n: number) => roundTo((n + 0.5) / columns.length, 6);
  columns.forEach((c, n) => {
    uvs.splice(c.edge * 2, 2, columnU(n), 0);
    uvs.splice(c.inner * 2, 2, columnU(n), 1);
  });
  const triangles: number[] = [];
  eyes.forEach((eye, e) => {
    const band = columns.slice(e * eye.upperLid.length, (e + 1) * eye.upperLid.length);
    const [left, right] = [corners[e * 2]!, corners[e * 2 + 1]!];
    uvs.splice(left.copy * 2, 2, columnU(e * eye.upperLid.length), 1);
    uvs.splice(right.copy * 2, 2, columnU((e + 1) * eye.upperLid.length - 1), 1);
    triangles.push(left.copy, band[0]!.edge, band[0]!.inner, right.copy, band.at(-1)!.inner, band.at(-1)!.edge);
    for (let k = 0; k + 1 < band.length; k++) {
      const a = band[k]!, b = band[k + 1]!;
      triangles.push(a.edge, b.edge, b.inner, a.edge, b.inner, a.inner);
    }
  });
  rig.layers.push({ name: LID_LINING_LAYER, texture: LID_LINING_TEXTURE, uvs, triangles });
  const width = bandWidth(blurSigma);
  rig.targets = rig.targets.map((target) => withBand(target, columns, corners, down, width));
  return bandTexture(columns.map((c) => c.colour), blurSigma);
}

/** The target with the band's vertices moved along: with their lid vertex, and down over the eye as far as the target closes the lid there. */
function withBand(target: RigTarget, columns: LidColumn[], corners: Array<{ corner: number; copy: number }>, down: [number, number], width: number): RigTarget {
  const { moved, push, done } = extendTarget(target);
  for (const c of columns) {
    const [du, dl] = [moved(c.edge), moved(c.lower)];
    // Signed targets (the head's) close no lid: the band only follows.
    const closing = target.min < 0 ? 0 : Math.max(0, (du[0] - dl[0]) * down[0] + (du[1] - dl[1]) * down[1]);
    const inward = Math.min(width, CLOSING_SHARE * closing);
    push(c.inner, [du[0] + down[0] * inward, du[1] + down[1] * inward]);
  }
  for (const { corner, copy } of corners) push(copy, moved(corner));
  return done();
}
