// The unique-visitor marker of a click: HMAC-SHA256 of IP, User-Agent and link id, keyed by a random
// salt of the click's UTC day, cut to 128 bits. Within a day the same visitor of the same link gives the
// same marker (uniques per day are exact: click_visitors); the next day it gives another one.
// The salt of a day is random (not derived from anything), made by the first instance that needs it and
// kept in the settings table, so that every instance on a shared PostgreSQL and a restarted one agree.
// It is not stored with the events, and it is deleted once its day is over (after a day's grace for late
// batches): from then on nobody, not even someone holding the whole database and a guess of a visitor's
// IP and browser, can recompute a marker of that day, so a marker identifies nobody and links no two days.
// A secret in settings plus the day (HMAC(secret, day)) would let the holder of the secret recompute
// every past day's salt; a random salt that is thrown away does not.
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

const PREFIX = 'visitor_salt:';
const DAY_MS = 86_400_000;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class VisitorSalts {
  private readonly salts = new Map<string, Buffer>();
  private loading: Promise<void> | null = null;
  /** Markers computed today, by visit (a returning visitor costs a lookup, not an HMAC); cleared at 20,000 or a new day. */
  private readonly recent = new Map<string, string>();
  private recentDay = '';

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Makes sure the salts of today and tomorrow are in memory (tomorrow's ahead of midnight, so that the
   * first click of a day needs no wait), and deletes those of days before yesterday.
   */
  async ensure(now = Date.now()): Promise<void> {
    const days = [utcDay(now), utcDay(now + DAY_MS)];
    const keep = new Set([utcDay(now - DAY_MS), ...days]);
    for (const day of this.salts.keys()) if (!keep.has(day)) this.salts.delete(day);
    await this.db.deleteFrom('settings').where('key', 'like', `${PREFIX}%`).where('key', '<', `${PREFIX}${utcDay(now - DAY_MS)}`).execute();
    const missing = days.filter((d) => !this.salts.has(d));
    if (!missing.length) return;
    await this.db
      .insertInto('settings')
      .values(missing.map((d) => ({ key: PREFIX + d, value: randomBytes(32).toString('base64url') })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const rows = await this.db.selectFrom('settings').select(['key', 'value']).where('key', 'in', missing.map((d) => PREFIX + d)).execute();
    for (const r of rows) this.salts.set(r.key.slice(PREFIX.length), Buffer.from(r.value, 'base64url'));
  }

  /** Keeps today's and tomorrow's salts loaded ahead of need (every 10 minutes); returns a stop function. */
  schedule(onError: (err: unknown) => void): () => void {
    const timer = setInterval(() => this.ensure().catch(onError), 600_000);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The marker of a click at `at`; null when that day's salt is not loaded yet (loading starts). */
  marker(at: number, ip: string, userAgent: string, linkId: number): string | null {
    const day = utcDay(at);
    if (day !== this.recentDay || this.recent.size >= 20_000) {
      this.recent.clear();
      this.recentDay = day;
    }
    const visit = `${linkId}\n${ip}\n${userAgent}`;
    const known = this.recent.get(visit);
    if (known) return known;
    const salt = this.salts.get(day);
    if (!salt) {
      this.loading ??= this.ensure(at)
        .catch(() => undefined)
        .finally(() => (this.loading = null));
      return null;
    }
    const marker = createHmac('sha256', salt).update(visit).digest('base64url').slice(0, 22);
    this.recent.set(visit, marker);
    return marker;
  }
}
