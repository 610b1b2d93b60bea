// CSV of what the Analytics page shows: the time series (and the previous period's, when compared), then
// every top list on screen, one row per value, with the range and filters it was asked with; the clicks
// imported from another shortener in a row of their own.
import { csvRow } from '../../../shared/csv';
import type { AnalyticsBody, AnalyticsDimension, AnalyticsPeriod } from '../../../shared/analytics.schema';
import { DIMENSION_LABELS, valueLabel } from './analytics-url';
import { importedText } from './imported-clicks';

export interface ShownList {
  dimension: AnalyticsDimension;
  body: AnalyticsBody;
}

const HEADER = ['section', 'period', 'from', 'to', 'key', 'label', 'clicks', 'uniques'] as const;

function periodRows(section: string, period: 'current' | 'previous', p: AnalyticsPeriod, dimension: AnalyticsDimension | null): string {
  let out = '';
  if (dimension === null) {
    for (const point of p.series) out += csvRow([section, period, p.from, p.to, point.start, '', point.clicks, point.uniques ?? '']);
    out += csvRow([section, period, p.from, p.to, 'total', 'Total', p.totals.clicks, p.totals.uniques ?? '']);
    return out;
  }
  for (const g of p.groups ?? []) out += csvRow([section, period, p.from, p.to, g.value, valueLabel(dimension, g.value, g.label), g.clicks, g.uniques ?? '']);
  if (p.others && p.others.clicks > 0) out += csvRow([section, period, p.from, p.to, '', 'Others', p.others.clicks, p.others.uniques ?? '']);
  return out;
}

/** The file: a header, the series, then each list (previous period rows after the current ones). */
export function analyticsCsv(series: AnalyticsBody | undefined, lists: readonly ShownList[]): string {
  let out = csvRow(HEADER);
  if (series) {
    const section = `clicks per ${series.data.interval} (${series.data.time_zone})`;
    out += periodRows(section, 'current', series.data, null);
    if (series.data.previous) out += periodRows(section, 'previous', series.data.previous, null);
    const imported = series.data.imported;
    // Imported clicks have no dates: one row of their own, `to` the day they were imported.
    if (imported) out += csvRow(['imported', '', '', imported.before.slice(0, 10), 'imported', importedText(imported, 'en'), imported.clicks, '']);
  }
  for (const { dimension, body } of lists) {
    const section = DIMENSION_LABELS[dimension];
    out += periodRows(section, 'current', body.data, dimension);
    if (body.data.previous) out += periodRows(section, 'previous', body.data.previous, dimension);
  }
  return out;
}

/** `linkdeck-analytics-2026-11-01-to-2026-11-30.csv` */
export function analyticsFileName(from: string, to: string): string {
  return from === to ? `linkdeck-analytics-${from}.csv` : `linkdeck-analytics-${from}-to-${to}.csv`;
}
