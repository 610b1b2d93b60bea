// Editing a user (admins only): rename, or change the role. Server 422s (such as the last admin
// demoted) land on their fields.
import { Text, TextInput } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { userUpdateSchema, type User, type UserUpdate } from '../../../shared/user.schema';
import { userEditRoute } from '../../routes/users';
import { userQueryOptions, useUpdateUser } from './users.queries';
import { AdminOnly } from './admin-only';
import { RoleField } from './role-field';
import { AnchorLink } from '../../components/router-links';
import { EditorForm, EditorFrame } from '../../components/resource-list/editor-frame';
import { fieldError } from '../../components/resource-list/form-errors';
import { notify } from '../../components/resource-list/notify';
import { useSaveForm, type SaveMutation } from '../../components/resource-list/use-save-form';

export function UserEditPage() {
  return (
    <AdminOnly>
      <UserEdit />
    </AdminOnly>
  );
}

function UserEdit() {
  const { userId } = userEditRoute.useParams();
  const { data: user } = useSuspenseQuery(userQueryOptions(userId));
  return <UserEditForm key={user.id} user={user} />;
}

function UserEditForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = useUpdateUser();
  const save: SaveMutation<UserUpdate, User> = { mutate: (body, options) => update.mutate({ id: user.id, body }, options) };
  const form = useForm<z.input<typeof userUpdateSchema>, unknown, z.output<typeof userUpdateSchema>>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { name: user.name, role: user.role },
  });
  const errors = form.formState.errors;
  const { onSubmit, formError } = useSaveForm(form, save, ['name', 'role'] as const, (u) => {
    notify.success(`Saved ${u.name}.`);
    void navigate({ to: '/users' });
  });

  return (
    <EditorFrame crumb={<AnchorLink to="/users">Users</AnchorLink>} title={`Edit ${user.name}`}>
      <EditorForm onSubmit={onSubmit} errorTitle="Could not save the user" error={formError} cancel={{ to: '/users' }} pending={update.isPending} submitLabel="Save">
        <TextInput label="Name" withAsterisk autoFocus {...form.register('name')} error={fieldError(errors.name)} />
        <RoleField control={form.control} name="role" error={fieldError(errors.role)} />
        <Text size="sm" c="dimmed">
          The user keeps their API key; a new role applies to their next request.
        </Text>
      </EditorForm>
    </EditorFrame>
  );
}
