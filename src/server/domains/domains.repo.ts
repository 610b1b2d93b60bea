import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Domain, DomainCreate, DomainListQuery, DomainUpdate } from '../../shared/domain.schema';
import { likePattern, nowIso } from '../db/sql-values';
import { likeOperator } from '../db/dialect';
import { domainHttps, storedDomainUrl } from './domain-url';
import { usableBy } from './domain-access';
import { newVerificationToken } from './dns-check';
import { CLAIM_LOST } from './domain-checks';

type Row = Omit<Domain, 'url' | 'https' | 'shared' | 'owned' | 'verified'> & { https: number | null; shared: number; user_id: number };

/** A create as the routes hand it over: `verified` when the instance admin creates it (it takes traffic at once). */
export type DomainCreateInput = DomainCreate & { verified?: boolean };

export class DomainsRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly baseUrl: string,
  ) {}

  /** The workspace's domains and the shared ones (domain-access.ts); another workspace's shared domain counts only this one's links. */
  private base(userId: number) {
    return this.db
      .selectFrom('domains as d')
      .where(usableBy(userId, 'd'))
      .select([
        'd.id',
        'd.user_id',
        'd.name',
        'd.homepage_url',
        'd.not_found_url',
        'd.https',
        'd.shared',
        'd.verified_at',
        'd.last_checked_at',
        'd.created_at',
        'd.updated_at',
        (eb) =>
          eb
            .selectFrom('links')
            .whereRef('links.domain_id', '=', 'd.id')
            .where(sql<boolean>`(d.user_id = ${userId} OR links.user_id = ${userId})`)
            .select((e) => e.fn.countAll<number>().as('n'))
            .as('links_count'),
      ]);
  }

  present(row: Row, userId: number): Domain {
    return {
      id: row.id,
      name: row.name,
      url: storedDomainUrl(row, this.baseUrl),
      https: domainHttps(row.https, this.baseUrl),
      homepage_url: row.homepage_url,
      not_found_url: row.not_found_url,
      links_count: Number(row.links_count ?? 0),
      shared: row.shared === 1,
      owned: row.user_id === userId,
      verified: row.verified_at !== null,
      verified_at: row.verified_at,
      last_checked_at: row.last_checked_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** One of the workspace's domains, or a shared one (`owned` false: read-only here). */
  async find(userId: number, id: number): Promise<Domain | undefined> {
    const row = await this.base(userId).where('d.id', '=', id).executeTakeFirst();
    return row && this.present(row as Row, userId);
  }

  async create(userId: number, input: DomainCreateInput): Promise<number> {
    const now = nowIso();
    const r = await this.db
      .insertInto('domains')
      .values({
        user_id: userId,
        name: input.name,
        homepage_url: input.homepage_url ?? null,
        not_found_url: input.not_found_url ?? null,
        // New domains are https unless asked otherwise (older ones keep NULL: see domain-url.ts).
        https: input.https ?? 1,
        shared: input.shared ?? 0,
        verification_token: newVerificationToken(),
        verified_at: input.verified ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Verified at once (the instance admin's): the name is proven, the unverified claims of it lose (domain-checks.ts).
    if (input.verified) {
      await this.db.updateTable('domains').set({ check_error: CLAIM_LOST, updated_at: now }).where('name', '=', input.name).where('id', '<>', r.id).where('verified_at', 'is', null).execute();
    }
    return r.id;
  }

  /** Whether a domain of the name is verified (proven by someone's DNS). */
  async nameVerified(name: string): Promise<boolean> {
    const row = await this.db.selectFrom('domains').select('id').where('name', '=', name).where('verified_at', 'is not', null).executeTakeFirst();
    return row !== undefined;
  }

  /** Only the workspace's own domains change (a shared domain of another workspace is refused before: domain-guards.ts). */
  async update(userId: number, id: number, input: DomainUpdate): Promise<boolean> {
    const r = await this.db
      .updateTable('domains')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async list(userId: number, q: DomainListQuery): Promise<{ rows: Domain[]; total: number }> {
    let filtered = this.db.selectFrom('domains as d').where(usableBy(userId, 'd'));
    if (q.search) filtered = filtered.where('d.name', likeOperator(this.db), likePattern(q.search));
    const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rowsQ = this.base(userId);
    if (q.search) rowsQ = rowsQ.where('d.name', likeOperator(this.db), likePattern(q.search));
    const rows = await rowsQ
      .orderBy(`d.${q.sort_by}`, q.sort)
      .orderBy('d.id', q.sort)
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page)
      .execute();
    return { rows: rows.map((r) => this.present(r as Row, userId)), total: Number(n) };
  }
}
