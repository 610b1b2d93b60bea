// Seeds a fresh Linkdeck database with many links for one account, fast: raw prepared statements in
// one transaction after openDatabase() ran the migrations (triggers keep the search index in step).
import { openDatabase } from '../../src/server/db/database';
import { seedExtras } from './list-extras';
import { UsersRepo } from '../../src/server/users/users.repo';

/** Search terms the benchmark uses; the seeder plants the rare ones and makes the common ones common. */
export const TERMS = {
  title: { rare: 'quokka', common: 'launch' },
  alias: { rare: 'zq7x9', common: 'go-' },
  url: { rare: 'item/987654', common: 'shop.example' },
} as const;

const WORDS = [
  'spring', 'summer', 'autumn', 'winter', 'sale', 'offer', 'guide', 'review', 'news', 'report', 'podcast',
  'episode', 'video', 'webinar', 'product', 'release', 'notes', 'update', 'pricing', 'careers', 'blog', 'story',
  'design', 'system', 'event', 'ticket', 'music', 'travel', 'recipe', 'garden', 'health', 'finance', 'sports',
];

export interface SeedResult {
  apiKey: string;
  userId: number;
  links: number;
  seconds: number;
}

/** A small deterministic PRNG so that every run seeds the same data. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One seeded link: [alias, url, title, active_period_end_at, clicks_limit, disabled, clicks, created_at]. */
export type BenchRow = [string, string, string, string | null, number | null, number, number, string];

/** The same `count` links on every run and on both databases. */
export function* benchRows(count: number): Generator<BenchRow> {
  const rnd = prng(42);
  const pick = () => WORDS[Math.floor(rnd() * WORDS.length)] as string;
  const t0 = Date.parse('2024-01-01T00:00:00Z');
  const past = '2025-01-01T00:00:00.000Z';
  const future = '2099-01-01T00:00:00.000Z';
  for (let i = 1; i <= count; i++) {
    const r = rnd();
    const common = i % 5 === 0; // 20 % carry the common terms
    const rare = i % 250_000 === 7; // a handful carry the rare ones
    const title = `${pick()} ${common ? 'launch' : pick()} ${rare ? 'quokka ' : ''}${pick()} ${i}`;
    const alias = `${common ? 'go-' : ''}${rare ? 'zq7x9' : ''}${i.toString(36)}${Math.floor(rnd() * 1e6).toString(36)}`;
    const url = `https://${common ? 'shop.example' : 'www.site' + (i % 97)}.com/${rare ? 'item/987654' : `p/${i}`}?ref=${pick()}`;
    // Status mix: ~5 % disabled, ~5 % expired by date, ~5 % expired by clicks, the rest active.
    const disabled = r < 0.05 ? 1 : 0;
    const end = r >= 0.05 && r < 0.1 ? past : r >= 0.1 && r < 0.2 ? future : null;
    const clicks = Math.floor(rnd() * 5000);
    const limit = r >= 0.2 && r < 0.25 ? Math.max(1, clicks) : r >= 0.25 && r < 0.3 ? clicks + 100 : null;
    yield [alias, url, title, end, limit, disabled, clicks, new Date(t0 + i * 30_000).toISOString()];
  }
}

/** The second account's few links, so that every query must really filter by owner. */
export function* otherRows(): Generator<BenchRow> {
  const at = new Date().toISOString();
  for (let i = 1; i <= 50; i++) yield [`other-${i}`, 'https://shop.example.com/other', `launch quokka other ${i}`, null, null, 0, 0, at];
}

export async function seedLinks(file: string, count: number): Promise<SeedResult> {
  const db = await openDatabase(file);
  try {
    const users = new UsersRepo(db.kysely);
    const { user, apiKey } = await users.create('Bench', 'admin');
    const other = await users.create('Other', 'user');
    const started = process.hrtime.bigint();
    const insert = db.sqlite.prepare(
      `INSERT INTO links (user_id, alias, url, title, targets, sensitive_content, privacy, active_period_end_at,
        clicks_limit, disabled, clicks, created_at, updated_at)
       VALUES (?, ?, ?, ?, '[]', 0, 0, ?, ?, ?, ?, ?, ?)`,
    );
    db.sqlite.transaction(() => {
      for (const [alias, url, title, end, limit, disabled, clicks, at] of benchRows(count)) insert.run(user.id, alias, url, title, end, limit, disabled, clicks, at, at);
      for (const [alias, url, title, end, limit, disabled, clicks, at] of otherRows()) insert.run(other.user.id, alias, url, title, end, limit, disabled, clicks, at, at);
    })();
    const run = (text: string, params: unknown[]) => db.sqlite.prepare(text).run(...params);
    await seedExtras(run, user.id, (table) => db.sqlite.prepare(`SELECT id FROM ${table} WHERE user_id = ? ORDER BY id`).pluck().all(user.id) as number[]);
    db.sqlite.exec('ANALYZE');
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { apiKey, userId: user.id, links: count, seconds };
  } finally {
    await db.close();
  }
}
