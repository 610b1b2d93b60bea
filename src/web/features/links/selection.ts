// The links list's selection: rows ticked by id, kept while the user pages through the same list
// (same filters, sort and page size), or every link matching the filters ("select all N matching"), which the
// bulk API resolves from the query (bulk.ts). Another filter, sort or page size starts a new selection, and the
// bar says that the old one was cleared: the ids would no longer be what the list shows, nor their pages.
import type { Link, LinkListQuery } from '../../../shared/link.schema';
import { clickSelection } from './bulk';

/** Where a ticked row was ticked, and its alias (the bar's "on 3 pages", a delete's confirmation). */
export interface Picked {
  page: number;
  alias: string;
}

export interface Selection {
  /** The list it belongs to (listOf). */
  list: ListPart;
  /** Ticked rows by id, in the order ticked. */
  ids: ReadonlyMap<number, Picked>;
  /** Every link matching the list's filters, on every page. */
  all: boolean;
}

/** The query but the page: what a selection belongs to. */
export type ListPart = Omit<LinkListQuery, 'page'>;

export const listOf = ({ page: _page, ...list }: LinkListQuery): ListPart => list;
export const listKey = (list: ListPart): string => JSON.stringify(list);

export const emptySelection = (list: ListPart): Selection => ({ list, ids: new Map(), all: false });

/** Whether anything is selected. */
export const hasSelection = (s: Selection): boolean => s.all || s.ids.size > 0;

const count = (n: number) => n.toLocaleString('en');

/** What the bar says: "3 selected", "3 selected on page 2", "12 selected on 3 pages", "All 4,812 matching selected". */
export function selectionLabel(s: Selection, page: number, total: number): string {
  if (s.all) return `All ${count(total)} matching selected`;
  const pages = new Set([...s.ids.values()].map((p) => p.page));
  const n = `${count(s.ids.size)} selected`;
  if (pages.size > 1) return `${n} on ${pages.size} pages`;
  const only = [...pages][0];
  return only === undefined || only === page ? n : `${n} on page ${only}`;
}

/** What changed between two lists, for "Selection cleared: the filters changed." */
export function listChange(before: ListPart, after: ListPart): string {
  const { sort_by: sb1, sort: s1, per_page: p1, ...filters1 } = before;
  const { sort_by: sb2, sort: s2, per_page: p2, ...filters2 } = after;
  if (JSON.stringify(filters1) !== JSON.stringify(filters2)) return 'the filters changed';
  if (sb1 !== sb2 || s1 !== s2) return 'the sort changed';
  return p1 !== p2 ? 'the page size changed' : 'the list changed';
}

/**
 * The selection after checkboxes change on this page: `next` is the set of ids ticked among `rows` (the page's
 * rows, in order) and elsewhere. An all-matching selection that loses a row becomes the page's ticked rows
 * (ids beyond the page are not known), which the bar then counts.
 */
export function withTicked(s: Selection, rows: readonly Pick<Link, 'id' | 'alias'>[], page: number, next: ReadonlySet<number>): Selection {
  const ids = new Map(s.all ? [] : s.ids);
  for (const id of ids.keys()) if (!next.has(id)) ids.delete(id);
  for (const row of rows) if (next.has(row.id) && !ids.has(row.id)) ids.set(row.id, { page, alias: row.alias });
  return { list: s.list, ids, all: false };
}

/** The ids ticked, as a set; an all-matching selection ticks every row on screen. */
export function tickedIds(s: Selection, rows: readonly Pick<Link, 'id'>[]): ReadonlySet<number> {
  return s.all ? new Set(rows.map((r) => r.id)) : new Set(s.ids.keys());
}

/** A click on row `id`'s checkbox (Shift: `range` from `anchor`), as clickSelection reads it. */
export function clickRow(s: Selection, rows: readonly Pick<Link, 'id' | 'alias'>[], page: number, id: number, anchor: number | null, range: boolean): Selection {
  const order = rows.map((r) => r.id);
  return withTicked(s, rows, page, clickSelection(order, tickedIds(s, rows), id, anchor, range));
}

/** The page's header checkbox: ticks or unticks this page's rows; unticking while all match are selected clears. */
export function tickPage(s: Selection, rows: readonly Pick<Link, 'id' | 'alias'>[], page: number, checked: boolean): Selection {
  if (s.all) return checked ? s : emptySelection(s.list);
  const next = new Set(tickedIds(s, rows));
  for (const r of rows) {
    if (checked) next.add(r.id);
    else next.delete(r.id);
  }
  return withTicked(s, rows, page, next);
}
