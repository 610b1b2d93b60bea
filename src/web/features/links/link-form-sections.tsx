// Sections of the link editor: destination, short URL, organising. Each reads the form through
// react-hook-form's context (access in link-form-access.tsx, limits in link-form-limits.tsx; the fields the
// bulk edit shows too in link-form-fields.tsx).
import { Alert, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PickerSelect } from '../../components/picker-select';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/enums';
import type { LinkFormValues } from './link-form-values';
import { domainQueries } from '../domains/domains.queries';
import { CopyButton } from '../../components/copy-button';
import { shortUrlPreview } from './short-url-preview';
import { TagPicker } from '../tags/tag-picker';
import { AliasAvailability } from './alias-availability';
import { PixelsField, SpaceField } from './link-form-fields';

export function DestinationSection() {
  const { register, formState } = useFormContext<LinkFormValues>();
  const e = formState.errors;
  return (
    <Stack gap="sm">
      <TextInput
        label="Destination URL"
        description="https:// is added when you leave it out."
        placeholder="https://example.com/landing"
        required
        {...register('url')}
        error={e.url?.message}
      />
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

/**
 * The short URL: domain, alias and a preview. On a saved link (`savedShortUrl`), a changed alias warns that the
 * old short URL stops working: printed QR codes and links already shared to it break.
 */
export function ShortUrlSection({ creating, defaultBase, savedShortUrl }: { creating: boolean; defaultBase: string; savedShortUrl?: string }) {
  const { register, control, formState } = useFormContext<LinkFormValues>();
  const domains = useQuery(domainQueries.lookup());
  const domainId = useWatch({ control, name: 'domain_id' });
  const alias = useWatch({ control, name: 'alias' });
  const domain = domains.data?.find((d) => String(d.id) === domainId);
  const preview = shortUrlPreview(domain?.url ?? defaultBase, alias);
  const e = formState.errors;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        <Controller
          control={control}
          name="domain_id"
          render={({ field }) => (
            <PickerSelect
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
            />
          )}
        />
        <TextInput
          label="Alias"
          description="Letters, digits, - and _. Empty: a random one."
          placeholder="summer-sale"
          {...register('alias')}
          error={e.alias?.message}
        />
      </SimpleGrid>
      <AliasAvailability creating={creating} />
      <div>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Short URL:
          </Text>
          <Text size="sm" fw={600} c={preview.problem ? 'dimmed' : undefined} data-testid="short-url-preview" style={{ wordBreak: 'break-all' }}>
            {preview.text}
          </Text>
          {preview.copy && <CopyButton value={preview.copy} label="Copy short URL" />}
        </Group>
        {/* Before the first save the field shows no error yet (errors appear on submit): say here why there is no copy. */}
        {preview.problem && !e.alias && (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={14} color="var(--mantine-color-orange-text)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs" c="dimmed" data-testid="short-url-problem">
              No copy yet: the alias {preview.problem}
            </Text>
          </Group>
        )}
      </div>
      {savedShortUrl && alias.trim() && alias.trim() !== formState.defaultValues?.alias && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Renaming breaks the old short URL" data-testid="rename-warning">
          Once saved,{' '}
          <Text span inherit fw={600} style={{ wordBreak: 'break-all' }}>
            {savedShortUrl}
          </Text>{' '}
          stops working: printed QR codes and links already shared to it lead nowhere. Only the new short URL works.
        </Alert>
      )}
    </Stack>
  );
}

export function OrganiseSection() {
  const { control, formState } = useFormContext<LinkFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <SpaceField />
      <PixelsField />
      <Controller
        control={control}
        name="tags"
        render={({ field }) => <TagPicker value={field.value} onChange={field.onChange} error={formState.errors.tags?.message} />}
      />
    </SimpleGrid>
  );
}
