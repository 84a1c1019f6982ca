import type { VoiceModel, VoiceModelStatus } from '@avatar-factory/contracts';
import { describe, expect, it } from 'vitest';
import { trainingNotices } from './training-transitions';

function model(id: string, status: VoiceModelStatus): VoiceModel {
  return { id, name: id, is_public: false, status, created_at: '2026-01-01T00:00:00Z', metadata: { sentence_count: 2, quality_score: null, language: 'ja', error: null } };
}

const trainingBefore = new Map<string, VoiceModelStatus>([['a', 'training'], ['b', 'training'], ['c', 'recording']]);

describe('trainingNotices', () => {
  it('congratulates the open model and, differently worded, one that finished in the background', () => {
    const notices = trainingNotices(trainingBefore, [model('a', 'ready'), model('b', 'ready'), model('c', 'ready')], 'a', new Set());
    expect(notices).toEqual([
      { modelId: 'a', tone: 'success', message: 'Voice model training completed!' },
      { modelId: 'b', tone: 'success', message: 'Voice training completed successfully' },
    ]);
  });

  it('reports a failed training, but not one the user cancelled', () => {
    const notices = trainingNotices(trainingBefore, [model('a', 'failed'), model('b', 'failed')], null, new Set(['b']));
    expect(notices).toEqual([{ modelId: 'a', tone: 'error', message: 'Voice model training failed' }]);
  });

  it('says nothing while training goes on, for new models, or on the first look', () => {
    expect(trainingNotices(trainingBefore, [model('a', 'training'), model('new', 'ready')], 'a', new Set())).toEqual([]);
    expect(trainingNotices(new Map(), [model('a', 'ready')], 'a', new Set())).toEqual([]);
  });
});
