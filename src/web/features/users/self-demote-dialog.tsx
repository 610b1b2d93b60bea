// Asking before an admin takes their own admin role away (inline in the users table, or in the user editor):
// they lose the users pages at once and cannot undo it themselves.
import { Text } from '@mantine/core';
import type { UserRole } from '../../../shared/enums';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** Whether setting `role` on `user` takes the signed-in admin's (`meId`) own admin role away. */
export function isSelfDemotion(meId: number | undefined, user: { id: number; role: UserRole }, role: UserRole): boolean {
  return meId !== undefined && user.id === meId && user.role === 'admin' && role !== 'admin';
}

export function SelfDemoteDialog({
  opened,
  onConfirm,
  onClose,
  pending,
  error,
}: {
  opened: boolean;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  error?: unknown;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      title="Remove your own admin role?"
      confirmLabel="Make me a user"
      onConfirm={onConfirm}
      onClose={onClose}
      pending={pending}
      error={error}
    >
      <Text size="sm">
        You will lose access to Users right away: you can no longer create, edit or delete accounts, or change roles. You cannot undo this
        yourself; only another admin can make you an admin again.
      </Text>
    </ConfirmDialog>
  );
}
