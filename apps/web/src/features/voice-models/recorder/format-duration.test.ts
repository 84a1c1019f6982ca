import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('shows whole seconds as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(3450)).toBe('0:03');
    expect(formatDuration(75_000)).toBe('1:15');
    expect(formatDuration(-5)).toBe('0:00');
  });
});
