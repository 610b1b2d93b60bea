// Reads a destination page's <title> in the background: bounded in time, size and redirects, through the
// guarded outbound client (no private addresses, checked at every hop), and queued so that a link has at
// most one fetch at a time and an account at most a few.
import { LIMITS } from '../../shared/enums';
import { isHttpUrl } from '../../shared/fields';
import type { Outbound } from '../outbound/outbound';

export interface TitleFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

export function extractTitle(html: string): string | null {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!m?.[1]) return null;
  const title = decodeEntities(m[1]).replace(/\s+/g, ' ').trim();
  return title ? [...title].slice(0, LIMITS.titleMax).join('') : null;
}

export async function fetchTitle(outbound: Outbound, url: string, opts: TitleFetchOptions = {}): Promise<string | null> {
  const { timeoutMs = 5000, maxBytes = 512 * 1024, maxRedirects = 5 } = opts;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let current = url;
    for (let hop = 0; hop <= maxRedirects; hop++) {
      if (!isHttpUrl(current)) return null;
      const res = await outbound.fetch(current, {
        signal: controller.signal,
        headers: { 'user-agent': 'LinkdeckBot/1.0 (title fetcher)', accept: 'text/html,application/xhtml+xml' },
      });
      if (res.status >= 300 && res.status < 400) {
        const location = res.headers.get('location');
        await res.body?.cancel();
        if (!location) return null;
        current = new URL(location, current).toString();
        continue;
      }
      const type = res.headers.get('content-type') ?? '';
      if (!res.ok || !/html/i.test(type) || !res.body) {
        await res.body?.cancel();
        return null;
      }
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let html = '';
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        html += decoder.decode(value, { stream: true });
        if (/<\/title>/i.test(html) || bytes >= maxBytes) break;
      }
      await reader.cancel().catch(() => undefined);
      return extractTitle(html);
    }
    return null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export interface TitleQueueOptions {
  /** Fetches running at once for one account. */
  perAccount?: number;
  /** Fetches running at once in all. */
  total?: number;
  /** Links of one account waiting; more requests are dropped (the link keeps no title). */
  maxWaitingPerAccount?: number;
}

interface Job {
  userId: number;
  url: string;
}

/**
 * Background title fetches: one per link at a time (a second request for a link that waits replaces its
 * URL; for a link being fetched it waits its turn), a cap per account and in all, a bounded wait list.
 * idle() lets a graceful stop (or a test) wait for them.
 */
export class TitleQueue {
  private readonly waiting = new Map<number, Job>();
  private readonly running = new Set<number>();
  private readonly runningBy = new Map<number, number>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly perAccount: number;
  private readonly total: number;
  private readonly maxWaiting: number;

  constructor(
    private readonly work: (linkId: number, url: string) => Promise<unknown>,
    opts: TitleQueueOptions = {},
  ) {
    this.perAccount = opts.perAccount ?? 2;
    this.total = opts.total ?? 8;
    this.maxWaiting = opts.maxWaitingPerAccount ?? 50;
  }

  /** Asks for the link's title; false when the account already has too many waiting. */
  request(userId: number, linkId: number, url: string): boolean {
    const queued = this.waiting.get(linkId);
    if (queued) {
      queued.url = url;
      return true;
    }
    let mine = 0;
    for (const job of this.waiting.values()) if (job.userId === userId) mine++;
    if (mine >= this.maxWaiting) return false;
    this.waiting.set(linkId, { userId, url });
    this.pump();
    return true;
  }

  /** How many fetches run now (for tests and logs). */
  get active(): number {
    return this.running.size;
  }

  private pump(): void {
    for (const [linkId, job] of this.waiting) {
      if (this.running.size >= this.total) return;
      if (this.running.has(linkId) || (this.runningBy.get(job.userId) ?? 0) >= this.perAccount) continue;
      this.waiting.delete(linkId);
      this.running.add(linkId);
      this.runningBy.set(job.userId, (this.runningBy.get(job.userId) ?? 0) + 1);
      const p = this.work(linkId, job.url)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(linkId);
          const left = (this.runningBy.get(job.userId) ?? 1) - 1;
          if (left) this.runningBy.set(job.userId, left);
          else this.runningBy.delete(job.userId);
          this.pending.delete(p);
          this.pump();
        });
      this.pending.add(p);
    }
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
