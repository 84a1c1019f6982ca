import { describe, expect, it } from 'vitest';
import { speechRegion } from './speech-region.ts';

const frames = (pattern: string) => [...pattern].map((c) => c === '1');

describe('speechRegion', () => {
  it('spans from the first to the last run of at least three speech frames', () => {
    expect(speechRegion(frames('0010001110011011110100'))).toEqual({ first: 6, last: 17 });
  });

  it('ignores clicks and breaths shorter than three frames, and finds nothing in silence', () => {
    expect(speechRegion(frames('0110010110'))).toBeNull();
    expect(speechRegion(frames('00000'))).toBeNull();
    expect(speechRegion(frames('111'))).toEqual({ first: 0, last: 2 });
  });
});
