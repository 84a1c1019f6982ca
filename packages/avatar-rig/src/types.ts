/**
 * Avatar rig format, version 1: the contract between the rig builder (server/worker), the live
 * renderer (browser) and the server-side portrait renderer. Documented in docs/rig-format.md.
 *
 * A rig is a 2D triangle mesh over a portrait crop. Every layer shares one vertex array; the
 * vertex positions of a frame are the rest positions plus a linear blend of sparse targets
 * (blend shapes). Layers are drawn in order, each with its own texture and UVs.
 */

import { VISEMES, type Viseme } from '@avatar-factory/contracts';

export { VISEMES };
export type VisemeId = Viseme;

/** Targets every rig v1 provides. Head targets take signed weights; the others 0..1. */
export const RIG_TARGETS = [
  'jawOpen',
  'lipsRound',
  'lipsSpread',
  'lipsPress',
  'lowerLipTuck',
  'tongueUp',
  'blinkLeft',
  'blinkRight',
  'headYaw',
  'headPitch',
  'headRoll',
  'breath',
] as const;
export type RigTargetName = (typeof RIG_TARGETS)[number];

export const RIG_FORMAT = 'avatar-rig' as const;
/** The version `buildRig` writes. Readers draw every version in SUPPORTED_RIG_VERSIONS (v1 rigs of deployed avatars stay drawable). */
export const RIG_VERSION = 2 as const;
export const SUPPORTED_RIG_VERSIONS = [1, 2] as const;
export type RigVersion = (typeof SUPPORTED_RIG_VERSIONS)[number];

export interface RigTarget {
  name: RigTargetName;
  /** Weight range the target is valid over (the no-fold guarantee holds inside it). */
  min: number;
  max: number;
  /** Indices of moved vertices, and their [dx, dy] at weight 1, in portrait pixels. */
  indices: number[];
  deltas: number[];
}

export interface RigLayer {
  name: 'mouth-interior' | 'face' | string;
  /** File name of the layer's texture beside rig.json (PNG, RGBA). */
  texture: string;
  /** Texture coordinates per vertex of the shared array, [u0, v0, u1, v1, ...] in 0..1. */
  uvs: number[];
  /** Triangle vertex indices drawn by this layer. */
  triangles: number[];
  /**
   * v2: when true, the nearer surface wins inside this layer (a depth buffer over `Rig.depth`,
   * cleared before each layer); when false or missing, triangles are painted in array order.
   * Between layers, a later layer always covers an earlier one.
   */
  depthTest?: boolean;
}

/**
 * A translucent band where the photo meets the mouth's cavity (build/lip-lining.ts), drawn over
 * the cavity and teeth and under the face: it softens an edge and covers nothing, so coverage
 * checks see the layers under it.
 */
export const LIP_LINING_LAYER = 'lip-lining';
/** The layer drawn last, translucent bands under the upper lids as they close (build/lid-lining.ts); it too covers nothing. */
export const LID_LINING_LAYER = 'lid-lining';

/** Whether a layer is one of the translucent linings: it softens edges and covers nothing. */
export function isLiningLayer(name: string): boolean {
  return name === LIP_LINING_LAYER || name === LID_LINING_LAYER;
}

export interface RigRegion { x: number; y: number; width: number; height: number }

export interface Rig {
  format: typeof RIG_FORMAT;
  version: RigVersion;
  /** Portrait size in pixels (at most 1024 on each side). */
  width: number;
  height: number;
  /** Rest positions [x0, y0, x1, y1, ...] in portrait pixels. */
  vertices: number[];
  /** v2: depth of each vertex in portrait pixels, larger = nearer the viewer (v1 rigs have none: all 0). */
  depth?: number[];
  layers: RigLayer[];
  targets: RigTarget[];
  /** Target weights that make each viseme at full strength. */
  visemes: Record<VisemeId, Partial<Record<RigTargetName, number>>>;
  /**
   * The square of the portrait that players show, in portrait pixels: where the crop leaves the
   * photo (a tight headshot), the photo's own part of it; the rest is fill the head's motion may
   * uncover at its edges. Missing: the whole portrait.
   */
  view?: RigRegion;
  /** Landmarks of the rest pose, for renderers and tests. */
  face: {
    box: RigRegion;
    mouth: RigRegion;
    leftEye: RigRegion;
    rightEye: RigRegion;
  };
}

/** Per-frame animation state: one weight per target name (missing = 0). */
export type RigWeights = Partial<Record<RigTargetName, number>>;
