// A member's role in the members list: a badge for whoever may not change roles; for admins and owners a select that
// offers only the roles they may give, disabled when no change can happen (the last owner, an owner seen by an admin,
// a member's own personal workspace) with the reason written under it and read out as its description, before
// anything is chosen or confirmed.
import { Badge, Select } from '@mantine/core';
import { WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../../../shared/workspace-roles';
import { roleChoices, roleLockReason, type MemberLike } from './members-rules';

export const ROLE_COLORS: Record<WorkspaceRole, string> = { owner: 'grape', admin: 'indigo', member: 'blue', viewer: 'gray' };

export function RoleBadge({ role }: { role: WorkspaceRole }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role]} data-testid="member-role">
      {WORKSPACE_ROLE_LABELS[role]}
    </Badge>
  );
}

export interface MemberRoleSelectProps {
  member: MemberLike & { name: string };
  /** Your role in the workspace. */
  actor: WorkspaceRole;
  owners: number;
  /** You may change roles here (members:write). */
  canChange: boolean;
  pending: boolean;
  onChange: (role: WorkspaceRole) => void;
}

export function MemberRoleSelect({ member, actor, owners, canChange, pending, onChange }: MemberRoleSelectProps) {
  if (!canChange) return <RoleBadge role={member.role} />;
  const reason = roleLockReason(actor, member, owners);
  return (
    <Select
      aria-label={`Role of ${member.name}`}
      data={roleChoices(actor, member, owners)}
      value={member.role}
      allowDeselect={false}
      disabled={pending || reason !== null}
      onChange={(v) => v && v !== member.role && onChange(v as WorkspaceRole)}
      size="xs"
      w={130}
      description={reason ?? undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      comboboxProps={{ withinPortal: true }}
      data-testid="member-role-select"
      // The reason is wider than the select: it takes the cell's width.
      styles={{ description: { marginTop: 4, width: 'max-content', maxWidth: 240, fontSize: 'var(--mantine-font-size-xs)' } }}
    />
  );
}
