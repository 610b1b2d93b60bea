// Words for an operation in the history: what it changed and which links it chose.
import type { Operation } from '../../../shared/bulk.schema';

const FIELD_NAMES: Record<string, string> = {
  space_id: 'space',
  disabled: 'disabled',
  pixel_ids: 'pixels',
  active_period_end_at: 'end date',
  clicks_limit: 'clicks limit',
  expiration_url: 'expiration URL',
  add_tags: 'add tags',
  remove_tags: 'remove tags',
};

function show(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : 'none';
  return String(value);
}

/** "Disable, space → 3" for an update, "Delete" for a delete. */
export function describeChanges(op: Pick<Operation, 'type' | 'changes'>): string {
  if (op.type === 'delete') return 'Delete';
  const parts = Object.entries(op.changes)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (k === 'disabled' ? (Number(v) ? 'Disable' : 'Enable') : `${FIELD_NAMES[k] ?? k} → ${show(v)}`));
  return parts.length ? parts.join(', ').replace(/^./, (c) => c.toUpperCase()) : 'Update';
}

/** "ids 4, 5, 6" or "search “shop” in url, status 2" (the selection as the caller made it). */
export function describeSelection(selection: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(selection)) {
    if (k === 'search_by') continue;
    if (k === 'ids' && Array.isArray(v)) parts.push(v.length > 5 ? `${v.length} chosen links` : `ids ${v.join(', ')}`);
    else if (k === 'search') parts.push(`search “${show(v)}”${selection.search_by ? ` in ${show(selection.search_by)}` : ''}`);
    else if (k === 'all') parts.push('all links');
    else parts.push(`${k.replace(/_id$/, '').replace(/_/g, ' ')} ${show(v)}`);
  }
  return parts.join(', ') || 'all links';
}

export type UndoState = 'undone' | 'undoable' | 'expired';

export function undoState(op: Pick<Operation, 'undone_at' | 'undoable'>): UndoState {
  if (op.undone_at) return 'undone';
  return op.undoable ? 'undoable' : 'expired';
}
