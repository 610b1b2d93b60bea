// What the members page offers each person for each member, decided before anything is sent, from the rules the
// server enforces (shared/member-rules.ts): the role select offers only the roles the rules allow and is disabled,
// with the rules' own reason, when none is; Remove shows only when the rules allow it. Nobody confirms something the
// server would refuse.
import { WORKSPACE_ROLES, WORKSPACE_ROLE_LABELS, roleRank, type WorkspaceRole } from '../../../shared/workspace-roles';
import { inviteRefusal, roleChangeRefusal, type MemberFacts } from '../../../shared/member-rules';

export interface MemberLike extends MemberFacts {
  user_id: number;
  is_you: boolean;
}

/** How many owners the workspace has (the page reads every member). */
export function ownerCount(members: readonly Pick<MemberLike, 'role'>[]): number {
  return members.filter((m) => m.role === 'owner').length;
}

/** The roles an invitation from `actor` may give. */
export function grantableRoles(actor: WorkspaceRole): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((r) => inviteRefusal(actor, r) === null);
}

/** The role select's options for `target`: its own role and every role `actor` may give it. */
export function roleChoices(actor: WorkspaceRole, target: MemberFacts, owners: number): { value: WorkspaceRole; label: string }[] {
  return WORKSPACE_ROLES.filter((r) => r === target.role || roleChangeRefusal(actor, target, r, owners) === null).map((value) => ({
    value,
    label: WORKSPACE_ROLE_LABELS[value],
  }));
}

/** Why `actor` may not change `target`'s role to any other (the select is then disabled with it); null: some change is allowed. */
export function roleLockReason(actor: WorkspaceRole, target: MemberFacts, owners: number): string | null {
  const refusals = WORKSPACE_ROLES.filter((r) => r !== target.role).map((r) => roleChangeRefusal(actor, target, r, owners));
  return refusals.every((r) => r !== null) ? refusals[0]! : null;
}

/** Whether changing your own role to `role` lowers it (you may lose this page): the page asks first. */
export function lowersOwnRole(target: Pick<MemberLike, 'role' | 'is_you'>, role: WorkspaceRole): boolean {
  return target.is_you && roleRank(role) < roleRank(target.role);
}

/** Members in the order the page lists them: you first, then owners down to viewers, then by name. */
export function sortMembers<M extends MemberLike & { name: string }>(members: readonly M[]): M[] {
  return [...members].sort(
    (a, b) => Number(b.is_you) - Number(a.is_you) || roleRank(b.role) - roleRank(a.role) || a.name.localeCompare(b.name) || a.user_id - b.user_id,
  );
}
