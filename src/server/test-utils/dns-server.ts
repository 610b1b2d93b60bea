// A DNS server on localhost for the tests of custom domains' verification: what a deployment's own
// resolver looks like (DNS_RESOLVER). It answers from a zone the test edits: A, AAAA, CNAME and TXT records per
// name; a CNAME is followed inside the zone, as a recursive resolver would; an unknown name is NXDOMAIN; a name
// set to `fail` answers SERVFAIL. UDP only (the answers are small). `verifyDomain`: for tests that only need a
// custom domain that takes traffic.
import dns2 from 'dns2';
import type { TestApp } from './test-app';
import { DomainChecks } from '../domains/domain-checks';

const { Packet } = dns2;
/** RFC 1035 response codes (dns2 has them as Packet.RCODE, which its types leave out). */
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3 } as const;

export interface ZoneRecords {
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
  TXT?: string[];
  /** Answer SERVFAIL for every question about this name. */
  fail?: boolean;
}

export interface LocalDns {
  /** `127.0.0.1:{port}`: the value of DNS_RESOLVER (config `dnsResolver: [resolver]`). */
  resolver: string;
  /** Sets (replaces) a name's records; names are lower-cased, without the final dot. */
  set(name: string, records: ZoneRecords): void;
  get(name: string): ZoneRecords | undefined;
  remove(name: string): void;
  close(): Promise<void>;
}

const TYPES: Record<number, keyof Omit<ZoneRecords, 'fail'>> = {
  [Packet.TYPE.A]: 'A',
  [Packet.TYPE.AAAA]: 'AAAA',
  [Packet.TYPE.CNAME]: 'CNAME',
  [Packet.TYPE.TXT]: 'TXT',
};

type Answer = Record<string, unknown>;

function answersFor(zone: Map<string, ZoneRecords>, name: string, type: keyof Omit<ZoneRecords, 'fail'>, depth = 0): Answer[] {
  const records = zone.get(name);
  if (!records) return [];
  const base = { name, class: Packet.CLASS.IN, ttl: 60 };
  if (records.CNAME && type !== 'CNAME' && depth < 8) {
    const target = records.CNAME.toLowerCase();
    return [{ ...base, type: Packet.TYPE.CNAME, domain: target }, ...answersFor(zone, target, type, depth + 1)];
  }
  if (type === 'CNAME') return records.CNAME ? [{ ...base, type: Packet.TYPE.CNAME, domain: records.CNAME }] : [];
  if (type === 'TXT') return (records.TXT ?? []).map((data) => ({ ...base, type: Packet.TYPE.TXT, data }));
  return (records[type] ?? []).map((address) => ({ ...base, type: Packet.TYPE[type], address }));
}

/** `port` 0: any free one; the e2e server's DNS_RESOLVER names a fixed one (e2e/fixtures/env.ts, E2E_DNS_PORT). */
export async function startLocalDns(port = 0): Promise<LocalDns> {
  const zone = new Map<string, ZoneRecords>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      const records = zone.get(name);
      const type = TYPES[question?.type ?? -1];
      if (!records) response.header.rcode = RCODE.NXDOMAIN;
      else if (records.fail) response.header.rcode = RCODE.SERVFAIL;
      else if (type) response.answers.push(...(answersFor(zone, name, type) as unknown as typeof response.answers));
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port, address: '127.0.0.1' } });
  const bound = addresses.udp?.port;
  if (!bound) throw new Error('the local DNS server did not start');
  return {
    resolver: `127.0.0.1:${bound}`,
    set: (name, records) => void zone.set(name.toLowerCase().replace(/\.$/, ''), records),
    get: (name) => zone.get(name.toLowerCase().replace(/\.$/, '')),
    remove: (name) => void zone.delete(name.toLowerCase().replace(/\.$/, '')),
    close: () => server.close(),
  };
}

/**
 * Verifies a domain of a test app as a deployment's owner would: a DNS server on localhost (started for the call)
 * gets the records the app asks for (its DOMAIN_TARGET_* config), and a check through it (a DomainChecks on the
 * app's database and change events, resolving there) finds them right. The domain then takes traffic.
 */
export async function verifyDomain(t: TestApp, domainId: number): Promise<void> {
  const [row] = await t.query<{ name: string; user_id: number }>('SELECT name, user_id FROM domains WHERE id = ?', domainId);
  if (!row) throw new Error(`no domain ${domainId}`);
  const dns = await startLocalDns();
  try {
    const checks = new DomainChecks(t.db.kysely, { ...t.app.ctx.config, dnsResolver: [dns.resolver] }, t.app.ctx.changes);
    const current = await checks.row(row.user_id, domainId);
    if (!current) throw new Error(`no domain ${domainId}`);
    for (const r of checks.verification(current).records) {
      const records = { ...dns.get(r.name) };
      if (r.type === 'TXT') records.TXT = [r.value];
      else if (r.type === 'CNAME') records.CNAME = records.A?.length || records.AAAA?.length ? undefined : r.value;
      else records[r.type] = [...(records[r.type] ?? []), r.value];
      dns.set(r.name, records);
    }
    const checked = await checks.check(current);
    if (!checked.verified_at) throw new Error(`domain ${row.name} was not verified: ${checked.check_records ?? ''} ${checked.check_error ?? ''}`);
  } finally {
    await dns.close();
  }
}
