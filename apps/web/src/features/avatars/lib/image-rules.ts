import { imageLimits } from '@avatar-factory/contracts';
import { averageBrightness, edgeSharpness, type Rgba } from './image-metrics';
import { validationMessages as m } from './validation-messages';

/** The result of checking a selected photo. */
export type ImageValidationResult = {
  passed: boolean;
  errors: string[];
  warnings: string[];
  faceCount: number | null;
  imageInfo: { width: number; height: number; aspectRatio: number; fileSize: number };
};

/** What face detection reported: a count, or why it could not run (then the check is skipped). */
export type FaceCheck = { kind: 'count'; count: number } | { kind: 'unavailable' } | { kind: 'timeout' };

export type RuleInput = {
  fileSize: number;
  /** Natural size of the decoded photo. */
  width: number;
  height: number;
  /** The photo's pixels, possibly scaled down (see sharpnessSampleSize); null if none could be read. */
  sample: Rgba | null;
  face: FaceCheck | null;
};

/** The photo rules, in order, over measured facts. Passing means no errors. */
export function applyImageRules(input: RuleInput): ImageValidationResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const { width, height, fileSize } = input;
  const aspectRatio = height > 0 ? width / height : 0;

  if (fileSize > imageLimits.maxBytes) errors.push(m.fileTooLarge(fileSize));
  if (width < imageLimits.minWidth || height < imageLimits.minHeight) errors.push(m.tooSmall(width, height));
  if (aspectRatio < imageLimits.minAspectRatio || aspectRatio > imageLimits.maxAspectRatio) warnings.push(m.aspectRatio(aspectRatio));

  if (input.sample) {
    const brightness = averageBrightness(input.sample);
    if (brightness < imageLimits.minBrightness) errors.push(m.tooDark);
    else if (brightness > imageLimits.maxBrightness) errors.push(m.tooBright);
    if (edgeSharpness(input.sample) < imageLimits.blurThreshold) warnings.push(m.blurry);
  } else {
    errors.push(m.canvasFailed);
  }

  let faceCount: number | null = null;
  const face = input.face;
  if (face?.kind === 'count') {
    faceCount = face.count;
    if (face.count === 0) errors.push(m.noFace);
    else if (face.count > 1) errors.push(m.multipleFaces(face.count));
  } else if (face?.kind === 'timeout') {
    warnings.push(m.faceDetectionTimedOut);
  } else if (face?.kind === 'unavailable') {
    warnings.push(m.faceDetectionUnavailable);
  }

  return { passed: errors.length === 0, errors, warnings, faceCount, imageInfo: { width, height, aspectRatio, fileSize } };
}

/** A photo that could not be decoded at all. */
export function loadFailedResult(fileSize: number): ImageValidationResult {
  return {
    passed: false,
    errors: [m.loadFailed],
    warnings: [],
    faceCount: null,
    imageInfo: { width: 0, height: 0, aspectRatio: 0, fileSize },
  };
}

/** After selection one toast: success (2 s), else the first error (5 s), else the first warning (4 s). */
export function validationToast(result: ImageValidationResult): { kind: 'success' | 'warning' | 'error'; message: string; duration: number } {
  const firstError = result.errors[0];
  if (firstError !== undefined) return { kind: 'error', message: firstError, duration: 5000 };
  const firstWarning = result.warnings[0];
  if (firstWarning !== undefined) return { kind: 'warning', message: firstWarning, duration: 4000 };
  return { kind: 'success', message: m.passed, duration: 2000 };
}
