// Words about a domain's verification, kept pure so they can be tested: its state in the list (Verified,
// Pending DNS, Shared), each DNS record's state and purpose, and what a check found, in a sentence.
import type { Domain } from '../../../shared/domain.schema';
import type { DnsRecord, DnsRecordState, DomainVerification } from '../../../shared/objects/domain-verification.object';
import { formatRelative, plural } from '../../components/resource-list/format';

export type DomainStateKind = 'verified' | 'pending' | 'shared';

export interface DomainState {
  kind: DomainStateKind;
  label: string;
  color: string;
  /** One line under the badge: when it was last checked, or why it is read-only. */
  detail: string | null;
}

type StateInput = Pick<Domain, 'shared' | 'owned' | 'verified' | 'last_checked_at'>;

/** Another workspace's shared domain: links may use it, only its own workspace changes it. */
export const SHARED_READ_ONLY = 'Shared with every workspace by the instance admin. Your links can use it; it is read-only here.';

/** "Checked 5 minutes ago" or "Not checked yet". */
export function lastChecked(at: string | null, now: number): string {
  return at ? `Checked ${formatRelative(at, now)}` : 'Not checked yet';
}

/** The badge of a domain in the list: another workspace's shared domain first, then verified or not. */
export function domainState(domain: StateInput, now: number): DomainState {
  if (!domain.owned) return { kind: 'shared', label: 'Shared', color: 'grape', detail: SHARED_READ_ONLY };
  if (domain.verified) return { kind: 'verified', label: 'Verified', color: 'green', detail: null };
  return { kind: 'pending', label: 'Pending DNS', color: 'orange', detail: lastChecked(domain.last_checked_at, now) };
}

const RECORD_STATES: Record<DnsRecordState, { label: string; color: string }> = {
  ok: { label: 'OK', color: 'green' },
  missing: { label: 'Missing', color: 'orange' },
  wrong: { label: 'Wrong', color: 'red' },
  unknown: { label: 'Not checked', color: 'gray' },
};

export function recordState(state: DnsRecordState): { label: string; color: string } {
  return RECORD_STATES[state];
}

/** What a record is for, in a few words. */
export function recordPurpose(record: Pick<DnsRecord, 'type' | 'purpose'>): string {
  if (record.purpose === 'ownership') return 'Proves the domain is yours';
  if (record.type === 'CNAME') return 'Sends visitors here by name';
  return 'Sends visitors to this server’s address';
}

/** What a `wrong` record's name holds instead: "Found: a, b". Null for the other states. */
export function foundInstead(record: Pick<DnsRecord, 'state' | 'found'>): string | null {
  if (record.state !== 'wrong') return null;
  return record.found.length ? `Found: ${record.found.join(', ')}` : null;
}

/** The routing records are alternatives when there are several kinds of them (an A record, or a CNAME record). */
export function routingChoice(records: readonly Pick<DnsRecord, 'type' | 'purpose'>[]): string | null {
  const kinds = new Set(records.filter((r) => r.purpose === 'routing').map((r) => (r.type === 'CNAME' ? 'CNAME' : 'address')));
  return kinds.size > 1 ? 'Set either the CNAME record or the A/AAAA records: one way is enough. A CNAME cannot be set on a zone’s apex (example.com itself).' : null;
}

export interface CheckOutcome {
  verified: boolean;
  title: string;
  message: string;
}

/** What a "Check now" found, for its notification. */
export function checkOutcome(v: Pick<DomainVerification, 'name' | 'verified' | 'check_error' | 'records'>): CheckOutcome {
  if (v.verified) return { verified: true, title: 'Verified', message: `${v.name} is verified: its short links work now.` };
  if (v.check_error) return { verified: false, title: 'The check could not finish', message: v.check_error };
  const txt = v.records.find((r) => r.purpose === 'ownership');
  const routing = v.records.filter((r) => r.purpose === 'routing');
  const parts: string[] = [];
  if (txt && txt.state !== 'ok') parts.push(`the TXT record is ${RECORD_STATES[txt.state].label.toLowerCase()}`);
  const wrong = routing.filter((r) => r.state === 'wrong').length;
  if (wrong) parts.push(`${plural(wrong, 'routing record')} ${wrong === 1 ? 'is' : 'are'} wrong`);
  else if (routing.length && !routing.some((r) => r.state === 'ok')) parts.push('no routing record is set yet');
  const found = parts.length ? `${parts.join(', and ')}.` : 'its records are not right yet.';
  return { verified: false, title: 'Not verified yet', message: `${v.name}: ${found[0]?.toUpperCase()}${found.slice(1)} DNS changes can take a while to show.` };
}
