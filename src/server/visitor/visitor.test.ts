import { describe, expect, it } from 'vitest';
import { preferredLanguage } from '../../shared/accept-language';
import { lookupCountry } from './geo-ip';
import { referrerHost, VisitorResolver } from './visitor';

describe('visitor details', () => {
  it('takes the highest-weighted Accept-Language tag, primary subtag', () => {
    expect(preferredLanguage('de-CH, fr;q=0.9, en;q=0.8')).toBe('de');
    expect(preferredLanguage('fr;q=0.5, pt-BR;q=0.9, *;q=1')).toBe('pt');
    expect(preferredLanguage('en;q=0.8, es;q=0.8')).toBe('en');
    expect(preferredLanguage('*')).toBeNull();
    expect(preferredLanguage('nl;q=0, x1')).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
  });

  it('finds countries in the shipped geo database', () => {
    expect(lookupCountry('8.8.8.8')).toBe('US');
    expect(lookupCountry('81.2.69.142')).toBe('GB');
    expect(lookupCountry('::ffff:81.2.69.142')).toBe('GB');
    expect(lookupCountry('2a00:1450:4001::1')).toBe('DE');
    expect(lookupCountry('127.0.0.1')).toBeNull();
    expect(lookupCountry('not an ip')).toBeNull();
  });

  it('honours CF-IPCountry only when the peer is a trusted proxy', () => {
    const headers = { 'cf-ipcountry': 'JP' };
    expect(new VisitorResolver(1).resolve('8.8.8.8', headers, '127.0.0.1')).toMatchObject({ country: 'JP', continent: 'AS' });
    expect(new VisitorResolver(false).resolve('8.8.8.8', headers, '127.0.0.1')).toMatchObject({ country: 'US', continent: 'NA' });
    // Proxies listed by address: a peer that is not one of them is a client sending the header itself.
    const listed = new VisitorResolver(['10.0.0.0/8']);
    expect(listed.resolve('8.8.8.8', headers, '10.1.2.3')).toMatchObject({ country: 'JP' });
    expect(listed.resolve('8.8.8.8', headers, '203.0.113.9')).toMatchObject({ country: 'US' });
    expect(listed.resolve('8.8.8.8', headers)).toMatchObject({ country: 'US' });
  });

  it('keeps only the referrer host', () => {
    expect(referrerHost('https://User:pw@News.Example.com:8443/a?b#c')).toBe('news.example.com');
    expect(referrerHost('android-app://com.x')).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
    expect(referrerHost('https://[2001:db8::1]:8080/x')).toBe('[2001:db8::1]');
    // Markup in the "host" part is no host: nothing is stored.
    expect(referrerHost('https://<img src=x onerror=alert(1)>/')).toBeNull();
    expect(referrerHost('https://a"b.example/')).toBeNull();
  });
});
