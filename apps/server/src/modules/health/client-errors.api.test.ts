import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let app: TestApp;
let port: number;

beforeAll(async () => {
  app = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
  const address = await app.server.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => app?.close());

describe('clients that break HTTP', () => {
  it('a stalled upload gets 408 and broken HTTP 400, in the API error shape, and the server keeps answering', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    // Headers of an upload, then a few bytes of the body, then nothing.
    socket.write('POST /api/users HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":');
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const heldFor = Date.now() - started;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: { code: 'request_timeout', message: 'The request was not received in time' },
    });
    expect(heldFor).toBeGreaterThanOrEqual(900);
    expect(heldFor).toBeLessThan(5_000);
    // Broken HTTP gets the API's error shape too.
    const garbage = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => garbage.once('connect', resolve));
    let garbageAnswer = '';
    garbage.on('data', (chunk: Buffer) => (garbageAnswer += chunk.toString()));
    garbage.write('NOT HTTP AT ALL\r\n\r\n');
    await new Promise<void>((resolve) => garbage.once('close', () => resolve()));
    expect(garbageAnswer).toMatch(/^HTTP\/1\.1 400/);
    expect(garbageAnswer).toContain('"code":"bad_request"');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  }, 30_000);
});
