// The webhook editor (create and edit): URL, events, which links (all, a space or one link), an optional
// secret of one's own on create, enabled. Validated by the shared schema; server 422s land on their fields.
import { useState, type FormEvent } from 'react';
import { Checkbox, PasswordInput, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { webhookCreateSchema, type Webhook } from '../../../shared/webhook.schema';
import { WEBHOOK_EVENTS } from '../../../shared/enums';
import { withDefaultScheme } from '../../../shared/fields';
import { webhookQueries } from './webhooks.queries';
import { EVENT_LABELS } from './webhook-text';
import { LinkPicker } from './link-picker';
import { spaceQueries } from '../spaces/spaces.queries';
import { notify } from '../../components/resource-list/notify';
import { AnchorLink } from '../../components/router-links';
import { EditorForm, EditorFrame } from '../../components/resource-list/editor-frame';
import { fieldError } from '../../lib/field-errors';
import { forId, useSaveForm } from '../../components/resource-list/use-save-form';

const FIELDS = ['url', 'events', 'space_id', 'link_id', 'secret', 'enabled'] as const;
type Scope = 'all' | 'space' | 'link';
const route = getRouteApi('/app/webhooks/$webhookId/edit');

export function WebhookCreatePage() {
  return <WebhookForm hook={null} />;
}

export function WebhookEditPage() {
  const { webhookId } = route.useParams();
  const { data: hook } = useSuspenseQuery(webhookQueries.detail(webhookId));
  return <WebhookForm key={hook.id} hook={hook} />;
}

function WebhookForm({ hook }: { hook: Webhook | null }) {
  const navigate = useNavigate();
  const create = webhookQueries.useCreate();
  const update = forId(webhookQueries.useUpdate(), hook?.id ?? 0);
  const save = hook ? update : create;
  const spaces = useQuery(spaceQueries.lookup());
  const [scope, setScope] = useState<Scope>(hook?.link_id ? 'link' : hook?.space_id ? 'space' : 'all');
  const form = useForm<z.input<typeof webhookCreateSchema>, unknown, z.output<typeof webhookCreateSchema>>({
    resolver: zodResolver(webhookCreateSchema),
    defaultValues: {
      url: hook?.url ?? '',
      events: hook?.events ?? ['link.created'],
      space_id: hook?.space_id ?? null,
      link_id: hook?.link_id ?? null,
      secret: '',
      enabled: hook ? (hook.enabled ? 1 : 0) : 1,
    },
  });
  const errors = form.formState.errors;
  const title = hook ? 'Edit webhook' : 'New webhook';

  const pickScope = (next: Scope) => {
    setScope(next);
    // One filter at a time: the other one is cleared.
    if (next !== 'space') form.setValue('space_id', null, { shouldDirty: true });
    if (next !== 'link') form.setValue('link_id', null, { shouldDirty: true });
  };

  const { onSubmit, formError, leaveGuard } = useSaveForm(form, save, FIELDS, (h) => {
    notify.success(hook ? 'Saved the webhook.' : 'Created the webhook. Copy its signing secret below.');
    void navigate({ to: '/webhooks/$webhookId', params: { webhookId: h.id } });
  });

  // "One space" or "One link" without one chosen would be every link: asked for instead.
  const submit = (e: FormEvent<HTMLFormElement>) => {
    const missing = scope === 'space' && !form.getValues('space_id') ? 'space_id' : scope === 'link' && !form.getValues('link_id') ? 'link_id' : null;
    if (!missing) return onSubmit(e);
    e.preventDefault();
    form.setError(missing, { message: missing === 'space_id' ? 'Choose a space.' : 'Choose a link.' }, { shouldFocus: true });
  };

  return (
    <EditorFrame crumb={<AnchorLink to="/webhooks">Webhooks</AnchorLink>} title={title}>
      <EditorForm
        onSubmit={submit}
        leaveGuard={leaveGuard}
        errorTitle="Could not save the webhook"
        error={formError}
        cancel={hook ? { to: '/webhooks/$webhookId', params: { webhookId: hook.id } } : { to: '/webhooks' }}
        pending={save.isPending}
        submitLabel={hook ? 'Save' : 'Create webhook'}
      >
        <TextInput
          label="Endpoint URL"
          description="Linkdeck POSTs JSON here. Private and local addresses are refused."
          withAsterisk
          autoFocus
          placeholder="https://example.com/hooks/linkdeck"
          {...form.register('url', { onBlur: (e) => form.setValue('url', withDefaultScheme(e.target.value), { shouldValidate: form.formState.isSubmitted }) })}
          error={fieldError(errors.url)}
        />
        <Controller
          control={form.control}
          name="events"
          render={({ field }) => (
            <Checkbox.Group
              label="Events"
              withAsterisk
              value={(field.value as string[] | undefined) ?? []}
              onChange={field.onChange}
              error={fieldError(errors.events as { message?: string } | undefined) ?? fieldError((errors.events as { message?: string }[] | undefined)?.[0])}
            >
              <Stack gap="xs" mt="xs">
                {WEBHOOK_EVENTS.map((e) => (
                  <Checkbox key={e} value={e} label={EVENT_LABELS[e].label} description={`${e} · ${EVENT_LABELS[e].description}`} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="webhook-scope">
            Links
          </Text>
          <SegmentedControl
            aria-labelledby="webhook-scope"
            value={scope}
            onChange={(v) => pickScope(v as Scope)}
            data={[
              { value: 'all', label: 'All links' },
              { value: 'space', label: 'One space' },
              { value: 'link', label: 'One link' },
            ]}
          />
        </Stack>
        {scope === 'space' && (
          <Controller
            control={form.control}
            name="space_id"
            render={({ field }) => (
              <Select
                label="Space"
                withAsterisk
                placeholder={spaces.data?.length ? 'Choose a space' : 'No spaces yet'}
                data={(spaces.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : null)}
                searchable
                error={fieldError(errors.space_id)}
              />
            )}
          />
        )}
        {scope === 'link' && (
          <Controller
            control={form.control}
            name="link_id"
            render={({ field }) => (
              <LinkPicker value={(field.value as number | null | undefined) ?? null} current={hook?.link ?? null} onChange={field.onChange} error={fieldError(errors.link_id)} />
            )}
          />
        )}
        {!hook && (
          <PasswordInput
            label="Signing secret"
            description="Leave empty and Linkdeck makes a strong one. 16 to 128 letters, digits, - and _."
            autoComplete="off"
            {...form.register('secret')}
            error={fieldError(errors.secret)}
          />
        )}
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Enabled"
              description="While disabled, no new events are recorded and queued deliveries wait."
              checked={field.value === 1}
              onChange={(e) => field.onChange(e.currentTarget.checked ? 1 : 0)}
            />
          )}
        />
      </EditorForm>
    </EditorFrame>
  );
}
