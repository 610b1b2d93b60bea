import { describe, expect, it } from 'vitest';
import { INVITATION_STATUSES } from '../../../shared/objects/invitation.object';
import { INVITATION_STATUS_WORDS, expiryWords, joinState } from './invitations-text';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

describe('invitations text', () => {
  it('says when something ends, or that it does not', () => {
    expect(expiryWords('2026-11-28T10:00:00.000Z', NOW)).toBe('Expires in 6 days');
    expect(expiryWords('2026-11-20T10:00:00.000Z', NOW)).toBe('Expired 2 days ago');
    // Counted in days up to a month: a week's invitation is not "next week".
    expect(expiryWords('2026-11-29T09:59:00.000Z', NOW)).toBe('Expires in 7 days');
    expect(expiryWords('2026-11-23T10:00:00.000Z', NOW)).toBe('Expires tomorrow');
    expect(expiryWords('2026-11-22T13:00:00.000Z', NOW)).toBe('Expires in 3 hours');
    expect(expiryWords('2027-03-22T10:00:00.000Z', NOW)).toBe('Expires in 4 months');
    expect(expiryWords(null, NOW)).toBe('Never expires');
    expect(expiryWords(null, NOW, 'No expiry')).toBe('No expiry');
    expect(expiryWords('not a date', NOW)).toBe('Never expires');
  });

  it('names and colours every status', () => {
    expect(INVITATION_STATUSES.map((s) => INVITATION_STATUS_WORDS[s].label)).toEqual(['Pending', 'Accepted', 'Revoked', 'Expired']);
  });

  it('offers to join only a pending invitation of a workspace you are not in, and says why not otherwise', () => {
    expect(joinState('pending', false)).toEqual({ kind: 'join' });
    expect(joinState('pending', true).kind).toBe('member');
    expect(joinState('expired', true).kind).toBe('member');
    const used = joinState('accepted', false);
    expect(used.kind === 'closed' && used.title).toBe('This invitation was used');
    const revoked = joinState('revoked', false);
    expect(revoked.kind === 'closed' && revoked.title).toBe('This invitation was revoked');
    const expired = joinState('expired', false);
    expect(expired.kind === 'closed' && expired.text).toMatch(/Ask an admin/);
  });
});
