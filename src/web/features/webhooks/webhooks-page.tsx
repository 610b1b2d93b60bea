// The webhooks list: where each sends, which events, which links, and whether it is on (with the reason
// when it is not); page size and page in the URL; open, edit and delete per row (edit and delete for those who may
// change webhooks in the workspace).
import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Webhook } from '../../../shared/webhook.schema';
import { webhookQueries } from './webhooks.queries';
import { scopeLabel } from './webhook-text';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResourceListHeader, ResourceTable } from '../../components/resource-list/resource-table';
import { RowActions } from '../../components/resource-list/row-actions';
import { useDeleteConfirm } from '../../components/resource-list/use-delete-confirm';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { ListPagination } from '../../components/list-pagination';
import { EventBadges, WebhookState } from './webhook-state';
import { WebhookCards } from './webhook-cards';
import { usePhoneWidth } from '../../lib/use-phone-width';
import { useCan } from '../../lib/current-workspace';
import { UNDO_WINDOW_TEXT } from '../operations/undo-window';

const route = getRouteApi('/app/webhooks');

export function WebhooksPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(webhookQueries.list(search));
  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }) });
  const del = webhookQueries.useDelete();
  const narrow = usePhoneWidth();
  const editable = useCan('webhooks:write');
  const deletion = useDeleteConfirm<Webhook & { name: string }>({ mutation: del, noun: 'webhook', meta: list.data?.meta, page: search.page, onPage: (page) => go({ page }) });

  return (
    <Stack gap={0}>
      <ResourceListHeader title="Webhooks" list={list} create={{ to: '/webhooks/new' }} createLabel="New webhook" createScope="webhooks:write" />
      <Text c="dimmed" size="sm" mb="md" mt={-8}>
        Linkdeck POSTs signed JSON to your URL when links are created, changed, deleted, clicked, used up or expire.
      </Text>
      {narrow && list.data?.data.length ? (
        <>
          <WebhookCards rows={list.data.data} loading={list.isPlaceholderData} onDelete={(h) => deletion.ask({ ...h, name: h.url })} />
          <ListPagination meta={list.data.meta} noun="webhooks" onPage={(page) => go({ page })} onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })} />
        </>
      ) : (
        <ResourceTable
          list={list}
          label="Webhooks"
          noun="webhooks"
          minWidth={760}
          empty={{
            filtered: false,
            matchHint: '',
            title: 'No webhooks yet',
            description: 'A webhook tells another app about your links as things happen: new links, clicks in batches, links that expire.',
            action: editable && (
              <ButtonLink to="/webhooks/new" variant="light">
                Add your first webhook
              </ButtonLink>
            ),
          }}
          head={
            <>
              <Table.Th>URL</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th>Links</Table.Th>
              <Table.Th>State</Table.Th>
            </>
          }
          row={(h) => (
            <Table.Tr key={h.id} data-testid="webhook-row">
              <Table.Td maw={360}>
                <AnchorLink to="/webhooks/$webhookId" params={{ webhookId: h.id }} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {h.url}
                </AnchorLink>
                {h.pending_deliveries > 0 && (
                  <Text size="xs" c="dimmed">
                    {h.pending_deliveries.toLocaleString('en')} waiting to be sent
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <EventBadges events={h.events} />
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {scopeLabel(h)}
                </Text>
              </Table.Td>
              <Table.Td>
                <WebhookState hook={h} />
              </Table.Td>
              {editable ? (
                <RowActions name={h.url} edit={{ to: '/webhooks/$webhookId/edit', params: { webhookId: h.id } }} onDelete={() => deletion.ask({ ...h, name: h.url })} />
              ) : (
                <Table.Td />
              )}
            </Table.Tr>
          )}
          onPage={(page) => go({ page })}
          onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })}
        />
      )}
      <ConfirmDialog {...deletion.dialog}>The webhook and its delivery log are deleted; deliveries still waiting are not sent. {UNDO_WINDOW_TEXT}</ConfirmDialog>
    </Stack>
  );
}
