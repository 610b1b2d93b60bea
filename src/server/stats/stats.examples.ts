// Examples of the API document's stats operations; typed, so they stay true to the schemas.
import type { ClicksPerDayBody } from '../../shared/stats.schema';
import type { AnalyticsBody } from '../../shared/analytics.schema';

/** GET /stats/{link_id}?name=clicks&from=2026-11-18&to=2026-11-20 */
export const statsClicksExample: ClicksPerDayBody = {
  data: [
    { date: '2026-11-18', count: 12 },
    { date: '2026-11-19', count: 0 },
    { date: '2026-11-20', count: 31 },
  ],
  time_zone: 'UTC',
  status: 200,
};

/** GET /stats?from=2026-11-18&to=2026-11-20&group_by=country&limit=2&compare=previous */
export const analyticsExample: AnalyticsBody = {
  data: {
    from: '2026-11-18',
    to: '2026-11-20',
    totals: { clicks: 43, qr_scans: 6 },
    series: [
      { start: '2026-11-18T00:00:00+00:00', clicks: 12, qr_scans: 2 },
      { start: '2026-11-19T00:00:00+00:00', clicks: 0, qr_scans: 0 },
      { start: '2026-11-20T00:00:00+00:00', clicks: 31, qr_scans: 4 },
    ],
    groups: [
      { value: 'DE', clicks: 20 },
      { value: 'US', clicks: 15 },
    ],
    others: { clicks: 8 },
    without_value: { clicks: 0 },
    interval: 'day',
    time_zone: 'UTC',
    group_by: 'country',
    previous: {
      from: '2026-11-15',
      to: '2026-11-17',
      totals: { clicks: 9, qr_scans: 0 },
      series: [
        { start: '2026-11-15T00:00:00+00:00', clicks: 4, qr_scans: 0 },
        { start: '2026-11-16T00:00:00+00:00', clicks: 2, qr_scans: 0 },
        { start: '2026-11-17T00:00:00+00:00', clicks: 3, qr_scans: 0 },
      ],
      groups: [
        { value: 'DE', clicks: 5 },
        { value: 'FR', clicks: 3 },
      ],
      others: { clicks: 1 },
      without_value: { clicks: 0 },
    },
    imported: { clicks: 1234, before: '2026-10-01T08:00:00.000Z' },
  },
  status: 200,
};
