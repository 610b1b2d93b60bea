// The links list's search: a debounced box, where it searches ("in Title / Alias / Destination"), and a line
// that says what is searched. Until the user picks a place, the dashboard picks it from the term (an address
// in the destination, `spring-sale` in the alias, words in the title) and, when that finds nothing, tries
// the other plausible places and shows the first that matches, saying so. The API's default stays title.
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { LINK_SEARCH_BY, type LinkListQuery } from '../../../shared/link-list.schema';
import { DeferredSelect } from '../../components/deferred-select';
import { linkQueries } from './links.queries';
import { guessSearchBy, otherSearchFields } from './list-url';

type SearchBy = LinkListQuery['search_by'];
const IN_LABELS: Record<SearchBy, string> = { title: 'Title', alias: 'Alias', url: 'Destination' };
const PLURAL: Record<SearchBy, string> = { title: 'titles', alias: 'aliases', url: 'destinations' };
const SINGULAR: Record<SearchBy, string> = { title: 'title', alias: 'alias', url: 'destination' };

export interface SearchProps {
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
      aria-describedby="links-search-scope"
      data-list-search
      placeholder="Search title, alias or destination…"
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
      style={{ flex: '1 1 240px' }}
    />
  );
}

/** In automatic mode, a search that finds nothing moves to the first other place that has matches. */
function useFallback(query: LinkListQuery, auto: boolean, onChange: SearchProps['onChange']): void {
  const list = useQuery(linkQueries.list(query));
  const term = query.search;
  const empty = auto && !!term && !list.isPlaceholderData && list.data?.meta.total === 0 && query.search_by === guessSearchBy(term);
  const others = empty && term ? otherSearchFields(term, query.search_by) : [];
  const probes = useQueries({ queries: others.map((f) => linkQueries.list({ ...query, search_by: f, page: 1 })) });
  const found = others.find((_, i) => !probes[i]?.isPlaceholderData && (probes[i]?.data?.meta.total ?? 0) > 0);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  useEffect(() => {
    if (found) change.current({ search: term, search_by: found });
  }, [found, term]);
}

export function LinksSearch({ query, onChange, auto, onChoose }: SearchProps & { auto: boolean; onChoose: () => void }) {
  useFallback(query, auto, onChange);
  return (
    <>
      <SearchBox value={query.search} onSearch={(search) => onChange(auto ? { search, search_by: search ? guessSearchBy(search) : undefined } : { search })} />
      <DeferredSelect
        aria-label="Search in"
        w={150}
        data={LINK_SEARCH_BY.map((v) => ({ value: v, label: `in ${IN_LABELS[v]}` }))}
        value={query.search_by}
        allowDeselect={false}
        // Any pick counts, the current place too: from then on the dashboard no longer chooses.
        onOptionSubmit={onChoose}
        onChange={(v) => v && onChange({ search_by: v as SearchBy, search: query.search })}
      />
    </>
  );
}

/** The line under the filters: what the search looks at, and why when the dashboard chose it. */
export function SearchScope({ query, auto }: { query: LinkListQuery; auto: boolean }) {
  const term = query.search;
  let text = '';
  if (term) {
    const where = PLURAL[query.search_by];
    const guessed = guessSearchBy(term);
    if (!auto) text = `Searching ${where} for “${term}”.`;
    else if (guessed !== query.search_by) text = `No ${SINGULAR[guessed]} contains “${term}”, so this shows the ${where} that do. Pick “Search in” to choose.`;
    else text = `Searching ${where} for “${term}” (chosen from what you typed; pick “Search in” to change).`;
  }
  return (
    <Text id="links-search-scope" size="xs" c="dimmed" mt={text ? -4 : 0} mb={text ? 'sm' : 0} aria-live="polite" data-testid="search-scope" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
