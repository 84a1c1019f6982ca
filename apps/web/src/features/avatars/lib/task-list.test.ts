import type { TaskView } from '@avatar-factory/contracts';
import { taskSchema } from '@avatar-factory/contracts';
import { describe, expect, it } from 'vitest';
import { mergeTask, optimisticTask, prependTask, sortNewestFirst, transitionToast } from './task-list';

function task(overrides: Partial<TaskView>): TaskView {
  return taskSchema.parse({
    taskId: 't1', avatarName: 'Grace', status: 'processing', progress: 10, currentStep: 'Analysing face', message: '',
    voice_type: 'female', voice_model_id: null, enable_lipsync: true, created_at: '2026-11-21T10:00:00.000Z', result: null,
    ...overrides,
  });
}

describe('task list helpers', () => {
  it('adds a new task first as processing with progress 0, valid by the contract', () => {
    const fresh = optimisticTask({ taskId: 'n1', avatarName: 'New' }, { voiceType: 'male', voiceModelId: null, enableLipsync: false });
    expect(taskSchema.parse(fresh)).toEqual(fresh);
    expect(fresh).toMatchObject({ status: 'processing', progress: 0, result: null, voice_type: 'male', enable_lipsync: false });
    const list = prependTask([task({})], fresh);
    expect(list.map((t) => t.taskId)).toEqual(['n1', 't1']);
    expect(prependTask(list, fresh)).toHaveLength(2);
  });

  it('merges polled fields into the matching task only', () => {
    const list = [task({}), task({ taskId: 't2', avatarName: 'Ada' })];
    const merged = mergeTask(list, { taskId: 't2', status: 'completed', progress: 100 });
    expect(merged[1]).toMatchObject({ taskId: 't2', avatarName: 'Ada', status: 'completed', progress: 100 });
    expect(merged[0]).toBe(list[0]);
  });

  it('sorts newest first', () => {
    const list = [task({ taskId: 'a', created_at: '2026-01-01T00:00:00Z' }), task({ taskId: 'b', created_at: '2026-02-01T00:00:00Z' })];
    expect(sortNewestFirst(list).map((t) => t.taskId)).toEqual(['b', 'a']);
  });

  it('toasts only when a processing task completes or fails', () => {
    expect(transitionToast('processing', 'completed')).toEqual({ kind: 'success', message: 'Avatar generation completed.' });
    expect(transitionToast('processing', 'failed')).toEqual({ kind: 'error', message: 'Avatar generation failed.' });
    expect(transitionToast('processing', 'processing')).toBeNull();
    expect(transitionToast('completed', 'completed')).toBeNull();
  });
});
