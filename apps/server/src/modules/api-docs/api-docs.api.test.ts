import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@avatar-factory/contracts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { apiDocsPaths } from './api-docs.plugin';
import { committedDocumentPath, documentText } from './committed-document';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown; security?: unknown[]; tags?: string[] }>>;
}

describe('the API document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const answer = await t.server.inject({ method: 'GET', url: apiDocsPaths.document });
    expect(answer.statusCode).toBe(200);
    document = answer.json<OpenApiDocument>();
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 with every /api operation and its schemas, and no web page or docs asset', () => {
    expect(document.openapi).toBe('3.1.0');
    const paths = Object.keys(document.paths);
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
    expect(paths).not.toContain(apiDocsPaths.document);
    expect(paths.some((p) => p.startsWith(apiDocsPaths.reader))).toBe(false);
    const getTask = document.paths['/api/tasks/{taskId}']?.get;
    expect(Object.keys(getTask?.responses ?? {})).toContain('200');
    expect(document.paths['/api/users']?.post?.requestBody).toBeDefined();
  });

  it('marks exactly the operations that refuse a request without a token as needing the bearer token', async () => {
    const wrong: string[] = [];
    for (const [documented, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = documented.replace(/\{[^}]+\}/g, 'x');
        const answer = await t.server.inject({ method: method.toUpperCase() as 'GET', url });
        const needsToken = (operation.security?.length ?? 0) > 0;
        if (needsToken !== (answer.statusCode === 401)) wrong.push(`${method} ${documented}: ${answer.statusCode}`);
        expect(operation.tags?.length, `${method} ${documented} has a section`).toBe(1);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names every call the web client makes (the contracts' apiRoutes) with its method", () => {
    const missing = Object.entries(apiRoutes).filter(([, route]) => {
      const [method, pattern] = route.split(' ') as [string, string];
      const documented = `/api${pattern.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      return !document.paths[documented]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it('is the document committed as docs/openapi.json (run `npm run openapi` after changing a route)', async () => {
    const committed = await fs.readFile(committedDocumentPath, 'utf8').catch(() => '(missing)');
    expect(committed === documentText(document), `${committedDocumentPath} is stale: run npm run openapi`).toBe(true);
  });

  it('has a reader at /api/docs whose scripts and styles the app serves itself', async () => {
    const page = await t.server.inject({ method: 'GET', url: `${apiDocsPaths.reader}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset).not.toMatch(/^(https?:)?\/\//);
      const url = new URL(asset, `http://localhost${apiDocsPaths.reader}/`).pathname;
      const answer = await t.server.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
    }
  });
});
