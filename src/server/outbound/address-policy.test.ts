// The address policy: public unicast only, in every spelling of the refused ranges.
import { describe, expect, it } from 'vitest';
import { AddressPolicy } from './address-policy';

const REFUSED = [
  '127.0.0.1', '127.255.255.254', '0.0.0.0', '0.1.2.3', // loopback, unspecified ("this network")
  '10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', // RFC 1918
  '169.254.169.254', '169.254.0.1', // link-local, cloud metadata
  '100.64.0.1', '100.127.255.255', // CGNAT
  '224.0.0.1', '239.255.255.250', '255.255.255.255', // multicast, broadcast
  '::1', '::', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', // IPv6 loopback, unspecified, ULA, link-local, multicast
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '[::ffff:192.168.0.1]', // IPv4-mapped
  '64:ff9b::7f00:1', '2002:7f00:1::1', // NAT64 and 6to4 wrapping 127.0.0.1
  'not-an-ip', '',
];
const ALLOWED = ['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'];

describe('address policy', () => {
  const policy = new AddressPolicy();
  it.each(REFUSED)('refuses %s', (a) => expect(policy.allows(a)).toBe(false));
  it.each(ALLOWED)('allows %s', (a) => expect(policy.allows(a)).toBe(true));

  it('allows exactly the listed extra addresses, in any spelling', () => {
    const p = new AddressPolicy({ allowAddresses: ['127.0.0.2'] });
    expect(p.allows('127.0.0.2')).toBe(true);
    expect(p.allows('::ffff:127.0.0.2')).toBe(true);
    expect(p.allows('127.0.0.1')).toBe(false);
  });

  it('allows everything with ALLOW_PRIVATE_FETCH', () => {
    const open = new AddressPolicy({ allowPrivate: true });
    for (const a of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1']) expect(open.allows(a)).toBe(true);
  });
});
