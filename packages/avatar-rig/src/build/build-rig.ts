import { analyseFace, faceMeshTriangulation, type FaceAnalysis } from '@avatar-factory/face-analysis';
import sharp from 'sharp';
import { RIG_FORMAT, RIG_VERSION, type Rig, type RigRegion } from '../types';
import { minSignedArea2 } from '../geometry/signed-area';
import { roundTo } from '../geometry/round';
import { proveNoFold } from '../geometry/fold-bound';
import { EYE_IMAGE_LEFT, EYE_IMAGE_RIGHT, LOWER_LIP, UPPER_LIP, CHEEK_IMAGE_LEFT, CHEEK_IMAGE_RIGHT, type EyeLandmarks } from './landmarks';
import { paintMouthInterior, sampleColour } from './mouth-interior-texture';
import { portraitCrop } from './portrait-crop';
import { buildRigMesh } from './rig-mesh';
import { AMPLITUDE, buildTargets } from './targets';
import { VISEME_TABLE } from './visemes';

export const FACE_TEXTURE = 'face.png';
/**
 * A 2D mesh warp needs the whole face visible: beyond about 23 degrees of yaw the far cheek folds
 * over itself in the photo (camera.png at 31-38 degrees has over 300 folded or sliver triangles).
 */
export const MAX_YAW_RADIANS = 0.4;
export const MOUTH_TEXTURE = 'mouth-interior.png';

/** Thrown when the photo has no usable face; `code` is the face analysis failure code. */
export class RigBuildError extends Error {
  constructor(readonly code: string, message: string, readonly faceCount?: number) {
    super(message);
    this.name = 'RigBuildError';
  }
}

export interface BuiltRig {
  rig: Rig;
  /** PNG files by the names the rig's layers use. */
  textures: Record<string, Buffer>;
}

/**
 * Photo -> rig v1 (docs/rig-format.md): portrait crop around the face, mesh with anchors, the
 * twelve targets, the viseme table, and the mouth interior texture painted from the face's colours.
 * Pass the analysis when the caller already has it for the same image bytes.
 */
export async function buildRig(image: Buffer, analysis?: FaceAnalysis): Promise<BuiltRig> {
  const face = analysis ?? (await analyseFace(image));
  if (!face.ok) throw new RigBuildError(face.code, face.message, face.faceCount);
  if (Math.abs(face.rotation.yaw) > MAX_YAW_RADIANS) {
    throw new RigBuildError('face_turned', 'The face is turned too far from the camera; use a frontal photo.', 1);
  }
  const crop = await portraitCrop(image, face);
  const mesh = buildRigMesh(crop.mesh, await faceMeshTriangulation(), crop.size);
  // Rounded once for compact JSON, before anything (targets, UVs, the proof) is derived from them.
  mesh.vertices.forEach((x, i) => { mesh.vertices[i] = roundTo(x, 4); });
  const restMin = minSignedArea2(mesh.faceTriangles, mesh.vertices);
  if (!(restMin > 0)) throw new RigBuildError('mesh_invalid', `rest mesh has a folded or flat triangle (area ${restMin})`);

  const size = crop.size;
  const v = mesh.vertices;
  const at = (i: number): [number, number] => [v[i * 2]!, v[i * 2 + 1]!];
  const lip = sampleColour(crop.rgba, size, [16, 15, 315, 85, 11, 12].map(at), Math.max(1, mesh.frame.mouthWidth * 0.03));
  const skin = sampleColour(crop.rgba, size, [CHEEK_IMAGE_LEFT, CHEEK_IMAGE_RIGHT].map(at), Math.max(2, mesh.frame.faceWidth * 0.04));

  const faceUvs: number[] = [];
  const interiorUvs: number[] = [];
  for (let i = 0; i < v.length / 2; i++) {
    faceUvs.push(v[i * 2]! / size, v[i * 2 + 1]! / size);
    const uv = mesh.interiorUvs.get(i) ?? [0, 0];
    interiorUvs.push(uv[0], uv[1]);
  }
  const rig: Rig = {
    format: RIG_FORMAT,
    version: RIG_VERSION,
    width: size,
    height: size,
    vertices: v,
    layers: [
      { name: 'mouth-interior', texture: MOUTH_TEXTURE, uvs: interiorUvs.map((x) => roundTo(x, 6)), triangles: mesh.interiorTriangles },
      { name: 'face', texture: FACE_TEXTURE, uvs: faceUvs.map((x) => roundTo(x, 6)), triangles: mesh.faceTriangles },
    ],
    targets: [],
    visemes: VISEME_TABLE,
    face: {
      box: regionOf(v, Array.from({ length: 468 }, (_, i) => i), 0),
      mouth: extendDown(regionOf(v, [...UPPER_LIP, ...LOWER_LIP], mesh.frame.mouthWidth * 0.1), AMPLITUDE.jawOpen * mesh.frame.mouthWidth),
      leftEye: eyeRegion(v, EYE_IMAGE_RIGHT),
      rightEye: eyeRegion(v, EYE_IMAGE_LEFT),
    },
  };
  rig.targets = safeTargets(rig, buildTargets(mesh));
  const facePng = await sharp(crop.rgba, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer();
  return { rig, textures: { [FACE_TEXTURE]: facePng, [MOUTH_TEXTURE]: await paintMouthInterior(lip, skin) } };
}

/**
 * The amplitudes were tuned on the fixtures; a face of another shape could still fold somewhere in
 * the weight box. proveNoFold decides it for the whole box; if it finds a fold (or can not decide),
 * all deformations shrink by 15% and the proof runs again.
 */
function safeTargets(rig: Rig, targets: Rig['targets']): Rig['targets'] {
  for (let attempt = 0, scale = 1; attempt < 8; attempt++, scale *= 0.85) {
    const scaled = targets.map((t) => ({ ...t, deltas: t.deltas.map((d) => roundTo(d * scale, 4)) }));
    const proof = proveNoFold({ ...rig, targets: scaled });
    if (proof.folds.length === 0 && proof.undecided.length === 0) return scaled;
  }
  throw new RigBuildError('mesh_invalid', 'no amplitude of the deformation targets was proven free of folds');
}

function regionOf(v: number[], idx: readonly number[], pad: number): RigRegion {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const i of idx) {
    x0 = Math.min(x0, v[i * 2]!); x1 = Math.max(x1, v[i * 2]!);
    y0 = Math.min(y0, v[i * 2 + 1]!); y1 = Math.max(y1, v[i * 2 + 1]!);
  }
  return { x: Math.round(x0 - pad), y: Math.round(y0 - pad), width: Math.round(x1 - x0 + 2 * pad), height: Math.round(y1 - y0 + 2 * pad) };
}

function extendDown(r: RigRegion, by: number): RigRegion {
  return { ...r, height: Math.round(r.height + by) };
}

function eyeRegion(v: number[], eye: EyeLandmarks): RigRegion {
  const idx = [...eye.upperLid, ...eye.lowerLid, ...eye.corners];
  const width = Math.abs(v[eye.corners[0] * 2]! - v[eye.corners[1] * 2]!);
  return regionOf(v, idx, width * 0.1);
}
