// The tags page: every tag of the account with its links count (a link to the links carrying it), its colour,
// rename and recolour in a modal, and delete after a confirmation (the links keep their other tags). Creating,
// renaming and deleting are offered to those who may change tags in the workspace.
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { Tag } from '../../../shared/tag.schema';
import { tagQueries } from './tags.queries';
import { TagEditModal } from './tag-edit-modal';
import { SpaceSwatch } from '../spaces/space-color';
import { spaceColorLabel } from '../spaces/space-text';
import { IdNameListToolbar } from '../../components/resource-list/list-controls';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ResourceTable } from '../../components/resource-list/resource-table';
import { RowActions } from '../../components/resource-list/row-actions';
import { useDeleteConfirm } from '../../components/resource-list/use-delete-confirm';
import { SortableTh } from '../../components/sortable-th';
import { AnchorLink } from '../../components/router-links';
import { PageHeader } from '../../components/page-header';
import { formatDate, plural } from '../../components/resource-list/format';
import { idNameColumnSort, patchListSearch } from '../../components/resource-list/list-url';
import { useCan } from '../../lib/current-workspace';
import { UNDO_WINDOW_TEXT } from '../operations/undo-window';

const route = getRouteApi('/app/tags');

export function TagsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useQuery(tagQueries.list(search));
  const go = (patch: Partial<typeof search>) => void navigate({ search: (prev) => patchListSearch(prev, patch) });
  const sorting = idNameColumnSort(search, go);
  const deletion = useDeleteConfirm<Tag>({ mutation: tagQueries.useDelete(), noun: 'tag', meta: list.data?.meta, page: search.page, onPage: (page) => go({ page }) });
  /** The tag in the modal: a tag, 'new', or none. */
  const [editing, setEditing] = useState<Tag | 'new' | null>(null);
  const editable = useCan('tags:write');
  const newButton = editable && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
      New tag
    </Button>
  );

  return (
    <Stack gap={0}>
      <PageHeader title="Tags" description="Labels on links: a link has any number of them, beside its one space." actions={newButton || undefined} />
      <IdNameListToolbar query={search} searchLabel="Search tags" onChange={go} />
      <ResourceTable
        list={list}
        label="Tags"
        noun="tags"
        minWidth={520}
        empty={{
          filtered: Boolean(search.search),
          matchHint: `Nothing matches “${search.search}”.`,
          title: 'No tags yet',
          description: editable
            ? 'Tag links in the link editor or from the links list (select links, then Tags); or create one here.'
            : 'Tags of the links of this workspace show up here.',
          action: newButton,
        }}
        head={
          <>
            <SortableTh column="name" {...sorting}>
              Name
            </SortableTh>
            <Table.Th>Links</Table.Th>
            <SortableTh column="id" {...sorting}>
              Created
            </SortableTh>
          </>
        }
        row={(t) => (
          <Table.Tr key={t.id} data-testid="tag-row">
            <Table.Td style={{ maxWidth: 360 }}>
              <Group gap="xs" wrap="nowrap">
                <SpaceSwatch color={t.color} />
                <VisuallyHidden>{spaceColorLabel(t.color)}</VisuallyHidden>
                {editable ? (
                  <Anchor component="button" type="button" fw={600} ta="left" style={{ overflowWrap: 'anywhere' }} onClick={() => setEditing(t)}>
                    {t.name}
                  </Anchor>
                ) : (
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {t.name}
                  </Text>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              {t.links_count ? (
                <AnchorLink to="/links" search={{ tag: [t.name] }} aria-label={`${plural(t.links_count, 'link')} tagged ${t.name}`}>
                  <Badge variant="light" style={{ cursor: 'pointer' }}>
                    {t.links_count.toLocaleString('en')}
                  </Badge>
                </AnchorLink>
              ) : (
                <Badge variant="light" color="gray">
                  0
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(t.created_at)}</Text>
            </Table.Td>
            {editable ? <RowActions name={t.name} onDelete={() => deletion.ask(t)} /> : <Table.Td />}
          </Table.Tr>
        )}
        onPage={(page) => go({ page })}
        onPerPage={(per_page) => go({ per_page: per_page as typeof search.per_page })}
      />
      <ConfirmDialog {...deletion.dialog}>
        {deletion.target
          ? `The tag comes off ${plural(deletion.target.links_count, 'link')}; the links themselves stay. ${UNDO_WINDOW_TEXT}`
          : ''}
      </ConfirmDialog>
      {editing && <TagEditModal tag={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
