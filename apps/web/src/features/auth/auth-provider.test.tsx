// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getStoredToken, removeStoredToken, storeToken } from '../../lib/token-storage';
import { openPageAt, startLocalServer, type LocalServer } from '../../testing/local-server';
import { AuthProvider } from './auth-provider';
import { useAuth } from './auth-context';

/** The page's origin: a real server that knows one token, 'good', for ada. */
let server: LocalServer;
const ada = { id: 'u-1', email: 'ada@example.com', created_at: '2026-01-01T00:00:00.000Z' };

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/api/token' && req.method === 'POST') return res.writeHead(200).end(JSON.stringify({ access_token: 'good', token_type: 'bearer' }));
      if (req.url === '/api/users/me' && req.headers.authorization === 'Bearer good') return res.writeHead(200).end(JSON.stringify(ada));
      res.writeHead(401).end(JSON.stringify({ detail: 'Could not validate credentials' }));
    });
  });
  openPageAt(`${server.origin}/`);
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  removeStoredToken();
});

function renderAuth() {
  const client = new QueryClient();
  let loggedOut = 0;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AuthProvider onLoggedOut={() => (loggedOut += 1)}>{children}</AuthProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useAuth(), { wrapper });
  return { ...hook, client, loggedOut: () => loggedOut };
}

describe('AuthProvider', () => {
  it('without a stored token: signed out at once, nothing loading', () => {
    const { result } = renderAuth();
    expect(result.current).toMatchObject({ isLoading: false, isAuthenticated: false, user: null, isRegistering: false });
  });

  it('a stored token that works signs the user in after the start-up check', async () => {
    storeToken('good');
    const { result, client } = renderAuth();
    expect(result.current.isLoading).toBe(true);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ isAuthenticated: true, user: ada });
    // One place: the query cache holds the very user the screens see.
    expect(client.getQueryData(['users', 'me'])).toEqual(ada);
  });

  it('a stored token the server refuses is discarded and the user is signed out', async () => {
    storeToken('expired');
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current).toMatchObject({ isAuthenticated: false, user: null });
    expect(getStoredToken()).toBeNull();
  });

  it('sign-in stores the token and loads the user; logout clears both and the form choice', async () => {
    const { result, client, loggedOut } = renderAuth();
    act(() => result.current.setIsRegistering(true));
    await act(() => result.current.login('ada@example.com', 'correct horse'));
    expect(result.current).toMatchObject({ isAuthenticated: true, user: ada });
    expect(getStoredToken()).toBe('good');
    act(() => result.current.logout());
    expect(result.current).toMatchObject({ isAuthenticated: false, user: null, isRegistering: false });
    expect(getStoredToken()).toBeNull();
    expect(client.getQueryData(['users', 'me'])).toBeUndefined();
    expect(loggedOut()).toBe(1);
  });
});
