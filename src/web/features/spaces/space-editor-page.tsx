// The space editor (create and edit): a name and one of six colours. Server 422s land on their fields.
import { TextInput } from '@mantine/core';
import { notify } from '../../components/resource-list/notify';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { spaceCreateSchema, type Space } from '../../../shared/space.schema';
import { spaceQueries } from './spaces.queries';
import { SpaceColorPicker } from './space-color';
import { AnchorLink } from '../../components/router-links';
import { EditorForm, EditorFrame } from '../../components/resource-list/editor-frame';
import { fieldError } from '../../lib/field-errors';
import { forId, useSaveForm } from '../../components/resource-list/use-save-form';

const FIELDS = ['name', 'color'] as const;
const editRoute = getRouteApi('/app/spaces/$spaceId/edit');

export function SpaceCreatePage() {
  return <SpaceForm space={null} />;
}

export function SpaceEditPage() {
  const { spaceId } = editRoute.useParams();
  const { data: space } = useSuspenseQuery(spaceQueries.detail(spaceId));
  return <SpaceForm key={space.id} space={space} />;
}

function SpaceForm({ space }: { space: Space | null }) {
  const navigate = useNavigate();
  const create = spaceQueries.useCreate();
  const update = forId(spaceQueries.useUpdate(), space?.id ?? 0);
  const save = space ? update : create;
  // Create and update take the same fields here (both sent), so one schema validates both.
  const form = useForm({
    resolver: zodResolver(spaceCreateSchema),
    defaultValues: { name: space?.name ?? '', color: space?.color ?? 1 },
  });
  const errors = form.formState.errors;
  const title = space ? `Edit ${space.name}` : 'New space';

  const { onSubmit, formError, leaveGuard } = useSaveForm(form, save, FIELDS, (s) => {
    notify.success(space ? `Saved ${s.name}.` : `Created ${s.name}.`);
    void navigate({ to: '/spaces' });
  });

  return (
    <EditorFrame crumb={<AnchorLink to="/spaces">Spaces</AnchorLink>} title={title}>
      <EditorForm
        onSubmit={onSubmit}
        leaveGuard={leaveGuard}
        errorTitle="Could not save the space"
        error={formError}
        cancel={{ to: '/spaces' }}
        pending={save.isPending}
        submitLabel={space ? 'Save' : 'Create space'}
      >
        <TextInput
          label="Name"
          description="At most 32 characters, unique among your spaces."
          withAsterisk
          autoFocus
          maxLength={64}
          {...form.register('name')}
          error={fieldError(errors.name)}
        />
        <Controller
          control={form.control}
          name="color"
          render={({ field }) => <SpaceColorPicker value={Number(field.value ?? 1)} onChange={field.onChange} error={fieldError(errors.color)} />}
        />
      </EditorForm>
    </EditorFrame>
  );
}
