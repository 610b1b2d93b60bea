// How many rows an import writes per transaction. A transaction holds SQLite's one writer and, with
// better-sqlite3, the event loop for as long as it runs, so a redirect waits behind it: each chunk is sized
// from the time the previous ones took per row (wall time: a loaded machine shrinks them), so that one takes
// about TARGET_MS, well under the 50 ms a redirect may wait behind one, and the loop is let go
// between chunks (yieldToLoop). Measured on SQLite (README, Benchmarks): a row costs about 0.1 to 0.3 ms
// (the link, its revision, its operation row, tags and pixels), so chunks settle around 150 to 400 rows.
import { setImmediate as immediate } from 'node:timers/promises';

/** The time one chunk's transaction should take. */
export const TARGET_MS = 25;
const FIRST = 100;
const MIN = 10;
const MAX = 1000;

export class WriteChunks {
  /** Rows in the next chunk. */
  size = FIRST;
  /** Time per row, smoothed over the chunks so far (ms); null before the first. */
  private perRow: number | null = null;

  /** A chunk of `rows` took `ms`: the next one is sized by the smoothed time per row. */
  took(ms: number, rows: number): void {
    if (rows <= 0) return;
    const per = ms / rows;
    this.perRow = this.perRow === null ? per : this.perRow * 0.7 + per * 0.3;
    // A slow chunk (another transaction held the writer) shrinks the next at once.
    const basis = Math.max(this.perRow, per * 0.5);
    this.size = Math.max(MIN, Math.min(MAX, Math.floor(TARGET_MS / Math.max(basis, 0.001))));
  }
}

/** Lets the event loop run what waits (a redirect's I/O) before going on. */
export const yieldToLoop = (): Promise<void> => immediate();
