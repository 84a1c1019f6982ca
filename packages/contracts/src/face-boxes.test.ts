import { describe, expect, it } from 'vitest';
import { distinctFaces, type FaceBox } from './face-boxes';

const box = (x: number, y: number, width: number, height: number): FaceBox => ({ x, y, width, height });
const count = (boxes: FaceBox[]) => distinctFaces(boxes, (b) => b).length;

describe('distinctFaces', () => {
  it('takes boxes lying mostly inside a larger face for that face (measured on a 512 x 1024 portrait)', () => {
    // Human's detections on grace_hopper.jpg padded to 512 x 1024: the face and two halves of it.
    const detections = [box(328, 569, 92, 131), box(215, 530, 202, 242), box(186, 575, 108, 134)];
    expect(distinctFaces(detections, (b) => b)).toEqual([box(215, 530, 202, 242)]);
  });

  it('takes a box around a cheek, less than half of it inside the face, for that face (a small JPEG headshot)', () => {
    // Human's detections on clm-bill-murray-snl-crop at 223 x 195, JPEG quality 38: his face, and
    // a box half its size around his left cheek and the hair beside it, 0.43 of it inside the face.
    expect(count([box(63, 4, 142, 143), box(27, 31, 63, 75)])).toBe(1);
  });

  it('keeps faces side by side, near each other, or overlapping less than two fifths of the smaller', () => {
    expect(count([box(0, 0, 200, 240), box(512, 20, 200, 240)])).toBe(2);
    expect(count([box(0, 0, 200, 240), box(190, 0, 200, 240)])).toBe(2);
    // A child's face in front of a parent's shoulder, a third of it over the parent's face box.
    expect(count([box(0, 0, 200, 240), box(150, 100, 150, 150)])).toBe(2);
  });

  it('counts no face far smaller than the largest (measured on a shrunk portrait)', () => {
    // Human's face meshes on argonfree-team-4 shrunk to 317 x 317: her face, and one on her fingers.
    expect(count([box(116, 63, 97, 105), box(206, 171, 16, 18)])).toBe(1);
  });

  it('keeps a second face as small as those in the corpus photos of several people', () => {
    // softui-meeting: the two faces' mesh boxes, the smaller 0.66 of the larger's height.
    expect(count([box(1279, 469, 88, 130), box(955, 378, 67, 86)])).toBe(2);
    expect(count([box(0, 0, 200, 240), box(400, 0, 60, 80)])).toBe(2);
  });

  it('counts nothing for no detections and one for one', () => {
    expect(count([])).toBe(0);
    expect(count([box(10, 10, 50, 60)])).toBe(1);
  });
});
