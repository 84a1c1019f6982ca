/** Node-only entry (sharp, face analysis): building rigs and rendering them on the CPU. */
export { buildRig, RigBuildError, FACE_TEXTURE, MOUTH_TEXTURE, MAX_YAW_RADIANS, type BuiltRig } from './build/build-rig';
export { renderRigPng, renderRigRgba, renderRigFrame, decodeTextures, type DecodedTextures, type RenderedFrame } from './render/render-rig';
export type { RgbaImage } from './render/rasterise';
export { signedArea2, minSignedArea2 } from './geometry/signed-area';
export { proveNoFold, type FoldProof } from './geometry/fold-bound';
export { foldGridCheck, type GridResult } from './geometry/fold-grid';
