import type { TaskView } from '@avatar-factory/contracts';
import { describe, expect, it } from 'vitest';
import { needsDeployConsent } from './deploy-consent';

const result = (deploy_consent: NonNullable<TaskView['result']>['deploy_consent']): TaskView['result'] => ({ message: 'ok', preview_url: null, deploy_status: 'ready', deploy_consent });
const confirmed = (voice: boolean) => ({ confirmed_at: '2026-11-24T10:00:00.000Z', voice });

describe('needsDeployConsent', () => {
  it('asks before the first deploy, and when an older server sends no record', () => {
    expect(needsDeployConsent({ voice_type: 'female', result: result(null) })).toBe(true);
    expect(needsDeployConsent({ voice_type: 'female', result: result(undefined) })).toBe(true);
  });

  it('does not ask again once confirmed, unless the avatar now speaks with a personal voice the record does not cover', () => {
    expect(needsDeployConsent({ voice_type: 'female', result: result(confirmed(false)) })).toBe(false);
    expect(needsDeployConsent({ voice_type: 'custom', result: result(confirmed(false)) })).toBe(true);
    expect(needsDeployConsent({ voice_type: 'custom', result: result(confirmed(true)) })).toBe(false);
  });
});
