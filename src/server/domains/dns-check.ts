// A custom domain's DNS records: which ones it needs, and what a resolver finds for them. The TXT record
// `_linkdeck.{name}` holds the domain's token (ownership); the A/AAAA records name this server's addresses, or a
// CNAME record names its host (routing: one way is enough). The resolver is node:dns's, pointed at DNS_RESOLVER
// when set (a deployment's own resolver; the tests' is a DNS server on localhost).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Resolver } from 'node:dns/promises';
import type { DnsRecord, DnsRecordState, DnsRecordType } from '../../shared/objects/domain-verification.object';

/** What the routing records must name: DOMAIN_TARGET_ADDRESSES and DOMAIN_TARGET_HOST (domain-config.ts). */
export interface DnsTargets {
  addresses: readonly string[];
  host: string | null;
}

export interface DnsCheck {
  records: DnsRecord[];
  verified: boolean;
  /** Why some record could not be checked (the resolver failed), else null. */
  error: string | null;
}

export type ExpectedRecord = Omit<DnsRecord, 'state' | 'found'>;

/** A new domain's token: the TXT record's whole value. Migration 026 gives older domains the same form. */
export function newVerificationToken(): string {
  return `linkdeck-${randomBytes(16).toString('hex')}`;
}

/** A resolver with short timeouts; `servers` (DNS_RESOLVER) empty: the system's. */
export function dnsResolver(servers: readonly string[]): Resolver {
  const resolver = new Resolver({ timeout: 1500, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return resolver;
}

/** One spelling per address and host, so that values compare: IPv6 compressed, names lower-cased without the final dot. */
function normal(value: string): string {
  if (net.isIPv6(value)) return new URL(`http://[${value}]`).hostname.slice(1, -1);
  return value.toLowerCase().replace(/\.$/, '');
}

/** The records `name` needs, in the order the dashboard shows them. */
export function expectedRecords(name: string, token: string, targets: DnsTargets): ExpectedRecord[] {
  const routing = (type: DnsRecordType, value: string): ExpectedRecord => ({ type, name, value, purpose: 'routing' });
  return [
    { type: 'TXT', name: `_linkdeck.${name}`, value: token, purpose: 'ownership' },
    ...targets.addresses.filter((a) => net.isIPv4(a)).map((a) => routing('A', a)),
    ...targets.addresses.filter((a) => net.isIPv6(a)).map((a) => routing('AAAA', normal(a))),
    ...(targets.host ? [routing('CNAME', targets.host)] : []),
  ];
}

/** The domain is verified: the TXT record is ok, and the CNAME is, or an address record is and none is wrong (or nothing routes). */
export function isVerified(records: readonly DnsRecord[]): boolean {
  const txt = records.find((r) => r.type === 'TXT');
  const routing = records.filter((r) => r.purpose === 'routing');
  const addresses = routing.filter((r) => r.type === 'A' || r.type === 'AAAA');
  const routed =
    routing.length === 0 ||
    routing.some((r) => r.type === 'CNAME' && r.state === 'ok') ||
    (addresses.some((r) => r.state === 'ok') && !addresses.some((r) => r.state === 'wrong'));
  return txt?.state === 'ok' && routed;
}

type Answer = { values: string[] } | { error: string };

/** No such name, or no record of the type: an empty answer. Anything else: the resolver could not tell. */
async function ask(query: () => Promise<string[]>, spell: (value: string) => string = normal): Promise<Answer> {
  try {
    return { values: (await query()).map(spell) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    if (code === 'ENODATA' || code === 'ENOTFOUND') return { values: [] };
    return { error: code };
  }
}

/**
 * A record's state. Routing records: `right` are the values this server wants for the type (several addresses);
 * any other value found makes it wrong (some visitors would go elsewhere). The TXT record: ok when the token is
 * among the texts found (others at that name do no harm), wrong when only others are.
 */
function stateOf(answer: Answer, record: ExpectedRecord, right: readonly string[]): { state: DnsRecordState; found: string[] } {
  if ('error' in answer) return { state: 'unknown', found: [] };
  const found = answer.values;
  const foreign = record.purpose === 'ownership' ? !found.includes(record.value) && found.length > 0 : found.some((f) => !right.includes(f));
  return { state: foreign ? 'wrong' : found.includes(record.value) ? 'ok' : 'missing', found };
}

/** Resolves every record `name` needs, at once, through `resolver`. */
export async function checkDns(resolver: Resolver, name: string, token: string, targets: DnsTargets): Promise<DnsCheck> {
  const expected = expectedRecords(name, token, targets);
  const has = (type: DnsRecordType) => expected.some((r) => r.type === type);
  const none = async (): Promise<string[]> => [];
  const [txt, a, aaaa, cname] = await Promise.all([
    // A TXT record's text may come in several strings: they are one value.
    ask(() => resolver.resolveTxt(`_linkdeck.${name}`).then((rs) => rs.map((chunks) => chunks.join('').trim())), (v) => v),
    ask(has('A') ? () => resolver.resolve4(name) : none),
    ask(has('AAAA') ? () => resolver.resolve6(name) : none),
    ask(has('CNAME') ? () => resolver.resolveCname(name) : none),
  ]);
  const answers: Record<DnsRecordType, Answer> = { TXT: txt, A: a, AAAA: aaaa, CNAME: cname };
  const records = expected.map((r): DnsRecord => {
    const right = expected.filter((e) => e.type === r.type).map((e) => e.value);
    return { ...r, ...stateOf(answers[r.type], r, right) };
  });
  const failed = expected.map((r) => r.type).filter((t, i, all) => all.indexOf(t) === i && 'error' in answers[t]);
  const error = failed.length
    ? `The resolver did not answer for ${failed.map((t) => `${t === 'TXT' ? `_linkdeck.${name}` : name} (${t}: ${(answers[t] as { error: string }).error})`).join(', ')}.`
    : null;
  return { records, verified: isVerified(records), error };
}
