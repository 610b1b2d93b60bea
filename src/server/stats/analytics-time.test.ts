import { describe, expect, it } from 'vitest';
import { bucketDay, HourMapper, periodBuckets, previousPeriod, startOfDay, zoneOffset } from './analytics-time';

describe('analytics time', () => {
  it('knows zone offsets and the instant a day begins, across clock changes', () => {
    expect(zoneOffset(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(3_600_000);
    expect(zoneOffset(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(7_200_000);
    expect(zoneOffset(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(19_800_000);
    expect(new Date(startOfDay('2026-03-29', 'Europe/Berlin')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(startOfDay('2026-03-30', 'Europe/Berlin')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(startOfDay('2026-05-01', 'America/New_York')).toISOString()).toBe('2026-05-01T04:00:00.000Z');
  });

  it('puts days into Monday weeks and months, never before from', () => {
    expect(bucketDay('2026-11-22', 'week', '2026-11-01')).toBe('2026-11-16'); // a Sunday
    expect(bucketDay('2026-11-23', 'week', '2026-11-01')).toBe('2026-11-23');
    expect(bucketDay('2026-11-03', 'week', '2026-11-01')).toBe('2026-11-02');
    expect(bucketDay('2026-11-01', 'week', '2026-11-01')).toBe('2026-11-01');
    expect(bucketDay('2026-11-20', 'month', '2026-10-15')).toBe('2026-11-01');
    expect(bucketDay('2026-10-20', 'month', '2026-10-15')).toBe('2026-10-15');
  });

  it('lists buckets with their offsets; a spring-forward day has 23 hours', () => {
    const days = periodBuckets('2026-03-28', '2026-03-30', 'day', 'Europe/Berlin');
    expect(days.buckets.map((b) => b.start)).toEqual(['2026-03-28T00:00:00+01:00', '2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00']);
    expect(days.end - days.start).toBe(71 * 3_600_000);
    expect(periodBuckets('2026-03-29', '2026-03-29', 'hour', 'Europe/Berlin').buckets).toHaveLength(23);
    expect(periodBuckets('2026-10-25', '2026-10-25', 'hour', 'Europe/Berlin').buckets).toHaveLength(24); // 02:00 twice: one bucket
    const weeks = periodBuckets('2026-11-01', '2026-11-30', 'week', 'UTC').buckets.map((b) => b.key);
    expect(weeks).toEqual(['2026-11-01', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30']);
    expect(periodBuckets('2026-01-15', '2026-03-02', 'month', 'UTC').buckets.map((b) => b.start)).toEqual([
      '2026-01-15T00:00:00+00:00',
      '2026-02-01T00:00:00+00:00',
      '2026-03-01T00:00:00+00:00',
    ]);
  });

  it('maps UTC hours to local buckets', () => {
    const days = new HourMapper('day', 'America/New_York', '2026-01-01');
    expect(days.key('2026-05-02T03')).toBe('2026-05-01');
    expect(days.key('2026-05-02T04')).toBe('2026-05-02');
    const hours = new HourMapper('hour', 'Asia/Kolkata', '2026-01-01');
    expect(hours.key('2026-05-01T19')).toBe('2026-05-02T00:00'); // 00:30 local: counted in the hour it begins in
    expect(new HourMapper('week', 'UTC', '2026-11-01').key('2026-11-22T10')).toBe('2026-11-16');
  });

  it('takes the same number of days before as the previous period', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod('2026-03-01', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
});
