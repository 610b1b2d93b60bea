// What the hot path needs, cached: domains by host, links by (domain, alias) with their pixels, and a
// rotation state per link. Misses are cached too. The reads go to a LinkSource (link-source.ts): on SQLite
// they answer at once, on PostgreSQL a miss returns a promise (concurrent misses share it). The API announces every change on ctx.changes
// ('link' id, 'domain' id, 'reset', 'created'), and the entries concerned are dropped at once.
import type { Changes } from '../context';
import type { TargetsType } from '../../shared/enums';
import { parseStoredTargets, type Target } from '../../shared/targets';
import type { LinkSource, MaybePromise, SourceLink } from './link-source';
import { SmoothRotation } from '../../shared/target-matching';
import type { GateFields } from '../../shared/visit-decision';
import { previewOf, type Preview } from '../previews/social-preview';

export interface CachedDomain {
  id: number;
  homepage_url: string | null;
  not_found_url: string | null;
}

export interface CachedLink extends GateFields {
  id: number;
  domain_id: number | null;
  alias: string;
  url: string;
  title: string | null;
  targets_type: TargetsType | null;
  targets: Target[];
  rotation: SmoothRotation | null;
  sensitive: boolean;
  privacy: number;
  password_hash: string | null;
  redirect_password_hash: string | null;
  /** Has a redirect password (redirect_password_hash is set). */
  locked: boolean;
  /** ms since the epoch, or null. */
  start: number | null;
  end: number | null;
  clicks_limit: number | null;
  /** links.clicks when the row was read (the counters hold the live value). */
  clicks: number;
  expiration_url: string | null;
  disabled: boolean;
  pixels: { type: string; value: string }[];
  /** Open Graph tags for social crawlers, or null (then crawlers are redirected like everyone). */
  preview: Preview | null;
}

const time = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/**
 * Entries loaded by a read that started before a change are not kept (the read may have seen the old
 * row): every change bumps `generation`, and a load keeps its result only if none happened meanwhile.
 */
export class LinkCache {
  private readonly links = new Map<string, CachedLink | null>();
  private readonly keyById = new Map<number, string>();
  private readonly domains = new Map<string, CachedDomain | null>();
  /** Loads under way (asynchronous sources), so concurrent misses share one read. */
  private readonly loading = new Map<string, Promise<CachedLink | null>>();
  private readonly loadingDomains = new Map<string, Promise<CachedDomain | null>>();
  private generation = 0;
  /** Hosts that are always the default domain, whatever row names them (domains/reserved-hosts.ts). */
  private reserved: ReadonlySet<string> = new Set();

  constructor(
    private readonly source: LinkSource,
    changes: Changes,
    private readonly onLinkDeleted: (id: number) => void,
    private readonly max = 100_000,
  ) {
    changes.on('link', (id) => this.dropLink(id));
    changes.on('domain', () => this.clear());
    changes.on('reset', () => this.clear());
    changes.on('created', () => this.dropMisses());
  }

  /** The hosts of reservedHostsOf(config): no account's domain ever answers for them. */
  reserve(hosts: ReadonlySet<string>): void {
    this.reserved = hosts;
    this.clear();
  }

  /** `host` as hostOf() gives it (canonicalHost: the form domain names are stored in); null: the default domain. */
  domainFor(host: string): MaybePromise<CachedDomain | null> {
    if (this.reserved.has(host)) return null;
    const d = this.domains.get(host);
    if (d !== undefined) return d;
    const pending = this.loadingDomains.get(host);
    if (pending) return pending;
    const gen = this.generation;
    const keep = (found: CachedDomain | null) => {
      if (gen !== this.generation) return found;
      if (this.domains.size >= 10_000) this.domains.clear();
      this.domains.set(host, found);
      return found;
    };
    const loaded = this.source.domain(host);
    if (!(loaded instanceof Promise)) return keep(loaded);
    const p = loaded.then(keep).finally(() => this.loadingDomains.delete(host));
    this.loadingDomains.set(host, p);
    return p;
  }

  link(domainId: number | null, alias: string): MaybePromise<CachedLink | null> {
    const key = `${domainId ?? 0}/${alias}`;
    const hit = this.links.get(key);
    if (hit !== undefined) return hit;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const gen = this.generation;
    const keep = (row: SourceLink | null) => {
      const found = row ? this.toCached(row) : null;
      if (gen === this.generation) this.store(key, found);
      return found;
    };
    const loaded = this.source.link(domainId ?? 0, alias);
    if (!(loaded instanceof Promise)) return keep(loaded);
    const p = loaded.then(keep).finally(() => this.loading.delete(key));
    this.loading.set(key, p);
    return p;
  }

  private store(key: string, link: CachedLink | null): void {
    if (this.links.size >= this.max) {
      const oldest = this.links.keys().next().value as string;
      const old = this.links.get(oldest);
      this.links.delete(oldest);
      if (old) this.keyById.delete(old.id);
    }
    this.links.set(key, link);
    if (link) this.keyById.set(link.id, key);
  }

  private toCached(row: SourceLink): CachedLink {
    const targets = parseStoredTargets(row.targets);
    const type = (targets.length ? row.targets_type : null) as TargetsType | null;
    return {
      id: row.id,
      domain_id: row.domain_id,
      alias: row.alias,
      url: row.url,
      title: row.title,
      targets_type: type,
      targets,
      rotation: type === 'rotations' ? new SmoothRotation(targets) : null,
      sensitive: row.sensitive_content === 1,
      privacy: row.privacy,
      password_hash: row.password_hash,
      redirect_password_hash: row.redirect_password_hash,
      locked: row.redirect_password_hash !== null,
      start: time(row.active_period_start_at),
      end: time(row.active_period_end_at),
      clicks_limit: row.clicks_limit,
      clicks: row.clicks,
      expiration_url: row.expiration_url,
      disabled: row.disabled === 1,
      pixels: row.pixels,
      preview: previewOf(row),
    };
  }

  /** The link's old key (alias may have changed), and its current key (a cached miss may now exist). */
  private dropLink(id: number): void {
    this.generation++;
    const old = this.keyById.get(id);
    if (old !== undefined) this.links.delete(old);
    this.keyById.delete(id);
    const dropNow = (now: { domain_id: number | null; alias: string } | null) => {
      if (now) this.links.delete(`${now.domain_id ?? 0}/${now.alias}`);
      else this.onLinkDeleted(id);
    };
    const now = this.source.keyOf(id);
    if (!(now instanceof Promise)) return dropNow(now);
    // Until the read answers, a miss cached at the new key could hide the link: drop every cached miss.
    for (const [key, value] of this.links) if (value === null) this.links.delete(key);
    now.then(dropNow, () => this.clear());
  }

  /** New links may sit where a miss is cached: drop the misses (and loads under way), keep the links. */
  private dropMisses(): void {
    this.generation++;
    for (const [key, value] of this.links) if (value === null) this.links.delete(key);
  }

  clear(): void {
    this.generation++;
    this.links.clear();
    this.keyById.clear();
    this.domains.clear();
  }
}
