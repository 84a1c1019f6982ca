import { describe, expect, it } from 'vitest';
import { progressColour, progressPercent } from './progress-colour';

const thresholds = { poor: 30, medium: 70 };

describe('progress colour', () => {
  it('is red up to and including the poor threshold', () => {
    expect(progressColour(0, thresholds)).toBe('red');
    expect(progressColour(30, thresholds)).toBe('red');
  });

  it('is yellow above poor up to and including medium', () => {
    expect(progressColour(30.01, thresholds)).toBe('yellow');
    expect(progressColour(70, thresholds)).toBe('yellow');
  });

  it('is green above medium', () => {
    expect(progressColour(70.5, thresholds)).toBe('green');
    expect(progressColour(100, thresholds)).toBe('green');
  });

  it('works from counts: 3/10 red, 5/10 yellow, 8/10 green, 9/30 red, 10/30 yellow', () => {
    expect(progressColour(progressPercent(3, 10), thresholds)).toBe('red');
    expect(progressColour(progressPercent(5, 10), thresholds)).toBe('yellow');
    expect(progressColour(progressPercent(8, 10), thresholds)).toBe('green');
    expect(progressColour(progressPercent(9, 30), thresholds)).toBe('red');
    expect(progressColour(progressPercent(10, 30), thresholds)).toBe('yellow');
  });

  it('clamps the percentage to 0-100', () => {
    expect(progressPercent(12, 10)).toBe(100);
    expect(progressPercent(-1, 10)).toBe(0);
    expect(progressPercent(1, 0)).toBe(100);
  });
});
