// The configuration of custom domains' verification: which resolver checks their DNS records, what
// their A/AAAA or CNAME record must point to, and how often the worker checks. Each variable is parsed here, once;
// a wrong value stops the start with one line naming it (config.ts).
import net from 'node:net';
import { canonicalHost } from '../../shared/host-name';
import { parseEvery } from '../backup/backup-every';
import type { Config } from '../config';

/** The settings this file parses (their meaning: config.ts). */
export type DomainDnsConfig = Pick<Config, 'dnsResolver' | 'domainTargetAddresses' | 'domainTargetHost' | 'domainCheckEveryMs'>;

/** `1.1.1.1`, `127.0.0.1:5353`, `::1`, `[::1]:5353`: an IP address and an optional port, as setServers takes it. */
function resolverEntry(entry: string): string | null {
  if (net.isIP(entry)) return entry;
  const m = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(entry);
  const address = m?.[1] ?? m?.[2] ?? '';
  const port = Number(m?.[3]);
  if (!m || !net.isIP(address) || port < 1 || port > 65535) return null;
  return entry;
}

/** DNS_RESOLVER=127.0.0.1:5353 (or several, separated by commas). */
export function parseDnsResolver(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!resolverEntry(entry)) throw new Error(`DNS_RESOLVER must be a resolver's IP address with an optional port (127.0.0.1:5353, [::1]:53), got "${entry}"`);
  }
  return entries;
}

/** DOMAIN_TARGET_HOST, else the host of BASE_URL when it is a host name that a CNAME can name (not an IP address). */
export function parseTargetHost(value: string | undefined, baseUrl: string): string | null {
  if (value) {
    const host = canonicalHost(value);
    if (!host || host.startsWith('[') || net.isIP(host)) throw new Error(`DOMAIN_TARGET_HOST must be a host name, got "${value}"`);
    return host;
  }
  const base = canonicalHost(new URL(baseUrl).hostname);
  return base && !base.startsWith('[') && !net.isIP(base) ? base : null;
}

/** DOMAIN_CHECK_EVERY: unset is 10 minutes, `0` turns the worker off; else a duration such as `5m` (at least 10 s). */
export function parseCheckEvery(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return 600_000;
  return parseEvery('DOMAIN_CHECK_EVERY', value, false);
}
