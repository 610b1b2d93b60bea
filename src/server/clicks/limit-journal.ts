// Durable clicks of limited links on SQLite, cheaper than a database commit per visit. Before a visitor
// of a link with clicks_limit is sent on, the link's id is appended to this file (one 4-byte record, one
// write() call): once write() has returned, the record is in the OS's page cache, which a process kill
// cannot undo. The click then travels in the ordinary batches; the writer thread stores, in the same
// transaction as each chunk of clicks, how far into this file links.clicks now reaches
// (settings.limit_journal_offset). On start, the records past that offset are the clicks a crash took
// away before they were written: they are added to links.clicks before anything is served.
// When every recorded click is written and nothing waits, the file starts anew (truncate first, then
// reset the offset: a crash between the two leaves an offset past the end, which means "nothing left").
import fs from 'node:fs';
import type SQLite from 'better-sqlite3';

export const JOURNAL_OFFSET_KEY = 'limit_journal_offset';
export const RECORD_BYTES = 4;

export class LimitJournal {
  private readonly fd: number;
  private bytes = 0;
  private readonly record = Buffer.alloc(RECORD_BYTES);
  private readonly setOffset: SQLite.Statement<[string]>;
  /** Clicks restored by the last replay (for logs and tests). */
  readonly replayed: number;

  constructor(
    readonly file: string,
    sqlite: SQLite.Database,
  ) {
    sqlite.prepare("INSERT OR IGNORE INTO settings (key, value) VALUES (?, '0')").run(JOURNAL_OFFSET_KEY);
    this.setOffset = sqlite.prepare(`UPDATE settings SET value = ? WHERE key = '${JOURNAL_OFFSET_KEY}'`);
    this.replayed = this.replay(sqlite);
    this.fd = fs.openSync(file, 'a');
  }

  /** Byte size of the journal: where the next record goes. */
  get size(): number {
    return this.bytes;
  }

  /** Records one click of a limited link; durable against a process kill when this returns. */
  append(linkId: number): void {
    this.record.writeUInt32LE(linkId, 0);
    fs.writeSync(this.fd, this.record, 0, RECORD_BYTES);
    this.bytes += RECORD_BYTES;
  }

  /** Every record is written to the database (the caller knows nothing is queued): start anew. */
  restart(): void {
    if (this.bytes === 0) return;
    fs.ftruncateSync(this.fd, 0);
    this.bytes = 0;
    this.setOffset.run('0');
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  private replay(sqlite: SQLite.Database): number {
    if (!fs.existsSync(this.file)) return 0;
    const data = fs.readFileSync(this.file);
    const end = data.length - (data.length % RECORD_BYTES); // a torn last record was never acknowledged
    const stored = Number(sqlite.prepare<[string], string>('SELECT value FROM settings WHERE key = ?').pluck().get(JOURNAL_OFFSET_KEY) ?? 0);
    const counts = new Map<number, number>();
    for (let at = Math.min(stored, end); at < end; at += RECORD_BYTES) {
      const id = data.readUInt32LE(at);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const add = sqlite.prepare('UPDATE links SET clicks = clicks + ? WHERE id = ?');
    sqlite.transaction(() => {
      for (const [id, n] of counts) add.run(n, id);
      this.setOffset.run(String(end));
    })();
    fs.truncateSync(this.file, 0);
    this.setOffset.run('0');
    let restored = 0;
    for (const n of counts.values()) restored += n;
    return restored;
  }
}
