// "Create workspace" of the header's switcher: a name, then POST /workspaces; the person owns the new workspace, and
// the dashboard switches to it. A refused name says why under the field.
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../shared/enums';
import type { Workspace } from '../../../shared/workspace.schema';
import { ApiError, api } from '../../lib/api-client';
import { capitalised, fieldPredicate } from '../../lib/field-errors';
import { myWorkspacesQueryOptions } from '../../lib/current-workspace';

function nameError(error: unknown): string | undefined {
  if (!error) return undefined;
  const message = error instanceof ApiError && error.status === 422 ? error.errors.name?.[0] : undefined;
  if (message) return capitalised(fieldPredicate('name', message));
  return error instanceof Error ? error.message : 'The workspace was not created.';
}

/** The dialog; `onCreated` switches to the new workspace once the list of workspaces has it. */
export function CreateWorkspaceModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (workspace: Workspace) => void }) {
  const [name, setName] = useState('');
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: { name: string }) => api.post<Workspace>('/workspaces', body),
    onSuccess: async (workspace) => {
      await queryClient.invalidateQueries({ queryKey: myWorkspacesQueryOptions().queryKey });
      setName('');
      onCreated(workspace);
    },
  });
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Create a workspace" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name: name.trim() });
        }}
      >
        <Stack>
          <Text size="sm">
            A team workspace has its own links, domains, spaces and tags. You own it, and you can invite others to it with a role.
          </Text>
          <TextInput
            label="Name"
            description="For example “Marketing”."
            required
            data-autofocus
            maxLength={LIMITS.userNameMax}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError(create.error)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create workspace
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
