// The links list: at desktop widths a table with fixed column widths and sticky headers (selectable rows, sortable
// headers, status and space badges, copyable short URLs); below the theme's lg breakpoint a card list (link-cards.tsx).
import { memo } from 'react';
import { Checkbox, Skeleton, Stack, Table, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Link, LinkListQuery } from '../../../shared/link.schema';
import { LightCheckbox, LightCopyButton, useLightVars, type LightVars } from '../../components/light-controls';
import { SortButton, SortableTh, ariaSort } from '../../components/sortable-th';
import { ActionsTh } from '../../components/resource-list/row-actions';
import { StatusBadge } from '../../components/status-badge';
import { LinkCards } from './link-cards';
import { MiddleUrl, RowActions, SpaceBadge, TagBadges, dateFormat, noShiftSelect, numberFormat, rowToggle, titleIfCut, useRowNavigate, type ToggleRow } from './link-row-parts';
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
  /**
   * The person may change links in this workspace: rows have checkboxes (the bulk actions all write) and
   * edit, duplicate and delete; without it, a viewer's list has none of them.
   */
  editable: boolean;
  loading?: boolean;
}

const TD = Table.classes.td;

/**
 * Column widths, fixed (table-layout: fixed; the widths are in links-table.module.css), so they depend on the
 * table's width only, never on the rows on the page: badges, clicks, dates and the actions get what their
 * content needs, the alias column a whole short URL of 40 characters from 1440 px, and the title with the
 * destination under it the rest. Long text is cut (URLs in their middle), the whole of it on hover. The short URL
 * names the domain, so the domain has no column of its own.
 */
const COLUMNS = [classes.colAlias, '', classes.colStatus, classes.colClicks, classes.colSpace, classes.colCreated, classes.colActions];

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
  editable: boolean;
  vars: LightVars;
}

const LinkRow = memo(function LinkRow({ link, checked, onToggle, onDelete, editable, vars }: LinkRowProps) {
  const { href, go } = useRowNavigate();
  const details = `/links/${link.id}`;
  return (
    <tr
      data-testid="link-row"
      data-link-id={link.id}
      data-with-row-border
      data-hover
      className={checked ? `${Table.classes.tr} ${classes.selected}` : Table.classes.tr}
    >
      {editable && (
        <td className={TD} onMouseDown={noShiftSelect}>
          <LightCheckbox label={`Select ${link.alias}`} checked={checked} onChange={rowToggle(onToggle, link.id)} vars={vars} />
        </td>
      )}
      <td className={TD}>
        <a href={href(details)} onClick={go(details)} className={`${classes.alias} ${classes.truncate}`}>
          {link.alias}
        </a>
        <div className={classes.shortUrl}>
          <MiddleUrl url={link.short_url} />
          <LightCopyButton value={link.short_url} label="Copy short URL" vars={vars} icon={<IconCopy size={16} />} done={<IconCheck size={16} />} />
        </div>
      </td>
      <td className={TD}>
        {link.title && (
          <span className={classes.truncate} data-testid="link-title">
            {link.title}
          </span>
        )}
        <MiddleUrl url={link.url} className={classes.destination} testId="link-url" />
        <TagBadges link={link} vars={vars} />
      </td>
      <td className={TD}>
        <StatusBadge link={link} vars={vars} />
      </td>
      <td className={`${TD} ${classes.number}`}>{numberFormat.format(link.clicks)}</td>
      <td className={TD}>
        <SpaceBadge link={link} vars={vars} />
      </td>
      <td className={`${TD} ${classes.nowrap}`}>{dateFormat.format(new Date(link.created_at))}</td>
      <td className={TD}>
        <RowActions link={link} onDelete={onDelete} editable={editable} vars={vars} />
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

function WideTable({ links, query, onSort, selected, onToggle, onToggleAll, onDelete, editable, loading }: LinksTableProps) {
  const all = links.length > 0 && links.every((l) => selected.has(l.id));
  const some = links.some((l) => selected.has(l.id));
  const vars = useLightVars();
  const sortProps = { sortBy: query.sort_by, sort: query.sort, onSort: (c: string) => onSort(c as LinkListQuery['sort_by']) };
  return (
    <Table layout="fixed" className={classes.table} highlightOnHover horizontalSpacing={8} verticalSpacing="xs" stickyHeader stickyHeaderOffset="calc(var(--app-shell-header-height, 56px))" aria-busy={loading}>
      <colgroup>
        {(editable ? [classes.colSelect, ...COLUMNS] : COLUMNS).map((c, i) => (
          <col key={i} className={c || undefined} />
        ))}
      </colgroup>
      <Table.Thead>
        <Table.Tr>
          {editable && (
            <Table.Th>
              <Checkbox aria-label="Select all links on this page" checked={all} indeterminate={some && !all} onChange={(e) => onToggleAll(e.currentTarget.checked)} />
            </Table.Th>
          )}
          <SortableTh column="alias" {...sortProps}>
            Alias
          </SortableTh>
          <Table.Th aria-sort={ariaSort(['title', 'url'], query.sort_by, query.sort)}>
            <span className={classes.twoSorts}>
              <SortButton column="title" {...sortProps}>
                Title
              </SortButton>
              <SortButton column="url" {...sortProps}>
                Destination
              </SortButton>
            </span>
          </Table.Th>
          <Table.Th>Status</Table.Th>
          <SortableTh column="clicks" {...sortProps}>
            Clicks
          </SortableTh>
          <Table.Th>Space</Table.Th>
          <SortableTh column="created_at" {...sortProps}>
            Created
          </SortableTh>
          <ActionsTh />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody onMouseOver={titleIfCut}>
        {links.map((link) => (
          <LinkRow key={link.id} link={link} checked={selected.has(link.id)} onToggle={onToggle} onDelete={onDelete} editable={editable} vars={vars} />
        ))}
      </Table.Tbody>
    </Table>
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
