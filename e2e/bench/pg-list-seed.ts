// Seeds a PostgreSQL database with exactly the links of the SQLite list bench (list-seed.ts), fast: the
// per-row triggers are off while 10,000-row chunks go in as JSON, then the per-account counters they
// keep are computed in one statement, and ANALYZE.
import type { PostgresDb } from '../../src/server/db/postgres/open-postgres';
import { seedExtras } from './list-extras';
import { UsersRepo } from '../../src/server/users/users.repo';
import { benchRows, otherRows, type BenchRow, type SeedResult } from './list-seed';
import { postgres as gramsMigration } from '../../src/server/db/migrations/024-search-grams';

/** The gram index (migration 024), built once after the rows are in: kept row by row it triples the seeding. */
const GRAMS_INDEX = gramsMigration.find((s) => s.startsWith('CREATE INDEX links_grams')) as string;

const CHUNK = 10_000;
const INSERT = `INSERT INTO links (user_id, alias, url, title, targets, sensitive_content, privacy, active_period_end_at,
    clicks_limit, disabled, clicks, created_at, updated_at)
  SELECT $1, r->>0, r->>1, r->>2, '[]', 0, 0, r->>3, (r->>4)::int, (r->>5)::int, (r->>6)::int, r->>7, r->>7
  FROM jsonb_array_elements($2::jsonb) AS r`;

export async function seedPgLinks(db: PostgresDb, count: number): Promise<SeedResult> {
  const users = new UsersRepo(db.kysely);
  const { user, apiKey } = await users.create('Bench', 'admin');
  const other = await users.create('Other', 'user');
  const started = process.hrtime.bigint();
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE links DISABLE TRIGGER USER');
    await client.query('DROP INDEX links_grams');
    const put = async (userId: number, rows: Iterable<BenchRow>) => {
      let chunk: BenchRow[] = [];
      for (const row of rows) {
        chunk.push(row);
        if (chunk.length === CHUNK) {
          await client.query(INSERT, [userId, JSON.stringify(chunk)]);
          chunk = [];
        }
      }
      if (chunk.length) await client.query(INSERT, [userId, JSON.stringify(chunk)]);
    };
    await put(user.id, benchRows(count));
    await put(other.user.id, otherRows());
    // The spaces, domains, tags and creation times of the combined cases, still without the per-row triggers (the
    // counters are computed below); a statement may take longer than the pool's query timeout here.
    const dollar = (text: string) => {
      let i = 0;
      return text.replace(/\?/g, () => `$${++i}`);
    };
    const slow = (text: string, values: unknown[]) => client.query({ text: dollar(text), values, query_timeout: 600_000 } as never);
    await seedExtras(slow, user.id, async (table) => (await client.query(`SELECT id FROM ${table} WHERE user_id = $1 ORDER BY id`, [user.id])).rows.map((r: { id: number }) => r.id));
    await slow(GRAMS_INDEX, []);
    await client.query('ALTER TABLE links ENABLE TRIGGER USER');
    await client.query(`INSERT INTO link_counters (user_id, total, disabled, version)
      SELECT user_id, count(*), count(*) FILTER (WHERE disabled = 1), 1 FROM links GROUP BY user_id
      ON CONFLICT (user_id) DO UPDATE SET total = excluded.total, disabled = excluded.disabled, version = link_counters.version + 1`);
    await client.query('COMMIT');
    // The visibility map a live database's autovacuum keeps: index-only counts.
    await client.query({ text: 'VACUUM ANALYZE links', query_timeout: 600_000 } as never);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  return { apiKey, userId: user.id, links: count, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}
