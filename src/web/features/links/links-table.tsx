// The links table: selectable rows, sortable headers, status badges and copyable short URLs.
import { memo, type MouseEvent } from 'react';
import { ActionIcon, Anchor, Badge, Checkbox, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import type { Link, LinkListQuery } from '../../../shared/link.schema';
import { CopyButton } from '../../components/copy-button';
import { SortableTh } from '../../components/sortable-th';
import { ActionsTh } from '../../components/resource-list/row-actions';
import { StatusBadge } from '../../components/status-badge';
import { SPACE_COLOR_NAMES } from '../../theme';

export interface LinksTableProps {
  links: Link[];
  query: Pick<LinkListQuery, 'sort_by' | 'sort'>;
  onSort: (column: LinkListQuery['sort_by']) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  loading?: boolean;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Plain anchors with a click handler: a router <Link> per cell costs a location build on every render,
 * which adds up over 100 rows. Modified clicks (new tab, ...) keep the browser's behaviour.
 */
function useRowNavigate() {
  const router = useRouter();
  const base = (router.options.basepath ?? '').replace(/\/$/, '');
  return {
    href: (to: string) => base + to,
    go: (to: string) => (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void router.navigate({ href: to });
    },
  };
}

const LinkRow = memo(function LinkRow({ link, checked, onToggle }: { link: Link; checked: boolean; onToggle: (id: number) => void }) {
  const { href, go } = useRowNavigate();
  const details = `/links/${link.id}`;
  const edit = `/links/${link.id}/edit`;
  return (
    <Table.Tr data-testid="link-row" data-link-id={link.id} bg={checked ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>
        <Checkbox aria-label={`Select ${link.alias}`} checked={checked} onChange={() => onToggle(link.id)} />
      </Table.Td>
      <Table.Td maw={260}>
        <Stack gap={0}>
          <Anchor href={href(details)} onClick={go(details)} fw={600} c="var(--mantine-color-text)" truncate="end">
            {link.alias}
          </Anchor>
          <Group gap={2} wrap="nowrap">
            <Text size="xs" c="dimmed" truncate="end">
              {link.short_url}
            </Text>
            <CopyButton value={link.short_url} label="Copy short URL" />
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td maw={260}>
        <Text size="sm" truncate="end" title={link.url}>
          {link.url}
        </Text>
      </Table.Td>
      <Table.Td maw={200}>
        <Text size="sm" truncate="end" c={link.title ? undefined : 'dimmed'}>
          {link.title ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge link={link} />
      </Table.Td>
      <Table.Td ta="right">{link.clicks.toLocaleString()}</Table.Td>
      <Table.Td>
        {link.space ? (
          <Badge variant="dot" color={SPACE_COLOR_NAMES[link.space.color] ?? 'gray'}>
            {link.space.name}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{link.domain?.name ?? 'default'}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dateFormat.format(new Date(link.created_at))}
        </Text>
      </Table.Td>
      <Table.Td>
        <ActionIcon component="a" href={href(edit)} onClick={go(edit)} variant="subtle" aria-label={`Edit ${link.alias}`} title="Edit">
          <IconPencil size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});

export function LinksTable({ links, query, onSort, selected, onToggle, onToggleAll, loading }: LinksTableProps) {
  const all = links.length > 0 && links.every((l) => selected.has(l.id));
  const some = links.some((l) => selected.has(l.id));
  const sortProps = { sortBy: query.sort_by, sort: query.sort, onSort: (c: string) => onSort(c as LinkListQuery['sort_by']) };
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table highlightOnHover verticalSpacing="xs" aria-busy={loading} style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox aria-label="Select all links on this page" checked={all} indeterminate={some && !all} onChange={(e) => onToggleAll(e.currentTarget.checked)} />
            </Table.Th>
            <SortableTh column="alias" {...sortProps}>
              Alias
            </SortableTh>
            <SortableTh column="url" {...sortProps}>
              Destination
            </SortableTh>
            <SortableTh column="title" {...sortProps}>
              Title
            </SortableTh>
            <Table.Th>Status</Table.Th>
            <SortableTh column="clicks" {...sortProps}>
              Clicks
            </SortableTh>
            <Table.Th>Space</Table.Th>
            <Table.Th>Domain</Table.Th>
            <SortableTh column="id" {...sortProps}>
              Created
            </SortableTh>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => (
            <LinkRow key={link.id} link={link} checked={selected.has(link.id)} onToggle={onToggle} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function LinksTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="xs" aria-label="Loading links" role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}
