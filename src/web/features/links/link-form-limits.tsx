// The link editor's limits section: active period (picked in the browser's time zone), clicks limit,
// expiration URL, disabled. The fields are the ones the bulk edit shows too (link-form-fields.tsx).
import { Group, Stack } from '@mantine/core';
import { ClicksLimitField, DateTimeField, DisabledField, ExpirationUrlField } from './link-form-fields';

export function LimitsSection() {
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        <DateTimeField name="active_period_start_at" />
        <DateTimeField name="active_period_end_at" />
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <ClicksLimitField />
        <ExpirationUrlField />
      </Group>
      <DisabledField />
    </Stack>
  );
}
