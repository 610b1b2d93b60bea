// The links table: selectable rows, sortable headers, status badges and copyable short URLs.
import { Suspense, lazy, memo, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Checkbox, Skeleton, Stack, Table } from '@mantine/core';
import { IconCheck, IconCopy, IconDots, IconPencil } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import type { Link, LinkListQuery } from '../../../shared/link.schema';
import { LightBadge, LightCheckbox, LightCopyButton, LightIconButton, LightIconLink, useLightVars, type LightVars } from '../../components/light-controls';
import { SortableTh } from '../../components/sortable-th';
import { ActionsTh } from '../../components/resource-list/row-actions';
import { StatusBadge } from '../../components/status-badge';
import { SPACE_COLOR_NAMES } from '../../theme';
import classes from './links-table.module.css';

export interface LinksTableProps {
  links: Link[];
  query: Pick<LinkListQuery, 'sort_by' | 'sort'>;
  onSort: (column: LinkListQuery['sort_by']) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  /** A row's menu asked to delete its link (a stable function: rows are memoised). */
  onDelete: (link: Link) => void;
  loading?: boolean;
}

// The row menu (Mantine's Menu and its icons) loads when a row's menu button is first pressed.
const LinkRowMenu = lazy(() => import('./link-row-menu').then((m) => ({ default: m.LinkRowMenu })));

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Plain anchors with a click handler: a router <Link> per cell costs a location build on every render,
 * which adds up over 100 rows. Modified clicks (new tab, ...) keep the browser's behaviour.
 */
function useRowNavigate() {
  const router = useRouter();
  const base = (router.options.basepath ?? '').replace(/\/$/, '');
  return {
    href: (to: string) => base + to,
    go: (to: string) => (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      void router.navigate({ href: to });
    },
  };
}

const numberFormat = new Intl.NumberFormat();
const TD = Table.classes.td;

/**
 * One row, built from plain elements with Mantine's own classes (Table.classes), a small CSS module and
 * the light controls: a Mantine component per cell costs its props and styles resolution, which over
 * 100 rows was most of the list's first render (see components/light-controls.tsx).
 */
interface LinkRowProps {
  link: Link;
  checked: boolean;
  onToggle: (id: number) => void;
  onDelete: (link: Link) => void;
  vars: LightVars;
}

/**
 * The row's "more actions" button: a light button until first pressed, then the real menu, open at once. When
 * the menu closes the light button comes back and takes the focus (the menu's own button is gone by then).
 */
function RowMenuButton({ link, onDelete, vars }: { link: Link; onDelete: (link: Link) => void; vars: LightVars }) {
  const { href, go } = useRowNavigate();
  const [open, setOpen] = useState(false);
  const refocus = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!refocus.current || open) return;
    refocus.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) button.current?.focus();
  }, [open]);
  const light = (
    <LightIconButton ref={button} label={`Actions for ${link.alias}`} title="More actions" aria-haspopup="menu" onClick={() => setOpen(true)} vars={vars}>
      <IconDots size={16} />
    </LightIconButton>
  );
  if (!open) return light;
  return (
    <Suspense fallback={light}>
      <LinkRowMenu
        link={link}
        href={href}
        go={go}
        onDelete={onDelete}
        onClose={() => {
          refocus.current = true;
          setOpen(false);
        }}
      />
    </Suspense>
  );
}

const LinkRow = memo(function LinkRow({ link, checked, onToggle, onDelete, vars }: LinkRowProps) {
  const { href, go } = useRowNavigate();
  const details = `/links/${link.id}`;
  const edit = `/links/${link.id}/edit`;
  return (
    <tr
      data-testid="link-row"
      data-link-id={link.id}
      data-with-row-border
      data-hover
      className={checked ? `${Table.classes.tr} ${classes.selected}` : Table.classes.tr}
    >
      <td className={TD}>
        <LightCheckbox label={`Select ${link.alias}`} checked={checked} onChange={() => onToggle(link.id)} vars={vars} />
      </td>
      <td className={TD} style={{ maxWidth: 260 }}>
        <a href={href(details)} onClick={go(details)} className={`${classes.alias} ${classes.truncate}`}>
          {link.alias}
        </a>
        <div className={classes.shortUrl}>
          <span className={classes.truncate}>{link.short_url}</span>
          <LightCopyButton value={link.short_url} label="Copy short URL" vars={vars} icon={<IconCopy size={16} />} done={<IconCheck size={16} />} />
        </div>
      </td>
      <td className={TD} style={{ maxWidth: 260 }}>
        <span className={classes.truncate} title={link.url}>
          {link.url}
        </span>
      </td>
      <td className={TD} style={{ maxWidth: 200 }}>
        <span className={link.title ? classes.truncate : `${classes.truncate} ${classes.dimmed}`}>{link.title ?? '—'}</span>
      </td>
      <td className={TD}>
        <StatusBadge link={link} vars={vars} />
      </td>
      <td className={TD} style={{ textAlign: 'right' }}>
        {numberFormat.format(link.clicks)}
      </td>
      <td className={TD}>
        {link.space ? (
          <LightBadge variant="dot" color={SPACE_COLOR_NAMES[link.space.color] ?? 'gray'} vars={vars}>
            {link.space.name}
          </LightBadge>
        ) : (
          <span className={classes.dimmed}>—</span>
        )}
      </td>
      <td className={TD}>{link.domain?.name ?? 'default'}</td>
      <td className={`${TD} ${classes.nowrap}`}>{dateFormat.format(new Date(link.created_at))}</td>
      <td className={TD}>
        <div className={classes.actions}>
          <LightIconLink href={href(edit)} onClick={go(edit)} label={`Edit ${link.alias}`} title="Edit" vars={vars}>
            <IconPencil size={16} />
          </LightIconLink>
          <RowMenuButton link={link} onDelete={onDelete} vars={vars} />
        </div>
      </td>
    </tr>
  );
});

export function LinksTable({ links, query, onSort, selected, onToggle, onToggleAll, onDelete, loading }: LinksTableProps) {
  const all = links.length > 0 && links.every((l) => selected.has(l.id));
  const some = links.some((l) => selected.has(l.id));
  const vars = useLightVars();
  const sortProps = { sortBy: query.sort_by, sort: query.sort, onSort: (c: string) => onSort(c as LinkListQuery['sort_by']) };
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table highlightOnHover verticalSpacing="xs" aria-busy={loading} style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
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
            <SortableTh column="id" {...sortProps}>
              Created
            </SortableTh>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
