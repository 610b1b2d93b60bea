import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readUtm, withUtm, UTM_KEYS } from './utm';

describe('withUtm', () => {
  it('adds parameters at the end of the query, before the fragment, leaving the rest as it was', () => {
    expect(withUtm('https://shop.example/sale', { utm_source: 'newsletter', utm_medium: 'email' })).toBe(
      'https://shop.example/sale?utm_source=newsletter&utm_medium=email',
    );
    expect(withUtm('https://Shop.example/a%2Fb?x=1&y=%7E#top', { utm_campaign: 'Spring sale 2026' })).toBe(
      'https://Shop.example/a%2Fb?x=1&y=%7E&utm_campaign=Spring+sale+2026#top',
    );
  });

  it('replaces a parameter in its place, drops its repeats, and removes with null or an empty value', () => {
    const url = 'https://e.com/?utm_source=old&a=1&UTM_SOURCE=again&utm_medium=cpc';
    expect(withUtm(url, { utm_source: 'new' })).toBe('https://e.com/?utm_source=new&a=1&utm_medium=cpc');
    expect(withUtm(url, { utm_source: null, utm_medium: '' })).toBe('https://e.com/?a=1');
    expect(withUtm('https://e.com/?utm_term=x', { utm_term: null })).toBe('https://e.com/');
  });

  it('returns the URL untouched when nothing is asked', () => {
    expect(withUtm('https://e.com', {})).toBe('https://e.com');
    expect(withUtm('https://e.com?&&', { utm_source: undefined })).toBe('https://e.com?&&');
  });

  it('encodes what needs it and reads it back', () => {
    const url = withUtm('https://e.com/p', { utm_content: 'a&b=c #1 ü' });
    expect(url).toBe('https://e.com/p?utm_content=a%26b%3Dc+%231+%C3%BC');
    expect(readUtm(url).utm_content).toBe('a&b=c #1 ü');
  });

  it('reads back whatever it wrote, and keeps other parameters (property)', () => {
    const value = fc.option(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''), { nil: null });
    fc.assert(
      fc.property(fc.record(Object.fromEntries(UTM_KEYS.map((k) => [k, value]))), fc.constantFrom('https://e.com/', 'https://e.com/p?x=1&y=2', 'https://e.com/#f'), (changes, base) => {
        const url = withUtm(base, changes as never);
        const back = readUtm(url);
        for (const k of UTM_KEYS) expect(back[k]).toBe((changes as Record<string, string | null>)[k]?.trim() ?? null);
        if (base.includes('x=1')) expect(url).toContain('?x=1&y=2');
        expect(withUtm(url, changes as never)).toBe(url);
      }),
    );
  });
});

describe('readUtm', () => {
  it('reads the first of each, case-insensitively, empty as absent', () => {
    expect(readUtm('https://e.com/?UTM_Source=a&utm_source=b&utm_medium=&utm_campaign=x+y')).toEqual({
      utm_source: 'a',
      utm_medium: null,
      utm_campaign: 'x y',
      utm_term: null,
      utm_content: null,
    });
    expect(readUtm('not a url')).toEqual({ utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null });
  });
});
