// CSV of what the Analytics page shows: the time series (and the previous period's, when compared) with the
// totals and their QR and direct parts, then every top list on screen, row for row as shown (the clicks
// without a value, Others), with the range and filters it was asked with; the clicks imported from another
// shortener in a row of their own.
import { csvRow } from '../../../shared/csv';
import type { AnalyticsBody, AnalyticsDimension, AnalyticsPeriod } from '../../../shared/analytics.schema';
import { DIMENSION_LABELS, QR_LABELS } from './analytics-url';
import { rowText, rowsOf } from './dimension-rows';
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
    out += csvRow([section, period, p.from, p.to, 'qr_scans', QR_LABELS.qr, p.totals.qr_scans, '']);
    out += csvRow([section, period, p.from, p.to, 'direct', QR_LABELS.direct, p.totals.clicks - p.totals.qr_scans, '']);
    return out;
  }
  for (const r of rowsOf(dimension, p)) out += csvRow([section, period, p.from, p.to, r.kind === 'value' ? r.value : '', rowText(r), r.count, r.uniques ?? '']);
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
