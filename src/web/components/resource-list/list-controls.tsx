// Controls of a resource list whose state lives in the URL: debounced search and a sort select
// (pages and page size: components/list-pagination; column headers: components/sortable-th).
import { useState, type ReactNode } from 'react';
import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { ID_NAME_SORT_OPTIONS, parseSortKey, sortKey, type IdNameSort } from './list-url';

export function SearchBox({ value, onSearch, label }: { value: string | undefined; onSearch: (v: string) => void; label: string }) {
  const [text, setText] = useState(value ?? '');
  // The URL changed from elsewhere (back button, a link): show what it says.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(value ?? '');
  }
  const debounced = useDebouncedCallback((v: string) => onSearch(v.trim()), 300);
  return (
    <TextInput
      type="search"
      aria-label={label}
      data-list-search
      placeholder={label}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        debounced(e.currentTarget.value);
      }}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear search"
            size="sm"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null
      }
      style={{ flex: '1 1 220px' }}
      maw={360}
    />
  );
}

export interface SortOption {
  value: string;
  label: string;
}

export function SortSelect({ value, options, onChange }: { value: string; options: SortOption[]; onChange: (v: string) => void }) {
  return (
    <Select
      aria-label="Sort by"
      data={options}
      value={value}
      allowDeselect={false}
      onChange={(v) => v && onChange(v)}
      w={190}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The sort select of a list sortable by creation (id) and name. */
function IdNameSortSelect({ value, onChange }: { value: IdNameSort; onChange: (sort: IdNameSort) => void }) {
  return (
    <SortSelect
      value={sortKey(value.sort_by, value.sort)}
      options={ID_NAME_SORT_OPTIONS}
      onChange={(v) => {
        const s = parseSortKey(v, ['id', 'name'] as const);
        if (s) onChange(s);
      }}
    />
  );
}

/** Above a list sortable by id and name: the search box, any filters (children), the sort select. */
export function IdNameListToolbar({
  query,
  searchLabel,
  onChange,
  children,
}: {
  query: IdNameSort & { search?: string };
  searchLabel: string;
  onChange: (patch: { search: string } | IdNameSort) => void;
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" mb="md" wrap="wrap">
      <SearchBox value={query.search} label={searchLabel} onSearch={(v) => onChange({ search: v })} />
      {children}
      <IdNameSortSelect value={query} onChange={onChange} />
    </Group>
  );
}
