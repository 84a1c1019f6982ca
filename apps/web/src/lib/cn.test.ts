import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it("lets the caller's class win over the component's default for the same property", () => {
    expect(cn('px-4 py-2.5 text-white bg-indigo-600', 'px-3 bg-red-600')).toBe('py-2.5 text-white px-3 bg-red-600');
  });
  it('keeps unrelated classes and skips empty ones', () => {
    expect(cn('rounded-lg', false, undefined, 'shadow-sm')).toBe('rounded-lg shadow-sm');
  });
});
