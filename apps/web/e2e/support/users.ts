import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

export type TestUser = { email: string; password: string };

/** A user nobody has registered yet (each test gets its own, so tests never collide). */
export function createTestUser(overrides: Partial<TestUser> = {}): TestUser {
  return { email: `e2e-${randomUUID().slice(0, 8)}@example.com`, password: 'correct horse battery', ...overrides };
}

/** Registers through the real API (for tests whose subject is not registration itself). */
export async function registerViaApi(baseUrl: string, user: TestUser): Promise<void> {
  const response = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (response.status !== 201) throw new Error(`POST /api/users answered ${response.status}: ${await response.text()}`);
}

/** Signs in through the auth screen, as a person would, and waits for the signed-in navigation. */
export async function signInViaUi(page: Page, appUrl: string, user: TestUser): Promise<void> {
  await page.goto(`${appUrl}auth`);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}
