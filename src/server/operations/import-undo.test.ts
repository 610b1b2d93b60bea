// An import job that created links is an operation ("Imported 3 links from spring.csv"); its undo
// deletes the links it created, refusing (409) when some changed since unless force=1, and while it runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect404, get, json, post } from '../test-utils/api';
import { finished, postCsv, postFile } from '../imports/import-test-helpers';
import { visit } from '../redirect/test-helpers';

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function account(): Promise<string> {
  return (await post(t, t.adminKey, '/api/v1/users', { name: `Import undo ${++n}` })).json().data.api_key as string;
}
const csv = (prefix: string, count: number) => ['url,alias', ...Array.from({ length: count }, (_, i) => `https://imp.example/${i},${prefix}${i}`)].join('\n');
const undo = (key: string, id: number, query = '') => t.as(key, { method: 'POST', url: `/api/v1/operations/${id}/undo${query}` });
const operations = async (key: string) => (await get(t, key, '/api/v1/operations')).json().data as Record<string, unknown>[];
const aliases = async (key: string) => ((await get(t, key, '/api/v1/links?per_page=100&sort_by=alias&sort=asc')).json().data as { alias: string }[]).map((l) => l.alias);

describe('undo of an import', () => {
  it('lists the import as an operation named by its file; undo deletes its links, and leaves the links made otherwise', async () => {
    const key = await account();
    await t.as(key, { method: 'POST', url: '/api/v1/links', ...json({ url: 'https://mine.example/', alias: `mine${n}` }) });
    const job = await finished(t, key, await postFile(t, key, csv(`sp${n}-`, 3), '', 'spring.csv'));
    expect(job).toMatchObject({ status: 'completed', created: 3 });
    const [op] = await operations(key);
    expect(op).toMatchObject({ type: 'import', object: 'import', object_id: job.id, label: 'spring.csv', summary: 'Imported 3 links from spring.csv', count: 3, undoable: true });
    expect((await visit(t, `/sp${n}-0`)).statusCode).toBe(302);
    const res = await undo(key, op!.id as number);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'import', restored: 3, skipped: [], undoable: false });
    expect(await aliases(key)).toEqual([`mine${n}`]);
    expect((await visit(t, `/sp${n}-0`)).statusCode).toBe(404);
    expect((await undo(key, op!.id as number)).statusCode).toBe(409);
    // The job itself stays as it was: its report still says what it created.
    expect((await get(t, key, `/api/v1/imports/${job.id}`)).json().data).toMatchObject({ status: 'completed', created: 3 });
  });

  it("shows a file name's bidirectional controls and markup as text, never obeyed", async () => {
    const key = await account();
    const name = 'invoice\u202egpj<b>.csv';
    await finished(t, key, await postFile(t, key, csv(`bd${n}-`, 1), '', name));
    const [op] = await operations(key);
    expect(op).toMatchObject({ label: 'invoice[U+202E]gpj‹b›.csv', summary: 'Imported 1 link from invoice[U+202E]gpj‹b›.csv' });
  });

  it('refuses while links it created changed since (409 with their ids); force=1 deletes the others and leaves those', async () => {
    const key = await account();
    const job = await finished(t, key, await postCsv(t, key, csv(`ch${n}-`, 3)));
    const [op] = await operations(key);
    expect(op).toMatchObject({ object_id: job.id, label: null, summary: 'Imported 3 links' });
    const links = (await get(t, key, '/api/v1/links?per_page=100&sort_by=alias&sort=asc')).json().data as { id: number }[];
    const edited = links[1]!.id;
    await new Promise((r) => setTimeout(r, 5));
    expect((await t.as(key, { method: 'PATCH', url: `/api/v1/links/${edited}`, ...json({ title: 'Kept' }) })).statusCode).toBe(200);
    const refused = await undo(key, op!.id as number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ conflicts: [edited], conflicts_count: 1 });
    expect(await aliases(key)).toHaveLength(3);
    const forced = await undo(key, op!.id as number, '?force=1');
    expect(forced.json().data).toMatchObject({ restored: 2, skipped: [edited] });
    expect(await aliases(key)).toEqual([`ch${n}-1`]);
    expect404(await get(t, key, `/api/v1/links/${links[0]!.id}`));
  });

  it('a job still running cannot be undone; a job that created nothing is no operation', async () => {
    const key = await account();
    const job = await finished(t, key, await postCsv(t, key, csv(`run${n}-`, 2)));
    const [op] = await operations(key);
    await t.query("UPDATE imports SET status = 'importing' WHERE id = ?", job.id);
    const res = await undo(key, op!.id as number);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/still running/);
    expect(await aliases(key)).toHaveLength(2);
    await t.query("UPDATE imports SET status = 'completed' WHERE id = ?", job.id);
    // The same file again: every alias is taken, nothing is created, no operation.
    const again = await finished(t, key, await postCsv(t, key, csv(`run${n}-`, 2), '?on_conflict=skip'));
    expect(again).toMatchObject({ status: 'completed', created: 0, skipped: 2 });
    expect(await operations(key)).toHaveLength(1);
    expect((await undo(key, op!.id as number)).statusCode).toBe(200);
    expect(await aliases(key)).toEqual([]);
  });
});
