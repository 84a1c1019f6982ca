export * from './animation/index';
export { createAvatarPlayer, type AvatarPlayer, type AvatarPlayerOptions, type SpeakRequest } from './player/avatar-player';
export { loadRigBundle, parseRig, type RigBundle } from './player/load-rig-bundle';
export { createCanvas2dBackend } from './player/canvas2d-backend';
export { createWebGl2Backend, probeWebGl2 } from './player/webgl2-backend';
export type { BackendKind, RenderBackend } from './player/backend';
export { letterbox, backingSize, type Viewport } from './player/layout';
