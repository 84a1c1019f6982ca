// @vitest-environment happy-dom
import type { IncomingHttpHeaders } from 'node:http';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../lib/token-storage';
import { LiveAvatar } from './live-avatar';
import { startLocalServer, type LocalServer } from '../../testing/local-server';

/** A real HTTP server standing in for the rig routes; it records the headers of each request. */
let server: LocalServer;
let baseUrl: string;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = await startLocalServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (req.url?.startsWith('/wrong-version/')) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ format: 'avatar-factory-rig', version: 999 }));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: 'Not found' }));
  });
  baseUrl = server.origin;
});

afterAll(() => server.close());

afterEach(() => {
  cleanup();
  seen.length = 0;
  window.localStorage.clear();
});

describe('LiveAvatar', () => {
  it('shows a loading state named after the avatar, then the error state when the rig is missing', async () => {
    const { container } = render(<LiveAvatar rigBaseUrl={`${baseUrl}/missing/rig/`} lipsync label="Grace" />);
    expect(screen.getByRole('img', { name: 'Grace' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading Grace' })).toBeTruthy();
    expect(container.firstElementChild?.getAttribute('data-state')).toBe('loading');
    expect(await screen.findByText('The avatar could not be loaded.')).toBeTruthy();
    expect(container.firstElementChild?.getAttribute('data-state')).toBe('error');
    expect(seen.map((r) => r.url)).toEqual(['/missing/rig/rig.json']);
  });

  it('refuses a rig of another format version', async () => {
    render(<LiveAvatar rigBaseUrl={`${baseUrl}/wrong-version/rig/`} lipsync={false} label="Grace" />);
    expect(await screen.findByText('The avatar could not be loaded.')).toBeTruthy();
  });

  it('sends the bearer token only for the owner rig', async () => {
    storeToken('jwt-owner');
    render(<LiveAvatar rigBaseUrl={`${baseUrl}/owner/rig/`} authenticated lipsync label="Mine" />);
    await screen.findByText('The avatar could not be loaded.');
    cleanup();
    render(<LiveAvatar rigBaseUrl={`${baseUrl}/public/rig/`} lipsync label="Public" />);
    await screen.findByText('The avatar could not be loaded.');
    expect(seen.find((r) => r.url.startsWith('/owner/'))?.headers.authorization).toBe('Bearer jwt-owner');
    expect(seen.find((r) => r.url.startsWith('/public/'))?.headers.authorization).toBeUndefined();
  });
});
