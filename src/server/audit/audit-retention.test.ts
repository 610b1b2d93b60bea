// The audit log's retention: entries older than AUDIT_RETENTION_DAYS are deleted in batches of the
// oldest ids (audit.repo.ts prune, run by audit.plugin.ts); 0 keeps them forever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { loadConfig } from '../config';
import { PRUNE_BATCH } from './audit.repo';
import type { AuditLogTable } from '../db/schema-features';
import type { Insertable } from 'kysely';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T00:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW - d * DAY).toISOString();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ auditRetentionDays: 30 });
});
afterAll(async () => t.close());

/** Entries of the test's user at the given times, in this order (so in this id order). */
async function seed(at: string[]): Promise<void> {
  const rows: Insertable<AuditLogTable>[] = at.map((when, i) => ({
    workspace_id: t.userId,
    actor_user_id: t.userId,
    actor_name: 'User',
    via: 'api',
    key_id: null,
    key_name: null,
    action: 'createLink',
    object: 'link',
    object_id: i + 1,
    summary: `Created link ${i}`,
    at: when,
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.kysely.insertInto('audit_log').values(rows.slice(i, i + 500)).execute();
}
const left = async () => (await t.query<{ at: string }>('SELECT at FROM audit_log ORDER BY id')).map((r) => r.at);

describe('audit log retention', () => {
  it('deletes the entries older than AUDIT_RETENTION_DAYS, batch after batch, and keeps the younger ones', async () => {
    const old = Array.from({ length: PRUNE_BATCH * 2 + 7 }, () => daysAgo(40));
    // One entry stamped late among the old ones (the clock set back) stops nothing.
    old.splice(PRUNE_BATCH - 3, 0, daysAgo(1));
    await seed([...old, daysAgo(31), daysAgo(29), daysAgo(0)]);
    expect(await t.app.audit.prune(NOW)).toBe(PRUNE_BATCH * 2 + 7 + 1);
    expect(await left()).toEqual([daysAgo(1), daysAgo(29), daysAgo(0)]);
    // Nothing more to do.
    expect(await t.app.audit.prune(NOW)).toBe(0);
    expect(await left()).toHaveLength(3);
  });

  it('keeps every entry with AUDIT_RETENTION_DAYS=0', async () => {
    const forever = await createTestApp({ auditRetentionDays: 0 });
    try {
      await forever.db.kysely
        .insertInto('audit_log')
        .values({ workspace_id: forever.userId, actor_user_id: null, actor_name: 'Gone', via: 'dashboard', key_id: null, key_name: null, action: 'createTag', object: 'tag', object_id: 1, summary: 'Created tag x', at: '2001-01-01T00:00:00.000Z' })
        .execute();
      expect(await forever.app.audit.prune(NOW)).toBe(0);
      expect(await forever.query('SELECT id FROM audit_log')).toHaveLength(1);
    } finally {
      await forever.close();
    }
  });

  it('reads AUDIT_RETENTION_DAYS: 365 by default, 0 or more days, anything else stops the start naming it', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
    for (const bad of ['-1', '1.5', 'forever']) expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
