import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { MAX_ID } from '../../shared/fields';
import { literalUnionAsEnum } from './generator-shapes';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
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
    // Its scripts and styles load from where the page says (they once pointed outside /api/v1: a blank page).
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const url of assets) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type'], url).toMatch(/javascript|css/);
    }
    expect(page.headers['content-security-policy']).not.toMatch(/validator\.swagger\.io|upgrade-insecure-requests/);
  });
});

describe('the document as client generators and linters read it', () => {
  let doc: OpenAPIV3_1.Document;
  const operations = () =>
    Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item ?? {})
        .filter(([method]) => METHODS.includes(method))
        .map(([method, op]) => ({ path, method, op: op as OpenAPIV3_1.OperationObject })),
    );
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  });

  it('is valid for swagger-parser, and the catch-all route stays out of it', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    expect(Object.keys(doc.paths ?? {}).filter((p) => p.includes('*'))).toEqual([]);
  });

  it("has no errors or warnings under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'info-license': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('gives every operation a unique operationId, a summary, a description and a described success answer', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(70);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of ops) {
      const where = `${method} ${path}`;
      expect(op.summary, where).toMatch(/^[A-Z]/);
      expect(op.description?.length ?? 0, where).toBeGreaterThan(20);
      const success = Object.entries(op.responses ?? {}).filter(([code]) => /^[23]/.test(code));
      expect(success.length, where).toBeGreaterThan(0);
      for (const [code, answer] of success as [string, OpenAPIV3_1.ResponseObject][]) {
        expect(answer.description, `${where} ${code}`).not.toBe('Default Response');
        if (code === '204' || code.startsWith('3')) continue;
        const media = Object.values(answer.content ?? {});
        expect(media.length, `${where} ${code} content`).toBeGreaterThan(0);
        for (const m of media) expect(m.schema, `${where} ${code} schema`).toBeDefined();
      }
      for (const code of ['401', '429']) expect(op.responses?.[code], `${where} ${code}`).toBeDefined();
      if (path.includes('{')) expect(op.responses?.['404'], `${where} 404`).toEqual({ $ref: '#/components/responses/NotFound' });
      if (op.requestBody || op.parameters?.some((p) => 'in' in p && p.in === 'query')) expect(op.responses?.['422'], `${where} 422`).toBeDefined();
      if (path.startsWith('/api/v1/users')) expect(op.responses?.['403'], `${where} 403`).toBeDefined();
    }
  });

  it('names the answer schemas, and every error answer uses the error schema', () => {
    const schemas = Object.keys(doc.components?.schemas ?? {});
    for (const name of ['Link', 'LinkPage', 'Domain', 'DomainPage', 'Space', 'Pixel', 'Tag', 'User', 'DeleteResult', 'Error', 'PageMeta', 'PageLinks']) {
      expect(schemas, name).toContain(name);
    }
    expect(schemas.filter((s) => /stats/i.test(s)).length).toBeGreaterThan(0);
    for (const [name, answer] of Object.entries(doc.components?.responses ?? {}) as [string, OpenAPIV3_1.ResponseObject][]) {
      expect(answer.content?.['application/json']?.schema, name).toEqual({ $ref: '#/components/schemas/Error' });
    }
    const link = doc.paths?.['/api/v1/links/{id}']?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(JSON.stringify(link.content?.['application/json']?.schema)).toContain('#/components/schemas/Link"');
  });

  it('describes JSON and form bodies (bracket notation) and carries examples for creating a link', () => {
    const body = doc.paths?.['/api/v1/links']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(Object.keys(body.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(body.description).toMatch(/pixel_ids\[\]=1/);
    expect(body.content['application/x-www-form-urlencoded']?.encoding?.targets).toEqual({ style: 'deepObject', explode: true });
    expect(body.content['application/json']?.example).toMatchObject({ url: expect.stringMatching(/^https:/) });
    const created = doc.paths?.['/api/v1/links']?.post?.responses?.['201'] as OpenAPIV3_1.ResponseObject;
    expect(created.content?.['application/json']?.example).toMatchObject({ data: { alias: expect.any(String) }, status: 200 });
  });

  it('gives generators one shape for each thing: integer path ids, one enum per union of literals, named media schemas', async () => {
    for (const { path, method, op } of operations()) {
      for (const param of (op.parameters ?? []) as OpenAPIV3_1.ParameterObject[]) {
        // Every path parameter is an id but an invitation's token (a secret, not a row id).
        const shape = param.name === 'token' ? { type: 'string' } : { type: 'integer', minimum: 1, maximum: MAX_ID };
        if (param.in === 'path') expect(param.schema, `${method} ${path} {${param.name}}`).toEqual(shape);
      }
      const body = op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
      const answers = Object.values(op.responses ?? {}) as OpenAPIV3_1.ResponseObject[];
      for (const content of [body?.content, ...answers.map((a) => a.content)]) {
        const media = Object.entries(content ?? {});
        if (media.length > 1) for (const [type, m] of media) expect(m.schema, `${method} ${path} ${type}`).toEqual({ $ref: expect.stringMatching(/^#\/components\/schemas\/\w+$/) });
      }
    }
    const qr = doc.paths?.['/api/v1/links/{id}/qr']?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(qr.content?.['image/svg+xml']?.schema).toEqual({ $ref: '#/components/schemas/GetLinkQrCodeSvg' });
    expect((doc.paths?.['/api/v1/links']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/CreateLinkBody' });
    // No anyOf of literals is left: they are one enum (dry_run was "0" | "1" | 0 | 1, and orval made NUMBER_0 twice).
    const literalUnions: string[] = [];
    JSON.stringify(doc, (key, value: { anyOf?: { const?: unknown; enum?: unknown[] }[] }) => {
      if (value?.anyOf?.every((s) => 'const' in s || s.enum?.length === 1)) literalUnions.push(`${key}: ${JSON.stringify(value)}`);
      return value;
    });
    expect(literalUnions).toEqual([]);
    const dryRun = (doc.paths?.['/api/v1/links/bulk']?.post?.parameters as OpenAPIV3_1.ParameterObject[]).find((p) => p.name === 'dry_run');
    expect(dryRun?.schema).toEqual({ type: 'integer', enum: [0, 1] });
    // A path id that is no integer still names nothing: 404, as before.
    for (const id of ['abc', '0', '1.5']) expect((await t.as(t.userKey, { method: 'GET', url: `/api/v1/links/${id}` })).statusCode, id).toBe(404);
  });

  it('writes a union of literals as one enum only when every branch is a literal of one type', () => {
    const shape = (anyOf: unknown[], extra = {}) => {
      const schema: Record<string, unknown> = { anyOf, ...extra };
      literalUnionAsEnum(schema);
      return schema;
    };
    expect(shape([{ type: 'number', const: 0 }, { type: 'number', enum: [1] }], { description: 'd' })).toEqual({ type: 'integer', enum: [0, 1], description: 'd' });
    expect(shape([{ type: 'string', const: 'a' }, { type: 'string', const: 'b' }])).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(shape([{ type: 'number', const: 0.5 }, { type: 'number', const: 1 }])).toEqual({ type: 'number', enum: [0.5, 1] });
    const mixed = [{ type: 'string', const: '0' }, { type: 'number', const: 0 }];
    expect(shape(mixed)).toEqual({ anyOf: mixed });
    const nullable = [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }];
    expect(shape(nullable)).toEqual({ anyOf: nullable });
  });
});
