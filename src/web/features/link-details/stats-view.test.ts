import { describe, expect, it } from 'vitest';
import { dateRange, peakDay, shortDay, statsLabel, topRows, totalClicks } from './stats-view';
import { statsQuerySchema } from '../../../shared/stats.schema';

describe('dateRange', () => {
  it('covers the last n days including today (UTC)', () => {
    expect(dateRange(7, new Date('2026-11-22T23:30:00Z'))).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(dateRange(1, new Date('2026-03-01T00:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-01' });
  });
  it('crosses month and year ends', () => {
    expect(dateRange(30, new Date('2026-01-10T10:00:00Z'))).toEqual({ from: '2025-12-12', to: '2026-01-10' });
  });
  it('ends on today in the viewer\'s time zone', () => {
    const late = new Date('2026-11-22T23:30:00Z');
    expect(dateRange(7, late, 'Europe/Berlin')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(dateRange(7, late, 'America/New_York')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
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
});

describe('labels', () => {
  it('show countries by name (the flag is drawn beside it)', () => {
    expect(statsLabel('country', 'DE')).toBe('Germany');
    expect(statsLabel('country', 'ZZ')).toBe('ZZ');
  });
  it('word empty values', () => {
    expect(statsLabel('referrer', '')).toBe('Direct');
    expect(statsLabel('browser', '')).toBe('Unknown');
    expect(statsLabel('browser', 'Firefox')).toBe('Firefox');
  });
  it('name languages', () => {
    expect(statsLabel('language', 'de')).toBe('German (de)');
    expect(statsLabel('language', 'qq')).toBe('qq');
  });
  it('shorten days for the axis', () => {
    expect(shortDay('2026-11-20')).toBe('Nov 20');
  });
});

describe('top rows', () => {
  const rows = [
    { value: 'a.example', count: 30 },
    { value: 'b.example', count: 10 },
    { value: 'c.example', count: 5 },
    { value: 'd.example', count: 3 },
  ];
  it('add the clicks without a value in their place and Others from the totals', () => {
    const out = topRows('referrer', rows, { clicks: 100, with_value: 52 }, 2);
    expect(out.map((r) => [r.label, r.count, r.percent, r.kind])).toEqual([
      ['Direct', 48, 48, 'none'],
      ['a.example', 30, 30, 'value'],
      ['b.example', 10, 10, 'value'],
      // 52 with a referrer, 40 shown: 12 more, also the values past the page the API sent.
      ['Others', 12, 12, 'others'],
    ]);
    // Every click is in exactly one row.
    expect(out.reduce((a, r) => a + r.count, 0)).toBe(100);
  });
  it('give shares of all clicks in percent with one decimal', () => {
    expect(topRows('country', [{ value: 'US', count: 2 }, { value: 'DE', count: 1 }], { clicks: 3, with_value: 3 }).map((r) => r.percent)).toEqual([66.7, 33.3]);
  });
  it('leave out empty extra rows', () => {
    const out = topRows('country', rows.slice(0, 2), { clicks: 40, with_value: 40 }, 5);
    expect(out.map((r) => r.kind)).toEqual(['value', 'value']);
    expect(topRows('country', [], { clicks: 0, with_value: 0 })).toEqual([]);
  });
  it('call the missing value Unknown outside referrers', () => {
    expect(topRows('language', [], { clicks: 3, with_value: 0 })).toEqual([{ key: 'none', label: 'Unknown', count: 3, percent: 100, kind: 'none' }]);
  });
});
