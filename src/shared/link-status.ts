// The one rule for a link's status (contract 3, Link). The SQL filter in the server mirrors it.
// The dashboard's badge word (linkStatusLabel) adds Scheduled on top of it; the API's numeric status is unchanged.
import type { LinkStatus } from './enums';

export interface StatusInput {
  disabled: boolean | number;
  active_period_start_at: string | null;
  active_period_end_at: string | null;
  clicks: number;
  clicks_limit: number | null;
}

export function linkStatus(link: StatusInput, now: Date = new Date()): LinkStatus {
  if (link.disabled) return 3;
  if (link.active_period_end_at !== null && Date.parse(link.active_period_end_at) <= now.getTime()) return 2;
  if (link.clicks_limit !== null && link.clicks >= link.clicks_limit) return 2;
  return 1;
}

/** Active but its start is still ahead: the dashboard shows it as Scheduled. */
export function isScheduled(link: StatusInput, now: Date = new Date()): boolean {
  return (
    linkStatus(link, now) === 1 &&
    link.active_period_start_at !== null &&
    Date.parse(link.active_period_start_at) > now.getTime()
  );
}

/** The word on a link's status badge in the dashboard. */
export type LinkStatusLabel = 'Active' | 'Scheduled' | 'Expired' | 'Disabled';

/** The badge word: the numeric status, with Scheduled for an active link whose start is still ahead. */
export function linkStatusLabel(link: StatusInput, now: Date = new Date()): LinkStatusLabel {
  const status = linkStatus(link, now);
  if (status === 3) return 'Disabled';
  if (status === 2) return 'Expired';
  return isScheduled(link, now) ? 'Scheduled' : 'Active';
}
