// The links list's search: a debounced box that searches everywhere (search_by=all: alias, destination, title,
// tags, domain) unless the user picks a place ("in All / Title / Alias / Destination"), field prefixes typed in
// the box (`tag:spring url:shop`, shared/search-terms.ts) shown as removable chips, and a line that says what is
// searched. The URL holds the search as typed and `search_by` with it; without a search the place picked waits
// here (the API's own default stays title).
import { useState } from 'react';
import { ActionIcon, Group, Pill, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { LinkListQuery } from '../../../shared/link-list.schema';
import { searchTerms, searchText, type SearchTerm } from '../../../shared/search-terms';
import { DeferredSelect } from '../../components/deferred-select';
import { usePhoneWidth } from '../../lib/use-phone-width';

type SearchBy = LinkListQuery['search_by'];
/** The picker's places, everywhere first. */
const SEARCH_IN: readonly SearchBy[] = ['all', 'title', 'alias', 'url'];
const IN_LABELS: Record<SearchBy, string> = { all: 'All', title: 'Title', alias: 'Alias', url: 'Destination' };
/** A chip's name for where its term looks. */
const CHIP_LABELS: Record<SearchTerm['by'], string> = { all: 'Anywhere', title: 'Title', alias: 'Alias', url: 'Destination', tag: 'Tag', domain: 'Domain' };
/** What a term asks of a link, for the line under the filters: "have “x” in their title". */
const ASKS: Record<SearchTerm['by'], (t: string) => string> = {
  all: (t) => `have “${t}” in their alias, destination, title, tags or domain`,
  title: (t) => `have “${t}” in their title`,
  alias: (t) => `have “${t}” in their alias`,
  url: (t) => `have “${t}” in their destination`,
  tag: (t) => `are tagged “${t}”`,
  domain: (t) => `are on a domain containing “${t}”`,
};

export const SEARCH_PLACEHOLDER = 'Search alias, destination, title, tags, domain — or tag:spring url:shop';
/** On a phone the long one is cut mid-word: a short one that fits (the title keeps the long one). */
export const SHORT_SEARCH_PLACEHOLDER = 'Search links';

export interface SearchProps {
  query: LinkListQuery;
  onChange: (patch: Partial<LinkListQuery>) => void;
}

/** Search box: typing is debounced into the URL; a URL change from elsewhere (back, a chip removed) shows up here. */
function SearchBox({ value, onSearch }: { value: string | undefined; onSearch: (v: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  const [syncedFrom, setSyncedFrom] = useState(value);
  const [pushed, setPushed] = useState(value);
  if (value !== syncedFrom) {
    setSyncedFrom(value);
    if (value !== pushed) setText(value ?? '');
  }
  const phone = usePhoneWidth();
  const push = useDebouncedCallback((v: string) => {
    const next = v.trim() === '' ? undefined : v;
    setPushed(next);
    onSearch(next);
  }, 300);
  return (
    <TextInput
      aria-label="Search links"
      aria-describedby="links-search-scope"
      data-list-search
      placeholder={phone ? SHORT_SEARCH_PLACEHOLDER : SEARCH_PLACEHOLDER}
      title={SEARCH_PLACEHOLDER}
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
    />
  );
}

/** Where the search looks: the URL's place with a search, else the one picked last (everywhere at first). */
export function useSearchPlace(query: LinkListQuery): [SearchBy, (by: SearchBy) => void] {
  const [picked, setPicked] = useState<SearchBy>(query.search ? query.search_by : 'all');
  if (query.search && query.search_by !== picked) setPicked(query.search_by);
  return [query.search ? query.search_by : picked, setPicked];
}

type PlaceProps = SearchProps & { place: SearchBy };

/** The box with the chips of its terms under it; wide enough for the placeholder on a desktop. */
export function SearchField({ query, onChange, place }: PlaceProps) {
  return (
    <Stack gap={6} style={{ flex: '1 1 520px', minWidth: 0 }}>
      <SearchBox value={query.search} onSearch={(search) => onChange({ search, search_by: search ? place : undefined })} />
      <TermChips query={query} onChange={onChange} />
    </Stack>
  );
}

/** "in All / Title / Alias / Destination". */
export function SearchIn({ query, onChange, place, onPlace }: PlaceProps & { onPlace: (by: SearchBy) => void }) {
  return (
    <DeferredSelect
      aria-label="Search in"
      w={150}
      data={SEARCH_IN.map((v) => ({ value: v, label: `in ${IN_LABELS[v]}` }))}
      value={place}
      allowDeselect={false}
      onChange={(v) => {
        if (!v) return;
        onPlace(v as SearchBy);
        if (query.search) onChange({ search_by: v as SearchBy, search: query.search });
      }}
    />
  );
}

/** The terms of a search as chips, when it has any field prefix (a plain search is the box's text alone). */
function TermChips({ query, onChange }: SearchProps) {
  const terms = searchTerms(query.search, query.search_by);
  if (!(terms.length > 1 || (terms.length === 1 && terms[0]?.text !== query.search))) return null;
  const remove = (i: number) => {
    const search = searchText(
      terms.filter((_, j) => j !== i),
      query.search_by,
    );
    onChange(search ? { search, search_by: query.search_by } : { search: undefined, search_by: undefined });
  };
  return (
    <Group gap={6} role="group" aria-label="Search terms" data-testid="search-terms">
      {terms.map((t, i) => {
        const label = `${CHIP_LABELS[t.by]}: ${t.text}`;
        return (
          <Pill
            key={`${t.by}:${t.text}:${i}`}
            size="md"
            maw={320}
            withRemoveButton
            onRemove={() => remove(i)}
            removeButtonProps={{ 'aria-label': `Remove search term ${label}`, 'aria-hidden': false, tabIndex: 0 }}
            data-testid="search-term"
          >
            {label}
          </Pill>
        );
      })}
    </Group>
  );
}

/** The line under the filters: what the list shows for the search's terms. */
export function SearchScope({ query }: Pick<SearchProps, 'query'>) {
  const terms = searchTerms(query.search, query.search_by);
  const asks = terms.map((t) => ASKS[t.by](t.text));
  const text = asks.length ? `Showing links that ${asks.length > 1 ? `${asks.slice(0, -1).join(', ')} and ${asks.at(-1)}` : asks[0]}.` : '';
  return (
    <Text id="links-search-scope" size="xs" c="dimmed" mt={text ? -4 : 0} mb={text ? 'sm' : 0} aria-live="polite" data-testid="search-scope" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
