// A table header cell that sorts by its column on click (and shows the direction to screen readers).
import type { ReactNode } from 'react';
import { Table, UnstyledButton, Group } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';

export interface SortableThProps {
  children: ReactNode;
  /** This column's sort_by value. */
  column: string;
  sortBy: string;
  sort: 'asc' | 'desc';
  onSort: (column: string) => void;
}

/** The button of a sortable header: its label and the direction it sorts in (a header may hold two, see LinksTable). */
export function SortButton({ children, column, sortBy, sort, onSort }: SortableThProps) {
  const active = sortBy === column;
  const Icon = !active ? IconArrowsSort : sort === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <UnstyledButton onClick={() => onSort(column)} fw={600} fz="sm">
      <Group gap={4} wrap="nowrap">
        {children}
        <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.4 }} />
      </Group>
    </UnstyledButton>
  );
}

/** aria-sort of a header that sorts by any of `columns`. */
export const ariaSort = (columns: readonly string[], sortBy: string, sort: 'asc' | 'desc') =>
  columns.includes(sortBy) ? (sort === 'asc' ? 'ascending' : 'descending') : 'none';

export function SortableTh(props: SortableThProps) {
  return (
    <Table.Th aria-sort={ariaSort([props.column], props.sortBy, props.sort)}>
      <SortButton {...props} />
    </Table.Th>
  );
}
