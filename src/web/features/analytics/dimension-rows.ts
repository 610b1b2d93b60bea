// The rows of a top list on the Analytics page (dimension-card.tsx): pure, so that the shares are tested.
import type { AnalyticsDimension, AnalyticsGroup, AnalyticsPeriod } from '../../../shared/analytics.schema';
import { inAmong } from '../link-details/stats-view';
import { linkName, valueLabel, withTitle } from './analytics-url';

export interface Row {
  value: string;
  label: string;
  /** A link's title, shown after its short URL (`label`). */
  title?: string;
  /** Clicks, under the name inAmong() sorts by. */
  count: number;
  uniques?: number;
  previous?: number;
  /** 'none': the clicks without a value; 'others': the values not listed. Neither filters. */
  kind: 'value' | 'none' | 'others';
}

/**
 * The rows of a top list: its values (links by short URL and title), the clicks without a value among them by
 * their count, and Others last. Every click of the list's days is in exactly one row.
 */
export function rowsOf(dimension: AnalyticsDimension, d: Pick<AnalyticsPeriod, 'groups' | 'others' | 'without_value'>, previous?: AnalyticsGroup[]): Row[] {
  const before = previous ? new Map(previous.map((g) => [g.value, g.clicks])) : null;
  const rows: Row[] = (d.groups ?? []).map((g) => {
    const { name, title } = dimension === 'link' ? linkName(g.value, g) : { name: valueLabel(dimension, g.value, g.label), title: '' };
    return { value: g.value, label: name, title, count: g.clicks, uniques: g.uniques, previous: before ? (before.get(g.value) ?? 0) : undefined, kind: 'value' };
  });
  const none = d.without_value;
  if (none && none.clicks > 0) inAmong(rows, { value: '', label: valueLabel(dimension, ''), count: none.clicks, uniques: none.uniques, kind: 'none' });
  if (d.others && d.others.clicks > 0) rows.push({ value: '', label: 'Others', count: d.others.clicks, uniques: d.others.uniques, kind: 'others' });
  return rows;
}

/** A row in one line: a link's short URL and title, else its label. */
export const rowText = (r: Row): string => withTitle(r.label, r.title);
