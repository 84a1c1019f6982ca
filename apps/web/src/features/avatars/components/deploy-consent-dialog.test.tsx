// @vitest-environment happy-dom
import { deployConsentStatement, taskViewSchema, type DeployConsent, type TaskView } from '@avatar-factory/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DeployConsentDialog } from './deploy-consent-dialog';

afterEach(cleanup);

function task(overrides: Partial<TaskView> = {}): TaskView {
  return taskViewSchema.parse({
    taskId: 't1', avatarName: 'Grace', status: 'completed', progress: 100, currentStep: 'Done', message: '',
    voice_type: 'female', voice_model_id: null, enable_lipsync: true, created_at: '2026-11-21T10:00:00.000Z',
    result: { message: 'ok', preview_url: null, deploy_status: 'ready', deploy_consent: null },
    ...overrides,
  });
}

function setup(value: TaskView) {
  const confirmed: DeployConsent[] = [];
  let cancelled = 0;
  render(<DeployConsentDialog task={value} productName="Hibiki" onConfirm={(consent) => confirmed.push(consent)} onCancel={() => (cancelled += 1)} />);
  const dialog = screen.getByRole('dialog', { name: 'Publish a synthetic likeness?' });
  return { dialog, confirmed, cancelled: () => cancelled };
}

describe('DeployConsentDialog', () => {
  it('sends nothing until the statement is ticked, then the likeness consent', async () => {
    const { dialog, confirmed } = setup(task());
    expect(dialog.textContent).toContain('public Hibiki Web Avatar page');
    const deploy = screen.getByRole('button', { name: 'Confirm and deploy' }) as HTMLButtonElement;
    expect(deploy.disabled).toBe(true);
    await userEvent.click(deploy);
    expect(confirmed).toEqual([]);
    await userEvent.click(screen.getByRole('checkbox', { name: deployConsentStatement(false) }));
    expect(deploy.disabled).toBe(false);
    await userEvent.click(deploy);
    expect(confirmed).toEqual([{ likeness: true, voice: false }]);
  });

  it('covers the voice as well for an avatar with a personal voice model', async () => {
    const { confirmed } = setup(task({ voice_type: 'custom', voice_model_id: 'm1' }));
    expect(screen.getByText(/in its personal voice/)).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: deployConsentStatement(true) }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and deploy' }));
    expect(confirmed).toEqual([{ likeness: true, voice: true }]);
  });

  it('Cancel and Escape call back without a confirmation', async () => {
    const { confirmed, cancelled } = setup(task());
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancelled()).toBe(1);
    await userEvent.keyboard('{Escape}');
    expect(cancelled()).toBe(2);
    expect(confirmed).toEqual([]);
  });
});
