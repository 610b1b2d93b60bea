// Three client generators on the live document: @hey-api/openapi-ts, openapi-typescript (with
// openapi-fetch) and orval 7, pinned in package.json. Each generates its client into a temp directory, next to a
// copy of a small caller (typed-client/*-calls.ts); all of it must compile under `strict` with no error (the
// callers' @ts-expect-error lines prove the types are not `any`: an unneeded one is an error too), and then each
// caller creates a link, reads it by its integer id, finds it in the list and deletes it on the listening server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { createClient } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';
import { generate } from 'orval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import type { RoundTrip } from './typed-client/round-trip';

const callers = path.join(path.dirname(fileURLToPath(import.meta.url)), 'typed-client');
/** Each generator: where its client goes in the temp directory, and the caller that uses it. */
const GENERATORS = {
  '@hey-api/openapi-ts': { out: 'hey-api', caller: 'hey-api-calls.ts' },
  'openapi-typescript': { out: 'openapi-typescript', caller: 'openapi-fetch-calls.ts' },
  orval: { out: 'orval', caller: 'orval-calls.ts' },
} as const;
type Generator = keyof typeof GENERATORS;

/** `tsc --strict` for a browser or Node client: the DOM's fetch types, no ambient @types. */
const STRICT: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
};

let t: TestApp;
let baseUrl: string;
let dir: string;
const errors: Record<string, string[]> = {};

async function generateAll(doc: Record<string, unknown>, docFile: string): Promise<void> {
  const into = (generator: Generator) => path.join(dir, GENERATORS[generator].out);
  fs.mkdirSync(into('openapi-typescript'));
  fs.writeFileSync(path.join(into('openapi-typescript'), 'linkdeck-api.ts'), astToString(await openapiTS(doc as never)));
  await createClient({ input: docFile, output: { path: into('@hey-api/openapi-ts') }, plugins: ['@hey-api/client-fetch'], logs: { level: 'silent', file: false } } as never);
  await generate({ input: { target: docFile }, output: { target: path.join(into('orval'), 'linkdeck-api.ts'), client: 'fetch', baseUrl, prettier: false } });
}

/** One program over every generated file and caller; each diagnostic is put down to the generator whose file it is in. */
function compileAll(): void {
  const files = (sub: string) => fs.readdirSync(path.join(dir, sub), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, sub, f));
  const entries = Object.entries(GENERATORS) as [Generator, (typeof GENERATORS)[Generator]][];
  const roots = entries.flatMap(([, g]) => [path.join(dir, g.caller), ...files(g.out)]);
  const program = ts.createProgram(roots, STRICT);
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file?.fileName ?? '';
    const owner = entries.find(([, g]) => file === path.join(dir, g.caller) || file.startsWith(path.join(dir, g.out) + path.sep))?.[0];
    const where = d.file ? `${path.relative(dir, file)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '(program)';
    // A diagnostic in none of them (round-trip.ts, the options) counts against all three.
    for (const generator of owner ? [owner] : entries.map(([g]) => g)) (errors[generator] ??= []).push(`${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const doc = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as Record<string, unknown>;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkdeck-clients-'));
  // The callers' imports (openapi-fetch) and the compiler resolve from the project's node_modules.
  fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const file of ['round-trip.ts', ...Object.values(GENERATORS).map((g) => g.caller)]) fs.copyFileSync(path.join(callers, file), path.join(dir, file));
  const docFile = path.join(dir, 'openapi.json');
  fs.writeFileSync(docFile, JSON.stringify(doc));
  await generateAll(doc, docFile);
  compileAll();
}, 120_000);
afterAll(async () => {
  await t.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each(Object.keys(GENERATORS) as Generator[])('the client %s generates from the live document', (generator) => {
  it('compiles under strict with no error', () => {
    expect(fs.readdirSync(path.join(dir, GENERATORS[generator].out)).length).toBeGreaterThan(0);
    expect(errors[generator] ?? []).toEqual([]);
  });

  it('creates a link, gets it by its integer id, lists and deletes it', async () => {
    const caller = path.join(dir, GENERATORS[generator].caller);
    const { linkRoundTrip } = (await import(/* @vite-ignore */ caller)) as { linkRoundTrip(baseUrl: string, key: string, alias: string): Promise<RoundTrip> };
    const alias = `gen-${GENERATORS[generator].out}`;
    const result = await linkRoundTrip(baseUrl, t.userKey, alias);
    expect(result).toEqual({ id: expect.any(Number), alias, fetched: alias, listed: [result.id], deleted: true, gone: 404 });
    expect((await t.as(t.userKey, { method: 'GET', url: `/api/v1/links/${result.id}` })).statusCode).toBe(404);
  });
});

it('counts a client that does not compile: a wrong type in a generated file is an error of its generator', { timeout: 60_000 }, () => {
  const file = path.join(dir, 'orval', 'broken.ts');
  fs.writeFileSync(file, "import { getLink } from './linkdeck-api';\nexport const wrong = getLink('1');\n");
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], STRICT));
  expect(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n')).toMatch(/not assignable to parameter of type 'number'/);
});
