import { describe, expect, it } from 'vitest';
import {
  isScheduled,
  LINK_STATUS_DESCRIPTION,
  LINK_STATUS_LABELS,
  LINK_STATUSES,
  linkStatus,
  linkStatusLabel,
  type StatusInput,
} from './link-status';
import { linkObject } from './objects/link.object';

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

describe('the definition (LINK_STATUSES)', () => {
  it('gives the filter its labels and the API document its text', () => {
    // The contract's names (seed section 3), 0 being the filter's "every link".
    expect(LINK_STATUS_LABELS).toEqual({ 0: 'All', 1: 'Active', 2: 'Expired', 3: 'Disabled' });
    for (const d of LINK_STATUSES) expect(LINK_STATUS_DESCRIPTION).toContain(`${d.status} ${d.label}`);
    expect(linkObject.shape.status.meta()?.description).toBe(LINK_STATUS_DESCRIPTION);
  });

  it('says what the code does: a start still ahead is Active, not Expired', () => {
    const ahead = { ...base, active_period_start_at: '2026-12-01T00:00:00.000Z' };
    expect(linkStatus(ahead, now)).toBe(1);
    expect(LINK_STATUS_DESCRIPTION).toMatch(/1 Active otherwise, also while `active_period_start_at` is still ahead/);
    expect(LINK_STATUS_DESCRIPTION).toMatch(/2 Expired if `active_period_end_at` has passed or `clicks` reached `clicks_limit`/);
    expect(LINK_STATUS_DESCRIPTION).not.toMatch(/outside its active period/);
  });

  it('is read in order: the first status whose condition holds', () => {
    const everything = { disabled: 1, active_period_start_at: '2026-12-01T00:00:00.000Z', active_period_end_at: '2020-01-01T00:00:00.000Z', clicks: 9, clicks_limit: 1 };
    expect(linkStatus(everything, now)).toBe(LINK_STATUSES[0].status);
    expect(linkStatus({ ...everything, disabled: 0 }, now)).toBe(LINK_STATUSES[1].status);
    expect(LINK_STATUSES[LINK_STATUSES.length - 1]?.when).toEqual([]);
  });
});
