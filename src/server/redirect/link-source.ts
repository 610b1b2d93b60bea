// Where the redirect's link cache reads from, one small implementation per database: SQLite answers
// synchronously (prepared statements, so a cache miss costs no tick), PostgreSQL with a promise (one
// round trip per miss: the link and its pixels in one statement).
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Selectable } from 'kysely';
import type { LinksTable } from '../db/schema';

export type MaybePromise<T> = T | Promise<T>;

export interface SourceDomain {
  id: number;
  homepage_url: string | null;
  not_found_url: string | null;
}

/** The columns of a link the redirect reads, with its pixels. */
export type SourceLink = Omit<Selectable<LinksTable>, 'user_id' | 'space_id' | 'created_at' | 'updated_at'> & {
  pixels: { type: string; value: string }[];
};

export interface LinkSource {
  domain(host: string): MaybePromise<SourceDomain | null>;
  /** `domainId` 0 is the default domain. */
  link(domainId: number, alias: string): MaybePromise<SourceLink | null>;
  /** Where a link is now (after a change), or null when it is gone. */
  keyOf(id: number): MaybePromise<{ domain_id: number | null; alias: string } | null>;
}

/**
 * The domain a host names, on both databases: only a verified one. An unverified domain's host is
 * answered like an unknown host (the default domain), and so is it for `GET /domains/allowed` (its cache).
 */
const DOMAIN_BY_NAME = (param: string) => `SELECT id, homepage_url, not_found_url FROM domains WHERE name = ${param} AND verified_at IS NOT NULL`;

const LINK_COLUMNS = `id, domain_id, alias, url, title, targets, targets_type, sensitive_content, privacy, password_hash,
  redirect_password_hash, active_period_start_at, active_period_end_at, clicks_limit, expiration_url, disabled, clicks,
  og_title, og_description, og_image`;

export class SqliteLinkSource implements LinkSource {
  private readonly byAlias: SQLite.Statement<[number, string], Omit<SourceLink, 'pixels'>>;
  private readonly byId: SQLite.Statement<[number], { domain_id: number | null; alias: string }>;
  private readonly pixels: SQLite.Statement<[number], { type: string; value: string }>;
  private readonly byName: SQLite.Statement<[string], SourceDomain>;

  constructor(sqlite: SQLite.Database) {
    this.byAlias = sqlite.prepare(`SELECT ${LINK_COLUMNS} FROM links WHERE ifnull(domain_id, 0) = ? AND alias = ?`);
    this.byId = sqlite.prepare('SELECT domain_id, alias FROM links WHERE id = ?');
    this.pixels = sqlite.prepare('SELECT p.type, p.value FROM link_pixels lp JOIN pixels p ON p.id = lp.pixel_id WHERE lp.link_id = ? ORDER BY p.id');
    this.byName = sqlite.prepare(DOMAIN_BY_NAME('?'));
  }

  domain(host: string): SourceDomain | null {
    return this.byName.get(host) ?? null;
  }

  link(domainId: number, alias: string): SourceLink | null {
    const row = this.byAlias.get(domainId, alias);
    return row ? { ...row, pixels: this.pixels.all(row.id) } : null;
  }

  keyOf(id: number): { domain_id: number | null; alias: string } | null {
    return this.byId.get(id) ?? null;
  }
}

/** Named statements: PostgreSQL plans each once per connection. */
const PG_LINK = {
  name: 'ld_redirect_link',
  text: `SELECT ${LINK_COLUMNS.replace(/(^|,\s*)(\w+)/g, '$1l.$2')},
    coalesce((SELECT json_agg(json_build_object('type', p.type, 'value', p.value) ORDER BY p.id)
      FROM link_pixels lp JOIN pixels p ON p.id = lp.pixel_id WHERE lp.link_id = l.id), '[]'::json) AS pixels
    FROM links l WHERE coalesce(l.domain_id, 0) = $1 AND l.alias = $2`,
};
const PG_KEY = { name: 'ld_redirect_key', text: 'SELECT domain_id, alias FROM links WHERE id = $1' };
const PG_DOMAIN = { name: 'ld_redirect_domain', text: DOMAIN_BY_NAME('$1') };

export class PgLinkSource implements LinkSource {
  constructor(private readonly pool: pg.Pool) {}

  async domain(host: string): Promise<SourceDomain | null> {
    const r = await this.pool.query<SourceDomain>({ ...PG_DOMAIN, values: [host] });
    return r.rows[0] ?? null;
  }

  async link(domainId: number, alias: string): Promise<SourceLink | null> {
    const r = await this.pool.query<SourceLink>({ ...PG_LINK, values: [domainId, alias] });
    return r.rows[0] ?? null;
  }

  async keyOf(id: number): Promise<{ domain_id: number | null; alias: string } | null> {
    const r = await this.pool.query<{ domain_id: number | null; alias: string }>({ ...PG_KEY, values: [id] });
    return r.rows[0] ?? null;
  }
}
