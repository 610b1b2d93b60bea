// A user's role in the users table: a select, disabled for the last admin with the reason shown (a tooltip, a short
// note under it, and the whole sentence as the select's description), so that no demotion starts that the server
// would refuse (422) after a confirmation.
import { Box, Select, Tooltip, VisuallyHidden } from '@mantine/core';
import type { UserRole } from '../../../shared/enums';

export const LAST_ADMIN_REASON = 'The last admin cannot be demoted: make another user an admin first.';

const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
];

/** Whether `user` is the only admin, given the number of admins (undefined while it loads: not known, not disabled). */
export function isLastAdmin(user: { role: UserRole }, admins: number | undefined): boolean {
  return user.role === 'admin' && admins !== undefined && admins <= 1;
}

export function RoleSelect({ user, lastAdmin, onChange, pending }: { user: { name: string; role: UserRole }; lastAdmin: boolean; onChange: (role: UserRole) => void; pending: boolean }) {
  const select = (
    <Select
      aria-label={`Role of ${user.name}`}
      // Shown "Last admin"; read out as the whole reason.
      description={
        lastAdmin ? (
          <>
            <span aria-hidden>Last admin</span>
            <VisuallyHidden>{LAST_ADMIN_REASON}</VisuallyHidden>
          </>
        ) : undefined
      }
      data={ROLE_OPTIONS}
      value={user.role}
      allowDeselect={false}
      onChange={(v) => v && onChange(v as UserRole)}
      disabled={pending || lastAdmin}
      w={120}
      size="xs"
      // A disabled input gets no pointer events: the wrapper below gets them, for the tooltip.
      styles={lastAdmin ? { input: { pointerEvents: 'none' } } : undefined}
    />
  );
  if (!lastAdmin) return select;
  return (
    <Tooltip label={LAST_ADMIN_REASON} multiline w={260} withArrow>
      <Box w={120} data-testid="last-admin-role">
        {select}
      </Box>
    </Tooltip>
  );
}
