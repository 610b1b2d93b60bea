// The live counter behind GET /api/v1/stats/live: clicks counted in memory, one Map increment per
// click on the redirect path and only while someone listens. Once a second the tick takes the counts, finds
// each link's account (a small cache; misses are one query for the second's links) and sends every
// listener its account's clicks of that second. Per instance: each process counts the visits it served.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LiveClicksMessage } from '../../shared/analytics.schema';

/** Link → account entries kept at most; past that the cache starts over (links rarely change hands). */
const OWNER_CACHE_SIZE = 10_000;
/** Ids per lookup query. */
const CHUNK = 500;

interface Listener {
  userId: number;
  send: (message: LiveClicksMessage) => void;
  end: () => void;
}

export class LiveClicks {
  /** Clicks per link since the last tick. */
  private counts = new Map<number, number>();
  private readonly owners = new Map<number, number | null>();
  private readonly listeners = new Set<Listener>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (err: unknown) => void = () => undefined,
    readonly tickMs = 1000,
  ) {}

  /** A served click of `linkId` (the redirect's one line): free when nobody listens. */
  add(linkId: number): void {
    if (this.timer === null) return;
    this.counts.set(linkId, (this.counts.get(linkId) ?? 0) + 1);
  }

  /** Sends `send` the account's clicks every tick until the returned function is called (or close()). */
  subscribe(userId: number, send: Listener['send'], end: Listener['end']): () => void {
    if (this.closed) {
      end();
      return () => undefined;
    }
    const listener: Listener = { userId, send, end };
    this.listeners.add(listener);
    if (this.timer === null) {
      this.timer = setInterval(() => void this.tick(), this.tickMs);
      this.timer.unref();
    }
    return () => this.remove(listener);
  }

  get listening(): number {
    return this.listeners.size;
  }

  private remove(listener: Listener): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0 && this.timer !== null) {
      clearInterval(this.timer);
      this.timer = null;
      this.counts = new Map();
    }
  }

  /** One second: per account sums of the counts taken, sent to every listener (0 when none). */
  async tick(): Promise<void> {
    // A slow lookup: the next ticks wait and the clicks add up into the following message.
    if (this.ticking) return;
    this.ticking = true;
    const counts = this.counts;
    this.counts = new Map();
    try {
      const perAccount = new Map<number, number>();
      if (counts.size) {
        await this.resolve([...counts.keys()]);
        for (const [linkId, n] of counts) {
          const owner = this.owners.get(linkId);
          if (owner != null) perAccount.set(owner, (perAccount.get(owner) ?? 0) + n);
        }
      }
      const at = new Date().toISOString();
      for (const l of this.listeners) l.send({ at, clicks: perAccount.get(l.userId) ?? 0 });
    } catch (err) {
      this.onError(err);
    } finally {
      this.ticking = false;
    }
  }

  /** Fills the owner cache for `ids` (a link deleted meanwhile is cached as nobody's). */
  private async resolve(ids: number[]): Promise<void> {
    const missing = ids.filter((id) => !this.owners.has(id));
    if (!missing.length) return;
    if (this.owners.size + missing.length > OWNER_CACHE_SIZE) this.owners.clear();
    for (let i = 0; i < missing.length; i += CHUNK) {
      const chunk = missing.slice(i, i + CHUNK);
      const rows = await this.db.selectFrom('links').select(['id', 'user_id']).where('id', 'in', chunk).execute();
      for (const id of chunk) this.owners.set(id, null);
      for (const r of rows) this.owners.set(Number(r.id), Number(r.user_id));
    }
  }

  /** Ends every stream and stops counting (shutdown: an open stream would keep app.close() waiting). */
  close(): void {
    this.closed = true;
    for (const l of [...this.listeners]) {
      this.remove(l);
      l.end();
    }
  }
}
