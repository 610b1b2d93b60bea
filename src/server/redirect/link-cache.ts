// What the hot path needs, cached: domains by host, links by (domain, alias) with their pixels, and a
// rotation state per link. Misses are cached too. The API announces every change on ctx.changes
// ('link' id, 'domain' id, 'reset'), and the entries concerned are dropped at once.
import type SQLite from 'better-sqlite3';
import type { Changes } from '../context';
import type { TargetsType } from '../../shared/enums';
import { parseStoredTargets, type Target } from '../../shared/targets';
import type { Selectable } from 'kysely';
import type { LinksTable } from '../db/schema';
import { SmoothRotation } from '../../shared/target-matching';

export interface CachedDomain {
  id: number;
  homepage_url: string | null;
  not_found_url: string | null;
}

export interface CachedLink {
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
  /** ms since the epoch, or null. */
  start: number | null;
  end: number | null;
  clicks_limit: number | null;
  /** links.clicks when the row was read (the counters hold the live value). */
  clicks: number;
  expiration_url: string | null;
  disabled: boolean;
  pixels: { type: string; value: string }[];
}

/** The columns of a link the redirect reads (see the SELECT below). */
type LinkRow = Omit<Selectable<LinksTable>, 'user_id' | 'space_id' | 'created_at' | 'updated_at'>;


const time = (iso: string | null) => (iso === null ? null : Date.parse(iso));

export class LinkCache {
  private readonly links = new Map<string, CachedLink | null>();
  private readonly keyById = new Map<number, string>();
  private readonly domains = new Map<string, CachedDomain | null>();
  private readonly byAlias: SQLite.Statement<[number, string], LinkRow>;
  private readonly byId: SQLite.Statement<[number], { domain_id: number | null; alias: string }>;
  private readonly pixels: SQLite.Statement<[number], { type: string; value: string }>;
  private readonly domain: SQLite.Statement<[string], CachedDomain>;

  constructor(
    sqlite: SQLite.Database,
    changes: Changes,
    private readonly onLinkDeleted: (id: number) => void,
    private readonly max = 100_000,
  ) {
    this.byAlias = sqlite.prepare(
      `SELECT id, domain_id, alias, url, title, targets, targets_type, sensitive_content, privacy, password_hash,
        redirect_password_hash, active_period_start_at, active_period_end_at, clicks_limit, expiration_url, disabled, clicks
       FROM links WHERE ifnull(domain_id, 0) = ? AND alias = ?`,
    );
    this.byId = sqlite.prepare('SELECT domain_id, alias FROM links WHERE id = ?');
    this.pixels = sqlite.prepare(
      'SELECT p.type, p.value FROM link_pixels lp JOIN pixels p ON p.id = lp.pixel_id WHERE lp.link_id = ? ORDER BY p.id',
    );
    this.domain = sqlite.prepare('SELECT id, homepage_url, not_found_url FROM domains WHERE name = ?');
    changes.on('link', (id) => this.dropLink(id));
    changes.on('domain', () => this.clear());
    changes.on('reset', () => this.clear());
  }

  domainFor(host: string): CachedDomain | null {
    let d = this.domains.get(host);
    if (d !== undefined) return d;
    d = this.domain.get(host) ?? null;
    if (this.domains.size >= 10_000) this.domains.clear();
    this.domains.set(host, d);
    return d;
  }

  link(domainId: number | null, alias: string): CachedLink | null {
    const key = `${domainId ?? 0}/${alias}`;
    let hit = this.links.get(key);
    if (hit !== undefined) return hit;
    const row = this.byAlias.get(domainId ?? 0, alias);
    hit = row ? this.toCached(row) : null;
    if (this.links.size >= this.max) {
      const oldest = this.links.keys().next().value as string;
      const old = this.links.get(oldest);
      this.links.delete(oldest);
      if (old) this.keyById.delete(old.id);
    }
    this.links.set(key, hit);
    if (hit) this.keyById.set(hit.id, key);
    return hit;
  }

  private toCached(row: LinkRow): CachedLink {
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
      start: time(row.active_period_start_at),
      end: time(row.active_period_end_at),
      clicks_limit: row.clicks_limit,
      clicks: row.clicks,
      expiration_url: row.expiration_url,
      disabled: row.disabled === 1,
      pixels: this.pixels.all(row.id),
    };
  }

  /** The link's old key (alias may have changed), and its current key (a cached miss may now exist). */
  private dropLink(id: number): void {
    const old = this.keyById.get(id);
    if (old !== undefined) this.links.delete(old);
    this.keyById.delete(id);
    const now = this.byId.get(id);
    if (now) this.links.delete(`${now.domain_id ?? 0}/${now.alias}`);
    else this.onLinkDeleted(id);
  }

  clear(): void {
    this.links.clear();
    this.keyById.clear();
    this.domains.clear();
  }
}
