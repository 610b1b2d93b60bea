// The links list: at desktop widths a table with fixed column widths (selectable rows, sortable headers,
// status and space badges, copyable short URLs); below the theme's lg breakpoint a card list (link-cards.tsx).
import { memo } from 'react';
import { Checkbox, Skeleton, Stack, Table, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Link, LinkListQuery } from '../../../shared/link.schema';
import { LightCheckbox, LightCopyButton, useLightVars, type LightVars } from '../../components/light-controls';
import { SortableTh } from '../../components/sortable-th';
import { ActionsTh } from '../../components/resource-list/row-actions';
import { StatusBadge } from '../../components/status-badge';
import { LinkCards } from './link-cards';
import { RowActions, SpaceBadge, TagBadges, dateFormat, noShiftSelect, numberFormat, rowToggle, titleIfCut, useRowNavigate, type ToggleRow } from './link-row-parts';
import classes from './links-table.module.css';

export interface LinksTableProps {
  links: Link[];
  query: Pick<LinkListQuery, 'sort_by' | 'sort'>;
  onSort: (column: LinkListQuery['sort_by']) => void;
  selected: ReadonlySet<number>;
  /** A row's checkbox: `range` when Shift was held (a stable function: rows are memoised). */
  onToggle: ToggleRow;
  onToggleAll: (checked: boolean) => void;
  /** A row's menu asked to delete its link (a stable function: rows are memoised). */
  onDelete: (link: Link) => void;
  loading?: boolean;
}

const TD = Table.classes.td;

/**
 * Column widths, fixed (table-layout: fixed; the widths are in links-table.module.css), so they depend on the
 * table's width only, never on the rows on the page: badges, clicks, dates and the actions get what their
 * content needs, and alias, destination and title share the rest, cut with an ellipsis (the whole text on
 * hover). Below 1000 px the table scrolls (the card list takes over below the lg breakpoint anyway).
 */
const COLUMNS = [classes.colSelect, '', '', '', classes.colStatus, classes.colClicks, classes.colSpace, classes.colDomain, classes.colCreated, classes.colActions];
const MIN_WIDTH = 1000;

/**
 * One row, built from plain elements with Mantine's own classes (Table.classes), a small CSS module and
 * the light controls: a Mantine component per cell costs its props and styles resolution, which over
 * 100 rows was most of the list's first render (see components/light-controls.tsx).
 */
interface LinkRowProps {
  link: Link;
  checked: boolean;
  onToggle: ToggleRow;
  onDelete: (link: Link) => void;
  vars: LightVars;
}

const LinkRow = memo(function LinkRow({ link, checked, onToggle, onDelete, vars }: LinkRowProps) {
  const { href, go } = useRowNavigate();
  const details = `/links/${link.id}`;
  const domain = link.domain?.name ?? 'default';
  return (
    <tr
      data-testid="link-row"
      data-link-id={link.id}
      data-with-row-border
      data-hover
      className={checked ? `${Table.classes.tr} ${classes.selected}` : Table.classes.tr}
    >
      <td className={TD} onMouseDown={noShiftSelect}>
        <LightCheckbox label={`Select ${link.alias}`} checked={checked} onChange={rowToggle(onToggle, link.id)} vars={vars} />
      </td>
      <td className={TD}>
        <a href={href(details)} onClick={go(details)} className={`${classes.alias} ${classes.truncate}`}>
          {link.alias}
        </a>
        <div className={classes.shortUrl}>
          <span className={classes.truncate}>
            {link.short_url}
          </span>
          <LightCopyButton value={link.short_url} label="Copy short URL" vars={vars} icon={<IconCopy size={16} />} done={<IconCheck size={16} />} />
        </div>
      </td>
      <td className={TD}>
        <span className={classes.truncate} data-testid="link-url">
          {link.url}
        </span>
      </td>
      <td className={TD}>
        {link.title ? (
          <span className={classes.truncate} data-testid="link-title">
            {link.title}
          </span>
        ) : (
          <span className={classes.dimmed}>—</span>
        )}
        <TagBadges link={link} vars={vars} />
      </td>
      <td className={TD}>
        <StatusBadge link={link} vars={vars} />
      </td>
      <td className={`${TD} ${classes.number}`}>{numberFormat.format(link.clicks)}</td>
      <td className={TD}>
        <SpaceBadge link={link} vars={vars} />
      </td>
      <td className={TD}>
        <span className={classes.truncate}>
          {domain}
        </span>
      </td>
      <td className={`${TD} ${classes.nowrap}`}>{dateFormat.format(new Date(link.created_at))}</td>
      <td className={TD}>
        <RowActions link={link} onDelete={onDelete} vars={vars} />
      </td>
    </tr>
  );
});

/** The table at desktop widths, the card list on narrower screens (read at once: no table flashes on a phone). */
export function LinksTable(props: LinksTableProps) {
  const theme = useMantineTheme();
  const narrow = useMediaQuery(`(max-width: calc(${theme.breakpoints.lg} - 0.1px))`, undefined, { getInitialValueInEffect: false });
  return narrow ? <LinkCards {...props} /> : <WideTable {...props} />;
}

function WideTable({ links, query, onSort, selected, onToggle, onToggleAll, onDelete, loading }: LinksTableProps) {
  const all = links.length > 0 && links.every((l) => selected.has(l.id));
  const some = links.some((l) => selected.has(l.id));
  const vars = useLightVars();
  const sortProps = { sortBy: query.sort_by, sort: query.sort, onSort: (c: string) => onSort(c as LinkListQuery['sort_by']) };
  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH}>
      <Table layout="fixed" className={classes.table} highlightOnHover verticalSpacing="xs" aria-busy={loading}>
        <colgroup>
          {COLUMNS.map((c, i) => (
            <col key={i} className={c || undefined} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox aria-label="Select all links on this page" checked={all} indeterminate={some && !all} onChange={(e) => onToggleAll(e.currentTarget.checked)} />
            </Table.Th>
            <SortableTh column="alias" {...sortProps}>
              Alias
            </SortableTh>
            <SortableTh column="url" {...sortProps}>
              Destination
            </SortableTh>
            <SortableTh column="title" {...sortProps}>
              Title
            </SortableTh>
            <Table.Th>Status</Table.Th>
            <SortableTh column="clicks" {...sortProps}>
              Clicks
            </SortableTh>
            <Table.Th>Space</Table.Th>
            <Table.Th>Domain</Table.Th>
            <SortableTh column="created_at" {...sortProps}>
              Created
            </SortableTh>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody onMouseOver={titleIfCut}>
          {links.map((link) => (
            <LinkRow key={link.id} link={link} checked={selected.has(link.id)} onToggle={onToggle} onDelete={onDelete} vars={vars} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function LinksTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Stack gap="xs" aria-label="Loading links" role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}
