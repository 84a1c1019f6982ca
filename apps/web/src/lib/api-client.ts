import type { ApiTarget } from '@avatar-factory/contracts';
import type { z } from 'zod';
import { parseApiError } from './api-error';
import { apiBaseUrl } from './env';
import { getStoredToken } from './token-storage';

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, string> }
  | { kind: 'multipart'; value: FormData };

export type RequestOptions<S extends z.ZodType | undefined> = {
  body?: Body;
  /** Query string parameters, encoded. */
  query?: Record<string, string>;
  /** The contract schema of the answer; omit for answers without a body (204) or not read. */
  schema?: S;
  signal?: AbortSignal;
  /** Base URL override (tests, or a page served from another origin). */
  baseUrl?: string;
};

type Result<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Told when the server refuses a token the client sent (401): the session has ended (expired
 * token, deleted user, new signing secret). The token is passed so a listener can tell the first
 * refusal from later ones of the same, already ended session.
 */
type UnauthorizedListener = (rejectedToken: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * One typed fetch for every API call (`target` from the contracts' `apiRoute`): adds the bearer
 * token from local storage (read per call, so a token stored at sign-in is used at once), encodes
 * the body, validates the answer with the contract schema and turns errors into ApiError.
 */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  target: ApiTarget,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body?.kind === 'json') {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body.value);
  } else if (options.body?.kind === 'form') {
    body = new URLSearchParams(options.body.value);
  } else if (options.body?.kind === 'multipart') {
    body = options.body.value;
  }

  const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const response = await fetch(`${options.baseUrl ?? apiBaseUrl}${target.path}${query}`, {
    method: target.method,
    headers,
    body,
    signal: options.signal,
  });

  if (!response.ok) {
    if (response.status === 401 && token) for (const listener of unauthorizedListeners) listener(token);
    throw parseApiError(response.status, await readJson(response), response.headers.get('Retry-After'));
  }
  if (!options.schema) return undefined as Result<S>;
  return options.schema.parse(await response.json()) as Result<S>;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
