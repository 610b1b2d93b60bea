import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';
import { searchIssues } from './search-issues';
import { statusLabel } from './status-label';

describe('safeRedirect', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeRedirect('/links?status=1&sort=asc')).toBe('/links?status=1&sort=asc');
  });
  it('refuses other origins, protocol-relative URLs and sign-in itself', () => {
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '/sign-in?redirect=/x', '', undefined, null]) {
      expect(safeRedirect(bad)).toBe('/links');
    }
  });
});

describe('searchIssues', () => {
  it('reads the validator issues the router puts in the message', () => {
    const msg = JSON.stringify([{ path: ['per_page'], message: 'must be one of: 10, 25, 50, 100.' }]);
    expect(searchIssues(msg)).toEqual(['per_page must be one of: 10, 25, 50, 100.']);
    expect(searchIssues('plain text')).toEqual(['plain text']);
  });
});

describe('statusLabel', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const base = { disabled: 0, active_period_start_at: null, active_period_end_at: null, clicks: 0, clicks_limit: null };
  it('Scheduled only for an active link whose start is ahead', () => {
    expect(statusLabel({ ...base, active_period_start_at: '2026-11-23T00:00:00Z' }, now)).toBe('Scheduled');
    expect(statusLabel({ ...base, active_period_start_at: '2026-11-21T00:00:00Z' }, now)).toBe('Active');
    expect(statusLabel({ ...base, disabled: 1, active_period_start_at: '2026-11-23T00:00:00Z' }, now)).toBe('Disabled');
    expect(statusLabel({ ...base, clicks: 5, clicks_limit: 5 }, now)).toBe('Expired');
    expect(statusLabel({ ...base, active_period_end_at: '2026-11-22T09:59:59Z' }, now)).toBe('Expired');
  });
});
