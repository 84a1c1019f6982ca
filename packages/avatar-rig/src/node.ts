/** Node-only entry (sharp, face analysis): building rigs and rendering them on the CPU. */
export { buildRig, RigBuildError, FACE_TEXTURE, MOUTH_TEXTURE, type BuiltRig } from './build/build-rig';
export { mirrorRig } from './build/mirror-rig';
export { CROP_PER_FACE, MAX_PORTRAIT } from './build/portrait-crop';
export { renderRigPng, renderRigRgba, renderRigFrame, decodeTextures, type DecodedTextures, type RenderedFrame } from './render/render-rig';
export { portraitPng } from './render/portrait';
export type { RgbaImage } from './render/rasterise';
export { signedArea2, minSignedArea2 } from './geometry/signed-area';
export { relieveFolds } from './geometry/fold-relief';
