import { describe, expect, it } from 'vitest';
import { flag01, httpUrl, idList, idRef, isHttpUrl, nullableText, parseTimestamp, queryNumberEnum, withDefaultScheme } from './fields';

describe('parseTimestamp', () => {
  it.each([
    ['2026-11-22T09:30:00', '2026-11-22T09:30:00.000Z'],
    ['2026-11-22 09:30', '2026-11-22T09:30:00.000Z'],
    ['2026-11-22 09:30:15', '2026-11-22T09:30:15.000Z'],
    ['2026-11-22T09:30:00Z', '2026-11-22T09:30:00.000Z'],
    ['2026-11-22T09:30:00.250Z', '2026-11-22T09:30:00.250Z'],
    ['2026-11-22T09:30:00+02:00', '2026-11-22T07:30:00.000Z'],
    ['2026-11-22T09:30:00-0530', '2026-11-22T15:00:00.000Z'],
  ])('reads %s as %s (no zone is UTC)', (input, iso) => {
    expect(parseTimestamp(input)).toBe(iso);
  });

  it.each(['2026-02-30T10:00:00', '2026-13-01 10:00', '2026-11-22T24:00:00', '22.11.2026', '2026-11-22', 'now', '2026-11-22T09:30:00+25:00'])(
    'refuses %s',
    (input) => {
      expect(parseTimestamp(input)).toBeNull();
    },
  );
});

describe('URL and scalar fields', () => {
  it('accepts only absolute http(s) URLs', () => {
    expect(isHttpUrl('https://example.com/a?b=1')).toBe(true);
    expect(isHttpUrl('HTTP://EXAMPLE.com')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', '//example.com', 'example.com', 'https://']) {
      expect(isHttpUrl(bad)).toBe(false);
    }
  });

  it('adds https:// to what was typed without a scheme, and leaves the rest for the URL rule', () => {
    for (const [typed, url] of [
      ['example.com/page', 'https://example.com/page'],
      ['  www.example.com?q=1 ', 'https://www.example.com?q=1'],
      ['localhost:8080/x', 'https://localhost:8080/x'],
      ['example.com:8443', 'https://example.com:8443'],
      ['//cdn.example.com/a', 'https://cdn.example.com/a'],
      ['münchen.de/straße', 'https://münchen.de/straße'],
    ]) {
      expect(withDefaultScheme(typed!)).toBe(url);
      expect(isHttpUrl(withDefaultScheme(typed!))).toBe(true);
    }
    for (const kept of ['https://example.com', 'HTTP://example.com', 'javascript:alert(1)', 'mailto:a@example.com', 'ftp://example.com', 'page', 'just words', '', 'user@example.com', '.com']) {
      expect(withDefaultScheme(kept)).toBe(kept);
    }
  });

  it('reads 0/1 flags from forms and JSON, and nothing else', () => {
    expect(flag01.parse('1')).toBe(1);
    expect(flag01.parse(0)).toBe(0);
    expect(flag01.parse(true)).toBe(1);
    expect(flag01.safeParse('2').success).toBe(false);
    expect(flag01.safeParse(['1']).success).toBe(false);
  });

  it('clears references with an empty value and refuses non-ids', () => {
    expect(idRef.parse('')).toBeNull();
    expect(idRef.parse('0')).toBeNull();
    expect(idRef.parse('12')).toBe(12);
    expect(idRef.safeParse('-3').success).toBe(false);
    expect(idRef.safeParse('1.5').success).toBe(false);
    expect(idList.parse([''])).toEqual([]);
    expect(idList.parse(['3', 4])).toEqual([3, 4]);
    expect(idList.safeParse(['x']).success).toBe(false);
  });

  it('names the allowed values of a numeric query enum', () => {
    const perPage = queryNumberEnum([10, 25, 50, 100] as const, 10);
    expect(perPage.parse(undefined)).toBe(10);
    expect(perPage.parse('25')).toBe(25);
    const bad = perPage.safeParse('20');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('must be one of: 10, 25, 50, 100.');
  });
});

describe('httpUrl', () => {
  it('refuses control characters inside a URL (a CR/LF could never be meant), with its own message', () => {
    for (const bad of ['https://a.example/\r\nSet-Cookie: x=1', 'https://a.example/\tb', 'https://a.example/\u0000']) {
      const r = httpUrl().safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual(['must not contain control characters (such as line breaks or tabs).']);
    }
    expect(httpUrl().parse('  https://a.example/ok \n')).toBe('https://a.example/ok');
  });
});

describe('nullableText', () => {
  it('trims text; empty, null and blanks only are null', () => {
    const t = nullableText(5);
    expect(t.parse('  Hi  ')).toBe('Hi');
    for (const v of ['', null, '   ', '\t\n']) expect(t.parse(v)).toBeNull();
    expect(t.safeParse('toolong').success).toBe(false);
  });
});
