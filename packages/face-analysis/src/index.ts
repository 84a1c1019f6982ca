export * from './types';
export { analyseFace, FACE_MIN_SCORE, MIN_FACE_PX, MAX_OUTSIDE_SHARE, type AnalyseOptions } from './analyse-face';
export { faceMeshTriangulation } from './human-instance';
export { humanModelsDir, tfjsWasmDir } from './human-paths';
