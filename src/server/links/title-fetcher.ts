// Reads a destination page's <title> in the background: bounded in time, size and redirects.
import { LIMITS } from '../../shared/enums';
import { isHttpUrl } from '../../shared/fields';

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

export async function fetchTitle(url: string, opts: TitleFetchOptions = {}): Promise<string | null> {
  const { timeoutMs = 5000, maxBytes = 512 * 1024, maxRedirects = 5 } = opts;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let current = url;
    for (let hop = 0; hop <= maxRedirects; hop++) {
      if (!isHttpUrl(current)) return null;
      const res = await fetch(current, {
        redirect: 'manual',
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

/** Runs fetches in the background and lets a graceful stop (or a test) wait for them. */
export class TitleJobs {
  private readonly pending = new Set<Promise<unknown>>();

  run(job: () => Promise<unknown>): void {
    const p = job().catch(() => undefined);
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
