import { describe, expect, it } from 'vitest';
import { isScheduled, linkStatus, type StatusInput } from './link-status';

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
