// The link cache's answers to change events: a creation drops only cached misses (a bulk create or an import
// batch must not empty the cache of every hot link), a reset drops everything.
import { describe, expect, it } from 'vitest';
import { Changes } from '../context';
import { LinkCache } from './link-cache';
import type { LinkSource, SourceLink } from './link-source';

function row(id: number, alias: string): SourceLink {
  return {
    id,
    domain_id: null,
    alias,
    url: `https://example.com/${alias}`,
    title: null,
    targets: null,
    targets_type: null,
    sensitive_content: 0,
    privacy: 0,
    password_hash: null,
    redirect_password_hash: null,
    active_period_start_at: null,
    active_period_end_at: null,
    clicks_limit: null,
    expiration_url: null,
    disabled: 0,
    clicks: 0,
    pixels: [],
  } as unknown as SourceLink;
}

function setup() {
  const rows = new Map<string, SourceLink>([['hot', row(1, 'hot')]]);
  const reads: string[] = [];
  const source: LinkSource = {
    domain: () => null,
    link: (_domainId, alias) => {
      reads.push(alias);
      return rows.get(alias) ?? null;
    },
    keyOf: (id) => [...rows.values()].find((r) => r.id === id) ?? null,
  };
  const changes = new Changes();
  return { cache: new LinkCache(source, changes, () => undefined), rows, reads, changes };
}

describe('LinkCache change events', () => {
  it('on created, serves a link whose alias was a cached miss and keeps the links it held', () => {
    const { cache, rows, reads, changes } = setup();
    expect((cache.link(null, 'hot') as { id: number }).id).toBe(1);
    expect(cache.link(null, 'new')).toBeNull();
    expect(cache.link(null, 'new')).toBeNull();
    expect(reads).toEqual(['hot', 'new']);

    rows.set('new', row(2, 'new'));
    changes.emit('created');
    expect((cache.link(null, 'new') as { id: number }).id).toBe(2);
    expect((cache.link(null, 'hot') as { id: number }).id).toBe(1);
    expect(reads).toEqual(['hot', 'new', 'new']);
  });

  it('on reset, reads every link again', () => {
    const { cache, reads, changes } = setup();
    cache.link(null, 'hot');
    changes.emit('reset');
    cache.link(null, 'hot');
    expect(reads).toEqual(['hot', 'hot']);
  });
});
