// Editing a user (admins only): rename, or change the role (your own admin role only after a confirmation).
// Server 422s (such as the last admin demoted) land on their fields.
import { useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { userUpdateSchema, type User, type UserUpdate } from '../../../shared/user.schema';
import { accountQueryOptions } from '../../lib/session.queries';
import { userQueries } from './users.queries';
import { AdminOnly } from './admin-only';
import { RoleField } from './role-field';
import { isLastAdmin } from './role-select';
import { SelfDemoteDialog, isSelfDemotion } from './self-demote-dialog';
import { AnchorLink } from '../../components/router-links';
import { EditorForm, EditorFrame } from '../../components/resource-list/editor-frame';
import { fieldError } from '../../lib/field-errors';
import { notify } from '../../components/resource-list/notify';
import { forId, useSaveForm } from '../../components/resource-list/use-save-form';

const editRoute = getRouteApi('/app/users/$userId/edit');

export function UserEditPage() {
  return (
    <AdminOnly>
      <UserEdit />
    </AdminOnly>
  );
}

function UserEdit() {
  const { userId } = editRoute.useParams();
  const { data: user } = useSuspenseQuery(userQueries.detail(userId));
  return <UserEditForm key={user.id} user={user} />;
}

function UserEditForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const update = userQueries.useUpdate();
  const me = useQuery(accountQueryOptions());
  const admins = useQuery(userQueries.lookup()).data?.filter((u) => u.role === 'admin').length;
  /** Valid values that take your own admin role away, while they wait for a confirmation. */
  const [demoting, setDemoting] = useState<UserUpdate | null>(null);
  const save = forId(update, user.id);
  const form = useForm<z.input<typeof userUpdateSchema>, unknown, z.output<typeof userUpdateSchema>>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: { name: user.name, role: user.role },
  });
  const errors = form.formState.errors;
  const { save: send, formError, leaveGuard } = useSaveForm(form, save, ['name', 'role'] as const, (u) => {
    notify.success(`Saved ${u.name}.`);
    void navigate({ to: '/users' });
  });
  const onSubmit = form.handleSubmit((values) => (values.role && isSelfDemotion(me.data?.id, user, values.role) ? setDemoting(values) : send(values)));

  return (
    <EditorFrame crumb={<AnchorLink to="/users">Users</AnchorLink>} title={`Edit ${user.name}`}>
      <EditorForm onSubmit={onSubmit} leaveGuard={leaveGuard} errorTitle="Could not save the user" error={formError} cancel={{ to: '/users' }} pending={update.isPending} submitLabel="Save">
        <TextInput label="Name" withAsterisk autoFocus {...form.register('name')} error={fieldError(errors.name)} />
        <RoleField control={form.control} name="role" error={fieldError(errors.role)} lastAdmin={isLastAdmin(user, admins)} />
        <Text size="sm" c="dimmed">
          The user keeps their API key; a new role applies to their next request.
        </Text>
      </EditorForm>
      <SelfDemoteDialog
        opened={demoting !== null}
        onConfirm={() => {
          if (demoting) send(demoting);
          setDemoting(null);
        }}
        onClose={() => setDemoting(null)}
      />
    </EditorFrame>
  );
}
