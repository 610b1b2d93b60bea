import { describe, expect, it } from 'vitest';
import { runBulk } from './bulk';

describe('runBulk', () => {
  it('runs every id once, reports progress up to the total and keeps the order in the report', async () => {
    const seen: number[] = [];
    const progress: number[] = [];
    const res = await runBulk(
      [5, 1, 4, 2, 3],
      async (id) => {
        await new Promise((r) => setTimeout(r, (6 - id) * 2));
        seen.push(id);
        if (id % 2 === 0) throw new Error(`no ${id}`);
      },
      (done, total) => {
        expect(total).toBe(5);
        progress.push(done);
      },
      2,
    );
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    expect(res.done).toEqual([5, 1, 3]);
    expect(res.failed).toEqual([
      { id: 4, message: 'no 4' },
      { id: 2, message: 'no 2' },
    ]);
  });

  it('never runs more than the concurrency at once', async () => {
    let running = 0;
    let peak = 0;
    await runBulk(
      Array.from({ length: 12 }, (_, i) => i + 1),
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 3));
        running -= 1;
      },
      undefined,
      3,
    );
    expect(peak).toBe(3);
  });

  it('an empty selection does nothing', async () => {
    expect(await runBulk([], async () => undefined)).toEqual({ done: [], failed: [] });
  });
});
