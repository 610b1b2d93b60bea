// The space editor (create and edit): a name and one of six colours. Server 422s land on their fields.
import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notify } from '../../components/resource-list/notify';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { spaceCreateSchema, type Space } from '../../../shared/space.schema';
import { spaceEditRoute } from '../../routes/spaces';
import { spaceQueryOptions, useCreateSpace, useUpdateSpace } from './spaces.queries';
import { SpaceColorPicker } from './space-color';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { EditorFrame, FormError } from '../../components/resource-list/editor-frame';
import { applyServerErrors, fieldMessage } from '../../components/resource-list/form-errors';

const FIELDS = ['name', 'color'] as const;

export function SpaceCreatePage() {
  return <SpaceForm space={null} />;
}

export function SpaceEditPage() {
  const { spaceId } = spaceEditRoute.useParams();
  const { data: space } = useSuspenseQuery(spaceQueryOptions(spaceId));
  return <SpaceForm key={space.id} space={space} />;
}

function SpaceForm({ space }: { space: Space | null }) {
  const navigate = useNavigate();
  const create = useCreateSpace();
  const update = useUpdateSpace(space?.id ?? 0);
  const save = space ? update : create;
  const [formError, setFormError] = useState<string | null>(null);
  // Create and update take the same fields here (both sent), so one schema validates both.
  const form = useForm({
    resolver: zodResolver(spaceCreateSchema),
    defaultValues: { name: space?.name ?? '', color: space?.color ?? 1 },
  });
  const errors = form.formState.errors;
  const title = space ? `Edit ${space.name}` : 'New space';

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (s) => {
        notify.success(space ? `Saved ${s.name}.` : `Created ${s.name}.`);
        void navigate({ to: '/spaces' });
      },
      onError: (e) => setFormError(applyServerErrors(e, FIELDS, form.setError)),
    });
  });

  return (
    <EditorFrame crumb={<AnchorLink to="/spaces">Spaces</AnchorLink>} title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError title="Could not save the space" message={formError} />
          <TextInput
            label="Name"
            description="At most 32 characters, unique among your spaces."
            withAsterisk
            autoFocus
            maxLength={64}
            {...form.register('name')}
            error={errors.name?.message && fieldMessage(errors.name.message)}
          />
          <Controller
            control={form.control}
            name="color"
            render={({ field }) => (
              <SpaceColorPicker
                value={Number(field.value ?? 1)}
                onChange={field.onChange}
                error={errors.color?.message && fieldMessage(errors.color.message)}
              />
            )}
          />
          <Group justify="flex-end">
            <ButtonLink variant="default" to="/spaces">
              Cancel
            </ButtonLink>
            <Button type="submit" loading={save.isPending}>
              {space ? 'Save' : 'Create space'}
            </Button>
          </Group>
        </Stack>
      </form>
    </EditorFrame>
  );
}
