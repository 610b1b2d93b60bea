// Picks one of the account's links by alias (searched on the server as you type).
import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

interface LinkOption {
  id: number;
  alias: string;
  short_url: string;
}

export function LinkPicker({
  value,
  current,
  onChange,
  error,
}: {
  value: number | null;
  /** The chosen link as the webhook shows it (so its name is known before any search). */
  current: LinkOption | null;
  onChange: (id: number | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // Once a link is chosen the field shows its short URL: that is no alias to search for.
  const term = debounced.includes('/') ? '' : debounced;
  const found = useQuery({
    queryKey: ['links', 'webhook-picker', term],
    queryFn: () => api.list<LinkOption>('/links', { search: term, search_by: 'alias', per_page: 25, sort_by: 'id' }),
    placeholderData: keepPreviousData,
  });
  const options = [...(current ? [current] : []), ...(found.data?.data ?? []).filter((l) => l.id !== current?.id)];
  return (
    <Select
      label="Link"
      withAsterisk
      placeholder="Search by alias"
      searchable
      onSearchChange={setSearch}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No link has that alias'}
      data={options.map((l) => ({ value: String(l.id), label: l.short_url }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      error={error}
      filter={({ options: all }) => all}
    />
  );
}
