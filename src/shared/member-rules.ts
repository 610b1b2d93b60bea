// What may be done to a workspace's members, and why not, in one place: the server refuses with these
// words (422), and the dashboard can say them before anyone confirms. Roles and their order: workspace-roles.ts.
// The last owner stays (a workspace always has one), only an owner gives or takes `owner`, and a personal
// workspace's own person stays its owner for as long as their account exists.
import type { WorkspaceRole } from './workspace-roles';

export const MEMBER_RULES = {
  lastOwnerDemote: 'The last owner cannot be demoted: make another member an owner first.',
  lastOwnerLeave: 'You are the last owner: make another member an owner before you leave.',
  lastOwnerRemove: 'The last owner cannot be removed: make another member an owner first.',
  ownerOnlyChange: "Only an owner can change an owner's role.",
  ownerOnlyGrant: 'Only an owner can make someone an owner.',
  ownerOnlyRemove: 'Only an owner can remove an owner.',
  ownerOnlyInvite: 'Only an owner can invite an owner.',
  personalLeave: 'This is your personal workspace: it is yours for as long as your account exists.',
  personalOwner: "This is the member's personal workspace: they stay its owner for as long as their account exists.",
} as const;

/** One member as a rule sees it. */
export interface MemberFacts {
  role: WorkspaceRole;
  /** The workspace is this member's personal one (their own account). */
  personal: boolean;
}

/** How many owners the workspace has. */
type Owners = number;

/** Why `actor` may not give `target` the role `role`; null: they may. */
export function roleChangeRefusal(actor: WorkspaceRole, target: MemberFacts, role: WorkspaceRole, owners: Owners): string | null {
  if (role === target.role) return null;
  if (target.personal) return MEMBER_RULES.personalOwner;
  if (target.role === 'owner' && actor !== 'owner') return MEMBER_RULES.ownerOnlyChange;
  if (role === 'owner' && actor !== 'owner') return MEMBER_RULES.ownerOnlyGrant;
  if (target.role === 'owner' && owners <= 1) return MEMBER_RULES.lastOwnerDemote;
  return null;
}

/** Why `actor` may not remove `target` (another member); null: they may. */
export function removalRefusal(actor: WorkspaceRole, target: MemberFacts, owners: Owners): string | null {
  if (target.personal) return MEMBER_RULES.personalOwner;
  if (target.role !== 'owner') return null;
  if (actor !== 'owner') return MEMBER_RULES.ownerOnlyRemove;
  return owners <= 1 ? MEMBER_RULES.lastOwnerRemove : null;
}

/** Why a member may not leave; null: they may, whatever their role. */
export function leaveRefusal(me: MemberFacts, owners: Owners): string | null {
  if (me.personal) return MEMBER_RULES.personalLeave;
  return me.role === 'owner' && owners <= 1 ? MEMBER_RULES.lastOwnerLeave : null;
}

/** Why `actor` may not invite someone as `role`; null: they may. */
export function inviteRefusal(actor: WorkspaceRole, role: WorkspaceRole): string | null {
  return role === 'owner' && actor !== 'owner' ? MEMBER_RULES.ownerOnlyInvite : null;
}
