import type { FaceMeasurements, RangeRefusal, RangeRefusalCode } from './face-range';

/** A 3D landmark in image pixels (z is relative depth on the same scale as x, as Human reports it). */
export type MeshPoint = [x: number, y: number, z: number];

export interface Box { x: number; y: number; width: number; height: number }

export interface Iris {
  /** Iris centre in image pixels. */
  center: [number, number];
  /** Mean distance of the four iris contour points to the centre, in pixels. */
  radius: number;
}

export interface FaceFound {
  ok: true;
  imageWidth: number;
  imageHeight: number;
  /** MediaPipe face mesh: 468 points, or 478 with the two irises (468-472 and 473-477). */
  mesh: MeshPoint[];
  /** Iris of the eye on the image's left (subject's right) and on the image's right, when found. */
  iris: { imageLeft: Iris; imageRight: Iris } | null;
  /** Tight box from the min/max of the 468 mesh points (Human's own face.box is a loose crop). */
  box: Box;
  /** Human's overall face score, 0..1. */
  confidence: number;
  /**
   * Head rotation as Human itself estimates it, radians. It under-reads turns (a profile reads as
   * 37 degrees): the range gate uses `measurements` instead.
   */
  rotation: { yaw: number; pitch: number; roll: number };
  /** Head pose in degrees, face height and share cut off, as the range gate measured them. */
  measurements: FaceMeasurements;
}

export type FaceFailureCode = 'no_face' | 'multiple_faces' | RangeRefusalCode;

export interface FaceFailure {
  ok: false;
  code: FaceFailureCode;
  /** English, for logs and API messages. */
  message: string;
  /** Faces counted at or above the confidence threshold. */
  faceCount: number;
  imageWidth: number;
  imageHeight: number;
  /** When exactly one face was found: what was measured on it. */
  measurements?: FaceMeasurements;
  /** When the face is out of range: the limit it breaks, with the measured value. */
  refusal?: RangeRefusal;
}

export type FaceAnalysis = FaceFound | FaceFailure;
