import type { TaskView } from '@avatar-factory/contracts';
import { describe, expect, it } from 'vitest';
import { avatarStatusBadge, deployView, displayStatus, taskBadge } from './task-badge';

const result = (deploy_status: 'ready' | 'deploying' | 'deployed'): NonNullable<TaskView['result']> => ({
  message: 'ok',
  preview_url: deploy_status === 'deployed' ? 'http://x/w/abc' : null,
  deploy_status,
});

describe('taskBadge', () => {
  it('follows the five rules', () => {
    expect(taskBadge({ status: 'completed', result: result('ready') })).toEqual({ label: 'Completed', tone: 'success' });
    expect(taskBadge({ status: 'failed', result: result('ready') })).toEqual({ label: 'Warning', tone: 'warning' });
    expect(taskBadge({ status: 'processing', result: null })).toEqual({ label: 'Processing', tone: 'info' });
    expect(taskBadge({ status: 'failed', result: null })).toEqual({ label: 'Failed', tone: 'error' });
    expect(taskBadge({ status: 'queued-by-a-newer-server', result: null })).toEqual({ label: 'Idle', tone: 'neutral' });
    expect(taskBadge({ status: 'completed', result: null })).toEqual({ label: 'Idle', tone: 'neutral' });
  });

  it('maps unknown statuses to idle', () => {
    expect(displayStatus('processing')).toBe('processing');
    expect(displayStatus('paused')).toBe('idle');
  });
});

describe('deployView', () => {
  it('offers deploy only for a completed, ready task', () => {
    expect(deployView({ status: 'completed', result: result('ready') })).toBe('deploy');
    expect(deployView({ status: 'failed', result: result('ready') })).toBe('none');
    expect(deployView({ status: 'processing', result: null })).toBe('none');
    expect(deployView({ status: 'completed', result: result('deploying') })).toBe('deploying');
    expect(deployView({ status: 'completed', result: result('deployed') })).toBe('deployed');
  });
});

describe('avatarStatusBadge', () => {
  it('names the avatar status, idle for unknown values', () => {
    expect(avatarStatusBadge('completed').label).toBe('Completed');
    expect(avatarStatusBadge('processing').label).toBe('Processing');
    expect(avatarStatusBadge('failed').label).toBe('Failed');
    expect(avatarStatusBadge('archived').label).toBe('Idle');
  });
});
