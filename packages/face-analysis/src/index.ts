export * from './types';
export { analyseFace, analyseFramedCloser, FACE_MIN_SCORE, type AnalyseOptions } from './analyse-face';
export { readOrientation, type Orientation } from './upside-down';
export { checkFaceRange, FACE_RANGE, HAIRLINE_ABOVE_MESH, type FaceMeasurements, type RangeRefusal, type RangeRefusalCode } from './face-range';
export { measureFace } from './measure-face';
export { measureHeadPose, type HeadPose } from './head-pose';
export { faceMeshTriangulation } from './human-instance';
export { humanModelsDir, tfjsWasmDir } from './human-paths';
export { cutSquare, type Square } from './cut-square';
