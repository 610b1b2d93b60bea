import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema } from '../../../shared/analytics.schema';
import { activeFilters, changeText, effectiveRange, filterPatch, presetOf, presetRange, valueLabel, withPatch, zoomInto } from './analytics-url';

// 2026-11-23 01:30 UTC: still the 22nd in New York.
const NOW = Date.parse('2026-11-23T01:30:00Z');

describe('presets', () => {
  it('end today in the viewer\'s zone', () => {
    expect(presetRange('today', NOW, 'UTC')).toEqual({ from: '2026-11-23', to: '2026-11-23', interval: 'hour' });
    expect(presetRange('today', NOW, 'America/New_York')).toEqual({ from: '2026-11-22', to: '2026-11-22', interval: 'hour' });
    expect(presetRange('7d', NOW, 'UTC')).toMatchObject({ from: '2026-11-17', to: '2026-11-23' });
    expect(presetRange('30d', NOW, 'UTC')).toMatchObject({ from: '2026-10-25', to: '2026-11-23' });
    expect(presetRange('90d', NOW, 'UTC')).toMatchObject({ from: '2026-08-26', interval: 'week' });
  });
  it('count calendar months', () => {
    expect(presetRange('month', NOW, 'UTC')).toMatchObject({ from: '2026-11-01', to: '2026-11-23' });
    expect(presetRange('last-month', NOW, 'UTC')).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('last-month', Date.parse('2026-01-15T12:00:00Z'), 'UTC')).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('12m', NOW, 'UTC')).toEqual({ from: '2025-12-01', to: '2026-11-23', interval: 'month' });
  });
  it('are recognised from a range, a custom range is not', () => {
    expect(presetOf('2026-11-17', '2026-11-23', NOW, 'UTC')).toBe('7d');
    expect(presetOf('2026-11-16', '2026-11-23', NOW, 'UTC')).toBeNull();
  });
  it('fill a missing end of the range', () => {
    expect(effectiveRange({}, NOW, 'UTC')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(effectiveRange({ from: '2026-01-01' }, NOW, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-11-23' });
    expect(effectiveRange({ to: '2026-01-01' }, NOW, 'UTC')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });
});

describe('filters', () => {
  it('map links, spaces and domains to their ids, the rest to their own key', () => {
    expect(filterPatch('country', 'DE')).toEqual({ country: 'DE' });
    expect(filterPatch('link', '12')).toEqual({ link_id: 12 });
    expect(filterPatch('space', '0')).toEqual({ space_id: 0 });
  });
  it('are listed from the validated URL, and removed by a patch', () => {
    const q = analyticsQuerySchema.parse({ country: 'DE', link_id: '5', space_id: '0', interval: 'week' });
    expect(activeFilters(q)).toEqual([
      { key: 'country', dimension: 'country', value: 'DE' },
      { key: 'link_id', dimension: 'link', value: '5' },
      { key: 'space_id', dimension: 'space', value: '0' },
    ]);
    expect(withPatch({ country: 'DE', interval: 'week' }, { country: undefined })).toEqual({ interval: 'week' });
  });
});

it('labels values and changes as people read them', () => {
  expect(valueLabel('country', 'DE')).toBe('Germany');
  expect(valueLabel('continent', 'EU')).toBe('Europe');
  expect(valueLabel('target', 'default')).toBe('Default URL');
  expect(valueLabel('link', '7', 'Spring sale')).toBe('Spring sale');
  expect(valueLabel('referrer', '')).toBe('Direct');
  expect(changeText(15, 10)).toBe('+50%');
  expect(changeText(5, 10)).toBe('−50%');
  expect(changeText(3, 0)).toBe('new');
  expect(changeText(0, 0)).toBe('±0%');
});

it('zooms a clicked bar into its own period, one interval finer', () => {
  expect(zoomInto('2026-11-20T00:00:00+01:00', 'day', '2026-11-23')).toEqual({ from: '2026-11-20', to: '2026-11-20', interval: 'hour' });
  expect(zoomInto('2026-11-16T00:00:00Z', 'week', '2026-11-20')).toEqual({ from: '2026-11-16', to: '2026-11-20', interval: 'day' });
  expect(zoomInto('2026-02-01T00:00:00Z', 'month', '2026-11-23')).toEqual({ from: '2026-02-01', to: '2026-02-28', interval: 'day' });
  expect(zoomInto('2026-11-20T05:00:00Z', 'hour', '2026-11-23')).toBeNull();
});

it('labels chart buckets as written in the asked zone, previous beside by position', async () => {
  const { bucketLabel, chartRows } = await import('./series-view');
  expect(bucketLabel('2026-11-20T14:00:00+01:00', 'hour')).toBe('Nov 20 14:00');
  expect(bucketLabel('2026-11-20T14:00:00+01:00', 'hour', false)).toBe('14:00');
  expect(bucketLabel('2026-11-01T00:00:00-05:00', 'month')).toBe('Nov 2026');
  const current = { from: '2026-11-01', to: '2026-11-02', totals: { clicks: 3, qr_scans: 0 }, series: [{ start: '2026-11-01T00:00:00Z', clicks: 1, uniques: 1, qr_scans: 0 }, { start: '2026-11-02T00:00:00Z', clicks: 2, uniques: 1, qr_scans: 0 }] };
  const previous = { from: '2026-10-30', to: '2026-10-31', totals: { clicks: 4, qr_scans: 0 }, series: [{ start: '2026-10-30T00:00:00Z', clicks: 4, qr_scans: 0 }] };
  expect(chartRows(current, 'day', previous, true)).toEqual([
    { bucket: 'Nov 1', start: '2026-11-01T00:00:00Z', Clicks: 1, Visitors: 1, Previous: 4 },
    { bucket: 'Nov 2', start: '2026-11-02T00:00:00Z', Clicks: 2, Visitors: 1, Previous: 0 },
  ]);
});
