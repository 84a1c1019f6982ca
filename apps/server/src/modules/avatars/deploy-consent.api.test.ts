import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployConsentStatement, taskListSchema, taskSchema, userSchema, voiceModelSchema, type Task } from '@avatar-factory/contracts';
import { expectError } from '../../testing/expect-error';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * The deploy call carries the owner's confirmation as an optional JSON body; the
 * server checks it and stores it, its time and the user with the deployment. The spec's call
 * without a body keeps working. No worker runs here: the deploy call itself is the subject (the
 * whole deploy, body-less, is in avatars.api.test.ts).
 */
describe('deploy consent', () => {
  let t: TestApp;
  let alice: { authorization: string };
  let aliceId: string;

  /** A finished avatar, as the generation job leaves it (the job itself is tested elsewhere). */
  async function completedAvatar(name: string, voice: { voiceType: 'female' } | { voiceType: 'custom'; voiceModelId: string } = { voiceType: 'female' }) {
    const row = await t.repositories.avatars.insert({
      userId: aliceId,
      avatarName: name,
      voiceType: voice.voiceType,
      voiceModelId: voice.voiceType === 'custom' ? voice.voiceModelId : null,
      defaultVoice: voice.voiceType === 'custom' ? null : voice.voiceType,
      status: 'completed',
      progress: 100,
      currentStep: 'Done',
      hasResult: true,
      resultMessage: 'Avatar generated successfully',
      photoKey: 'unused',
    });
    return row!.id;
  }
  const deploy = (id: string, payload?: unknown) =>
    t.server.inject({ method: 'POST', url: `/api/tasks/${id}/deploy`, headers: alice, ...(payload === undefined ? {} : { payload: JSON.stringify(payload), headers: { ...alice, 'content-type': 'application/json' } }) });
  const getTask = async (id: string): Promise<Task> => taskSchema.parse((await t.server.inject({ method: 'GET', url: `/api/tasks/${id}`, headers: alice })).json());
  /** What the deploy job does when publishing fails: back to ready. */
  const failDeployment = (id: string) => t.repositories.avatars.transitionDeploy(id, 'deploying', { deployStatus: 'ready', resultMessage: 'Deployment failed' });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    aliceId = userSchema.parse((await t.server.inject({ method: 'GET', url: '/api/users/me', headers: alice })).json()).id;
  });
  afterAll(() => t.close());

  it('stores the confirmation, its time and the user with the deployment, and shows when it was given', async () => {
    const id = await completedAvatar('Consented');
    const before = Date.now();
    const res = await deploy(id, { consent: { likeness: true } });
    expect(res.statusCode).toBe(202);
    const task = taskSchema.parse(res.json());
    expect(task.result).toMatchObject({ deploy_status: 'deploying', deploy_consent: { confirmed_at: expect.any(String), voice: false } });
    const confirmedAt = Date.parse(task.result!.deploy_consent!.confirmed_at);
    expect(confirmedAt).toBeGreaterThanOrEqual(before - 1);
    expect(confirmedAt).toBeLessThanOrEqual(Date.now());

    const row = await t.repositories.avatars.findById(id);
    expect(row).toMatchObject({
      deployStatus: 'deploying',
      deployConsent: { likeness: true, voice: false, statement: deployConsentStatement(false), voiceModelId: null },
      deployConsentUserId: aliceId,
    });
    expect(row!.deployConsentAt!.getTime()).toBe(confirmedAt);
    // The list shows it too.
    const listed = taskListSchema.parse((await t.server.inject({ method: 'GET', url: '/api/tasks', headers: alice })).json()).find((entry) => entry.taskId === id);
    expect(listed?.result?.deploy_consent).toEqual(task.result!.deploy_consent);
  });

  it('deploys without a body, as the spec calls it, and with an empty or unknown body, confirming nothing', async () => {
    for (const [name, payload] of [['No body', undefined], ['Empty object', {}], ['Unknown field', { note: 'from a script' }]] as const) {
      const id = await completedAvatar(name);
      const res = await deploy(id, payload);
      expect(res.statusCode, name).toBe(202);
      expect(taskSchema.parse(res.json()).result, name).toMatchObject({ deploy_status: 'deploying', deploy_consent: null });
      const row = await t.repositories.avatars.findById(id);
      expect([row!.deployConsent, row!.deployConsentAt, row!.deployConsentUserId], name).toEqual([null, null, null]);
    }
  });

  it('refuses a confirmation that does not confirm (422, naming the field) and leaves the avatar ready', async () => {
    const id = await completedAvatar('Refused');
    for (const payload of [{ consent: { likeness: false } }, { consent: {} }, { consent: { likeness: 'true' } }, { consent: 'yes' }, { consent: { likeness: true, voice: 'yes' } }, [], 'yes']) {
      const error = expectError(await deploy(id, payload), 422, 'validation_error');
      expect(typeof error.detail === 'object' && error.detail.errors?.[0]?.field, JSON.stringify(payload)).toMatch(/^body/);
    }
    const likeness = expectError(await deploy(id, { consent: { likeness: false } }), 422, 'validation_error');
    expect(typeof likeness.detail === 'object' && likeness.detail.errors).toEqual([{ field: 'body.consent.likeness', message: 'Confirm that you are the person shown or have their permission' }]);
    expect((await getTask(id)).result).toMatchObject({ deploy_status: 'ready', deploy_consent: null });
  });

  it('an avatar with a personal voice needs the voice confirmed too, and the record names the model', async () => {
    const created = await t.server.inject({ method: 'POST', url: '/api/voice-models', headers: alice, payload: { name: 'My voice', is_public: false } });
    const model = voiceModelSchema.parse(created.json());
    const id = await completedAvatar('Own voice', { voiceType: 'custom', voiceModelId: model.id });
    const missing = expectError(await deploy(id, { consent: { likeness: true } }), 422, 'validation_error');
    expect(typeof missing.detail === 'object' && missing.detail.errors?.[0]?.field).toBe('body.consent.voice');
    expect((await getTask(id)).result?.deploy_status).toBe('ready');

    const res = await deploy(id, { consent: { likeness: true, voice: true } });
    expect(res.statusCode).toBe(202);
    expect(taskSchema.parse(res.json()).result?.deploy_consent?.voice).toBe(true);
    expect((await t.repositories.avatars.findById(id))!.deployConsent).toEqual({ likeness: true, voice: true, statement: deployConsentStatement(true), voiceModelId: model.id });
  });

  it('keeps the confirmation through a failed deployment for the retry; a new confirmation replaces it', async () => {
    const id = await completedAvatar('Retried');
    const first = taskSchema.parse((await deploy(id, { consent: { likeness: true } })).json()).result!.deploy_consent!;
    await failDeployment(id);
    const retried = await deploy(id);
    expect(retried.statusCode).toBe(202);
    expect(taskSchema.parse(retried.json()).result?.deploy_consent).toEqual(first);

    await failDeployment(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = taskSchema.parse((await deploy(id, { consent: { likeness: true } })).json()).result!.deploy_consent!;
    expect(Date.parse(again.confirmed_at)).toBeGreaterThan(Date.parse(first.confirmed_at));
    // A deployment in progress cannot be confirmed over: the call is refused and nothing changes.
    expectError(await deploy(id, { consent: { likeness: true } }), 409, 'not_deployable');
    expect((await getTask(id)).result?.deploy_consent).toEqual(again);
  });
});
