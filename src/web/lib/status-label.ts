// The word on a link's status badge: the shared status rule, plus Scheduled for an active link whose start is ahead.
import { isScheduled, linkStatus, type StatusInput } from '../../shared/link-status';

export type StatusLabel = 'Active' | 'Scheduled' | 'Expired' | 'Disabled';

export function statusLabel(link: StatusInput, now = new Date()): StatusLabel {
  if (isScheduled(link, now)) return 'Scheduled';
  const s = linkStatus(link, now);
  return s === 3 ? 'Disabled' : s === 2 ? 'Expired' : 'Active';
}
