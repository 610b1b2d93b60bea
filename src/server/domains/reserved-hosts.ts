// Hosts no account may register as its domain: the host of BASE_URL (the default domain) and RESERVED_HOSTS.
// A visit to one of them is always the default domain, even when an old row names it (see warnReservedDomains).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { canonicalHost } from '../../shared/host-name';

/** RESERVED_HOSTS=go.example.com,www.example.com: each normalised; one entry that is not a host name stops the start. */
export function parseReservedHosts(value: string | undefined): string[] {
  const hosts: string[] = [];
  for (const entry of (value ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const host = canonicalHost(entry);
    if (!host) throw new Error(`RESERVED_HOSTS must list host names separated by commas, got "${entry}"`);
    hosts.push(host);
  }
  return hosts;
}

/** The host of BASE_URL and the configured ones, normalised as every domain name is. */
export function reservedHostsOf(config: { baseUrl: string; reservedHosts?: readonly string[] }): ReadonlySet<string> {
  const set = new Set<string>();
  const base = canonicalHost(new URL(config.baseUrl).host);
  if (base) set.add(base);
  for (const h of config.reservedHosts ?? []) {
    const host = canonicalHost(h);
    if (host) set.add(host);
  }
  return set;
}

/** Domain rows registered before hosts were reserved: they stay, but never answer for their host. */
export async function reservedDomainRows(db: Kysely<Database>, reserved: ReadonlySet<string>): Promise<{ id: number; name: string; user_id: number }[]> {
  if (reserved.size === 0) return [];
  return db.selectFrom('domains').select(['id', 'name', 'user_id']).where('name', 'in', [...reserved]).orderBy('id').execute();
}

/** One warning at start naming such rows (the operator deletes them, or tells their owners). */
export async function warnReservedDomains(
  db: Kysely<Database>,
  reserved: ReadonlySet<string>,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  const rows = await reservedDomainRows(db, reserved);
  if (rows.length === 0) return;
  const list = rows.map((r) => `${r.name} (domain ${r.id}, user ${r.user_id})`).join(', ');
  log.warn({ domains: rows }, `domains registered on a reserved host are ignored (visits to them reach the default domain): ${list}`);
}
