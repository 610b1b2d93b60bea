// Pure helpers of the details page's Settings card: the active period's state, the clicks limit in words,
// times in the viewer's zone, and the public statistics page (contract 4: `/{alias}/+`).
import type { Link } from '../../../shared/link.schema';
import { isScheduled, linkStatus } from '../../../shared/link-status';

export type PeriodState = 'always' | 'scheduled' | 'running' | 'ended';

/**
 * Where `now` is against the link's active period: none set, before it, inside it, after it. Before and after come
 * from the one status rule (shared/link-status.ts) applied to the period alone, so this card and the Scheduled and
 * Expired badges never disagree.
 */
export function periodState(link: Pick<Link, 'active_period_start_at' | 'active_period_end_at'>, now: Date = new Date()): PeriodState {
  if (link.active_period_start_at === null && link.active_period_end_at === null) return 'always';
  const periodOnly = { ...link, disabled: false, clicks: 0, clicks_limit: null };
  if (linkStatus(periodOnly, now) === 2) return 'ended';
  return isScheduled(periodOnly, now) ? 'scheduled' : 'running';
}

export const PERIOD_LABEL: Record<PeriodState, string> = {
  always: 'No period: always on',
  scheduled: 'Scheduled',
  running: 'In its period',
  ended: 'Expired (period ended)',
};

/** "Nov 24, 2026, 9:00 AM" in `timeZone`; a dash when not set. */
export function formatInZone(iso: string | null, timeZone: string, locale = 'en'): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
}

/** "120 of 1,000 used", "Reached: 1,000 of 1,000", or "No limit". */
export function clicksLimitText(link: Pick<Link, 'clicks' | 'clicks_limit'>): string {
  if (!link.clicks_limit) return 'No limit';
  const used = `${Math.min(link.clicks, link.clicks_limit).toLocaleString('en')} of ${link.clicks_limit.toLocaleString('en')}`;
  return link.clicks >= link.clicks_limit ? `Reached: ${used}` : `${used} used`;
}

/** The link's public statistics page, or null when nobody can open it (private, or the link disabled). */
export function publicStatsUrl(link: Pick<Link, 'short_url' | 'privacy' | 'disabled'>): string | null {
  if (link.privacy === 1 || link.disabled) return null;
  return `${link.short_url}/+`;
}

export const PRIVACY_LABEL: Record<0 | 1 | 2, string> = {
  0: 'Public: anyone with the address',
  1: 'Private: only you, on this page',
  2: 'Public with a password',
};

const TARGET_WORD: Record<string, string> = {
  continents: 'continent',
  countries: 'country',
  operating_systems: 'operating system',
  browsers: 'browser',
  languages: 'language',
  devices: 'device',
};

/** "2 rules by country", "Rotation between 3 destinations", or "None". */
export function targetingText(link: Pick<Link, 'targets_type' | 'targets'>): string {
  const n = link.targets.length;
  if (!link.targets_type || n === 0) return 'None';
  if (link.targets_type === 'rotations') return `Rotation between ${n} destination${n === 1 ? '' : 's'}`;
  return `${n} rule${n === 1 ? '' : 's'} by ${TARGET_WORD[link.targets_type] ?? link.targets_type}`;
}
