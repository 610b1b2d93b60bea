// Mantine's Select with the dashboard's one Enter behaviour (the list filters' own, deferred-select-real.tsx): when
// the typed text leaves one option, Enter picks it; Enter in a picker never submits the form around it (Mantine's
// Select lets an Enter with no marked option through, so "germ" + Enter saved the link editor).
import { useState, type KeyboardEvent } from 'react';
import { Select, defaultOptionsFilter, getParsedComboboxData, isOptionsGroup, type ComboboxItem, type ComboboxParsedItem, type SelectProps } from '@mantine/core';

const flat = (items: ComboboxParsedItem[]): ComboboxItem[] => items.flatMap((i) => (isOptionsGroup(i) ? i.items : [i]));

/** The one option `search` leaves in `data` with `filter` (Mantine's default if none), if exactly one. */
export function onlyOptionLeft(data: SelectProps['data'], search: string, filter?: SelectProps['filter']): string | undefined {
  const options = getParsedComboboxData(data) as ComboboxParsedItem[];
  const left = flat((filter ?? defaultOptionsFilter)({ options, search, limit: Infinity }) as ComboboxParsedItem[]);
  return left.length === 1 ? left[0]?.value : undefined;
}

export function PickerSelect(props: SelectProps) {
  const { data, filter, searchable, onChange, onKeyDown, onSearchChange, searchValue, onDropdownOpen, onDropdownClose, ...rest } = props;
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const text = searchValue ?? search;
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    const enter = e.nativeEvent.code === 'Enter' || e.nativeEvent.code === 'NumpadEnter' || e.key === 'Enter';
    if (!enter || e.nativeEvent.isComposing) return;
    // Never the form's submit.
    e.preventDefault();
    // An option marked with the arrows: Mantine picks it.
    if (e.currentTarget.getAttribute('aria-activedescendant')) return;
    const selected = getParsedComboboxData(data) as ComboboxParsedItem[];
    const label = flat(selected).find((o) => o.value === props.value)?.label;
    if (!searchable || text === '' || text === label) return;
    const only = onlyOptionLeft(data, text, filter);
    if (only === undefined) return;
    const option = flat(selected).find((o) => o.value === only)!;
    onChange?.(only, option);
    setOpened(false);
  };
  return (
    <Select
      {...rest}
      data={data}
      filter={filter}
      searchable={searchable}
      onChange={onChange}
      searchValue={text}
      onSearchChange={(s) => {
        setSearch(s);
        onSearchChange?.(s);
      }}
      dropdownOpened={opened}
      onDropdownOpen={() => {
        setOpened(true);
        onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        setOpened(false);
        onDropdownClose?.();
      }}
      onKeyDown={keyDown}
    />
  );
}
