// Filters of the links list: the search (links-search.tsx), status, space, domain, pixel, tags, and sort. A chosen
// value is shown whole: each select is as wide as its label.
import { Suspense, lazy, useState } from 'react';
import { ActionIcon, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { LinkListQuery } from '../../../shared/link-list.schema';
import { LINK_STATUS_LABELS } from '../../../shared/link-status';
import { DeferredSelect } from '../../components/deferred-select';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { spaceQueries } from '../spaces/spaces.queries';
import { domainQueries } from '../domains/domains.queries';
import { pixelQueries } from '../pixels/pixels.queries';
import { LinksSearch, SearchScope } from './links-search';

// The tag filter (a MultiSelect and the account's tags) is not part of the list's first load: a look-alike input
// stands in until it is pointed at, focused or the URL filters by tags, then the real one loads (and opens).
const loadTagFilter = () => import('../tags/tag-filter');
const TagFilter = lazy(() => loadTagFilter().then((m) => ({ default: m.TagFilter })));

function TagFilterStandIn({ onWant }: { onWant?: () => void }) {
  return (
    <TextInput
      aria-label="Tags"
      placeholder="Any tag"
      readOnly
      w={150}
      onPointerEnter={() => void loadTagFilter()}
      onFocus={onWant}
      onClick={onWant}
    />
  );
}

/**
 * "Created" is the links' creation time (an imported link keeps its source's); "Added", the id, the order links
 * came into Linkdeck (the API's default order, so the list's first one).
 */
const SORT_LABELS: Record<LinkListQuery['sort_by'], string> = { created_at: 'Created', id: 'Added', clicks: 'Clicks', title: 'Title', alias: 'Alias', url: 'Destination' };
const SORT_OPTIONS = Object.keys(SORT_LABELS) as LinkListQuery['sort_by'][];

export interface LinksFiltersProps {
  query: LinkListQuery;
  onChange: (patch: Partial<LinkListQuery>) => void;
}

/**
 * Wide enough for the chosen value's whole label, at least `min` px, at most the row (a value longer than a
 * phone's row, 40 characters or so, is then cut there and given whole in the input's tooltip).
 */
function fitWidth(label: string | undefined, min: number): { width: string; maxWidth: string } {
  return { width: `max(${min}px, calc(${[...(label ?? '')].length}ch + 64px))`, maxWidth: '100%' };
}

interface IdFilterProps {
  label: string;
  placeholder: string;
  data: { value: string; label: string }[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}

/** A filter by id (space, domain, pixel): searchable, clearable, as wide as the chosen value's name. */
function IdFilter({ label, placeholder, data, value, onChange }: IdFilterProps) {
  const selected = value === undefined ? null : String(value);
  const shown = data.find((o) => o.value === selected)?.label ?? placeholder;
  return (
    <DeferredSelect
      aria-label={label}
      placeholder={placeholder}
      style={fitWidth(shown, 150)}
      title={shown}
      clearable
      searchable
      data={data}
      value={selected}
      onChange={(v) => onChange(v === null ? undefined : Number(v))}
    />
  );
}

export function LinksFilters({ query, onChange }: LinksFiltersProps) {
  const spaces = useQuery(spaceQueries.lookup());
  const domains = useQuery(domainQueries.lookup());
  const pixels = useQuery(pixelQueries.lookup());
  const [tagsWanted, setTagsWanted] = useState(false);
  const spaceData = [{ value: '0', label: 'No space' }, ...(spaces.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))];
  const domainData = [{ value: '0', label: 'Default domain' }, ...(domains.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))];
  const pixelData = (pixels.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <>
      <Group gap="sm" align="flex-start" mb="sm" wrap="wrap">
        <LinksSearch query={query} onChange={onChange} />
        <SegmentedControl
          aria-label="Status"
          data={Object.entries(LINK_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          value={String(query.status)}
          onChange={(v) => onChange({ status: Number(v) as LinkListQuery['status'] })}
        />
        <IdFilter label="Space" placeholder="Any space" data={spaceData} value={query.space_id} onChange={(space_id) => onChange({ space_id })} />
        <IdFilter label="Domain" placeholder="Any domain" data={domainData} value={query.domain_id} onChange={(domain_id) => onChange({ domain_id })} />
        <IdFilter label="Pixel" placeholder="Any pixel" data={pixelData} value={query.pixel_id} onChange={(pixel_id) => onChange({ pixel_id })} />
        {tagsWanted || query.tag?.length ? (
          <Suspense fallback={<TagFilterStandIn />}>
            <TagFilter query={query} onChange={onChange} open={tagsWanted && !query.tag?.length} />
          </Suspense>
        ) : (
          <TagFilterStandIn onWant={() => setTagsWanted(true)} />
        )}
        <Group gap={4} wrap="nowrap">
          <DeferredSelect
            aria-label="Sort by"
            style={fitWidth(`Sort: ${SORT_LABELS[query.sort_by]}`, 140)}
            data={SORT_OPTIONS.map((v) => ({ value: v, label: `Sort: ${SORT_LABELS[v]}` }))}
            value={query.sort_by}
            allowDeselect={false}
            onChange={(v) => v && onChange({ sort_by: v as LinkListQuery['sort_by'] })}
          />
          <DeferredTooltip label={query.sort === 'asc' ? 'Ascending' : 'Descending'}>
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label={query.sort === 'asc' ? 'Sort ascending (switch to descending)' : 'Sort descending (switch to ascending)'}
              onClick={() => onChange({ sort: query.sort === 'asc' ? 'desc' : 'asc' })}
            >
              {query.sort === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
            </ActionIcon>
          </DeferredTooltip>
        </Group>
      </Group>
      <SearchScope query={query} />
    </>
  );
}
