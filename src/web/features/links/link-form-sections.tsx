// Sections of the link editor. Each reads the form through react-hook-form's context.
import { Checkbox, Group, MultiSelect, NumberInput, PasswordInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/enums';
import type { LinkFormValues } from './link-form-values';
import { domainsLookup, pixelsLookup, spacesLookup } from './lookups.queries';
import { CopyButton } from '../../components/copy-button';

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function DestinationSection() {
  const { register, formState } = useFormContext<LinkFormValues>();
  const e = formState.errors;
  return (
    <Stack gap="sm">
      <TextInput label="Destination URL" placeholder="https://example.com/landing" required {...register('url')} error={e.url?.message} />
      <TextInput
        label="Title"
        description="Leave empty to read it from the destination page."
        maxLength={LIMITS.titleMax}
        {...register('title')}
        error={e.title?.message}
      />
    </Stack>
  );
}

/** "https://go.example.com/summer" for the preview; a random alias is made by the server when empty. */
export function shortUrlPreview(base: string, alias: string): string {
  return `${base.replace(/\/+$/, '')}/${alias.trim() || '…'}`;
}

export function ShortUrlSection({ creating, defaultBase }: { creating: boolean; defaultBase: string }) {
  const { register, control, formState } = useFormContext<LinkFormValues>();
  const domains = useQuery(domainsLookup());
  const domainId = useWatch({ control, name: 'domain_id' });
  const alias = useWatch({ control, name: 'alias' });
  const domain = domains.data?.find((d) => String(d.id) === domainId);
  const preview = shortUrlPreview(domain?.url ?? defaultBase, alias);
  const e = formState.errors;
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        <Controller
          control={control}
          name="domain_id"
          render={({ field }) => (
            <Select
              label="Domain"
              description={creating ? 'Cannot be changed later.' : 'The domain of a link cannot be changed.'}
              placeholder="Default domain"
              data={(domains.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              clearable
              disabled={!creating}
              error={e.domain_id?.message}
              miw={200}
            />
          )}
        />
        <TextInput
          label="Alias"
          description="Letters, digits, - and _. Empty: a random one."
          placeholder="summer-sale"
          {...register('alias')}
          error={e.alias?.message}
          miw={200}
        />
      </Group>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" c="dimmed">
          Short URL:
        </Text>
        <Text size="sm" fw={600} data-testid="short-url-preview" style={{ wordBreak: 'break-all' }}>
          {preview}
        </Text>
        {alias.trim() && <CopyButton value={preview} label="Copy short URL" />}
      </Group>
    </Stack>
  );
}

export function OrganiseSection() {
  const { control, formState } = useFormContext<LinkFormValues>();
  const spaces = useQuery(spacesLookup());
  const pixels = useQuery(pixelsLookup());
  return (
    <Group grow align="flex-start" wrap="wrap">
      <Controller
        control={control}
        name="space_id"
        render={({ field }) => (
          <Select
            label="Space"
            placeholder="No space"
            data={(spaces.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={field.value}
            onChange={field.onChange}
            clearable
            searchable
            error={formState.errors.space_id?.message}
            miw={200}
          />
        )}
      />
      <Controller
        control={control}
        name="pixel_ids"
        render={({ field }) => (
          <MultiSelect
            label="Pixels"
            placeholder={field.value.length ? undefined : 'No pixels'}
            data={(pixels.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.type})` }))}
            value={field.value}
            onChange={field.onChange}
            searchable
            clearable
            error={formState.errors.pixel_ids?.message}
            miw={200}
          />
        )}
      />
    </Group>
  );
}

function PasswordWithRemove({ name, removeName, label, description, isSet }: {
  name: 'redirect_password' | 'password';
  removeName: 'remove_redirect_password' | 'remove_password';
  label: string;
  description: string;
  isSet: boolean;
}) {
  const { register, formState } = useFormContext<LinkFormValues>();
  return (
    <Stack gap={4}>
      <PasswordInput
        label={label}
        description={isSet ? 'A password is set. Type a new one to replace it.' : description}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        {...register(name)}
        error={formState.errors[name]?.message}
      />
      {isSet && <Checkbox size="xs" label="Remove the password" {...register(removeName)} />}
    </Stack>
  );
}

export function AccessSection({ hasRedirectPassword, hasStatsPassword }: { hasRedirectPassword: boolean; hasStatsPassword: boolean }) {
  const { control, register } = useFormContext<LinkFormValues>();
  const privacy = useWatch({ control, name: 'privacy' });
  return (
    <Stack gap="sm">
      <PasswordWithRemove
        name="redirect_password"
        removeName="remove_redirect_password"
        label="Redirect password"
        description="Visitors must enter it before they are redirected."
        isSet={hasRedirectPassword}
      />
      <Switch label="Sensitive content (visitors confirm before they continue)" {...register('sensitive_content')} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="privacy-label">
          Statistics page
        </Text>
        <Controller
          control={control}
          name="privacy"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="privacy-label"
              data={[
                { value: '0', label: 'Public' },
                { value: '1', label: 'Private' },
                { value: '2', label: 'Password' },
              ]}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              w="fit-content"
            />
          )}
        />
      </Stack>
      {privacy === '2' && (
        <PasswordWithRemove
          name="password"
          removeName="remove_password"
          label="Statistics password"
          description="Needed to open the public statistics page."
          isSet={hasStatsPassword}
        />
      )}
    </Stack>
  );
}

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
        <DateTimeField name="active_period_start_at" label="Active from" />
        <DateTimeField name="active_period_end_at" label="Active until" />
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
