// Checks of custom domains' DNS records, at once (POST /domains/{id}/verify) and by a periodic worker,
// and what they found (GET /domains/{id}/verification). A domain whose records are right becomes verified and
// takes traffic from then on (the redirect's cache hears it as a domain change, on every instance). A verified
// domain stays verified when a later check finds its records changed: a DNS failure must not stop links that
// work; the dashboard shows the records' states instead.
// The worker: unverified domains younger than a week are checked every DOMAIN_CHECK_EVERY, every other domain
// once a day. Each check is claimed first (last_checked_at moved by one UPDATE), so that several instances on
// one PostgreSQL database never check the same domain twice in a round.
// Names are unique among verified domains only (migration 029): an unverified domain is a claim, and several
// workspaces may claim one name. Whoever proves the DNS first gets it: the other claims of the name are marked
// lost then (`check_error` says so, they are never verified and never checked again), and a claim still
// unverified CLAIM_DAYS after it was made has expired: the worker stops checking it (it blocks nobody anyway;
// POST /domains/{id}/verify may still prove it).
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Resolver } from 'node:dns/promises';
import type { Database } from '../db/schema';
import type { Changes } from '../context';
import type { DomainDnsConfig } from './domain-config';
import type { DnsRecord, DomainVerification } from '../../shared/objects/domain-verification.object';
import { checkDns, dnsResolver, expectedRecords, newVerificationToken, type DnsTargets } from './dns-check';
import { nowIso } from '../db/sql-values';
import { isUniqueViolation } from '../db/errors';

const DAY_MS = 86_400_000;
/** Days an unverified claim of a name is checked by the worker. */
export const CLAIM_DAYS = 7;
/** The `check_error` of a claim that lost its name: it says nothing of who won. */
export const CLAIM_LOST = 'This name was verified on this instance by another owner: this domain can no longer be verified. Delete it.';
/** Domains checked in one round of the worker, and at the same time. */
const PER_ROUND = 100;
const AT_ONCE = 8;

type CheckRow = Pick<
  Database['domains'],
  'name' | 'user_id' | 'verification_token' | 'verified_at' | 'last_checked_at' | 'check_error' | 'check_records'
> & { id: number };

const COLUMNS = ['id', 'name', 'user_id', 'verification_token', 'verified_at', 'last_checked_at', 'check_error', 'check_records'] as const;

export class DomainChecks {
  readonly targets: DnsTargets;
  private readonly resolver: Resolver;

  constructor(
    private readonly db: Kysely<Database>,
    config: DomainDnsConfig,
    private readonly changes: Changes,
  ) {
    this.targets = { addresses: config.domainTargetAddresses, host: config.domainTargetHost };
    this.resolver = dnsResolver(config.dnsResolver);
  }

  /** The workspace's own domain (a shared domain's records are its owner's business), or undefined. */
  async row(workspaceId: number, id: number): Promise<CheckRow | undefined> {
    return this.db.selectFrom('domains').select(COLUMNS).where('id', '=', id).where('user_id', '=', workspaceId).executeTakeFirst();
  }

  /** The records the domain needs with their states at the last check (`unknown` for a record not checked since). */
  verification(row: CheckRow): DomainVerification {
    const stored = row.check_records ? (JSON.parse(row.check_records) as DnsRecord[]) : [];
    const records = expectedRecords(row.name, row.verification_token ?? '', this.targets).map((r): DnsRecord => {
      const seen = stored.find((s) => s.type === r.type && s.value === r.value && s.name === r.name);
      return { ...r, state: seen?.state ?? 'unknown', found: seen?.found ?? [] };
    });
    return {
      domain_id: row.id,
      name: row.name,
      verified: row.verified_at !== null,
      verified_at: row.verified_at,
      last_checked_at: row.last_checked_at,
      check_error: row.check_error,
      records,
    };
  }

  /** Checks the domain's records now and keeps what was found; a domain found right becomes verified. */
  async check(row: CheckRow): Promise<CheckRow> {
    if (row.verified_at === null && (await this.nameTaken(row))) return this.markLost(row);
    // A domain has a token since migration 026; a row put in by hand without one is given one (it needs one to verify).
    const token = row.verification_token ?? (await this.giveToken(row.id));
    const result = await checkDns(this.resolver, row.name, token, this.targets);
    const now = nowIso();
    const becomes = result.verified && row.verified_at === null;
    let updated: CheckRow | undefined;
    try {
      updated = await this.db
        .updateTable('domains')
        .set({
          last_checked_at: now,
          check_error: result.error,
          check_records: JSON.stringify(result.records),
          ...(result.verified ? { verified_at: sql<string>`coalesce(verified_at, ${now})` } : {}),
        })
        .where('id', '=', row.id)
        .returning(COLUMNS)
        .executeTakeFirst();
    } catch (err) {
      // Another claim of the name was verified at the same moment (domains_verified_name): this one lost.
      if (becomes && isUniqueViolation(err)) return this.markLost(row);
      throw err;
    }
    if (becomes) await this.othersLose(row);
    // The redirect's cache remembers the host as unknown: it forgets it now (and so does every other instance's).
    if (becomes) this.changes.emit('domain', row.id);
    return updated ?? { ...row, last_checked_at: now, check_error: result.error, check_records: JSON.stringify(result.records) };
  }

  /** Whether another domain of the name is verified. */
  private async nameTaken(row: CheckRow): Promise<boolean> {
    const other = await this.db.selectFrom('domains').select('id').where('name', '=', row.name).where('id', '<>', row.id).where('verified_at', 'is not', null).executeTakeFirst();
    return other !== undefined;
  }

  private async markLost(row: CheckRow): Promise<CheckRow> {
    const lost = { last_checked_at: nowIso(), check_error: CLAIM_LOST };
    await this.db.updateTable('domains').set(lost).where('id', '=', row.id).where('verified_at', 'is', null).execute();
    return { ...row, ...lost };
  }

  /** The name is proven: every other (unverified) claim of it has lost. */
  async othersLose(row: { id: number; name: string }): Promise<void> {
    await this.db
      .updateTable('domains')
      .set({ check_error: CLAIM_LOST, updated_at: nowIso() })
      .where('name', '=', row.name)
      .where('id', '<>', row.id)
      .where('verified_at', 'is', null)
      .execute();
  }

  private async giveToken(id: number): Promise<string> {
    const token = newVerificationToken();
    await this.db.updateTable('domains').set({ verification_token: token }).where('id', '=', id).where('verification_token', 'is', null).execute();
    const row = await this.db.selectFrom('domains').select('verification_token').where('id', '=', id).executeTakeFirst();
    return row?.verification_token ?? token;
  }

  /** Domains due a check: unverified ones younger than a week every `everyMs`, verified ones once a day; never a lost or expired claim. */
  private async due(now: number, everyMs: number): Promise<{ id: number; last_checked_at: string | null }[]> {
    const often = new Date(now - everyMs).toISOString();
    const daily = new Date(now - DAY_MS).toISOString();
    const week = new Date(now - CLAIM_DAYS * DAY_MS).toISOString();
    return this.db
      .selectFrom('domains')
      .select(['id', 'last_checked_at'])
      .where((eb) =>
        eb.or([
          eb('verified_at', 'is not', null),
          eb.and([eb('created_at', '>=', week), eb.or([eb('check_error', 'is', null), eb('check_error', '<>', CLAIM_LOST)])]),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('last_checked_at', 'is', null),
          eb('last_checked_at', '<', daily),
          eb.and([eb('verified_at', 'is', null), eb('last_checked_at', '<', often)]),
        ]),
      )
      .orderBy(sql`coalesce(last_checked_at, '')`)
      .orderBy('id')
      .limit(PER_ROUND)
      .execute();
  }

  /** One round of the worker: claims each due domain (another instance may have), then checks it. Returns how many it checked. */
  async runDue(everyMs: number, now = Date.now()): Promise<number> {
    const due = await this.due(now, everyMs);
    let checked = 0;
    for (let i = 0; i < due.length; i += AT_ONCE) {
      await Promise.all(
        due.slice(i, i + AT_ONCE).map(async (d) => {
          const claimed = await this.db
            .updateTable('domains')
            .set({ last_checked_at: nowIso() })
            .where('id', '=', d.id)
            .where((eb) => (d.last_checked_at === null ? eb('last_checked_at', 'is', null) : eb('last_checked_at', '=', d.last_checked_at)))
            .returning(COLUMNS)
            .executeTakeFirst();
          if (!claimed) return;
          await this.check({ ...claimed, last_checked_at: d.last_checked_at });
          checked++;
        }),
      );
    }
    return checked;
  }

  /** Runs a round every `everyMs` (the first one after `everyMs`); the stop function waits for a round under way. */
  schedule(everyMs: number, onError: (err: unknown) => void): () => Promise<void> {
    let round: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      round ??= this.runDue(everyMs)
        .catch(onError)
        .finally(() => (round = null));
    }, everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await round;
    };
  }
}
