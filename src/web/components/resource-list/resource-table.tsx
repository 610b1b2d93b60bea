// The frame of a simple resource list (domains, spaces, pixels, users): the header with a refresh indicator,
// then loading, failure, empty or the table (with the actions column), then the pagination.
import type { ReactNode } from 'react';
import { Loader, Paper, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RegisteredRouter, ValidateLinkOptions } from '@tanstack/react-router';
import type { Paginated } from '../../../shared/list-query';
import { EmptyState, ErrorState, LoadingState } from '../states';
import { ListPagination } from '../list-pagination';
import { PageHeader } from '../page-header';
import { ButtonLink } from '../router-links';
import { ActionsTh } from './row-actions';
import { Can } from '../can';
import type { ApiScope } from '../../../shared/api-scopes';

type ListQuery<T> = UseQueryResult<Paginated<T>>;

export interface ResourceListHeaderProps<TOptions = unknown> {
  title: string;
  list: { isFetching: boolean; isPending: boolean };
  /** Where the "new" button goes (typed like a router <Link>), and what it says. */
  create: ValidateLinkOptions<RegisteredRouter, TOptions>;
  createLabel: string;
  /** The scope creating needs (`spaces:write`): without it in the workspace, no "new" button. */
  createScope?: ApiScope;
}

/** The page title; a small loader while a new page or filter loads over the old rows; the "new" button. */
export function ResourceListHeader<TOptions>(props: ResourceListHeaderProps<TOptions>): ReactNode;
export function ResourceListHeader({ title, list, create, createLabel, createScope }: ResourceListHeaderProps): ReactNode {
  const button = (
    <ButtonLink {...create} leftSection={<IconPlus size={16} aria-hidden />}>
      {createLabel}
    </ButtonLink>
  );
  return (
    <PageHeader
      title={title}
      actions={
        <>
          {list.isFetching && !list.isPending && <Loader size="xs" role="status" aria-label="Refreshing" />}
          {createScope ? <Can scope={createScope}>{button}</Can> : button}
        </>
      }
    />
  );
}

export interface ResourceEmpty {
  /** A search or filter is set: "No {noun} match" with `matchHint`. */
  filtered: boolean;
  matchHint: string;
  /** Without filters. */
  title: string;
  description?: string;
  action?: ReactNode;
}

export interface ResourceTableProps<T> {
  list: ListQuery<T>;
  /** The table's accessible name, e.g. "Domains". */
  label: string;
  /** Plural, lower case, e.g. "domains": "Loading domains…", "Could not load domains", "1–10 of 12 domains". */
  noun: string;
  minWidth: number;
  empty: ResourceEmpty;
  /** The header cells before the actions column. */
  head: ReactNode;
  /** One <Table.Tr> per row, ending with a <RowActions> cell. */
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

export function ResourceTable<T>({ list, label, noun, minWidth, empty, head, row, onPage, onPerPage }: ResourceTableProps<T>) {
  const rows = list.data?.data ?? [];
  return (
    <>
      {list.isPending ? (
        <LoadingState label={`Loading ${noun}…`} />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} title={`Could not load ${noun}`} />
      ) : rows.length === 0 && list.data.meta.total > 0 ? null /* past the end: the pagination says so */ : rows.length === 0 ? (
        <Paper withBorder p="lg">
          {empty.filtered ? (
            <EmptyState title={`No ${noun} match`} description={empty.matchHint} />
          ) : (
            <EmptyState title={empty.title} description={empty.description} action={empty.action} />
          )}
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={minWidth}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label={label} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
              <Table.Thead>
                <Table.Tr>
                  {head}
                  <ActionsTh />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{rows.map(row)}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {list.data && list.data.meta.total > 0 && <ListPagination meta={list.data.meta} noun={noun} onPage={onPage} onPerPage={onPerPage} />}
    </>
  );
}
