import { describe, expect, it } from 'vitest';
import { dateRange, peakDay, shortDay, statsLabel, totalClicks, withShares } from './stats-view';
import { statsQuerySchema } from '../../../shared/stats.schema';

describe('dateRange', () => {
  it('covers the last n days including today (UTC)', () => {
    expect(dateRange(7, new Date('2026-11-22T23:30:00Z'))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(dateRange(1, new Date('2026-03-01T00:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
  it('crosses month and year ends', () => {
    expect(dateRange(30, new Date('2026-01-10T10:00:00Z'))).toEqual({ from: '2025-12-12', to: '2026-01-10' });
  });
  it('is accepted by the stats API schema', () => {
    expect(statsQuerySchema.safeParse({ name: 'clicks', ...dateRange(90, new Date('2026-11-22T10:00:00Z')) }).success).toBe(true);
  });
});

describe('totals and shares', () => {
  const days = [
    { date: '2026-11-20', count: 2 },
    { date: '2026-11-21', count: 0 },
    { date: '2026-11-22', count: 5 },
  ];
  it('sum clicks and find the busiest day', () => {
    expect(totalClicks(days)).toBe(7);
    expect(peakDay(days)).toEqual({ date: '2026-11-22', count: 5 });
    expect(peakDay([{ date: '2026-11-20', count: 0 }])).toBeNull();
  });
  it('give each value its share in percent with one decimal', () => {
    expect(withShares([{ value: 'US', count: 2 }, { value: 'DE', count: 1 }], 3).map((r) => r.percent)).toEqual([66.7, 33.3]);
    expect(withShares([{ value: 'US', count: 2 }], 0)[0]?.percent).toBe(0);
  });
});

describe('labels', () => {
  it('show countries with flag and name', () => {
    expect(statsLabel('country', 'DE')).toBe('🇩🇪 Germany');
    expect(statsLabel('country', 'ZZ')).toBe('ZZ');
  });
  it('word empty values', () => {
    expect(statsLabel('referrer', '')).toBe('Direct or unknown');
    expect(statsLabel('browser', '')).toBe('Unknown');
    expect(statsLabel('browser', 'Firefox')).toBe('Firefox');
  });
  it('shorten days for the axis', () => {
    expect(shortDay('2026-11-20')).toBe('Nov 20');
  });
});
