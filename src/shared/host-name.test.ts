import { describe, expect, it } from 'vitest';
import { canonicalHost } from './host-name';
import { normaliseDomainName } from './domain.schema';

describe('canonicalHost: the one normalisation of host names', () => {
  it.each([
    ['Go.Example.COM.', 'go.example.com'],
    ['go.example.com:443', 'go.example.com'],
    ['GO.example.com.:8080', 'go.example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['BÜCHER.Example.', 'xn--bcher-kva.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['localhost:8080', 'localhost'],
    ['127.0.0.1:8080', '127.0.0.1'],
    ['[::1]:8080', '[::1]'],
  ])('%s -> %s', (raw, host) => {
    expect(canonicalHost(raw)).toBe(host);
  });

  it.each(['', ':80', 'a..b.com', '-x.example', 'under_score.example', 'user@host.example', 'https://x.example', 'x.example/path', 'a b.example', 'go\u202e.example', `${'a'.repeat(64)}.example`])(
    'refuses %j',
    (raw) => {
      expect(canonicalHost(raw)).toBeNull();
    },
  );

  it('gives the stored form of a domain name for every spelling of it', () => {
    for (const spelling of ['Go.Example.COM.', 'go.example.com:443', 'https://GO.example.com./x']) expect(normaliseDomainName(spelling)).toBe('go.example.com');
    expect(normaliseDomainName('bücher.example')).toBe(canonicalHost('BÜCHER.example.:443'));
  });
});
