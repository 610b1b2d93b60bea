import { describe, expect, it } from 'vitest';
import { readImportDate } from './import-dates';

const iso = (v: string, f?: 'auto' | 'dmy' | 'mdy') => {
  const r = readImportDate(v, f);
  return r && 'iso' in r ? r.iso : r?.problem;
};

describe('import dates: read exactly, or a problem', () => {
  it('reads ISO 8601 and the forms the peers write, a date without zone as UTC', () => {
    expect(iso('2026-03-02T09:15:00Z')).toBe('2026-03-02T09:15:00.000Z');
    expect(iso('2026-03-02T09:15:00+0000')).toBe('2026-03-02T09:15:00.000Z');
    expect(iso('2026-02-02T11:00:00+01:00')).toBe('2026-02-02T10:00:00.000Z');
    expect(iso('2026-03-02 09:15:00 UTC')).toBe('2026-03-02T09:15:00.000Z');
    expect(iso('2025-12-01 10:00:00')).toBe('2025-12-01T10:00:00.000Z');
    expect(iso('2025-12-01')).toBe('2025-12-01T00:00:00.000Z');
    expect(iso('1767225600')).toBe('2026-01-01T00:00:00.000Z');
    expect(iso('Mar 5, 2026 2:30 PM')).toBe('2026-03-05T14:30:00.000Z');
    expect(iso('5 March 2026')).toBe('2026-03-05T00:00:00.000Z');
    expect(readImportDate('  ')).toBeNull();
  });

  it('reads a numeric day/month only when it cannot be the other way, or date_format says', () => {
    expect(iso('13/03/2025')).toBe('2025-03-13T00:00:00.000Z');
    expect(iso('03/13/2025 08:00')).toBe('2025-03-13T08:00:00.000Z');
    expect(iso('02/02/2025')).toBe('2025-02-02T00:00:00.000Z');
    expect(iso('02/03/2025')).toMatch(/^"02\/03\/2025" could be 2 March or 3 February\. Send date_format=dmy/);
    expect(iso('02/03/2025', 'dmy')).toBe('2025-03-02T00:00:00.000Z');
    expect(iso('02/03/2025', 'mdy')).toBe('2025-02-03T00:00:00.000Z');
    expect(iso('13/03/2025', 'mdy')).toMatch(/is not a date when read month first/);
  });

  it('never guesses: an unreadable text, a two-digit year, an impossible date', () => {
    expect(iso('yesterday')).toMatch(/cannot be read as a date/);
    expect(iso('02/03/25')).toMatch(/two-digit year/);
    expect(iso('2026-02-30T00:00:00Z')).toMatch(/cannot be read as a date/);
    expect(iso('Smarch 5, 2026')).toMatch(/cannot be read as a date/);
    expect(iso('31/31/2026')).toMatch(/cannot be read as a date/);
  });
});
