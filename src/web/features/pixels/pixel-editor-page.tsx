// The pixel editor (create and edit): name, vendor type and the vendor's id. Server 422s land on their fields.
import { Select, TextInput } from '@mantine/core';
import { notify } from '../../components/resource-list/notify';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { pixelCreateSchema, type Pixel } from '../../../shared/pixel.schema';
import { pixelQueries } from './pixels.queries';
import { PIXEL_TYPE_OPTIONS, pixelValueHint } from './pixel-text';
import { AnchorLink } from '../../components/router-links';
import { EditorForm, EditorFrame } from '../../components/resource-list/editor-frame';
import { fieldError } from '../../lib/field-errors';
import { forId, useSaveForm } from '../../components/resource-list/use-save-form';

const FIELDS = ['name', 'type', 'value'] as const;
const editRoute = getRouteApi('/app/pixels/$pixelId/edit');

export function PixelCreatePage() {
  return <PixelForm pixel={null} />;
}

export function PixelEditPage() {
  const { pixelId } = editRoute.useParams();
  const { data: pixel } = useSuspenseQuery(pixelQueries.detail(pixelId));
  return <PixelForm key={pixel.id} pixel={pixel} />;
}

function PixelForm({ pixel }: { pixel: Pixel | null }) {
  const navigate = useNavigate();
  const create = pixelQueries.useCreate();
  const update = forId(pixelQueries.useUpdate(), pixel?.id ?? 0);
  const save = pixel ? update : create;
  const form = useForm<z.input<typeof pixelCreateSchema>, unknown, z.output<typeof pixelCreateSchema>>({
    resolver: zodResolver(pixelCreateSchema),
    defaultValues: { name: pixel?.name ?? '', type: pixel?.type, value: pixel?.value ?? '' },
  });
  const errors = form.formState.errors;
  const type = useWatch({ control: form.control, name: 'type' });
  const title = pixel ? `Edit ${pixel.name}` : 'New pixel';

  const { onSubmit, formError, leaveGuard } = useSaveForm(form, save, FIELDS, (p) => {
    notify.success(pixel ? `Saved ${p.name}.` : `Created ${p.name}.`);
    void navigate({ to: '/pixels' });
  });

  return (
    <EditorFrame crumb={<AnchorLink to="/pixels">Pixels</AnchorLink>} title={title}>
      <EditorForm
        onSubmit={onSubmit}
        leaveGuard={leaveGuard}
        errorTitle="Could not save the pixel"
        error={formError}
        cancel={{ to: '/pixels' }}
        pending={save.isPending}
        submitLabel={pixel ? 'Save' : 'Create pixel'}
      >
        <TextInput label="Name" withAsterisk autoFocus {...form.register('name')} error={fieldError(errors.name)} />
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
              error={fieldError(errors.type)}
            />
          )}
        />
        <TextInput
          label="Pixel ID"
          withAsterisk
          description={pixelValueHint(type)}
          {...form.register('value')}
          error={fieldError(errors.value)}
          ff="monospace"
        />
      </EditorForm>
    </EditorFrame>
  );
}
