import { describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../../shared/workspace-roles';
import { MEMBER_RULES } from '../../../shared/member-rules';
import { grantableRoles, lowersOwnRole, ownerCount, roleChoices, roleLockReason, sortMembers } from './members-rules';

const m = (user_id: number, role: WorkspaceRole, name = `P${user_id}`, is_you = false, personal = false) => ({ user_id, role, name, is_you, personal });

describe('members rules', () => {
  it('counts the owners', () => {
    expect(ownerCount([m(1, 'owner'), m(2, 'admin'), m(3, 'owner')])).toBe(2);
    expect(ownerCount([m(2, 'viewer')])).toBe(0);
  });

  it('lets only an owner invite an owner', () => {
    expect(grantableRoles('owner')).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(grantableRoles('admin')).toEqual(['admin', 'member', 'viewer']);
  });

  it('offers the roles the actor may give, the member\'s own always', () => {
    expect(roleChoices('admin', m(2, 'member'), 1).map((c) => c.value)).toEqual(['admin', 'member', 'viewer']);
    expect(roleChoices('owner', m(2, 'member'), 1).map((c) => c.label)).toEqual(['Owner', 'Admin', 'Member', 'Viewer']);
    // An owner's row seen by an admin shows its role alone (and is locked, below).
    expect(roleChoices('admin', m(1, 'owner'), 2).map((c) => c.value)).toEqual(['owner']);
    expect(roleChoices('owner', m(1, 'owner'), 1).map((c) => c.value)).toEqual(['owner']);
    expect(roleChoices('owner', m(1, 'owner'), 2).map((c) => c.value)).toEqual(['owner', 'admin', 'member', 'viewer']);
  });

  it("locks the select with the server's reason when no change is allowed", () => {
    expect(roleLockReason('owner', m(1, 'owner'), 1)).toBe(MEMBER_RULES.lastOwnerDemote);
    expect(roleLockReason('owner', m(1, 'owner'), 2)).toBeNull();
    expect(roleLockReason('admin', m(1, 'owner'), 2)).toBe(MEMBER_RULES.ownerOnlyChange);
    expect(roleLockReason('owner', m(1, 'owner', 'Ann', false, true), 2)).toBe(MEMBER_RULES.personalOwner);
    // An admin may not make an owner, but may give the other roles: not locked.
    expect(roleLockReason('admin', m(2, 'member'), 1)).toBeNull();
    expect(roleLockReason('owner', m(2, 'viewer'), 1)).toBeNull();
  });

  it('knows when you lower your own role', () => {
    expect(lowersOwnRole(m(1, 'owner', 'Me', true), 'admin')).toBe(true);
    expect(lowersOwnRole(m(1, 'member', 'Me', true), 'admin')).toBe(false);
    expect(lowersOwnRole(m(1, 'owner', 'Other', false), 'viewer')).toBe(false);
  });

  it('lists you first, then by role and name', () => {
    const sorted = sortMembers([m(5, 'viewer', 'Ann'), m(4, 'owner', 'Zed'), m(3, 'admin', 'Bob', true), m(2, 'owner', 'Amy'), m(1, 'viewer', 'Ann')]);
    expect(sorted.map((x) => x.user_id)).toEqual([3, 2, 4, 1, 5]);
  });
});
