// Bulk actions on links through the bulk API (PATCH/DELETE /api/v1/links/bulk): one request, one
// transaction, one operation to undo. The selection is either the ticked rows (ids) or every link matching
// the list's filters ("select all N matching"), which the server resolves, so it reaches links beyond the page.
import type { LinkListQuery } from '../../../shared/link-list.schema';
import type { Link } from '../../../shared/link.schema';
import type { Operation } from '../../../shared/bulk.schema';

export type BulkAction =
  | { kind: 'delete' }
  | { kind: 'move'; spaceId: number | null; spaceName: string }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'tag'; add: boolean; names: string[] }
  /** The bulk edit's fields (bulk-edit.ts); `partial`: leave the links the dry run found invalid as they are. */
  | { kind: 'edit'; set: Record<string, unknown>; partial: boolean };

/** What the bulk API selects: ids, or the list's filters (all=1 when there are none). */
export type BulkSelection = { ids: number[] } | Record<string, string | number | string[]>;

/** The filters of a links list query as a bulk selection: every matching link, or all=1 without filters. */
export function filterSelection(
  query: Pick<LinkListQuery, 'search' | 'search_by' | 'status' | 'space_id' | 'domain_id' | 'pixel_id'> & Partial<Pick<LinkListQuery, 'tag' | 'tag_mode'>>,
): BulkSelection {
  const s: Record<string, string | number | string[]> = {};
  if (query.search) {
    s.search = query.search;
    s.search_by = query.search_by;
  }
  if (query.status) s.status = query.status;
  if (query.space_id !== undefined) s.space_id = query.space_id;
  if (query.domain_id !== undefined) s.domain_id = query.domain_id;
  if (query.pixel_id !== undefined) s.pixel_id = query.pixel_id;
  if (query.tag?.length) {
    s.tag = query.tag;
    if (query.tag_mode === 'all') s.tag_mode = 'all';
  }
  return Object.keys(s).length ? s : { all: 1 };
}

/** The body of a PATCH /links/bulk for an action (DELETE sends the selection alone). */
export function bulkBody(action: BulkAction, selection: BulkSelection): Record<string, unknown> {
  switch (action.kind) {
    case 'delete':
      return { ...selection };
    case 'move':
      return { ...selection, set: { space_id: action.spaceId ?? '' } };
    case 'disable':
      return { ...selection, set: { disabled: 1 } };
    case 'enable':
      return { ...selection, set: { disabled: 0 } };
    case 'tag':
      return { ...selection, set: { [action.add ? 'add_tags' : 'remove_tags']: action.names } };
    case 'edit':
      return { ...selection, set: action.set };
  }
}

/** The tag names of a tag action, quoted: “spring”, “ads”. */
const quoted = (names: string[]) => names.map((n) => `“${n}”`).join(', ');

/** "Disabling", for the progress line. */
export function doing(a: BulkAction): string {
  if (a.kind === 'tag') return `${a.add ? 'Tagging' : 'Untagging'} ${quoted(a.names)} on`;
  if (a.kind === 'edit') return 'Updating';
  return a.kind === 'move' ? `Moving to ${a.spaceName}` : { delete: 'Deleting', disable: 'Disabling', enable: 'Enabling' }[a.kind];
}

/** "disable", for "This will disable 12,408 links". */
export function verb(a: BulkAction): string {
  if (a.kind === 'tag') return a.add ? `tag ${quoted(a.names)}` : `remove ${quoted(a.names)} from`;
  if (a.kind === 'edit') return 'update';
  return a.kind === 'move' ? `move to ${a.spaceName}` : a.kind;
}

/** "Disable", the confirm button's label. */
export function actionLabel(a: BulkAction): string {
  if (a.kind === 'tag') return a.add ? 'Add tags' : 'Remove tags';
  if (a.kind === 'edit') return 'Apply';
  return a.kind === 'move' ? 'Move' : `${a.kind[0]!.toUpperCase()}${a.kind.slice(1)}`;
}

/** "Disable all 12,408 matching links?", "Move 3 links to Ads?" */
export function confirmTitle(a: BulkAction, what: string): string {
  if (a.kind === 'tag') return a.add ? `Tag ${what} with ${quoted(a.names)}?` : `Remove ${quoted(a.names)} from ${what}?`;
  if (a.kind === 'edit') return `Update ${what}?`;
  return a.kind === 'move' ? `Move ${what} to ${a.spaceName}?` : `${actionLabel(a)} ${what}?`;
}

/** "Disabled", for the notification. */
export function done(a: BulkAction): string {
  if (a.kind === 'tag') return a.add ? `Tagged ${quoted(a.names)}` : `Removed ${quoted(a.names)}`;
  if (a.kind === 'edit') return 'Updated';
  return a.kind === 'move' ? `Moved to ${a.spaceName}` : { delete: 'Deleted', disable: 'Disabled', enable: 'Enabled' }[a.kind];
}

export interface BulkPreview {
  count: number;
  dry_run: true;
  links: Link[];
}

export interface BulkOutcome {
  count: number;
  operation: Operation | null;
  /** PATCH: links left as they were because they could not take the change (partial=1). */
  skipped?: number;
}

/**
 * The selection after a click on row `id`'s checkbox. A plain click toggles that row. A Shift-click
 * (`range`) with an anchor (the last clicked row) among the visible rows gives every row from the anchor to
 * this one, both included and in either direction, the state the clicked row takes: ticked if it was not,
 * unticked if it was. Without a visible anchor a Shift-click is a plain click. `order`: the visible rows' ids
 * in their order on screen; rows elsewhere in the selection are left as they are.
 */
export function clickSelection(order: readonly number[], selected: ReadonlySet<number>, id: number, anchor: number | null, range: boolean): Set<number> {
  const next = new Set(selected);
  const ticking = !selected.has(id);
  const from = range && anchor !== null ? order.indexOf(anchor) : -1;
  const to = order.indexOf(id);
  const span = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const rowId of span) {
    if (ticking) next.add(rowId);
    else next.delete(rowId);
  }
  return next;
}
