// The domains list: search, sort (select or column headers), page size and pages, all in the URL. Each domain's
// state: Verified, Pending DNS (when last checked), or Shared: another workspace's domain that the
// instance admin shares, which links may use and which is read-only here (no edit or delete).
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Domain } from '../../../shared/domain.schema';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { domainQueries } from './domains.queries';
import { IdNameListToolbar } from '../../components/resource-list/list-controls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResourceListHeader, ResourceTable } from '../../components/resource-list/resource-table';
import { RowActions } from '../../components/resource-list/row-actions';
import { useDeleteConfirm } from '../../components/resource-list/use-delete-confirm';
import { SortableTh } from '../../components/sortable-th';
import { idNameColumnSort, patchListSearch } from '../../components/resource-list/list-url';
import { deleteDomainWarning } from './domain-text';
import { formatDate } from '../../components/resource-list/format';
import { useNow } from '../../lib/use-now';
import { usePhoneWidth } from '../../lib/use-phone-width';
import { useCan } from '../../lib/current-workspace';
import { DomainStateBadge } from './domain-state-badge';

const route = getRouteApi('/app/domains');

export function DomainsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(domainQueries.list(search));
  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  const sorting = idNameColumnSort(search, go);
  const del = domainQueries.useDelete();
  const editable = useCan('domains:write');
  const now = useNow(60_000);
  // A phone sees the state under the name, not in a column past the edge of the screen.
  const phone = usePhoneWidth();
  const deletion = useDeleteConfirm<Domain>({ mutation: del, noun: 'domain', meta: list.data?.meta, page: search.page, onPage: (page) => go({ page }) });

  return (
    <Stack gap={0}>
      <ResourceListHeader title="Domains" list={list} create={{ to: '/domains/new' }} createLabel="Add domain" createScope="domains:write" />
      <IdNameListToolbar query={search} searchLabel="Search domains" onChange={go} />
      <ResourceTable
        list={list}
        label="Domains"
        noun="domains"
        minWidth={phone ? 720 : 860}
        empty={{
          filtered: Boolean(search.search),
          matchHint: `Nothing matches “${search.search}”.`,
          title: 'No domains yet',
          description: 'Add a domain you own to make short links on it. Linkdeck then shows the DNS records to set; the domain works once they are right.',
          action: editable && (
            <ButtonLink to="/domains/new" variant="light">
              Add your first domain
            </ButtonLink>
          ),
        }}
        head={
          <>
            <SortableTh column="name" {...sorting}>
              Name
            </SortableTh>
            {!phone && <Table.Th>State</Table.Th>}
            <Table.Th>Homepage</Table.Th>
            <Table.Th>404 page</Table.Th>
            <Table.Th>Links</Table.Th>
            <SortableTh column="id" {...sorting}>
              Created
            </SortableTh>
          </>
        }
        row={(d) => (
          <Table.Tr key={d.id} data-testid="domain-row" data-owned={d.owned}>
            <Table.Td>
              {d.owned && editable ? (
                <AnchorLink to="/domains/$domainId/edit" params={{ domainId: d.id }} fw={600}>
                  {d.name}
                </AnchorLink>
              ) : (
                <Text fw={600}>{d.name}</Text>
              )}
              <Text size="xs" c="dimmed">
                {d.url}
              </Text>
              {phone && <DomainStateBadge domain={d} now={now} mt={6} />}
            </Table.Td>
            {!phone && (
              <Table.Td>
                <DomainStateBadge domain={d} now={now} />
              </Table.Td>
            )}
            <Table.Td>
              <UrlCell url={d.homepage_url} />
            </Table.Td>
            <Table.Td>
              <UrlCell url={d.not_found_url} />
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color="gray">
                {d.links_count}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(d.created_at)}</Text>
            </Table.Td>
            {d.owned && editable ? (
              <RowActions name={d.name} edit={{ to: '/domains/$domainId/edit', params: { domainId: d.id } }} onDelete={() => deletion.ask(d)} />
            ) : (
              <Table.Td />
            )}
          </Table.Tr>
        )}
        onPage={(page) => go({ page })}
        onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })}
      />
      <ConfirmDialog {...deletion.dialog}>{deletion.target ? deleteDomainWarning(deletion.target) : ''}</ConfirmDialog>
    </Stack>
  );
}

function UrlCell({ url }: { url: string | null }) {
  if (!url) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Text size="sm" lineClamp={1} maw={220} title={url}>
      {url}
    </Text>
  );
}
