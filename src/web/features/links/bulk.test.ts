import { describe, expect, it } from 'vitest';
import { clickSelection, runBulk } from './bulk';

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

describe('clickSelection', () => {
  const order = [10, 20, 30, 40, 50, 60];
  const ids = (s: Set<number>) => [...s].sort((a, b) => a - b);

  it('a plain click toggles one row, whatever the anchor', () => {
    expect(ids(clickSelection(order, new Set([10]), 40, 10, false))).toEqual([10, 40]);
    expect(ids(clickSelection(order, new Set([10, 40]), 40, 10, false))).toEqual([10]);
  });

  it('a Shift-click ticks from the anchor to the row, downwards and upwards, keeping what was ticked', () => {
    expect(ids(clickSelection(order, new Set([20]), 50, 20, true))).toEqual([20, 30, 40, 50]);
    expect(ids(clickSelection(order, new Set([60]), 20, 50, true))).toEqual([20, 30, 40, 50, 60]);
    expect(ids(clickSelection(order, new Set([30]), 30, 30, true))).toEqual([]);
  });

  it('a Shift-click on a ticked row unticks the range', () => {
    expect(ids(clickSelection(order, new Set([10, 20, 30, 40, 50]), 20, 40, true))).toEqual([10, 50]);
  });

  it('without an anchor on the visible rows a Shift-click toggles one row; other selected ids stay', () => {
    expect(ids(clickSelection(order, new Set([99]), 30, null, true))).toEqual([30, 99]);
    expect(ids(clickSelection(order, new Set([99]), 30, 77, true))).toEqual([30, 99]);
  });

  it('does not change the selection it was given', () => {
    const before = new Set([10]);
    clickSelection(order, before, 40, 10, true);
    expect(ids(before)).toEqual([10]);
  });
});
