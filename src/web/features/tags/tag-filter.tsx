// The links list's tag filter (loaded after the list's first paint): tags to match, and, with two or more,
// whether a link needs any of them or all. Both live in the URL (`tag`, `tag_mode`) like the other filters.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Group, MultiSelect, SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LinkListQuery } from '../../../shared/link-list.schema';
import { tagQueries } from './tags.queries';
import type { Handover } from '../../components/handover';

export interface TagFilterProps {
  query: Pick<LinkListQuery, 'tag' | 'tag_mode'>;
  onChange: (patch: Partial<LinkListQuery>) => void;
  /** With its options open (it replaced the stand-in the user clicked or pressed a key in). */
  open?: boolean;
  /** The stand-in's focus and the keys it got (links-filters.tsx). */
  handover?: Handover<HTMLInputElement>;
}

export function TagFilter({ query, onChange, open = false, handover }: TagFilterProps) {
  const tags = useQuery(tagQueries.lookup());
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => handover?.takeFocus(input.current), [handover]);
  useEffect(() => handover?.takeOver(input.current), [handover]);
  const value = query.tag ?? [];
  // Names in the URL that no tag has (any longer) stay selectable, so that they can be removed.
  const names = [...new Set([...(tags.data ?? []).map((t) => t.name), ...value])];
  return (
    <Group gap={4} wrap="nowrap" data-testid="tag-filter">
      <MultiSelect
        ref={input}
        aria-label="Tags"
        placeholder={value.length ? undefined : 'Any tag'}
        data={names}
        value={value}
        onChange={(tag) => onChange({ tag: tag.length ? tag : undefined })}
        searchable
        clearable
        defaultDropdownOpened={open}
        maxValues={20}
        nothingFoundMessage="No such tag"
        // Wide enough for the chosen names' pills and the field beside them (Mantine gives it at least 100 px), so that it stays one line high.
        w={value.length ? `min(100%, calc(${value.join('').length}ch + ${value.length * 40 + 190}px))` : 150}
        maw="100%"
        comboboxProps={{ width: 260, position: 'bottom-start' }}
      />
      {value.length > 1 && (
        <SegmentedControl
          aria-label="Match"
          size="xs"
          data={[
            { value: 'any', label: 'Any' },
            { value: 'all', label: 'All' },
          ]}
          value={query.tag_mode}
          onChange={(v) => onChange({ tag_mode: v === 'all' ? 'all' : undefined })}
        />
      )}
    </Group>
  );
}
