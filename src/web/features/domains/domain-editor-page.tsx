// The domain editor: the name on create only; homepage and 404 URLs and the https choice on both; for the instance
// admin, "Shared with every workspace". Server 422s land on their fields. The edit page of a domain the workspace
// owns shows its DNS records: above the form while it waits for them, below it once verified. Another
// workspace's shared domain is read-only here (domain-read-only.tsx).
import { Text, TextInput } from '@mantine/core';
import { useState, type ComponentProps } from 'react';
import { notify } from '../../components/resource-list/notify';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { domainCreateSchema, domainUpdateSchema, normaliseDomainName, type Domain } from '../../../shared/domain.schema';
import { AnchorLink } from '../../components/router-links';
import { domainQueries } from './domains.queries';
import { EditorForm, EditorFrame } from '../../components/resource-list/editor-frame';
import { fieldError } from '../../lib/field-errors';
import { forId, useSaveForm } from '../../components/resource-list/use-save-form';
import { SchemeSwitch } from './scheme-switch';
import { SharedSwitch } from './shared-switch';
import { DnsRecordsPanel } from './dns-records-panel';
import { DomainReadOnly } from './domain-read-only';
import { accountQueryOptions } from '../../lib/session.queries';

const URL_FIELDS = ['homepage_url', 'not_found_url'] as const;
const EDIT_FIELDS = [...URL_FIELDS, 'https', 'shared'] as const;

type InputProps = ComponentProps<typeof TextInput>;

const editRoute = getRouteApi('/app/domains/$domainId/edit');

function UrlFields({ homepage, notFound }: { homepage: InputProps; notFound: InputProps }) {
  return (
    <>
      <TextInput
        label="Homepage URL"
        description="Where visitors of the bare domain (https://your.domain/) go. Empty: a plain page."
        placeholder="https://example.com"
        {...homepage}
      />
      <TextInput
        label="404 URL"
        description="Where an unknown short link on this domain sends the visitor. Empty: a 404 page."
        placeholder="https://example.com/not-found"
        {...notFound}
      />
    </>
  );
}

/** Only the instance admin shares domains (the server refuses `shared` from anyone else). */
function useInstanceAdmin(): boolean {
  return useSuspenseQuery(accountQueryOptions()).data.role === 'admin';
}

export function DomainCreatePage() {
  const navigate = useNavigate();
  const admin = useInstanceAdmin();
  const create = domainQueries.useCreate();
  const form = useForm({
    resolver: zodResolver(domainCreateSchema),
    defaultValues: { name: '', homepage_url: '', not_found_url: '', https: true },
  });
  const errors = form.formState.errors;
  const typedName = useWatch({ control: form.control, name: 'name' }) as string;
  const { onSubmit, formError, leaveGuard } = useSaveForm(form, create, ['name', ...EDIT_FIELDS], (d) => {
    // A domain that waits for DNS opens on its records at once: they are the next thing to do.
    if (d.verified) {
      notify.success(`Added ${d.name}.`);
      void navigate({ to: '/domains' });
      return;
    }
    notify.success(`Added ${d.name}. Set the DNS records below.`);
    void navigate({ to: '/domains/$domainId/edit', params: { domainId: d.id } });
  });

  return (
    <EditorFrame crumb={<AnchorLink to="/domains">Domains</AnchorLink>} title="Add domain">
      <EditorForm
        onSubmit={onSubmit}
        leaveGuard={leaveGuard}
        errorTitle="Could not add the domain"
        error={formError}
        cancel={{ to: '/domains' }}
        pending={create.isPending}
        submitLabel="Add domain"
      >
        <TextInput
          label="Domain name"
          description="A hostname you own, like links.example.com. It cannot be changed later."
          placeholder="links.example.com"
          withAsterisk
          autoFocus
          {...form.register('name')}
          error={fieldError(errors.name)}
        />
        <UrlFields
          homepage={{ ...form.register('homepage_url'), error: fieldError(errors.homepage_url) }}
          notFound={{ ...form.register('not_found_url'), error: fieldError(errors.not_found_url) }}
        />
        <Controller
          control={form.control}
          name="https"
          render={({ field }) => (
            <SchemeSwitch checked={field.value !== false} onChange={field.onChange} onBlur={field.onBlur} host={normaliseDomainName(typedName ?? '') ?? ''} />
          )}
        />
        {admin && (
          <Controller
            control={form.control}
            name="shared"
            render={({ field }) => <SharedSwitch checked={field.value === true || field.value === 1} onChange={field.onChange} onBlur={field.onBlur} />}
          />
        )}
      </EditorForm>
    </EditorFrame>
  );
}

export function DomainEditPage() {
  const { domainId } = editRoute.useParams();
  const { data: domain } = useSuspenseQuery(domainQueries.detail(domainId));
  const admin = useInstanceAdmin();
  if (!domain.owned) return <DomainReadOnly domain={domain} />;
  return <DomainEditForm key={domain.id} domain={domain} admin={admin} />;
}

function DomainEditForm({ domain, admin }: { domain: Domain; admin: boolean }) {
  const navigate = useNavigate();
  const update = forId(domainQueries.useUpdate(), domain.id);
  const form = useForm({
    resolver: zodResolver(domainUpdateSchema),
    defaultValues: {
      homepage_url: domain.homepage_url ?? '',
      not_found_url: domain.not_found_url ?? '',
      https: domain.https === 1,
      // Sent by the instance admin only: anyone else's body leaves it out.
      ...(admin ? { shared: domain.shared } : {}),
    },
  });
  const errors = form.formState.errors;
  // Where the records are stays as the page opened: a check that verifies the domain does not move them away.
  const [recordsFirst] = useState(!domain.verified);
  const records = <DnsRecordsPanel domainId={domain.id} />;
  const { onSubmit, formError, leaveGuard } = useSaveForm(form, update, EDIT_FIELDS, (d) => {
    notify.success(`Saved ${d.name}.`);
    void navigate({ to: '/domains' });
  });

  return (
    <EditorFrame
      crumb={<AnchorLink to="/domains">Domains</AnchorLink>}
      title={`Edit ${domain.name}`}
      before={recordsFirst ? records : undefined}
      after={recordsFirst ? undefined : records}
    >
      <EditorForm
        onSubmit={onSubmit}
        leaveGuard={leaveGuard}
        errorTitle="Could not save the domain"
        error={formError}
        cancel={{ to: '/domains' }}
        pending={update.isPending}
        submitLabel="Save"
      >
        <TextInput label="Domain name" value={domain.name} readOnly description="A domain's name cannot be changed." />
        <UrlFields
          homepage={{ ...form.register('homepage_url'), error: fieldError(errors.homepage_url) }}
          notFound={{ ...form.register('not_found_url'), error: fieldError(errors.not_found_url) }}
        />
        <Controller
          control={form.control}
          name="https"
          render={({ field }) => (
            <SchemeSwitch
              checked={field.value !== false}
              onChange={field.onChange}
              onBlur={field.onBlur}
              host={domain.name}
              saved={{ https: domain.https === 1, linksCount: domain.links_count }}
            />
          )}
        />
        {admin && (
          <Controller
            control={form.control}
            name="shared"
            render={({ field }) => <SharedSwitch checked={field.value === true || field.value === 1} onChange={field.onChange} onBlur={field.onBlur} />}
          />
        )}
        <Text size="sm" c="dimmed">
          {domain.links_count === 1 ? '1 link uses' : `${domain.links_count} links use`} this domain.
        </Text>
      </EditorForm>
    </EditorFrame>
  );
}
