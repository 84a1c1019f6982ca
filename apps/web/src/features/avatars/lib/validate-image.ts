import { detectFaces } from './face-detector';
import { sampleSize, type Rgba } from './image-metrics';
import { applyImageRules, loadFailedResult, type FaceCheck, type ImageValidationResult } from './image-rules';

/** Longer side of the copy given to the face detector: BlazeFace works at 128-256 px anyway. */
const faceSampleSize = 640;

/** Decodes a photo through an <img> (the browser's own JPEG/PNG decoder, EXIF rotation applied). */
function decode(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The image could not be decoded'));
    };
    image.src = url;
  });
}

function drawScaled(image: HTMLImageElement, max: number): HTMLCanvasElement {
  const size = sampleSize(image.naturalWidth, image.naturalHeight, max);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('2D canvas is not available');
  context.drawImage(image, 0, 0, size.width, size.height);
  return canvas;
}

export type ValidateImageOptions = { faceDetection?: (canvas: HTMLCanvasElement) => Promise<FaceCheck> };

/** Client-side checks of a selected photo: decode, measure, detect faces, apply the rules. */
export async function validateImage(file: File, options: ValidateImageOptions = {}): Promise<ImageValidationResult> {
  let image: HTMLImageElement;
  try {
    image = await decode(file);
  } catch {
    return loadFailedResult(file.size);
  }
  const width = image.naturalWidth;
  const height = image.naturalHeight;

  let sample: Rgba | null = null;
  let face: FaceCheck | null = null;
  try {
    const small = drawScaled(image, 512);
    const context = small.getContext('2d');
    if (!context) throw new Error('2D canvas is not available');
    sample = context.getImageData(0, 0, small.width, small.height);
    face = await (options.faceDetection ?? detectFaces)(drawScaled(image, faceSampleSize));
  } catch {
    // A canvas that cannot be read (e.g. out of memory) is an error of its own.
    sample = null;
  }
  return applyImageRules({ fileSize: file.size, width, height, sample, face });
}
