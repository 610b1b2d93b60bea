import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative, plural } from './format';

describe('format', () => {
  it('formats ISO dates and dashes the rest', () => {
    expect(formatDate('2026-11-22T09:30:00.000Z', 'en-GB')).toMatch(/2[12] Nov 2026/);
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
  it('pluralises', () => {
    expect(plural(1, 'link')).toBe('1 link');
    expect(plural(0, 'link')).toBe('0 links');
    expect(plural(1234, 'link')).toBe('1,234 links');
  });
  it('says how long ago a moment was', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatRelative('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-11-21T10:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2026-11-08T12:00:00Z', now)).toBe('2 weeks ago');
    expect(formatRelative('2025-11-01T12:00:00Z', now)).toBe('last year');
    expect(formatRelative('2026-11-22T15:00:00Z', now)).toBe('in 3 hours');
    expect(formatRelative(null, now)).toBe('—');
    expect(formatRelative('not a date', now)).toBe('—');
  });
});
