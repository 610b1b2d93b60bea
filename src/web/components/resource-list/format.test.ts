import { describe, expect, it } from 'vitest';
import { formatDate, plural } from './format';

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
});
