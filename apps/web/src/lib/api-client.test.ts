// @vitest-environment happy-dom
import { type IncomingMessage } from 'node:http';
import { apiRoute, tokenResponseSchema, userSchema } from '@avatar-factory/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { removeStoredToken, storeToken } from './token-storage';
import { startLocalServer, type LocalServer } from '../testing/local-server';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/** A real HTTP server that records each request and answers what the route table says. */
let server: LocalServer;
let baseUrl: string;
const seen: Seen[] = [];
const routes: Record<string, { status: number; body?: unknown; headers?: Record<string, string> }> = {
  'POST /api/token': { status: 200, body: { access_token: 'jwt-abc', token_type: 'bearer' } },
  'GET /api/users/me': { status: 200, body: { id: 'u1', email: 'ada@example.com', created_at: '2026-01-01T00:00:00Z' } },
  'POST /api/users': {
    status: 409,
    body: { detail: { code: 'email_taken', message: 'This email is already registered' } },
  },
  'GET /api/limited': { status: 429, body: { detail: { code: 'too_many_attempts', message: 'Wait' } }, headers: { 'Retry-After': '17' } },
  'GET /api/broken': { status: 200, body: { id: 7 } },
  'DELETE /api/tasks/a%20b%2F1': { status: 204 },
};

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      // CORS, because the test page's origin differs from this server's.
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE');
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
      if (req.method === 'OPTIONS') return res.writeHead(204).end();
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const route = routes[`${req.method} ${req.url}`] ?? { status: 404, body: { detail: 'Not Found' } };
      res.writeHead(route.status, { 'Content-Type': 'application/json', ...route.headers });
      res.end(route.body === undefined ? undefined : JSON.stringify(route.body));
    });
  });
  baseUrl = `${server.origin}/api`;
});

afterAll(() => server.close());
afterEach(() => {
  seen.length = 0;
  removeStoredToken();
});

describe('apiRequest', () => {
  it('posts a form body and validates the answer with the contract schema', async () => {
    const answer = await apiRequest(apiRoute('signIn'), {
      body: { kind: 'form', value: { username: 'ada@example.com', password: 'p@ss word&' } },
      schema: tokenResponseSchema,
      baseUrl,
    });
    expect(answer).toEqual({ access_token: 'jwt-abc', token_type: 'bearer' });
    expect(seen[0]?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(seen[0]?.body).get('password')).toBe('p@ss word&');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the stored token as the bearer credential, read at call time', async () => {
    storeToken('jwt-abc');
    expect(window.localStorage.getItem('token')).toBe('jwt-abc');
    const user = await apiRequest(apiRoute('currentUser'), { schema: userSchema, baseUrl });
    expect(user.email).toBe('ada@example.com');
    expect(seen[0]?.headers.authorization).toBe('Bearer jwt-abc');
  });

  it('turns an error answer into an ApiError with the contract detail', async () => {
    const failure = apiRequest(apiRoute('register'), {
      body: { kind: 'json', value: { email: 'ada@example.com', password: 'longenough' } },
      schema: userSchema,
      baseUrl,
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    const error = (await failure.catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.code).toBe('email_taken');
    expect(error.message).toBe('This email is already registered');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ email: 'ada@example.com', password: 'longenough' });
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('passes Retry-After on to the error', async () => {
    const error = (await apiRequest({ method: 'GET', path: '/limited' }, { baseUrl }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(17);
  });

  it('rejects an answer that breaks the contract instead of passing it on', async () => {
    await expect(apiRequest({ method: 'GET', path: '/broken' }, { schema: userSchema, baseUrl })).rejects.toThrow();
  });

  it('builds the method and the percent-encoded path from the named route, and the query string', async () => {
    await apiRequest(apiRoute('suggestedSentences'), { query: { lang: 'en' }, baseUrl }).catch(() => undefined);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/voice-sentences/suggested-texts?lang=en' });
  });

  it('resolves bodiless answers when no schema is given', async () => {
    await expect(apiRequest(apiRoute('deleteTask', { taskId: 'a b/1' }), { baseUrl })).resolves.toBeUndefined();
  });
});
