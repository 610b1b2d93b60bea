// Several instances on one PostgreSQL behave as one: every change announced on this instance's
// `Changes` (a link, a domain, or many at once) is sent to the others with NOTIFY, and what the others
// send arrives on a dedicated LISTEN connection and is announced here, so each instance's caches drop
// the same entries. A lost LISTEN connection is re-opened with a growing delay; since notifications sent
// meanwhile are gone, the instance then announces 'reset' (every cache starts anew).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ChangeEvents, Changes } from '../../context';

export const CHANNEL = 'linkdeck_changes';
const EVENTS = ['link', 'domain', 'reset', 'created'] as const satisfies readonly (keyof ChangeEvents)[];

interface Message {
  /** The sending instance. */
  o: string;
  e: (typeof EVENTS)[number];
  a: number[];
}

export class PgChangeBridge {
  private readonly origin = randomUUID();
  private listener: pg.Client | null = null;
  private relaying = false;
  private closed = false;
  private retryMs = 100;
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly changes: Changes,
    private readonly onError: (err: unknown) => void,
  ) {
    for (const event of EVENTS) {
      changes.on(event, (...args: number[]) => {
        if (this.relaying || this.closed) return;
        const message: Message = { o: this.origin, e: event, a: args };
        // One after another, so that the others hear the changes in the order they were made.
        this.sending = this.sending
          .then(() => this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]))
          .catch(onError);
      });
    }
  }

  static async start(url: string, pool: pg.Pool, changes: Changes, onError: (err: unknown) => void = () => undefined): Promise<PgChangeBridge> {
    const bridge = new PgChangeBridge(url, pool, changes, onError);
    await bridge.listen();
    return bridge;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => this.receive(n.payload));
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, null));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    this.retryMs = 100;
  }

  private receive(payload: string | undefined): void {
    let m: Message;
    try {
      m = JSON.parse(payload ?? '') as Message;
    } catch {
      return;
    }
    if (m.o === this.origin || !EVENTS.includes(m.e)) return;
    this.announce(m.e, m.a.map(Number));
  }

  /** Announces a change here only (it came from elsewhere, or concerns only this instance). */
  private announce(event: (typeof EVENTS)[number], args: number[]): void {
    this.relaying = true;
    try {
      (this.changes.emit as (e: string, ...a: number[]) => boolean)(event, ...args);
    } finally {
      this.relaying = false;
    }
  }

  private lost(client: pg.Client, err: unknown): void {
    if (this.closed || this.listener !== client) return;
    this.listener = null;
    if (err) this.onError(err);
    client.end().catch(() => undefined);
    this.reconnect();
  }

  private reconnect(): void {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.listen().then(
        () => this.announce('reset', []), // what was sent while we were away is lost: drop every cache
        (err: unknown) => {
          this.onError(err);
          this.retryMs = Math.min(this.retryMs * 2, 5000);
          this.reconnect();
        },
      );
    }, this.retryMs);
    this.timer.unref();
  }

  /** Whether the LISTEN connection is up (for health checks and tests). */
  get listening(): boolean {
    return this.listener !== null;
  }

  async close(): Promise<void> {
    await this.sending;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }
}
