// Pagination of a list: "1–10 of 27", page buttons, and the per_page selector (10/25/50/100). A page past
// the end (rows deleted under it; the routes' loaders redirect a typed-in one) says so, with the way back.
import { Button, Group, Pagination, Text } from '@mantine/core';
import { PER_PAGE_OPTIONS } from '../../shared/enums';
import type { Paginated } from '../../shared/list-query';
import { pastEndPage } from './resource-list/list-url';
import { EmptyState } from './states';
import { DeferredSelect } from './deferred-select';

export interface ListPaginationProps {
  meta: Paginated<unknown>['meta'] | undefined;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  /** What is counted, e.g. "links". */
  noun?: string;
}

export function ListPagination({ meta, onPage, onPerPage, noun = 'items' }: ListPaginationProps) {
  if (!meta) return null;
  const last = pastEndPage(meta);
  if (last !== null) {
    return (
      <EmptyState
        title={`Page ${meta.current_page} is past the end`}
        description={`There ${meta.total === 1 ? 'is' : 'are'} ${meta.total} ${noun} on ${last} ${last === 1 ? 'page' : 'pages'}.`}
        action={
          <Button variant="light" onClick={() => onPage(last)}>
            Go to the last page
          </Button>
        }
      />
    );
  }
  const range = meta.total === 0 ? `0 ${noun}` : `${meta.from ?? 0}–${meta.to ?? 0} of ${meta.total} ${noun}`;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Group gap="sm">
        <Text size="sm" c="dimmed" data-testid="list-range" aria-live="polite">
          {range}
        </Text>
        <DeferredSelect
          aria-label="Rows per page"
          size="xs"
          w={110}
          data={PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: `${n} / page` }))}
          value={String(meta.per_page)}
          onChange={(v) => v && onPerPage(Number(v))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={onPage}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      )}
    </Group>
  );
}
