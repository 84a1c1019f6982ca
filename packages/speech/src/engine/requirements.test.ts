import { describe, expect, it } from 'vitest';
import { checkSpeechRequirements } from './requirements.ts';

describe('checkSpeechRequirements', () => {
  it('finds everything on a prepared machine', () => {
    expect(checkSpeechRequirements()).toEqual({ ok: true, problems: [] });
  });

  it('names what is missing', () => {
    const saved = process.env.SPEECH_VOICES_DIR;
    process.env.SPEECH_VOICES_DIR = '/nonexistent/voices';
    try {
      const result = checkSpeechRequirements();
      expect(result.ok).toBe(false);
      expect(result.problems).toHaveLength(2);
      expect(result.problems[0]).toContain('prepare-assets');
    } finally {
      if (saved === undefined) delete process.env.SPEECH_VOICES_DIR;
      else process.env.SPEECH_VOICES_DIR = saved;
    }
  });
});
