// Small helpers on top of createTestApp for the API tests: create resources, read bodies, check error shapes.
import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { form, type TestApp } from './test-app';

type Fields = Record<string, string | number> | [string, string | number][];

/** JSON body for inject(). */
export function json(body: unknown): InjectOptions {
  return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

export async function post(t: TestApp, key: string, url: string, fields: Fields): Promise<LightMyRequestResponse> {
  return t.as(key, { method: 'POST', url, ...form(fields) });
}

/** Creates a resource with a form body and returns `data`; fails the test when it is not a 201. */
export async function create<T = Record<string, unknown>>(t: TestApp, key: string, resource: string, fields: Fields): Promise<T & { id: number }> {
  const res = await post(t, key, `/api/v1/${resource}`, fields);
  if (res.statusCode !== 201) throw new Error(`create ${resource}: ${res.statusCode} ${res.body}`);
  return res.json().data as T & { id: number };
}

export const createLink = (t: TestApp, key: string, fields: Fields) => create<Record<string, unknown>>(t, key, 'links', fields);

export async function get(t: TestApp, key: string, url: string): Promise<LightMyRequestResponse> {
  return t.as(key, { method: 'GET', url });
}

/** Asserts the contract's 422 body exactly: message = first error, errors = {field: [...]}, status 422. */
export function expect422(res: LightMyRequestResponse, ...fields: string[]): Record<string, string[]> {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json() as { message: string; errors: Record<string, string[]>; status: number };
  expect(Object.keys(body).sort()).toEqual(['errors', 'message', 'status']);
  expect(body.status).toBe(422);
  expect(typeof body.message).toBe('string');
  const first = Object.values(body.errors)[0]?.[0];
  expect(body.message).toBe(first);
  for (const f of fields) {
    expect(body.errors, `errors should name ${f}: ${res.body}`).toHaveProperty([f]);
    expect(Array.isArray(body.errors[f])).toBe(true);
    expect(body.errors[f]?.length).toBeGreaterThan(0);
  }
  return body.errors;
}

export function expect404(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json()).toEqual({ message: 'Resource not found.', status: 404 });
}

export function expect401(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toEqual({ message: 'Unauthenticated.', status: 401 });
}

/** Ids of a list answer, in order. */
export const ids = (res: LightMyRequestResponse): number[] => (res.json().data as { id: number }[]).map((r) => r.id);
