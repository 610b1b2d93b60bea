// The authoritative click count of every link that was visited, in memory. links.clicks lags it by at
// most one flush. A check-and-increment is synchronous, so no number of concurrent visits can pass
// clicks_limit. Only this process adds clicks, so a counter, once read from the database, stays right;
// a limited link's clicks also go to the limit journal before the visitor is sent on, so after a crash
// links.clicks is restored to exactly what was counted here (limit-journal.ts).
import type SQLite from 'better-sqlite3';

/**
 * The click counts the redirect checks clicks_limit against. SQLite: this process is the only writer, so
 * the count lives here (ClickCounters) and a check is synchronous. PostgreSQL: several instances count,
 * so a limited link's click is an atomic UPDATE in the database (pg-click-counters.ts) and the answer
 * is a promise; unlimited links are not counted here at all (their clicks go in batches).
 */
export interface ClickCounting {
  /** The best known count; `known` is the value from a fresh row, used when the link has no counter yet. */
  get(linkId: number, known?: number): number;
  /** Counts one click unless the limit is reached; false means the link is used up. */
  tryAdd(linkId: number, limit: number | null): boolean | Promise<boolean>;
  forget(linkId: number): void;
  /** tryAdd() of a limited link already added the click to links.clicks (the batch writer must not). */
  readonly countsInDatabase: boolean;
}

export class ClickCounters implements ClickCounting {
  readonly countsInDatabase = false;
  private readonly counts = new Map<number, number>();
  private readonly read: SQLite.Statement<[number], number>;

  constructor(sqlite: SQLite.Database) {
    this.read = sqlite.prepare<[number], number>('SELECT clicks FROM links WHERE id = ?').pluck();
  }

  /** Current count; `known` is the value from a fresh row, used when the link has no counter yet. */
  get(linkId: number, known?: number): number {
    let n = this.counts.get(linkId);
    if (n === undefined) {
      n = known ?? this.read.get(linkId) ?? 0;
      this.counts.set(linkId, n);
    }
    return n;
  }

  /** Counts one click unless the limit is reached; false means the link is used up. */
  tryAdd(linkId: number, limit: number | null): boolean {
    const n = this.get(linkId);
    if (limit !== null && n >= limit) return false;
    this.counts.set(linkId, n + 1);
    return true;
  }

  forget(linkId: number): void {
    this.counts.delete(linkId);
  }
}
