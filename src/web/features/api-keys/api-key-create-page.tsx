// Creating an API key of the current workspace (admins and owners): a name, its scopes (grouped, those
// beyond your role disabled with the reason) and an optional last day. The key is shown once, with copy.
import { useState } from 'react';
import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { ApiScope } from '../../../shared/api-scopes';
import { apiKeyCreateSchema, type NewWorkspaceApiKey } from '../../../shared/api-key.schema';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { EditorForm, EditorFrame } from '../../components/resource-list/editor-frame';
import { OneTimeSecret } from '../../components/resource-list/one-time-secret';
import { useSaveForm } from '../../components/resource-list/use-save-form';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { fieldError } from '../../lib/field-errors';
import { TIME_ZONE } from '../../components/local-date-time-picker';
import { useCan } from '../../lib/current-workspace';
import { useSettingsWorkspace, type SettingsWorkspace } from '../workspaces/workspace-settings-frame';
import { apiKeyQueries } from './api-keys.queries';
import { defaultScopes } from './api-key-scopes';
import { endOfDayIso, localDay } from './api-key-expiry';
import { ApiKeyScopesField } from './api-key-scopes-field';

const crumb = <AnchorLink to="/workspace/api-keys">API keys</AnchorLink>;

export function ApiKeyCreatePage() {
  const { workspace, pending, error } = useSettingsWorkspace();
  const canWrite = useCan('keys:write');
  if (pending) return <LoadingState />;
  if (!workspace) return <ErrorState error={error ?? new Error('The server did not say which workspace this is.')} title="Could not load the workspace" />;
  if (!canWrite) {
    return <EmptyState title="Only admins and owners make API keys" description="Ask one of them for a key with the scopes you need." />;
  }
  return <CreateForm workspace={workspace} />;
}

function today(): string {
  return localDay(new Date().toISOString()) ?? '';
}

function CreateForm({ workspace }: { workspace: SettingsWorkspace }) {
  const create = apiKeyQueries(workspace.id).useCreate();
  const [created, setCreated] = useState<NewWorkspaceApiKey | null>(null);
  const form = useForm<z.input<typeof apiKeyCreateSchema>, unknown, z.output<typeof apiKeyCreateSchema>>({
    resolver: zodResolver(apiKeyCreateSchema),
    defaultValues: { name: '', scopes: defaultScopes(workspace.role), expires_at: undefined },
  });
  const errors = form.formState.errors;
  const { onSubmit, formError, leaveGuard } = useSaveForm(form, create, ['name', 'scopes', 'expires_at'] as const, (k) => setCreated(k));

  if (created) {
    return (
      <EditorFrame crumb={crumb} title={`Created ${created.name}`}>
        <Stack>
          <Text style={{ overflowWrap: 'anywhere' }}>
            This key acts in {workspace.name} only, with {created.scopes.length === 1 ? 'one scope' : `${created.scopes.length} scopes`}. Send it as{' '}
            <Code>Authorization: Bearer …</Code>.
          </Text>
          <OneTimeSecret value={created.api_key} title={`API key ${created.name}`} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setCreated(null);
                form.reset();
              }}
            >
              Create another
            </Button>
            <ButtonLink to="/workspace/api-keys">Back to API keys</ButtonLink>
          </Group>
        </Stack>
      </EditorFrame>
    );
  }

  return (
    <EditorFrame crumb={crumb} title="New API key">
      <EditorForm
        onSubmit={onSubmit}
        leaveGuard={leaveGuard}
        errorTitle="Could not create the key"
        error={formError}
        cancel={{ to: '/workspace/api-keys' }}
        pending={create.isPending}
        submitLabel="Create key"
      >
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          The key acts in {workspace.name} as you, with the scopes chosen here and never more than your role allows.
        </Text>
        <TextInput label="Name" description="What uses it: “CI deploys”, “Zapier”." withAsterisk autoFocus {...form.register('name')} error={fieldError(errors.name)} />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => <ApiKeyScopesField role={workspace.role} value={field.value as ApiScope[]} onChange={field.onChange} error={fieldError(errors.scopes)} />}
        />
        <Controller
          control={form.control}
          name="expires_at"
          render={({ field }) => (
            <DatePickerInput
              label="Last day (optional)"
              description={`The key stops working when this day ends (${TIME_ZONE}). Empty: it works until revoked.`}
              placeholder="No expiry"
              clearable
              minDate={today()}
              valueFormat="YYYY-MM-DD"
              value={localDay(typeof field.value === 'string' ? field.value : null)}
              onChange={(day) => field.onChange(endOfDayIso(day) ?? undefined)}
              clearButtonProps={{ 'aria-label': 'Clear the last day' }}
              nextLabel="Next month"
              previousLabel="Previous month"
              error={fieldError(errors.expires_at)}
              maw={320}
            />
          )}
        />
      </EditorForm>
    </EditorFrame>
  );
}
