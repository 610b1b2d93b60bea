// The configuration of domain verification: DNS_RESOLVER, DOMAIN_TARGET_ADDRESSES, DOMAIN_TARGET_HOST
// and DOMAIN_CHECK_EVERY, with their defaults; a wrong value stops the start with one line naming the variable.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('domain verification settings', () => {
  it('defaults: the system resolver, no addresses, the host of BASE_URL for CNAME, a check round every 10 minutes', () => {
    const config = loadConfig({ BASE_URL: 'https://Go.Example.com:8443' });
    expect(config).toMatchObject({ dnsResolver: [], domainTargetAddresses: [], domainTargetHost: 'go.example.com', domainCheckEveryMs: 600_000 });
    // A BASE_URL on an IP address offers no CNAME.
    expect(loadConfig({ BASE_URL: 'http://127.0.0.1:8080' }).domainTargetHost).toBeNull();
    expect(loadConfig({ BASE_URL: 'http://[::1]:8080' }).domainTargetHost).toBeNull();
  });

  it('takes resolvers with or without a port, addresses of both families, a host, an interval or 0', () => {
    const config = loadConfig({
      DNS_RESOLVER: '127.0.0.1:5353, [::1]:53,10.0.0.2',
      DOMAIN_TARGET_ADDRESSES: '203.0.113.7,2001:db8::7',
      DOMAIN_TARGET_HOST: 'Edge.Example.NET.',
      DOMAIN_CHECK_EVERY: '5m',
    });
    expect(config).toMatchObject({
      dnsResolver: ['127.0.0.1:5353', '[::1]:53', '10.0.0.2'],
      domainTargetAddresses: ['203.0.113.7', '2001:db8::7'],
      domainTargetHost: 'edge.example.net',
      domainCheckEveryMs: 300_000,
    });
    expect(loadConfig({ DOMAIN_CHECK_EVERY: '0' }).domainCheckEveryMs).toBeNull();
  });

  it('refuses a wrong value with one line naming the variable', () => {
    for (const entry of ['dns.example', '127.0.0.1:99999', '[::1]', 'resolver.example:53', '127.0.0.1:']) {
      expect(() => loadConfig({ DNS_RESOLVER: entry }), entry).toThrow(`DNS_RESOLVER must be a resolver's IP address with an optional port (127.0.0.1:5353, [::1]:53), got "${entry}"`);
    }
    expect(() => loadConfig({ DOMAIN_TARGET_ADDRESSES: '203.0.113.7,edge.example' })).toThrow('DOMAIN_TARGET_ADDRESSES must list IP addresses separated by commas, got "edge.example"');
    for (const host of ['203.0.113.7', 'a b.example', 'https://x.example/path']) {
      expect(() => loadConfig({ DOMAIN_TARGET_HOST: host }), host).toThrow(`DOMAIN_TARGET_HOST must be a host name, got "${host}"`);
    }
    expect(() => loadConfig({ DOMAIN_CHECK_EVERY: '5s' })).toThrow('DOMAIN_CHECK_EVERY must be a duration of at least 10s');
    expect(() => loadConfig({ DOMAIN_CHECK_EVERY: 'often' })).toThrow('DOMAIN_CHECK_EVERY must be a duration of at least 10s');
  });
});
