import { describe, expect, it } from 'vitest';
import { checkFaceRange, FACE_RANGE, type FaceMeasurements } from './face-range';

const frontal: FaceMeasurements = { yawDeg: 0, pitchDeg: 0, rollDeg: 0, faceHeightPx: 300, cutOffShare: 0 };

describe('checkFaceRange', () => {
  it('passes a face at every limit (values compared as the message rounds them)', () => {
    expect(checkFaceRange({ yawDeg: -30.4, pitchDeg: 25.4, rollDeg: 35.2, faceHeightPx: 119.6, cutOffShare: 0.104 })).toBeNull();
  });

  it('names the measured value and the limit for each limit', () => {
    expect(checkFaceRange({ ...frontal, yawDeg: -38.2 })).toEqual({ code: 'face_turned', measured: 38, limit: 30, message: 'The face is turned 38 degrees to the side; up to 30 works.' });
    expect(checkFaceRange({ ...frontal, rollDeg: 41 })).toEqual({ code: 'face_tilted', measured: 41, limit: 35, message: 'The head is tilted 41 degrees; up to 35 works.' });
    expect(checkFaceRange({ ...frontal, pitchDeg: -27 })?.message).toBe('The face looks 27 degrees up; up to 25 works.');
    expect(checkFaceRange({ ...frontal, pitchDeg: 31 })?.message).toBe('The face looks 31 degrees down; up to 25 works.');
    expect(checkFaceRange({ ...frontal, faceHeightPx: 98.2 })?.message).toBe('The face is 98 px high; at least 120 px works.');
    expect(checkFaceRange({ ...frontal, cutOffShare: 0.13 })?.message).toBe('13% of the face is cut off by the edge of the photo; up to 10% works.');
  });

  it('reports size first, then cut-off, turn, tilt and nod', () => {
    expect(checkFaceRange({ yawDeg: 50, pitchDeg: 40, rollDeg: 50, faceHeightPx: 50, cutOffShare: 0.5 })?.code).toBe('face_too_small');
    expect(checkFaceRange({ yawDeg: 50, pitchDeg: 40, rollDeg: 50, faceHeightPx: 500, cutOffShare: 0.5 })?.code).toBe('face_cut_off');
    expect(checkFaceRange({ yawDeg: 50, pitchDeg: 40, rollDeg: 50, faceHeightPx: 500, cutOffShare: 0 })?.code).toBe('face_turned');
    expect(checkFaceRange({ yawDeg: 0, pitchDeg: 40, rollDeg: 50, faceHeightPx: 500, cutOffShare: 0 })?.code).toBe('face_tilted');
  });

  it('has the promised limits: 120 px, yaw 30, roll 35, pitch 25, a tenth cut off', () => {
    expect(FACE_RANGE).toEqual({ minFaceHeightPx: 120, maxYawDeg: 30, maxRollDeg: 35, maxPitchDeg: 25, maxCutOffShare: 0.1 });
  });
});
