// The live click count of every link that was visited, in memory, and the durable check of clicks_limit.
// A link without a limit is counted here and written in batches (links.clicks lags by at most one flush).
// A link with a limit is counted in the database before the visitor is sent on: a synchronous
// `UPDATE … WHERE clicks < clicks_limit` on this connection, committed to the WAL before the redirect
// is answered, so a crash (even SIGKILL) cannot lose a click that passed, and after a restart the limit
// holds exactly. Checks are synchronous, so concurrent visits cannot pass the limit either.
import type SQLite from 'better-sqlite3';

export class ClickCounters {
  private readonly counts = new Map<number, number>();
  private readonly read: SQLite.Statement<[number], number>;
  private readonly takeOne: SQLite.Statement<[number], number>;

  constructor(sqlite: SQLite.Database) {
    this.read = sqlite.prepare<[number], number>('SELECT clicks FROM links WHERE id = ?').pluck();
    this.takeOne = sqlite
      .prepare<[number], number>('UPDATE links SET clicks = clicks + 1 WHERE id = ? AND clicks < clicks_limit RETURNING clicks')
      .pluck();
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

  /**
   * Counts one click unless the limit is reached; false means the link is used up. With a limit, the
   * click is already in links.clicks when this returns true (the writer must not add it again).
   */
  tryAdd(linkId: number, limit: number | null): boolean {
    const n = this.get(linkId);
    if (limit !== null && n >= limit) return false;
    if (limit === null) {
      this.counts.set(linkId, n + 1);
      return true;
    }
    const stored = this.takeOne.get(linkId);
    if (stored === undefined) {
      this.counts.set(linkId, Math.max(n, limit));
      return false;
    }
    // The memory count can be ahead of the row by clicks still queued from before the limit was set.
    this.counts.set(linkId, Math.max(n + 1, stored));
    return true;
  }

  forget(linkId: number): void {
    this.counts.delete(linkId);
  }
}
