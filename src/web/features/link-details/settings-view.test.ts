import { describe, expect, it } from 'vitest';
import { clicksLimitText, formatInZone, periodState, publicStatsUrl, targetingText } from './settings-view';

const now = new Date('2026-11-22T12:00:00Z');

describe('settings view', () => {
  it('tells where now is against the active period', () => {
    const p = (start: string | null, end: string | null) => periodState({ active_period_start_at: start, active_period_end_at: end }, now);
    expect(p(null, null)).toBe('always');
    expect(p('2026-11-23T00:00:00Z', null)).toBe('scheduled');
    expect(p('2026-11-23T00:00:00Z', '2026-11-30T00:00:00Z')).toBe('scheduled');
    expect(p('2026-11-01T00:00:00Z', '2026-11-30T00:00:00Z')).toBe('running');
    expect(p(null, '2026-11-22T12:00:00Z')).toBe('ended');
  });
  it('shows times in the viewer\'s zone', () => {
    expect(formatInZone('2026-11-22T23:30:00.000Z', 'Europe/Berlin')).toBe('Nov 23, 2026, 12:30 AM');
    expect(formatInZone('2026-11-22T23:30:00.000Z', 'America/New_York')).toBe('Nov 22, 2026, 6:30 PM');
    expect(formatInZone(null, 'UTC')).toBe('—');
  });
  it('words the clicks limit', () => {
    expect(clicksLimitText({ clicks: 5, clicks_limit: null })).toBe('No limit');
    expect(clicksLimitText({ clicks: 120, clicks_limit: 1000 })).toBe('120 of 1,000 used');
    expect(clicksLimitText({ clicks: 1000, clicks_limit: 1000 })).toBe('Reached: 1,000 of 1,000');
  });
  it('links the public statistics page only when someone can open it', () => {
    const link = { short_url: 'https://go.example.com/spring', privacy: 0 as const, disabled: 0 as const };
    expect(publicStatsUrl(link)).toBe('https://go.example.com/spring/+');
    expect(publicStatsUrl({ ...link, privacy: 2 })).toBe('https://go.example.com/spring/+');
    expect(publicStatsUrl({ ...link, privacy: 1 })).toBeNull();
    expect(publicStatsUrl({ ...link, disabled: 1 })).toBeNull();
  });
  it('words the targeting', () => {
    const t = { key: 'DE', value: 'https://e.com/de' };
    expect(targetingText({ targets_type: null, targets: [] })).toBe('None');
    expect(targetingText({ targets_type: 'countries', targets: [t, t] })).toBe('2 rules by country');
    expect(targetingText({ targets_type: 'operating_systems', targets: [t] })).toBe('1 rule by operating system');
    expect(targetingText({ targets_type: 'rotations', targets: [t, t, t] })).toBe('Rotation between 3 destinations');
  });
});
