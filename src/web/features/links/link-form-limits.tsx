// The link editor's limits section: active period (picked in the browser's time zone), clicks limit,
// expiration URL, disabled. Reads the form through react-hook-form's context.
import { Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { LIMITS } from '../../../shared/enums';
import type { LinkFormValues } from './link-form-values';
import { LINK_FIELD_LABELS } from './link-field-messages';
import { LocalDateTimePicker } from '../../components/local-date-time-picker';

function DateTimeField({ name, label }: { name: 'active_period_start_at' | 'active_period_end_at'; label: string }) {
  const { control, formState } = useFormContext<LinkFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LocalDateTimePicker
          label={label}
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

export function LimitsSection() {
  const { control, register, formState } = useFormContext<LinkFormValues>();
  const e = formState.errors;
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        <DateTimeField name="active_period_start_at" label={LINK_FIELD_LABELS.active_period_start_at} />
        <DateTimeField name="active_period_end_at" label={LINK_FIELD_LABELS.active_period_end_at} />
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <Controller
          control={control}
          name="clicks_limit"
          render={({ field }) => (
            <NumberInput
              label="Clicks limit"
              description="Empty: no limit."
              min={1}
              max={LIMITS.clicksLimitMax}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={e.clicks_limit?.message}
              miw={200}
            />
          )}
        />
        <TextInput
          label="Expiration URL"
          description="Where visitors go once the link has expired."
          placeholder="https://"
          {...register('expiration_url')}
          error={e.expiration_url?.message}
          miw={200}
        />
      </Group>
      <Switch label="Disabled (the short URL answers 404)" {...register('disabled')} />
    </Stack>
  );
}
