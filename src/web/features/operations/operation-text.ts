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

/** A bulk operation (links chosen by ids or filters), as opposed to the delete of one resource or an import. */
export const isBulk = (op: Pick<Operation, 'object' | 'label' | 'type'>): boolean => op.type !== 'import' && op.object === 'link' && op.label === null;

const n = (count: number, one: string) => `${count.toLocaleString('en')} ${count === 1 ? one : `${one}s`}`;

/** "Space Launch" from an operation's object and label (its name when it was made). */
function named(op: Pick<Operation, 'object' | 'label'>): string {
  return `${op.object.charAt(0).toUpperCase()}${op.object.slice(1)} ${op.label ?? ''}`.trim();
}

/** What an undo will do, in a sentence (the confirmation asks it). */
export function undoWhat(op: Pick<Operation, 'type' | 'object' | 'label' | 'count'>): string {
  if (op.type === 'import') {
    return op.count === 1 ? 'The link this import created is deleted, with any clicks it got since.' : `The ${n(op.count, 'link')} this import created are deleted, with any clicks they got since.`;
  }
  if (op.type === 'update') return `The ${n(op.count, 'link')} this operation changed get their previous values back.`;
  if (isBulk(op)) return `The ${n(op.count, 'link')} this operation deleted come back, with their clicks and statistics.`;
  const links = n(op.count, 'link');
  switch (op.object) {
    case 'link':
      return `${named(op)} comes back, with its clicks and statistics.`;
    case 'space':
      return `${named(op)} comes back, and its ${links} go back into it (those moved to another space since stay there).`;
    case 'pixel':
    case 'tag':
      return `${named(op)} comes back, on the ${links} that carried it.`;
    case 'domain':
      return `${named(op)} comes back, with its ${links}, their clicks and statistics.`;
    default:
      return `${named(op)} comes back, with its secret and delivery log.`;
  }
}

/** What an undo did, for its notification: "Space Launch is back." or "2 links restored." */
export function undoneText(op: Pick<Operation, 'type' | 'object' | 'label'>, r: { restored: number; skipped: number[] }): string {
  const skipped = r.skipped.length ? `; ${n(r.skipped.length, 'link')} left as ${r.skipped.length === 1 ? 'it is' : 'they are'}` : '';
  if (op.type === 'import') return `${n(r.restored, 'link')} deleted${skipped}.`;
  if (op.type === 'update' || isBulk(op)) return `${n(r.restored, 'link')} ${op.type === 'delete' ? 'restored' : 'put back'}${skipped}.`;
  return `${named(op)} is back${skipped}.`;
}

/** What a 409 with conflicts means, and what "Undo anyway" does, for this kind of operation. */
export function conflictText(op: Pick<Operation, 'type'>, count: number): string {
  const links = n(count, 'link');
  if (op.type === 'import') return `${links} this import created changed since. Nothing was undone. Undo anyway deletes the others and leaves ${count === 1 ? 'it' : 'those'}.`;
  if (op.type === 'delete') return `${n(count, 'deleted link')} cannot come back (the alias was taken meanwhile, or the domain is gone). Nothing was undone. Undo anyway brings back the others.`;
  return `${links} changed after this operation or ${count === 1 ? 'is' : 'are'} gone. Nothing was undone. Undo anyway overwrites those later changes (links that are gone stay gone).`;
}
