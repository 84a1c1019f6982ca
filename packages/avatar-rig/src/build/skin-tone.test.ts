import { describe, expect, it } from 'vitest';
import { looksLikeSkin } from './skin-tone';
import type { Rgb } from './mouth-interior-texture';

// The cheeks, the lit forehead at the photo's top edge, the dark hair and the black wall are read off mk-marc-cut-top-131;
// the shaded skin (the cheeks at 0.74 of their light), grey hair and sky are made up for their case.
const cheeks: Rgb = [162, 115, 91];

describe('looksLikeSkin', () => {
  it('takes the same skin lit more or less for skin', () => {
    expect(looksLikeSkin([228, 181, 161], cheeks)).toBe(true);
    expect(looksLikeSkin([120, 84, 66], cheeks)).toBe(true);
  });

  it('does not take dark hair, a black wall, grey hair or a blue sky for skin', () => {
    expect(looksLikeSkin([23, 15, 12], cheeks)).toBe(false);
    expect(looksLikeSkin([5, 4, 2], cheeks)).toBe(false);
    expect(looksLikeSkin([180, 180, 178], cheeks)).toBe(false);
    expect(looksLikeSkin([120, 160, 210], cheeks)).toBe(false);
  });
});
