import { describe, expect, it } from 'vitest';
import { isScheduled, linkStatus, linkStatusLabel, type StatusInput } from './link-status';

const now = new Date('2026-11-22T12:00:00.000Z');
const base: StatusInput = { disabled: 0, active_period_start_at: null, active_period_end_at: null, clicks: 0, clicks_limit: null };

describe('linkStatus', () => {
  it('is Disabled before anything else, then Expired, else Active', () => {
    expect(linkStatus({ ...base, disabled: 1, active_period_end_at: '2020-01-01T00:00:00.000Z' }, now)).toBe(3);
    expect(linkStatus({ ...base, active_period_end_at: '2026-11-22T12:00:00.000Z' }, now)).toBe(2);
    expect(linkStatus({ ...base, clicks: 5, clicks_limit: 5 }, now)).toBe(2);
    expect(linkStatus({ ...base, clicks: 4, clicks_limit: 5 }, now)).toBe(1);
    expect(linkStatus(base, now)).toBe(1);
  });

  it('counts a link whose start is ahead as Active and Scheduled', () => {
    const ahead = { ...base, active_period_start_at: '2026-12-01T00:00:00.000Z' };
    expect(linkStatus(ahead, now)).toBe(1);
    expect(isScheduled(ahead, now)).toBe(true);
    expect(isScheduled(base, now)).toBe(false);
  });
});

describe('linkStatusLabel', () => {
  it('says Scheduled only for an otherwise active link whose start is ahead', () => {
    const ahead = '2026-11-23T00:00:00.000Z';
    expect(linkStatusLabel({ ...base, active_period_start_at: ahead }, now)).toBe('Scheduled');
    expect(linkStatusLabel({ ...base, active_period_start_at: '2026-11-21T00:00:00.000Z' }, now)).toBe('Active');
    // The start is compared strictly: a link starting right now is Active.
    expect(linkStatusLabel({ ...base, active_period_start_at: now.toISOString() }, now)).toBe('Active');
    expect(linkStatusLabel(base, now)).toBe('Active');
    expect(linkStatusLabel({ ...base, disabled: 1, active_period_start_at: ahead }, now)).toBe('Disabled');
    expect(linkStatusLabel({ ...base, clicks: 5, clicks_limit: 5, active_period_start_at: ahead }, now)).toBe('Expired');
    expect(linkStatusLabel({ ...base, active_period_end_at: '2026-11-22T09:59:59.000Z' }, now)).toBe('Expired');
  });

  it('keeps the numeric status the API reports: Scheduled is still status 1', () => {
    const ahead = { ...base, active_period_start_at: '2099-01-01T00:00:00.000Z' };
    expect(linkStatus(ahead, now)).toBe(1);
    expect(linkStatusLabel(ahead, now)).toBe('Scheduled');
  });
});
