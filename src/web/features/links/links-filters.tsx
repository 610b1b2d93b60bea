// Filters of the links list: debounced search with search_by, status, space, domain, pixel, and sort.
import { useState } from 'react';
import { Group, SegmentedControl, Select, TextInput, ActionIcon, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconSortAscending, IconSortDescending, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { LINK_SEARCH_BY, LINK_SORT_BY, type LinkListQuery } from '../../../shared/link-list.schema';
import { LINK_STATUS_LABELS } from '../../../shared/enums';
import { domainsLookup, pixelsLookup, spacesLookup } from './lookups.queries';

const SORT_LABELS: Record<LinkListQuery['sort_by'], string> = { id: 'Created', clicks: 'Clicks', title: 'Title', alias: 'Alias', url: 'Destination' };
const SEARCH_BY_LABELS: Record<LinkListQuery['search_by'], string> = { title: 'Title', alias: 'Alias', url: 'Destination' };

export interface LinksFiltersProps {
  query: LinkListQuery;
  onChange: (patch: Partial<LinkListQuery>) => void;
}

/** Search box: typing is debounced into the URL; a URL change from elsewhere (back, reset) shows up here. */
function SearchBox({ value, onSearch }: { value: string | undefined; onSearch: (v: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  const [syncedFrom, setSyncedFrom] = useState(value);
  const [pushed, setPushed] = useState(value);
  if (value !== syncedFrom) {
    setSyncedFrom(value);
    if (value !== pushed) setText(value ?? '');
  }
  const push = useDebouncedCallback((v: string) => {
    const next = v.trim() === '' ? undefined : v;
    setPushed(next);
    onSearch(next);
  }, 300);
  return (
    <TextInput
      aria-label="Search links"
      data-list-search
      placeholder="Search…"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        push(e.currentTarget.value);
      }}
      rightSection={
        text ? (
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              setText('');
              setPushed(undefined);
              onSearch(undefined);
            }}
          >
            <IconX size={14} />
          </ActionIcon>
        ) : null
      }
      style={{ flex: '1 1 220px' }}
    />
  );
}

export function LinksFilters({ query, onChange }: LinksFiltersProps) {
  const spaces = useQuery(spacesLookup());
  const domains = useQuery(domainsLookup());
  const pixels = useQuery(pixelsLookup());
  const idValue = (v: number | undefined) => (v === undefined ? null : String(v));
  const toId = (v: string | null) => (v === null ? undefined : Number(v));

  return (
    <Group gap="sm" align="flex-end" mb="sm" wrap="wrap">
      <SearchBox value={query.search} onSearch={(search) => onChange({ search })} />
      <Select
        aria-label="Search in"
        w={140}
        data={LINK_SEARCH_BY.map((v) => ({ value: v, label: `in ${SEARCH_BY_LABELS[v]}` }))}
        value={query.search_by}
        allowDeselect={false}
        onChange={(v) => v && onChange({ search_by: v as LinkListQuery['search_by'] })}
      />
      <SegmentedControl
        aria-label="Status"
        data={[0, 1, 2, 3].map((s) => ({ value: String(s), label: LINK_STATUS_LABELS[s] ?? String(s) }))}
        value={String(query.status)}
        onChange={(v) => onChange({ status: Number(v) as LinkListQuery['status'] })}
      />
      <Select
        aria-label="Space"
        placeholder="Any space"
        w={160}
        clearable
        searchable
        data={[{ value: '0', label: 'No space' }, ...(spaces.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))]}
        value={idValue(query.space_id)}
        onChange={(v) => onChange({ space_id: toId(v) })}
      />
      <Select
        aria-label="Domain"
        placeholder="Any domain"
        w={170}
        clearable
        searchable
        data={[{ value: '0', label: 'Default domain' }, ...(domains.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))]}
        value={idValue(query.domain_id)}
        onChange={(v) => onChange({ domain_id: toId(v) })}
      />
      <Select
        aria-label="Pixel"
        placeholder="Any pixel"
        w={160}
        clearable
        searchable
        data={(pixels.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
        value={idValue(query.pixel_id)}
        onChange={(v) => onChange({ pixel_id: toId(v) })}
      />
      <Group gap={4} wrap="nowrap">
        <Select
          aria-label="Sort by"
          w={140}
          data={LINK_SORT_BY.map((v) => ({ value: v, label: `Sort: ${SORT_LABELS[v]}` }))}
          value={query.sort_by}
          allowDeselect={false}
          onChange={(v) => v && onChange({ sort_by: v as LinkListQuery['sort_by'] })}
        />
        <Tooltip label={query.sort === 'asc' ? 'Ascending' : 'Descending'}>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={query.sort === 'asc' ? 'Sort ascending (switch to descending)' : 'Sort descending (switch to ascending)'}
            onClick={() => onChange({ sort: query.sort === 'asc' ? 'desc' : 'asc' })}
          >
            {query.sort === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
