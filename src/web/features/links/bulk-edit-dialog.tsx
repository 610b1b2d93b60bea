// "Edit 12 links": the fields a bulk PATCH can set, with the editor's own widgets (link-form-fields.tsx) and
// rules (the API's schema, in the editor's words). A field is set when its box is ticked (editing it ticks it);
// a ticked field left empty clears it. "Review" asks the server for a dry run and shows what would change and
// which links could not take it (bulk-edit-summary.tsx); "Apply" hands the change to the bulk bar.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import '@mantine/dates/styles.css';
import { Alert, Box, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, FormProvider, useForm, useFormContext, type FieldPath, type Resolver } from 'react-hook-form';
import { withDefaultScheme } from '../../../shared/fields';
import { api } from '../../lib/api-client';
import { applyApiErrors, type FieldMap } from '../../lib/field-errors';
import { usePhoneWidth } from '../../lib/use-phone-width';
import { TagPicker } from '../tags/tag-picker';
import { spaceQueries } from '../spaces/spaces.queries';
import { pixelQueries } from '../pixels/pixels.queries';
import { ClicksLimitField, DateTimeField, DisabledField, ExpirationUrlField, PixelsField, SpaceField } from './link-form-fields';
import { linkFieldLabel, linkFieldMessage } from './link-field-messages';
import { BULK_EDIT_FIELDS, bulkSetErrors, bulkSetOf, emptyBulkEdit, isBulkEditField, withoutSetPrefix, type BulkEditField, type BulkEditPreview, type BulkEditValues, type BulkSet } from './bulk-edit';
import { BulkEditSummary } from './bulk-edit-summary';
import type { BulkSelection } from './bulk';

const WIDGETS: Record<BulkEditField, ReactNode> = {
  active_period_end_at: <DateTimeField name="active_period_end_at" />,
  clicks_limit: <ClicksLimitField />,
  expiration_url: <ExpirationUrlField />,
  pixel_ids: <PixelsField />,
  space_id: <SpaceField />,
  disabled: <DisabledField />,
};

const FIELD_MAP: FieldMap<FieldPath<BulkEditValues>> = { fields: [...BULK_EDIT_FIELDS, 'add_tags', 'remove_tags'] };
const NO_CONTEXT = { targetsType: null, targets: [] };

const resolver: Resolver<BulkEditValues> = async (values) => {
  const errors = Object.fromEntries(Object.entries(bulkSetErrors(bulkSetOf(values))).map(([field, message]) => [field, { type: 'validate', message }]));
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

/** A field and the box that says it is set. */
function FieldRow({ field }: { field: BulkEditField }) {
  const { register } = useFormContext<BulkEditValues>();
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Checkbox mt={field === 'disabled' ? 2 : 4} aria-label={`Change ${linkFieldLabel(field, null).toLowerCase()}`} {...register(`change.${field}`)} />
      <Box style={{ flex: 1, minWidth: 0 }}>{WIDGETS[field]}</Box>
    </Group>
  );
}

/** Tags are named to add or take off (no box: naming one is the change), with the editor's tag picker. */
function TagsRow({ name, label, description }: { name: 'add_tags' | 'remove_tags'; label: string; description: string }) {
  const { control, formState } = useFormContext<BulkEditValues>();
  return (
    <Box ml={32}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => <TagPicker label={label} description={description} value={field.value} onChange={field.onChange} error={formState.errors[name]?.message} />}
      />
    </Box>
  );
}

export interface EditChange {
  set: BulkSet;
  preview: BulkEditPreview;
}

export interface BulkEditDialogProps {
  /** What is selected: "3 links", "all 4,812 matching links". */
  what: string;
  selection: () => BulkSelection;
  onClose: () => void;
  onApply: (change: EditChange) => void;
}

export function BulkEditDialog({ what, selection, onClose, onApply }: BulkEditDialogProps) {
  const phone = usePhoneWidth();
  const form = useForm<BulkEditValues>({ defaultValues: emptyBulkEdit(), resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const [review, setReview] = useState<EditChange | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const spaces = useQuery(spaceQueries.lookup());
  const pixels = useQuery(pixelQueries.lookup());
  const names = useMemo(
    () => ({ spaces: new Map((spaces.data ?? []).map((s) => [s.id, s.name])), pixels: new Map((pixels.data ?? []).map((p) => [p.id, `${p.name} (${p.type})`])) }),
    [spaces.data, pixels.data],
  );

  // Editing a field ticks its box: what the user touched is what changes.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (type === 'change' && isBulkEditField(name)) form.setValue(`change.${name}`, true);
        },
      }),
    [form],
  );

  const addScheme = () => {
    const typed = form.getValues('expiration_url');
    if (withDefaultScheme(typed) !== typed) form.setValue('expiration_url', withDefaultScheme(typed), { shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const set = bulkSetOf(values);
    if (!Object.keys(set).length) {
      setProblem('Tick a field to change, or name tags to add or remove.');
      return;
    }
    try {
      const preview = await api.patch<BulkEditPreview>('/links/bulk', { ...selection(), set }, { dry_run: 1 });
      setReview({ set, preview });
    } catch (err) {
      const applied = applyApiErrors(withoutSetPrefix(err), FIELD_MAP, form.setError, (path, predicate) => linkFieldMessage(path, predicate, NO_CONTEXT));
      if (applied.other.length) setProblem(applied.other.join(' '));
    }
  });

  const changed = review?.preview.changed ?? 0;
  return (
    <Modal opened onClose={onClose} title={review ? `Review the change to ${what}` : `Edit ${what}`} size="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close' }}>
      <FormProvider {...form}>
        {review ? (
          <Stack>
            <BulkEditSummary preview={review.preview} set={review.set} names={names} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setReview(null)} data-autofocus>
                Back
              </Button>
              <Button disabled={changed === 0} onClick={() => onApply(review)}>
                {changed === 0 ? 'Apply' : `Apply to ${changed.toLocaleString('en')} ${changed === 1 ? 'link' : 'links'}`}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form
            noValidate
            aria-label="Bulk edit"
            onSubmit={(e) => {
              addScheme();
              return submit(e);
            }}
            onBlur={(e) => {
              if (e.target instanceof HTMLInputElement && e.target.name === 'expiration_url') addScheme();
            }}
          >
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                Ticked fields are set on every selected link; a ticked field left empty clears it. Editing a field ticks it.
              </Text>
              {BULK_EDIT_FIELDS.map((f) => (
                <FieldRow key={f} field={f} />
              ))}
              <TagsRow name="add_tags" label="Add tags" description="Put on every selected link; a new name creates a tag." />
              <TagsRow name="remove_tags" label="Remove tags" description="Taken off every selected link that has them." />
              {problem && (
                <Alert color="red" variant="light" role="alert" data-testid="bulk-edit-problem">
                  {problem}
                </Alert>
              )}
              <Group justify="flex-end" pos="sticky" bottom={0} py="xs" bg="var(--mantine-color-body)" style={{ zIndex: 2 }}>
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={form.formState.isSubmitting}>
                  Review changes
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </FormProvider>
    </Modal>
  );
}
