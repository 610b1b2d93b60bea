// The pixel editor (create and edit): name, vendor type and the vendor's id. Server 422s land on their fields.
import { useState } from 'react';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { notify } from '../../components/resource-list/notify';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { pixelCreateSchema, type Pixel } from '../../../shared/pixel.schema';
import { pixelEditRoute } from '../../routes/pixels';
import { pixelQueryOptions, useCreatePixel, useUpdatePixel } from './pixels.queries';
import { PIXEL_TYPE_OPTIONS, pixelValueHint } from './pixel-text';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { EditorFrame, FormError } from '../../components/resource-list/editor-frame';
import { applyServerErrors, fieldMessage } from '../../components/resource-list/form-errors';

const FIELDS = ['name', 'type', 'value'] as const;

export function PixelCreatePage() {
  return <PixelForm pixel={null} />;
}

export function PixelEditPage() {
  const { pixelId } = pixelEditRoute.useParams();
  const { data: pixel } = useSuspenseQuery(pixelQueryOptions(pixelId));
  return <PixelForm key={pixel.id} pixel={pixel} />;
}

function PixelForm({ pixel }: { pixel: Pixel | null }) {
  const navigate = useNavigate();
  const create = useCreatePixel();
  const update = useUpdatePixel(pixel?.id ?? 0);
  const save = pixel ? update : create;
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof pixelCreateSchema>, unknown, z.output<typeof pixelCreateSchema>>({
    resolver: zodResolver(pixelCreateSchema),
    defaultValues: { name: pixel?.name ?? '', type: pixel?.type, value: pixel?.value ?? '' },
  });
  const errors = form.formState.errors;
  const type = useWatch({ control: form.control, name: 'type' });
  const title = pixel ? `Edit ${pixel.name}` : 'New pixel';

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (p) => {
        notify.success(pixel ? `Saved ${p.name}.` : `Created ${p.name}.`);
        void navigate({ to: '/pixels' });
      },
      onError: (e) => setFormError(applyServerErrors(e, FIELDS, form.setError)),
    });
  });

  return (
    <EditorFrame crumb={<AnchorLink to="/pixels">Pixels</AnchorLink>} title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError title="Could not save the pixel" message={formError} />
          <TextInput label="Name" withAsterisk autoFocus {...form.register('name')} error={errors.name?.message && fieldMessage(errors.name.message)} />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label="Type"
                withAsterisk
                placeholder="Choose the vendor"
                data={PIXEL_TYPE_OPTIONS}
                searchable
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errors.type?.message && fieldMessage(errors.type.message)}
              />
            )}
          />
          <TextInput
            label="Pixel ID"
            withAsterisk
            description={pixelValueHint(type)}
            {...form.register('value')}
            error={errors.value?.message && fieldMessage(errors.value.message)}
            ff="monospace"
          />
          <Group justify="flex-end">
            <ButtonLink variant="default" to="/pixels">
              Cancel
            </ButtonLink>
            <Button type="submit" loading={save.isPending}>
              {pixel ? 'Save' : 'Create pixel'}
            </Button>
          </Group>
        </Stack>
      </form>
    </EditorFrame>
  );
}
