// Create and edit pages of a link: the same form, with the targeting preview of what is on screen beside it.
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { CopyButton } from '../../components/copy-button';
import { TargetingPreview } from '../targets/targeting-preview';
import { LinkForm } from './link-form';
import { duplicateToForm, emptyLinkForm, linkToForm } from './link-form-values';
import { linkQueries } from './links.queries';
import { accountQueryOptions } from '../../lib/session.queries';

const editRoute = getRouteApi('/app/links/$linkId/edit');
const newRoute = getRouteApi('/app/links/new');

export function LinkCreatePage() {
  const navigate = useNavigate();
  const create = linkQueries.useCreate();
  // Short URLs on the default domain start with the server's BASE_URL (GET /account tells it), not with the
  // address the dashboard happens to be opened at.
  const base = useSuspenseQuery(accountQueryOptions()).data.base_url;
  // A duplicate starts from the loaded link (`?duplicate=<id>`); the fast create's "More options" from its URL (`?url=`).
  const source = newRoute.useLoaderData();
  const { url } = newRoute.useSearch();
  return (
    <>
      <PageHeader
        title={source ? `Duplicate ${source.alias}` : 'New link'}
        description={
          source ? 'A new link with the same settings: choose its alias, or leave it empty for a random one.' : 'Shorten a URL; everything but the destination is optional.'
        }
      />
      {source && (source.redirect_password || source.password) && (
        <Alert color="blue" variant="light" mb="md" title="Passwords are not copied">
          {source.alias} has a {source.redirect_password && source.password ? 'redirect password and a statistics password' : source.redirect_password ? 'redirect password' : 'statistics password'}; type{' '}
          {source.redirect_password && source.password ? 'them' : 'it'} again below if the copy needs {source.redirect_password && source.password ? 'them' : 'one'}.
        </Alert>
      )}
      <LinkForm
        key={source?.id ?? `new:${url ?? ''}`}
        mode="create"
        defaultValues={source ? duplicateToForm(source) : { ...emptyLinkForm(), url: url ?? '' }}
        defaultBase={base}
        submitLabel="Create link"
        onCancel={() => void navigate({ to: '/links', ignoreBlocker: true })}
        onSubmit={(body) => create.mutateAsync(body)}
        aside={<TargetingPreview saved={{ clicks: 0, hasRedirectPassword: false }} />}
        onSaved={(link) => {
          notifications.show({ color: 'green', title: 'Link created', message: link.short_url });
          void navigate({ to: '/links/$linkId/edit', params: { linkId: link.id } });
        }}
      />
    </>
  );
}

export function LinkEditPage() {
  const { linkId } = editRoute.useParams();
  const navigate = useNavigate();
  const { data: link } = useSuspenseQuery(linkQueries.detail(linkId));
  const update = linkQueries.useUpdate();
  const base = link.domain?.url ?? link.short_url.slice(0, -(link.alias.length + 1));
  return (
    <>
      <PageHeader
        title={`Edit ${link.alias}`}
        description={
          <>
            {link.short_url} <CopyButton value={link.short_url} label="Copy short URL" />
          </>
        }
      />
          <LinkForm
            key={link.updated_at}
            mode="edit"
            defaultValues={linkToForm(link)}
            defaultBase={base}
            savedShortUrl={link.short_url}
            hasRedirectPassword={link.redirect_password}
            hasStatsPassword={link.password}
            submitLabel="Save changes"
            onCancel={() => void navigate({ to: '/links', ignoreBlocker: true })}
            onSubmit={async (body) => {
              const saved = await update.mutateAsync({ id: link.id, body });
              if (saved.alias !== link.alias) {
                notifications.show({
                  color: 'green',
                  title: `Renamed to ${saved.alias}`,
                  message: `The short URL is now ${saved.short_url}; ${link.short_url} no longer works.`,
                  closeButtonProps: { 'aria-label': 'Close notification' },
                });
              } else notifications.show({ color: 'green', title: 'Saved', message: `${link.alias} is up to date.` });
            }}
            aside={<TargetingPreview saved={{ clicks: link.clicks, hasRedirectPassword: link.redirect_password }} />}
          />
    </>
  );
}
