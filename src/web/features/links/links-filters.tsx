// Filters of the links list: the search (links-search.tsx), status, space, domain, pixel, tags, and sort. A chosen
// value is shown whole: each select is as wide as its label. On a phone all but the search box fold into one
// "Filters" button (with the number of filters on), so that the list starts on the first screen.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Collapse, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { LinkListQuery } from '../../../shared/link-list.schema';
import { LINK_STATUS_LABELS } from '../../../shared/link-status';
import { DeferredSelect } from '../../components/deferred-select';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { deferredModule, useDeferred } from '../../components/handover';
import type * as TagFilterModule from '../tags/tag-filter';
import { spaceQueries } from '../spaces/spaces.queries';
import { domainQueries } from '../domains/domains.queries';
import { pixelQueries } from '../pixels/pixels.queries';
import { SearchField, SearchIn, SearchScope, useSearchPlace } from './links-search';
import { filterCount } from './list-url';
import { usePhoneWidth } from '../../lib/use-phone-width';

// The tag filter (a MultiSelect and the account's tags) is not part of the list's first load: a look-alike input
// stands in until it is clicked or typed in, or the URL filters by tags, then the real one takes its place (and the
// focus, if it had it). Tabbing through loads nothing: the focus stays on the stand-in, never lost mid-swap.
const tagFilter = deferredModule(() => import('../tags/tag-filter'));

function TagFilterSlot({ query, onChange }: LinksFiltersProps) {
  const { real, handover, want } = useDeferred<typeof TagFilterModule, HTMLInputElement>(tagFilter);
  const [opened, setOpened] = useState(false);
  const chosen = !!query.tag?.length;
  const wantRef = useRef(want);
  useEffect(() => {
    wantRef.current = want;
  });
  useEffect(() => {
    if (chosen) wantRef.current();
  }, [chosen]);
  if (real) return <real.TagFilter query={query} onChange={onChange} open={opened && !chosen} handover={handover} />;
  const open = (replay?: (el: HTMLInputElement) => void) => {
    setOpened(true);
    want(replay);
  };
  return (
    <TextInput
      aria-label="Tags"
      placeholder="Any tag"
      readOnly
      w={150}
      onPointerEnter={tagFilter.preload}
      onFocus={handover.onFocus}
      onBlur={handover.onBlur}
      onClick={() => open()}
      onKeyDown={(e) => {
        const { key } = e;
        if (e.ctrlKey || e.metaKey || e.altKey || e.nativeEvent.isComposing) return;
        if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
          e.preventDefault();
          open();
        } else if (key.length === 1) {
          // A letter typed here goes on in the real one's search.
          e.preventDefault();
          open((el) => {
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, key);
            el.dispatchEvent(new Event('input', { bubbles: true }));
          });
        }
      }}
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
  const phone = usePhoneWidth();
  const [place, setPlace] = useSearchPlace(query);
  const [open, { toggle }] = useDisclosure(false);
  const search = <SearchField query={query} onChange={onChange} place={place} />;
  const controls = <FilterControls query={query} onChange={onChange} searchIn={<SearchIn query={query} onChange={onChange} place={place} onPlace={setPlace} />} />;
  if (!phone) {
    return (
      <>
        <Group gap="sm" align="flex-start" mb="sm" wrap="wrap">
          {search}
          {controls}
        </Group>
        <SearchScope query={query} />
      </>
    );
  }
  const count = filterCount(query);
  return (
    <>
      <Group gap="sm" align="flex-start" mb="sm" wrap="nowrap">
        {search}
        <Button variant="default" style={{ flexShrink: 0 }} leftSection={<IconFilter size={16} aria-hidden />} aria-expanded={open} aria-controls="links-filter-panel" onClick={toggle}>
          {count ? `Filters (${count})` : 'Filters'}
        </Button>
      </Group>
      <Collapse expanded={open} id="links-filter-panel">
        <Group gap="sm" align="flex-start" mb="sm" wrap="wrap">
          {controls}
        </Group>
      </Collapse>
      <SearchScope query={query} />
    </>
  );
}

/** Everything but the search box: where to search, status, space, domain, pixel, tags and sort. */
function FilterControls({ query, onChange, searchIn }: LinksFiltersProps & { searchIn: ReactNode }) {
  const spaces = useQuery(spaceQueries.lookup());
  const domains = useQuery(domainQueries.lookup());
  const pixels = useQuery(pixelQueries.lookup());
  const spaceData = [{ value: '0', label: 'No space' }, ...(spaces.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))];
  const domainData = [{ value: '0', label: 'Default domain' }, ...(domains.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))];
  const pixelData = (pixels.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <>
      {searchIn}
      <SegmentedControl
        aria-label="Status"
        data={Object.entries(LINK_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
        value={String(query.status)}
        onChange={(v) => onChange({ status: Number(v) as LinkListQuery['status'] })}
      />
      <IdFilter label="Space" placeholder="Any space" data={spaceData} value={query.space_id} onChange={(space_id) => onChange({ space_id })} />
      <IdFilter label="Domain" placeholder="Any domain" data={domainData} value={query.domain_id} onChange={(domain_id) => onChange({ domain_id })} />
      <IdFilter label="Pixel" placeholder="Any pixel" data={pixelData} value={query.pixel_id} onChange={(pixel_id) => onChange({ pixel_id })} />
      <TagFilterSlot query={query} onChange={onChange} />
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
    </>
  );
}
