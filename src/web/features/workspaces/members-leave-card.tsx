// Leaving the workspace: any member may. When you cannot (your personal workspace, or you are its last owner) the
// button is disabled and the reason is written beside it, before anything is asked; otherwise it asks first.
import { useState } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout2 } from '@tabler/icons-react';
import { leaveRefusal, type MemberFacts } from '../../../shared/member-rules';
import { ConfirmDialog } from '../../components/confirm-dialog';

export interface LeaveCardProps {
  workspaceName: string;
  /** You, as the rules see you: your role, and whether this is your own personal workspace. */
  me: MemberFacts;
  /** The workspace's owners; unknown (you may not read the members): you are not an owner, so it does not matter. */
  owners: number | undefined;
  /** The members are still loading: whether you may leave is not known yet. */
  loading: boolean;
  pending: boolean;
  error: unknown;
  onLeave: () => void;
  /** Reset the last attempt's error when the dialog opens again. */
  onOpen: () => void;
}

export function MembersLeaveCard({ workspaceName, me, owners, loading, pending, error, onLeave, onOpen }: LeaveCardProps) {
  const [asking, setAsking] = useState(false);
  // Owners always read the members (their role has members:read), so `owners` is known whenever it matters.
  const reason = leaveRefusal(me, owners ?? 2);
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          Leave this workspace
        </Title>
        <Text size="sm" c="dimmed">
          You lose access to its links and everything else at once. To come back you need a new invitation.
        </Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout2 size={16} aria-hidden />}
          disabled={loading || reason !== null}
          aria-describedby={reason ? 'leave-reason' : undefined}
          onClick={() => {
            onOpen();
            setAsking(true);
          }}
        >
          Leave workspace
        </Button>
        {reason && (
          <Text size="sm" id="leave-reason" data-testid="leave-reason">
            {reason}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Leave this workspace?"
        confirmLabel="Leave workspace"
        onConfirm={onLeave}
        onClose={() => setAsking(false)}
        pending={pending}
        error={error}
        errorTitle="Could not leave"
      >
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          You will no longer be a member of {workspaceName}. Its links, domains and settings stay with its other members; to come back you need a new
          invitation.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
