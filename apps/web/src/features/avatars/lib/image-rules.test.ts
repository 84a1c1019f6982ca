import { imageLimits } from '@avatar-factory/contracts';
import { describe, expect, it } from 'vitest';
import { applyImageRules, loadFailedResult, validationToast, type FaceCheck, type RuleInput } from './image-rules';
import { validationMessages } from './validation-messages';
import { boxBlur, checkerboard } from './test-images';

const oneFace: FaceCheck = { kind: 'count', count: 1 };
/** A well-lit, sharp, square 1024 px photo with one face; each test changes one fact. */
function good(overrides: Partial<RuleInput> = {}): RuleInput {
  return { fileSize: 300_000, width: 1024, height: 1024, sample: checkerboard(64, 64, 60, 200), face: oneFace, ...overrides };
}

describe('applyImageRules', () => {
  it('passes a good photo with no errors or warnings and fills imageInfo', () => {
    const result = applyImageRules(good());
    expect(result).toEqual({
      passed: true,
      errors: [],
      warnings: [],
      faceCount: 1,
      imageInfo: { width: 1024, height: 1024, aspectRatio: 1, fileSize: 300_000 },
    });
  });

  it('rejects a file over 10485760 bytes and accepts exactly that size', () => {
    expect(applyImageRules(good({ fileSize: 10485760 })).passed).toBe(true);
    const over = applyImageRules(good({ fileSize: 10485761 }));
    expect(over.passed).toBe(false);
    expect(over.errors).toEqual([validationMessages.fileTooLarge(10485761)]);
    expect(over.errors[0]).toContain('10MB');
  });

  it('rejects a small image, naming the minimum and the current size', () => {
    const small = applyImageRules(good({ width: 400, height: 300, sample: checkerboard(40, 30, 60, 200, 4) }));
    expect(small.passed).toBe(false);
    expect(small.errors[0]).toContain('512x512');
    expect(small.errors[0]).toContain('400x300');
    expect(applyImageRules(good({ width: 512, height: 511 })).errors[0]).toContain('512x511');
    expect(applyImageRules(good({ width: 512, height: 512 })).passed).toBe(true);
  });

  it('warns (but passes) outside the 0.7-1.5 aspect ratio', () => {
    const wide = applyImageRules(good({ width: 1600, height: 800 }));
    expect(wide.passed).toBe(true);
    expect(wide.warnings).toEqual([validationMessages.aspectRatio(2)]);
    expect(wide.imageInfo.aspectRatio).toBe(2);
    expect(applyImageRules(good({ width: 690, height: 1000 })).warnings).toHaveLength(1);
    expect(applyImageRules(good({ width: 700, height: 1000 })).warnings).toHaveLength(0);
    expect(applyImageRules(good({ width: 1500, height: 1000 })).warnings).toHaveLength(0);
  });

  it('rejects a dark image (mean luma under 40)', () => {
    const dark = applyImageRules(good({ sample: checkerboard(64, 64, 10, 50) }));
    expect(dark.passed).toBe(false);
    expect(dark.errors).toEqual([validationMessages.tooDark]);
  });

  it('rejects a bright image (mean luma over 240)', () => {
    const bright = applyImageRules(good({ sample: checkerboard(64, 64, 235, 255) }));
    expect(bright.passed).toBe(false);
    expect(bright.errors).toEqual([validationMessages.tooBright]);
  });

  it('keeps the bounds 40 and 240 themselves', () => {
    expect(applyImageRules(good({ sample: checkerboard(64, 64, imageLimits.minBrightness, imageLimits.minBrightness) })).errors).not.toContain(
      validationMessages.tooDark,
    );
  });

  it('warns that a blurred image may be blurry', () => {
    const blurry = applyImageRules(good({ sample: boxBlur(checkerboard(64, 64, 60, 200), 4) }));
    expect(blurry.passed).toBe(true);
    expect(blurry.warnings).toEqual([validationMessages.blurry]);
  });

  it('rejects no face and several faces, with the count', () => {
    const none = applyImageRules(good({ face: { kind: 'count', count: 0 } }));
    expect(none.passed).toBe(false);
    expect(none.errors).toEqual([validationMessages.noFace]);
    expect(none.faceCount).toBe(0);
    const two = applyImageRules(good({ face: { kind: 'count', count: 2 } }));
    expect(two.passed).toBe(false);
    expect(two.errors[0]).toContain('2人');
    expect(two.errors[0]).toContain('1人だけ');
    expect(two.faceCount).toBe(2);
  });

  it('skips the face check with a warning when detection is unavailable or times out', () => {
    const unavailable = applyImageRules(good({ face: { kind: 'unavailable' } }));
    expect(unavailable.passed).toBe(true);
    expect(unavailable.warnings).toEqual([validationMessages.faceDetectionUnavailable]);
    expect(unavailable.faceCount).toBeNull();
    const late = applyImageRules(good({ face: { kind: 'timeout' } }));
    expect(late.passed).toBe(true);
    expect(late.warnings).toEqual([validationMessages.faceDetectionTimedOut]);
  });

  it('fails on a canvas problem (no pixels) and on an image that does not load', () => {
    expect(applyImageRules(good({ sample: null })).errors).toEqual([validationMessages.canvasFailed]);
    const broken = loadFailedResult(1234);
    expect(broken.passed).toBe(false);
    expect(broken.errors).toEqual([validationMessages.loadFailed]);
    expect(broken.imageInfo.fileSize).toBe(1234);
  });
});

describe('validationToast', () => {
  it('shows success 2 s, else the first error 5 s, else the first warning 4 s', () => {
    expect(validationToast(applyImageRules(good()))).toEqual({ kind: 'success', message: validationMessages.passed, duration: 2000 });
    const wideAndBlurry = applyImageRules(good({ width: 1600, height: 800, sample: boxBlur(checkerboard(64, 64, 60, 200), 4) }));
    expect(validationToast(wideAndBlurry)).toEqual({ kind: 'warning', message: validationMessages.aspectRatio(2), duration: 4000 });
    const darkAndTwoFaces = applyImageRules(good({ sample: checkerboard(64, 64, 10, 50), face: { kind: 'count', count: 2 } }));
    expect(validationToast(darkAndTwoFaces)).toEqual({ kind: 'error', message: validationMessages.tooDark, duration: 5000 });
  });
});
