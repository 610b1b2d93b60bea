// Invitations in words: their states with a colour, when they end, and what the invitation page says about one
// (join, or why not). Names are returned as values, never as markup: the pages render them as text.
import type { InvitationStatus } from '../../../shared/invitation.schema';
import { formatRelative } from '../../components/resource-list/format';

export const INVITATION_STATUS_WORDS: Record<InvitationStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue' },
  accepted: { label: 'Accepted', color: 'teal' },
  revoked: { label: 'Revoked', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
};

const DAY = 86_400_000;

/**
 * "Expires in 7 days", "Expires tomorrow", "Expired 2 days ago"; counted in days up to a month (an invitation of 7 days
 * is not "next week"), further in the largest unit; `never`: what a missing date means.
 */
export function expiryWords(iso: string | null, now: number, never = 'Never expires'): string {
  if (!iso) return never;
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return never;
  const days = Math.round((t - now) / DAY);
  const when = Math.abs(t - now) >= DAY && Math.abs(days) <= 31 ? new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(days, 'day') : formatRelative(iso, now);
  return t > now ? `Expires ${when}` : `Expired ${when}`;
}

/** What the invitation page shows: a Join button, or why there is none. */
export type JoinState =
  | { kind: 'join' }
  | { kind: 'member'; title: string; text: string }
  | { kind: 'closed'; title: string; text: string };

/** `member`: whether you already belong to the invitation's workspace. */
export function joinState(status: InvitationStatus, member: boolean): JoinState {
  if (member) return { kind: 'member', title: 'You are already a member', text: 'This invitation is for a workspace you belong to: open it from here.' };
  switch (status) {
    case 'pending':
      return { kind: 'join' };
    case 'accepted':
      return { kind: 'closed', title: 'This invitation was used', text: 'Someone has already joined with it. Each invitation works once: ask for a new one.' };
    case 'revoked':
      return { kind: 'closed', title: 'This invitation was revoked', text: 'An admin of the workspace withdrew it. Ask them for a new one if you should join.' };
    case 'expired':
      return { kind: 'closed', title: 'This invitation has expired', text: 'It is past the date it was valid until. Ask an admin of the workspace for a new one.' };
  }
}
