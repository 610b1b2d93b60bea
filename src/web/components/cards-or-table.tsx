// A list as cards on a phone and as a table on wider screens (one or the other, never both), for the
// lists whose rows carry more than a table cell can show at 390 px.
import type { ReactNode } from 'react';
import { Paper, Stack, Table, type TableProps } from '@mantine/core';
import { usePhoneWidth } from '../lib/use-phone-width';

type DataAttrs = Record<`data-${string}`, string | number | undefined>;

export function CardsOrTable<T>({
  items,
  label,
  keyOf,
  card,
  head,
  rows,
  itemProps,
  loading = false,
  minWidth = 640,
  tableProps,
}: {
  items: readonly T[];
  /** The accessible name of the list or table. */
  label: string;
  keyOf: (item: T) => string | number;
  /** A card's content (phone). */
  card: (item: T) => ReactNode;
  /** The table's <Table.Thead> (wider screens). */
  head: ReactNode;
  /** An item's table rows (one <Table.Tr>, or more in a fragment). */
  rows: (item: T) => ReactNode;
  /** Attributes of an item's card (data-testid, ...); tables put them on their rows themselves. */
  itemProps?: (item: T) => DataAttrs;
  loading?: boolean;
  minWidth?: number;
  tableProps?: TableProps;
}) {
  const narrow = usePhoneWidth();
  const dim = { opacity: loading ? 0.6 : 1 };
  if (narrow) {
    return (
      <Stack gap="sm" aria-label={label} role="list" style={dim}>
        {items.map((item) => (
          <Paper withBorder p="sm" key={keyOf(item)} role="listitem" {...itemProps?.(item)}>
            {card(item)}
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" aria-label={label} style={dim} {...tableProps}>
          {head}
          <Table.Tbody>{items.map(rows)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
