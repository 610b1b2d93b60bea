// The link's fields that the editor and the links page's bulk edit both show, one widget each: the same
// labels, limits and words in both places. Each reads its form through react-hook-form's context, by the
// field's name in LinkFormValues (the bulk edit's form uses the same names).
import { MultiSelect, NumberInput, Switch, TextInput } from '@mantine/core';
import { PickerSelect } from '../../components/picker-select';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext } from 'react-hook-form';
import { LIMITS } from '../../../shared/enums';
import type { LinkFormValues } from './link-form-values';
import { LINK_FIELD_LABELS } from './link-field-messages';
import { LocalDateTimePicker } from '../../components/local-date-time-picker';
import { spaceQueries } from '../spaces/spaces.queries';
import { pixelQueries } from '../pixels/pixels.queries';

export function DateTimeField({ name }: { name: 'active_period_start_at' | 'active_period_end_at' }) {
  const { control, formState } = useFormContext<LinkFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LocalDateTimePicker
          label={LINK_FIELD_LABELS[name]}
          placeholder="Not set"
          id={`picker-${name}`}
          value={field.value}
          onChange={field.onChange}
          error={formState.errors[name]?.message}
          miw={200}
        />
      )}
    />
  );
}

export function ClicksLimitField() {
  const { control, formState } = useFormContext<LinkFormValues>();
  return (
    <Controller
      control={control}
      name="clicks_limit"
      render={({ field }) => (
        <NumberInput
          label={LINK_FIELD_LABELS.clicks_limit}
          description="Empty: no limit."
          min={1}
          max={LIMITS.clicksLimitMax}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={formState.errors.clicks_limit?.message}
          miw={200}
        />
      )}
    />
  );
}

export function ExpirationUrlField() {
  const { register, formState } = useFormContext<LinkFormValues>();
  return (
    <TextInput
      label={LINK_FIELD_LABELS.expiration_url}
      description="Where visitors go once the link has expired."
      placeholder="https://"
      {...register('expiration_url')}
      error={formState.errors.expiration_url?.message}
      miw={200}
    />
  );
}

export function DisabledField() {
  const { register } = useFormContext<LinkFormValues>();
  return <Switch label="Disabled (the short URL answers 404)" {...register('disabled')} />;
}

export function SpaceField() {
  const { control, formState } = useFormContext<LinkFormValues>();
  const spaces = useQuery(spaceQueries.lookup());
  return (
    <Controller
      control={control}
      name="space_id"
      render={({ field }) => (
        <PickerSelect
          label={LINK_FIELD_LABELS.space_id}
          placeholder="No space"
          data={(spaces.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={field.value}
          onChange={field.onChange}
          clearable
          searchable
          error={formState.errors.space_id?.message}
        />
      )}
    />
  );
}

export function PixelsField() {
  const { control, formState } = useFormContext<LinkFormValues>();
  const pixels = useQuery(pixelQueries.lookup());
  return (
    <Controller
      control={control}
      name="pixel_ids"
      render={({ field }) => (
        <MultiSelect
          label={LINK_FIELD_LABELS.pixel_ids}
          placeholder={field.value.length ? undefined : 'No pixels'}
          data={(pixels.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.type})` }))}
          value={field.value}
          onChange={field.onChange}
          searchable
          clearable
          error={formState.errors.pixel_ids?.message}
        />
      )}
    />
  );
}
