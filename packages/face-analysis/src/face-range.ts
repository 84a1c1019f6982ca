import type { HeadPose } from './head-pose';

/**
 * The range of photos the avatar pipeline promises to animate. Inside it the avatar
 * must complete; outside it the task fails with the measured value and the limit.
 */
export const FACE_RANGE = {
  /** Chin to hairline, in photo pixels, as if the face looked at the camera. */
  minFaceHeightPx: 120,
  /** Turn to either side, degrees. */
  maxYawDeg: 30,
  /** In-plane tilt to either side, degrees. */
  maxRollDeg: 35,
  /** Nod up or down, degrees. */
  maxPitchDeg: 25,
  /** Share of the face's area (chin to upper forehead) outside the photo: a forehead or chin cut off by the frame. */
  maxCutOffShare: 0.1,
} as const;

/**
 * MediaPipe's mesh ends on the upper forehead (point 10), below the hairline; people measure a face
 * from chin to hairline. The forehead above point 10 is about a fifth of the mesh's height.
 */
export const HAIRLINE_ABOVE_MESH = 0.2;

/** What the range gate measures on the one face in a photo. */
export interface FaceMeasurements extends HeadPose {
  /** Chin to hairline, pixels (the mesh height plus HAIRLINE_ABOVE_MESH). */
  faceHeightPx: number;
  /** Share of the face's area (outline of the mesh, chin to upper forehead) outside the photo, 0..1. */
  cutOffShare: number;
}

export type RangeRefusalCode = 'face_too_small' | 'face_cut_off' | 'face_turned' | 'face_tilted' | 'face_nodded';

export interface RangeRefusal {
  code: RangeRefusalCode;
  /** The measured value, rounded as the message says it (px, degrees or percent). */
  measured: number;
  limit: number;
  /** One sentence for the person: the measured value and the limit. */
  message: string;
}

const round = (x: number) => Math.round(Math.abs(x));

/**
 * The one range check: null when the face is in range, else the first limit it breaks, in the
 * order size, cut-off, turn, tilt, nod (a face too small or cut off has a less reliable pose).
 * Values are compared as the message rounds them, so a refusal never reads "31 ... up to 30" for
 * 30.4 while "30 ... up to 30" would pass.
 */
export function checkFaceRange(m: FaceMeasurements): RangeRefusal | null {
  const height = Math.round(m.faceHeightPx);
  if (height < FACE_RANGE.minFaceHeightPx) {
    return { code: 'face_too_small', measured: height, limit: FACE_RANGE.minFaceHeightPx, message: `The face is ${height} px high; at least ${FACE_RANGE.minFaceHeightPx} px works.` };
  }
  const cutPercent = Math.round(m.cutOffShare * 100), maxCutPercent = Math.round(FACE_RANGE.maxCutOffShare * 100);
  if (cutPercent > maxCutPercent) {
    return { code: 'face_cut_off', measured: cutPercent, limit: maxCutPercent, message: `${cutPercent}% of the face is cut off by the edge of the photo; up to ${maxCutPercent}% works.` };
  }
  if (round(m.yawDeg) > FACE_RANGE.maxYawDeg) {
    return { code: 'face_turned', measured: round(m.yawDeg), limit: FACE_RANGE.maxYawDeg, message: `The face is turned ${round(m.yawDeg)} degrees to the side; up to ${FACE_RANGE.maxYawDeg} works.` };
  }
  if (round(m.rollDeg) > FACE_RANGE.maxRollDeg) {
    return { code: 'face_tilted', measured: round(m.rollDeg), limit: FACE_RANGE.maxRollDeg, message: `The head is tilted ${round(m.rollDeg)} degrees; up to ${FACE_RANGE.maxRollDeg} works.` };
  }
  if (round(m.pitchDeg) > FACE_RANGE.maxPitchDeg) {
    const way = m.pitchDeg > 0 ? 'down' : 'up';
    return { code: 'face_nodded', measured: round(m.pitchDeg), limit: FACE_RANGE.maxPitchDeg, message: `The face looks ${round(m.pitchDeg)} degrees ${way}; up to ${FACE_RANGE.maxPitchDeg} works.` };
  }
  return null;
}
