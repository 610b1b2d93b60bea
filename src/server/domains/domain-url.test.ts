import { describe, expect, it } from 'vitest';
import { domainHttps, storedDomainUrl } from './domain-url';

describe('domainHttps', () => {
  it('keeps a stored choice, whatever BASE_URL is', () => {
    expect(domainHttps(1, 'http://localhost:8080')).toBe(1);
    expect(domainHttps(0, 'https://s.example')).toBe(0);
  });

  it('gives a domain from before the choice existed (NULL) the scheme of BASE_URL', () => {
    expect(domainHttps(null, 'http://localhost:8080')).toBe(0);
    expect(domainHttps(null, 'https://s.example/base')).toBe(1);
  });

  it('builds the url from the name and the choice', () => {
    expect(storedDomainUrl({ name: 'go.example.com', https: 1 }, 'http://x')).toBe('https://go.example.com');
    expect(storedDomainUrl({ name: 'go.example.com', https: 0 }, 'https://x')).toBe('http://go.example.com');
    expect(storedDomainUrl({ name: 'go.example.com', https: null }, 'https://x')).toBe('https://go.example.com');
  });
});
