import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document listing every path, without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes).toBeDefined();
    const paths = Object.keys(doc.paths);
    for (const p of ['/api/v1/links', '/api/v1/links/{id}', '/api/v1/domains', '/api/v1/domains/{id}', '/api/v1/spaces', '/api/v1/spaces/{id}', '/api/v1/pixels', '/api/v1/pixels/{id}', '/api/v1/users', '/api/v1/users/{id}', '/api/v1/account', '/api/v1/account/api-key', '/api/v1/stats/{link_id}']) {
      expect(paths, p).toContain(p);
    }
    expect(Object.keys(doc.paths['/api/v1/links/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'patch', 'delete']));
    const listParams = (doc.paths['/api/v1/links'].get.parameters as { name: string; in: string }[]).map((p) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['search', 'search_by', 'status', 'space_id', 'domain_id', 'pixel_id', 'sort_by', 'sort', 'per_page', 'page']));
    expect(doc.paths['/api/v1/links'].post.requestBody).toBeDefined();
    // Every operation has responses, and the document is plain JSON (round-trips).
    for (const ops of Object.values(doc.paths) as Record<string, { responses?: unknown }>[]) {
      for (const op of Object.values(ops)) expect(op.responses).toBeDefined();
    }
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('serves a readable reference page at /api/v1/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs' });
    const page = res.statusCode === 302 ? await t.app.inject({ method: 'GET', url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/<html/i);
  });
});
