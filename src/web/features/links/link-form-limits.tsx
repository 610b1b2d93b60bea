// The link editor's limits section: active period (picked in the browser's time zone), clicks limit,
// expiration URL, disabled. Reads the form through react-hook-form's context.
import { Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { Controller, useFormContext } from 'react-hook-form';
import { LIMITS } from '../../../shared/enums';
import type { LinkFormValues } from './link-form-values';
import { LINK_FIELD_LABELS } from './link-field-messages';

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

function DateTimeField({ name, label }: { name: 'active_period_start_at' | 'active_period_end_at'; label: string }) {
  const { control, formState } = useFormContext<LinkFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateTimePicker
          label={label}
          description={`Your time zone (${TIME_ZONE})`}
          placeholder="Not set"
          clearable
          valueFormat="YYYY-MM-DD HH:mm"
          id={`picker-${name}`}
          popoverProps={{ id: `picker-${name}` }}
          hideOutsideDates
          weekendDays={[]}
          clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
          submitButtonProps={{ 'aria-label': `Apply ${label.toLowerCase()}` }}
          timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
          nextLabel="Next month"
          previousLabel="Previous month"
          value={field.value ? dayjs(field.value).format('YYYY-MM-DD HH:mm:ss') : null}
          onChange={(v) => field.onChange(v ? dayjs(v).toISOString() : null)}
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
