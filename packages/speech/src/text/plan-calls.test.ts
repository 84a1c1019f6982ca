import { describe, expect, it } from 'vitest';
import { planEngineCalls } from './plan-calls.ts';
import { segmentByLanguage } from './script-segments.ts';
import { splitSentences } from './split-sentences.ts';

const calls = (plan: ReturnType<typeof planEngineCalls>) => plan.units.reduce((sum, unit) => sum + segmentByLanguage(unit, plan.language).length, 0);

describe('planEngineCalls', () => {
  it('merges 100 tiny sentences into at most the allowed calls, keeping every sentence in order', () => {
    const sentences = splitSentences('あ。'.repeat(100));
    expect(sentences).toHaveLength(100);
    const plan = planEngineCalls(sentences, 'auto', 6);
    expect(calls(plan)).toBeLessThanOrEqual(6);
    expect(plan.units.join(' ').replace(/\s/g, '')).toBe('あ。'.repeat(100));
  });

  it('leaves ordinary sentences as they are', () => {
    const sentences = ['今日はとてもいい天気ですね、散歩に行きましょう。', 'The weather is lovely today, shall we go for a walk?'];
    expect(planEngineCalls(sentences, 'auto', 8)).toEqual({ units: sentences, language: 'auto' });
  });

  it('speaks text that switches script on every word in its main language rather than in 50 calls', () => {
    const text = 'one two three あいう '.repeat(25);
    const unbounded = planEngineCalls(splitSentences(text), 'auto');
    expect(calls(unbounded)).toBeGreaterThan(40);
    const plan = planEngineCalls(splitSentences(text), 'auto', 8);
    expect(plan.language).toBe('en');
    expect(calls(plan)).toBeLessThanOrEqual(8);
  });
});
