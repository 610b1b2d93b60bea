// A search's total is exact up to 10,000 matches; past that it may be an estimate, flagged in
// meta.total_is_estimate, from the density of the matches among the account's newest links. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { get } from '../test-utils/api';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // 15,000 links: four in five say "launch" in their title (12,000), every fifth "rare-ish" in its alias (3,000).
  await t.query(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 15000)
     INSERT INTO links (user_id, alias, url, title, targets, sensitive_content, privacy, disabled, clicks, created_at, updated_at)
     SELECT ?, 'a' || i || CASE WHEN i % 5 = 0 THEN '-rareish' ELSE '' END, 'https://e.example/' || i,
       CASE WHEN i % 5 <> 0 THEN 'launch ' || i ELSE 'other ' || i END, '[]', 0, 0, 0, 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
     FROM n`,
    t.userId,
  );
}, 120_000);
afterAll(async () => t.close());

const meta = async (q: string) => (await get(t, t.userKey, `/api/v1/links?${q}`)).json().meta as { total: number; total_is_estimate?: boolean; last_page: number };

describe('a search past 10,000 matches', () => {
  it('answers an estimate, flagged, near the exact count; below 10,000 the total is exact and unflagged', async () => {
    const many = await meta('search=launch');
    expect(many.total_is_estimate).toBe(true);
    expect(many.total).toBeGreaterThan(10_000);
    expect(Math.abs(many.total - 12_000) / 12_000).toBeLessThan(0.25);
    const some = await meta('search_by=alias&search=rareish');
    expect(some).toMatchObject({ total: 3_000 });
    expect(some.total_is_estimate).toBeUndefined();
    const all = await meta('');
    expect(all).toMatchObject({ total: 15_000 });
    expect(all.total_is_estimate).toBeUndefined();
  });
});
