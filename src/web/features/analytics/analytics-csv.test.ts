import { expect, it } from 'vitest';
import { parseCsv } from '../../../shared/csv';
import type { AnalyticsBody } from '../../../shared/analytics.schema';
import { analyticsCsv, analyticsFileName } from './analytics-csv';

const period = { from: '2026-11-01', to: '2026-11-02', totals: { clicks: 5, qr_scans: 2 } };
const series: AnalyticsBody = {
  status: 200,
  data: {
    ...period,
    series: [
      { start: '2026-11-01T00:00:00Z', clicks: 2, qr_scans: 1 },
      { start: '2026-11-02T00:00:00Z', clicks: 3, qr_scans: 1 },
    ],
    interval: 'day',
    time_zone: 'UTC',
    group_by: null,
    previous: { from: '2026-10-30', to: '2026-10-31', totals: { clicks: 1, qr_scans: 0 }, series: [{ start: '2026-10-30T00:00:00Z', clicks: 1, qr_scans: 0 }, { start: '2026-10-31T00:00:00Z', clicks: 0, qr_scans: 0 }] },
  },
};
const countries: AnalyticsBody = {
  status: 200,
  data: { ...period, series: [], interval: 'day', time_zone: 'UTC', group_by: 'country', groups: [{ value: 'DE', clicks: 2 }, { value: '=cmd', clicks: 1 }], others: { clicks: 0 }, without_value: { clicks: 2 } },
};
const links: AnalyticsBody = {
  status: 200,
  data: {
    ...period,
    series: [],
    interval: 'day',
    time_zone: 'UTC',
    group_by: 'link',
    groups: [
      { value: '7', label: 'Spring sale', short_url: 'https://go.example.com/spring', title: 'Spring sale', clicks: 3 },
      { value: '8', label: 'b', short_url: 'http://short.test/b', title: null, clicks: 1 },
      { value: '9', label: 'Deleted link', clicks: 1 },
    ],
    others: { clicks: 0 },
  },
};

it('writes the series, the previous period and each list shown, safe for spreadsheets', () => {
  const rows = [...parseCsv(analyticsCsv(series, [{ dimension: 'country', body: countries }, { dimension: 'link', body: links }]))].map((r) => r.fields);
  expect(rows[0]).toEqual(['section', 'period', 'from', 'to', 'key', 'label', 'clicks', 'uniques']);
  expect(rows.slice(1).map((r) => [r[0], r[1], r[4], r[5], r[6]])).toEqual([
    ['clicks per day (UTC)', 'current', '2026-11-01T00:00:00Z', '', '2'],
    ['clicks per day (UTC)', 'current', '2026-11-02T00:00:00Z', '', '3'],
    ['clicks per day (UTC)', 'current', 'total', 'Total', '5'],
    ['clicks per day (UTC)', 'current', 'qr_scans', 'QR scans', '2'],
    ['clicks per day (UTC)', 'current', 'direct', 'Direct clicks', '3'],
    ['clicks per day (UTC)', 'previous', '2026-10-30T00:00:00Z', '', '1'],
    ['clicks per day (UTC)', 'previous', '2026-10-31T00:00:00Z', '', '0'],
    ['clicks per day (UTC)', 'previous', 'total', 'Total', '1'],
    ['clicks per day (UTC)', 'previous', 'qr_scans', 'QR scans', '0'],
    ['clicks per day (UTC)', 'previous', 'direct', 'Direct clicks', '1'],
    ['Country', 'current', 'DE', 'Germany', '2'],
    // The clicks without a value, as the card shows them: among the values by their count.
    ['Country', 'current', '', 'Unknown', '2'],
    // A value that a spreadsheet would run as a formula is quoted out.
    ['Country', 'current', "'=cmd", "'=cmd", '1'],
    // Links by short URL and title, as on the page.
    ['Link', 'current', '7', 'go.example.com/spring · Spring sale', '3'],
    ['Link', 'current', '8', 'short.test/b', '1'],
    ['Link', 'current', '9', 'Deleted link', '1'],
  ]);
  expect(analyticsFileName('2026-11-01', '2026-11-30')).toBe('linkdeck-analytics-2026-11-01-to-2026-11-30.csv');
});

it('writes the imported clicks in a row of their own, after the series, never among its buckets', () => {
  const imported = { clicks: 1234, before: '2026-10-01T08:00:00.000Z' };
  const rows = [...parseCsv(analyticsCsv({ ...series, data: { ...series.data, imported } }, []))].map((r) => r.fields);
  expect(rows.at(-1)).toEqual(['imported', '', '', '2026-10-01', 'imported', '1,234 clicks imported before Oct 1, 2026', '1234', '']);
  expect(rows.filter((r) => r[0] === 'imported')).toHaveLength(1);
  expect(rows.find((r) => r[4] === 'total')?.[6]).toBe('5');
  expect([...parseCsv(analyticsCsv(series, []))].map((r) => r.fields[0])).not.toContain('imported');
});
