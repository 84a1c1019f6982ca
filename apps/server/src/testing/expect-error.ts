import { expect } from 'vitest';
import { errorResponseSchema, type ErrorResponse } from '@avatar-factory/contracts';
import type { TestApp } from './test-app';

interface Answer {
  statusCode: number;
  body: string;
  json(): unknown;
}

/**
 * Asserts a refusal a caller can rely on: the status, the API's error shape (`{detail: text}` or
 * `{detail: {code, message, errors?}}`) and, when given, the code (or the text of a plain detail).
 */
export function expectError(res: Answer, status: number, code?: string): ErrorResponse {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  const body = errorResponseSchema.parse(res.json());
  if (code !== undefined) expect(typeof body.detail === 'string' ? body.detail : body.detail.code).toBe(code);
  return body;
}

/** The server is still up and answering after whatever was thrown at it. */
export async function expectHealthy(t: TestApp): Promise<void> {
  const res = await t.server.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
}
