/** Quality checks of a built rig (Node only): the avatar report and the corpus tests use them. */
export { geometryQuality, type GeometryQuality } from './geometry-quality';
export { mouthGap } from './mouth-gap';
export { innerLipGap, rigMouthGap } from './rig-mouth-gap';
export { QUALITY_GOALS, opensEnough, closesEnough, shutsOnBlink } from './goals';
export { openAtBlink } from './blink-closure';
export { nonFiniteNumbers } from './finite-rig';
export { skinSqueeze } from './skin-squeeze';
export { contactSheet, sheetPoses } from './contact-sheet';
export { sampledPoses, type SampledPose } from './poses';
export { INNER_LIP_RING } from './inner-lip-polygon';
export { faceCloseup, type Closeup } from './closeup';
