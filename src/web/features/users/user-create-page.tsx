// Creating a user (admins only): name and role; the new account's API key is shown once, with copy.
import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { userCreateSchema } from '../../../shared/user.schema';
import { userQueries, type CreatedUser } from './users.queries';
import { AdminOnly } from './admin-only';
import { RoleField } from './role-field';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { EditorForm, EditorFrame } from '../../components/resource-list/editor-frame';
import { OneTimeSecret } from '../../components/resource-list/one-time-secret';
import { fieldError } from '../../lib/field-errors';
import { useSaveForm } from '../../components/resource-list/use-save-form';

export function UserCreatePage() {
  return (
    <AdminOnly>
      <UserCreateForm />
    </AdminOnly>
  );
}

function UserCreateForm() {
  const create = userQueries.useCreate<CreatedUser>();
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const form = useForm<z.input<typeof userCreateSchema>, unknown, z.output<typeof userCreateSchema>>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { name: '', role: 'user' },
  });
  const errors = form.formState.errors;

  const { onSubmit, formError, leaveGuard } = useSaveForm(form, create, ['name', 'role'] as const, (u) => setCreated(u));

  if (created) {
    return (
      <EditorFrame crumb={<AnchorLink to="/users">Users</AnchorLink>} title={`Created ${created.name}`}>
        <Stack>
          <Text>
            {created.name} can sign in with this key ({created.role === 'admin' ? 'as an admin' : 'as a user'}). Send it to them over a safe channel.
          </Text>
          <OneTimeSecret value={created.api_key} title={`API key of ${created.name}`} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setCreated(null);
                form.reset();
              }}
            >
              Create another
            </Button>
            <ButtonLink to="/users">Back to users</ButtonLink>
          </Group>
        </Stack>
      </EditorFrame>
    );
  }

  return (
    <EditorFrame crumb={<AnchorLink to="/users">Users</AnchorLink>} title="New user">
      <EditorForm
        onSubmit={onSubmit}
        leaveGuard={leaveGuard}
        errorTitle="Could not create the user"
        error={formError}
        cancel={{ to: '/users' }}
        pending={create.isPending}
        submitLabel="Create user"
      >
        <TextInput label="Name" withAsterisk autoFocus {...form.register('name')} error={fieldError(errors.name)} />
        <RoleField control={form.control} name="role" error={fieldError(errors.role)} />
        <Text size="sm" c="dimmed">
          Admins manage users; everyone manages only their own domains, links, spaces and pixels.
        </Text>
      </EditorForm>
    </EditorFrame>
  );
}
