import { describe, expect, it } from 'vitest';
import type { DnsRecord } from '../../../shared/objects/domain-verification.object';
import { checkOutcome, domainState, foundInstead, lastChecked, recordPurpose, recordState, routingChoice } from './domain-state';

const NOW = Date.parse('2026-11-20T10:00:00.000Z');
const base = { shared: false, owned: true, verified: false, last_checked_at: null };

const txt = (state: DnsRecord['state'], found: string[] = []): DnsRecord => ({
  type: 'TXT',
  name: '_linkdeck.go.example.com',
  value: 'linkdeck-abc',
  purpose: 'ownership',
  state,
  found,
});
const routing = (type: 'A' | 'AAAA' | 'CNAME', value: string, state: DnsRecord['state'], found: string[] = []): DnsRecord => ({
  type,
  name: 'go.example.com',
  value,
  purpose: 'routing',
  state,
  found,
});

describe('a domain in the list', () => {
  it('is pending with when it was last checked, or that it was not', () => {
    expect(domainState(base, NOW)).toEqual({ kind: 'pending', label: 'Pending DNS', color: 'orange', detail: 'Not checked yet' });
    expect(domainState({ ...base, last_checked_at: '2026-11-20T09:55:00.000Z' }, NOW).detail).toBe('Checked 5 minutes ago');
  });
  it('is verified without a line under it, shared by this workspace or not', () => {
    expect(domainState({ ...base, verified: true, last_checked_at: '2026-11-20T09:55:00.000Z' }, NOW)).toMatchObject({ kind: 'verified', label: 'Verified', detail: null });
    expect(domainState({ ...base, verified: true, shared: true }, NOW).kind).toBe('verified');
  });
  it("is Shared and read-only when it is another workspace's, whatever its verification", () => {
    for (const verified of [true, false]) {
      const s = domainState({ ...base, owned: false, shared: true, verified }, NOW);
      expect(s.kind).toBe('shared');
      expect(s.label).toBe('Shared');
      expect(s.detail).toMatch(/read-only here/);
    }
  });
  it('says when a check was', () => {
    expect(lastChecked(null, NOW)).toBe('Not checked yet');
    expect(lastChecked('2026-11-20T09:59:30.000Z', NOW)).toBe('Checked just now');
    expect(lastChecked('2026-11-19T10:00:00.000Z', NOW)).toBe('Checked yesterday');
  });
});

describe('a DNS record', () => {
  it('names each state', () => {
    expect(['ok', 'missing', 'wrong', 'unknown'].map((s) => recordState(s as DnsRecord['state']).label)).toEqual(['OK', 'Missing', 'Wrong', 'Not checked']);
  });
  it('says what it is for', () => {
    expect(recordPurpose(txt('ok'))).toMatch(/yours/);
    expect(recordPurpose(routing('CNAME', 'links.example.com', 'ok'))).toMatch(/by name/);
    expect(recordPurpose(routing('A', '203.0.113.7', 'ok'))).toMatch(/address/);
  });
  it('shows what was found only when it is wrong', () => {
    expect(foundInstead(routing('A', '203.0.113.7', 'wrong', ['198.51.100.9', '198.51.100.10']))).toBe('Found: 198.51.100.9, 198.51.100.10');
    expect(foundInstead(routing('A', '203.0.113.7', 'ok', ['203.0.113.7']))).toBeNull();
    expect(foundInstead(routing('A', '203.0.113.7', 'missing'))).toBeNull();
  });
  it('explains the choice of routing records only when there is one', () => {
    expect(routingChoice([txt('ok'), routing('A', '203.0.113.7', 'ok'), routing('CNAME', 'links.example.com', 'missing')])).toMatch(/one way is enough/);
    expect(routingChoice([txt('ok'), routing('A', '203.0.113.7', 'ok'), routing('AAAA', '2001:db8::1', 'ok')])).toBeNull();
    expect(routingChoice([txt('ok'), routing('CNAME', 'links.example.com', 'ok')])).toBeNull();
  });
});

describe('what a check found', () => {
  const v = { name: 'go.example.com', verified: false, check_error: null };
  it('says a verified domain works', () => {
    expect(checkOutcome({ ...v, verified: true, records: [txt('ok'), routing('CNAME', 'x', 'ok')] })).toEqual({
      verified: true,
      title: 'Verified',
      message: 'go.example.com is verified: its short links work now.',
    });
  });
  it('names what is not right yet', () => {
    const missing = checkOutcome({ ...v, records: [txt('missing'), routing('CNAME', 'x', 'missing')] });
    expect(missing).toMatchObject({ verified: false, title: 'Not verified yet' });
    expect(missing.message).toBe('go.example.com: The TXT record is missing, and no routing record is set yet. DNS changes can take a while to show.');
    const wrong = checkOutcome({ ...v, records: [txt('ok'), routing('A', '203.0.113.7', 'wrong', ['198.51.100.9']), routing('CNAME', 'x', 'missing')] });
    expect(wrong.message).toContain('1 routing record is wrong.');
    expect(wrong.message).not.toContain('TXT');
    const twoWrong = checkOutcome({ ...v, records: [txt('wrong', ['other']), routing('A', 'a', 'wrong'), routing('AAAA', 'b', 'wrong')] });
    expect(twoWrong.message).toContain('The TXT record is wrong, and 2 routing records are wrong.');
  });
  it("gives the resolver's failure when the check could not finish", () => {
    const failed = checkOutcome({ ...v, check_error: 'The resolver did not answer for go.example.com (CNAME: ETIMEOUT).', records: [txt('unknown')] });
    expect(failed).toEqual({ verified: false, title: 'The check could not finish', message: 'The resolver did not answer for go.example.com (CNAME: ETIMEOUT).' });
  });
});
