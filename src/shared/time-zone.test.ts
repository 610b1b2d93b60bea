import { describe, expect, it } from 'vitest';
import { addDays, canonicalTimeZone, dayInZone } from './time-zone';

describe('time zones', () => {
  it('accept IANA names, fixing their case, and refuse the rest', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    for (const bad of ['', 'Mars/Olympus', '+05:30', '05:30', 'Europe/Berlin; DROP', 'A'.repeat(65)]) expect(canonicalTimeZone(bad)).toBeNull();
  });
  it('give the calendar day of an instant in a zone', () => {
    const at = Date.parse('2026-11-22T23:30:00Z');
    expect(dayInZone(at, 'UTC')).toBe('2026-11-22');
    expect(dayInZone(at, 'Europe/Berlin')).toBe('2026-11-23');
    expect(dayInZone(at, 'America/New_York')).toBe('2026-11-22');
    expect(dayInZone(Date.parse('2026-11-22T18:29:59Z'), 'Asia/Kolkata')).toBe('2026-11-22');
    expect(dayInZone(Date.parse('2026-11-22T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-11-23');
    expect(dayInZone(Date.parse('2026-11-22T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-23');
  });
  it('add calendar days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
