import { describe, expect, it } from 'vitest';
import { checkSpeechRequirements } from './requirements.ts';

describe('checkSpeechRequirements', () => {
  it('finds everything on a prepared machine', () => {
    expect(checkSpeechRequirements()).toEqual({ ok: true, problems: [] });
  });

  it('names what is missing', () => {
    expect(checkSpeechRequirements({ openJTalkDictionary: '/nonexistent/dic' }).problems).toEqual([expect.stringContaining('Open JTalk dictionary missing at /nonexistent/dic')]);
    const result = checkSpeechRequirements({ voicesDir: '/nonexistent/voices' });
    expect(result.ok).toBe(false);
    expect(result.problems).toHaveLength(2);
    expect(result.problems[0]).toContain('prepare-assets');
  });
});
