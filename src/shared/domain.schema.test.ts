import { describe, expect, it } from 'vitest';
import { normaliseDomainName } from './domain.schema';

describe('normaliseDomainName', () => {
  it.each([
    ['Go.Example.COM', 'go.example.com'],
    ['https://go.example.com/some/path?x=1', 'go.example.com'],
    ['go.example.com:8443', 'go.example.com'],
    ['go.example.com.', 'go.example.com'],
    ['localhost', 'localhost'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('%s -> %s', (input, name) => {
    expect(normaliseDomainName(input)).toBe(name);
  });

  it.each(['', 'example', 'exa mple.com', '-bad.example.com', 'a..b.com', '1.2.3.4', 'under_score.example.com', `${'a'.repeat(64)}.com`])(
    'refuses %j',
    (input) => {
      expect(normaliseDomainName(input)).toBeNull();
    },
  );
});
