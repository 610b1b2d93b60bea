// An operation as the API shows it: what was selected and changed, and whether it can still be undone.
import type { OperationRow } from './operations.repo';
import type { Operation } from '../../shared/bulk.schema';

export function presentOperation(row: OperationRow, now = new Date().toISOString()): Operation {
  const selection = JSON.parse(row.selection) as Record<string, unknown>;
  // Only what the caller chose: defaults (search_by, status 0) and absent filters say nothing.
  for (const [k, v] of Object.entries(selection)) if (v === undefined || v === null || (k === 'status' && v === 0)) delete selection[k];
  if (!selection.search) delete selection.search_by;
  return {
    id: row.id,
    type: row.kind,
    count: row.count,
    selection,
    changes: JSON.parse(row.changes) as Record<string, unknown>,
    created_at: row.created_at,
    undo_until: row.undo_until,
    undone_at: row.undone_at,
    undoable: row.undone_at === null && !row.purged && now < row.undo_until,
  };
}
