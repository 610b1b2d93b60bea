// The title queue: one fetch per link at a time, a cap per account and in all, a bounded wait list.
import { describe, expect, it } from 'vitest';
import { TitleQueue } from './title-fetcher';

function gate() {
  const started: [number, string][] = [];
  const releases: (() => void)[] = [];
  const work = (id: number, url: string) => {
    started.push([id, url]);
    return new Promise<void>((resolve) => releases.push(resolve));
  };
  const releaseAll = async () => {
    while (releases.length) {
      releases.splice(0).forEach((r) => r());
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { started, work, releaseAll };
}

describe('title queue', () => {
  it('fetches a link once even when asked many times (the latest URL wins while it waits)', async () => {
    const g = gate();
    const q = new TitleQueue(g.work, { perAccount: 1 });
    q.request(1, 10, 'https://a.example/1'); // runs
    for (let i = 0; i < 20; i++) q.request(1, 11, `https://b.example/${i}`); // waits: one job, last URL
    expect(g.started).toEqual([[10, 'https://a.example/1']]);
    await g.releaseAll();
    await q.idle();
    expect(g.started).toEqual([[10, 'https://a.example/1'], [11, 'https://b.example/19']]);
  });

  it('runs at most perAccount fetches of one account, while another account is not held up', async () => {
    const g = gate();
    const q = new TitleQueue(g.work, { perAccount: 2, total: 10 });
    for (let id = 1; id <= 6; id++) q.request(1, id, `https://a.example/${id}`);
    q.request(2, 100, 'https://b.example/');
    expect(g.started.map(([id]) => id)).toEqual([1, 2, 100]);
    expect(q.active).toBe(3);
    await g.releaseAll();
    await q.idle();
    expect(g.started.map(([id]) => id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 100]);
  });

  it('caps the total and drops requests past an account wait list', async () => {
    const g = gate();
    const q = new TitleQueue(g.work, { perAccount: 5, total: 2, maxWaitingPerAccount: 3 });
    const accepted = [1, 2, 3, 4, 5, 6, 7].map((id) => q.request(1, id, 'https://a.example/'));
    expect(accepted).toEqual([true, true, true, true, true, false, false]);
    expect(g.started.length).toBe(2);
    await g.releaseAll();
    await q.idle();
    expect(g.started.length).toBe(5);
  });

  it('a link being fetched is fetched again after, not twice at once', async () => {
    const g = gate();
    const q = new TitleQueue(g.work);
    q.request(1, 7, 'https://old.example/');
    q.request(1, 7, 'https://new.example/');
    expect(g.started).toEqual([[7, 'https://old.example/']]);
    await g.releaseAll();
    await q.idle();
    expect(g.started).toEqual([[7, 'https://old.example/'], [7, 'https://new.example/']]);
  });
});
