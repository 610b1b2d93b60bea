// An operation as the API shows it: what it acted on, in words, what was selected and changed, and whether it
// can still be undone.
import type { OperationRow } from './operations.repo';
import type { Operation } from '../../shared/bulk.schema';
import type { ApiScope } from '../../shared/api-scopes';
import { presentJob, type JobRow } from '../jobs/operation-jobs.repo';
import type { OperationObject } from '../../shared/objects/operation.object';
import { neutraliseShownText } from '../../shared/bidi';

/**
 * The scope that may read what an operation names (its label: a webhook's URL is a credential). A caller without it
 * sees the operation without the name: label null, "Deleted a webhook".
 */
export const OPERATION_READ_SCOPES: Record<OperationObject, ApiScope> = {
  link: 'links:read',
  import: 'links:read',
  space: 'spaces:read',
  pixel: 'pixels:read',
  tag: 'tags:read',
  domain: 'domains:read',
  webhook: 'webhooks:read',
};

/** What the caller may read (its workspace's scopes); undefined: everything (a server-side answer). */
export type ScopeCheck = ((scope: ApiScope) => boolean) | undefined;

const VERB = { update: 'Changed', delete: 'Deleted', import: 'Imported' } as const;

/** "1 link", "1,200 links": how operations and the audit log count links. */
export const linksInWords = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'link' : 'links'}`;

/** "Deleted space Launch", "Deleted link go.example.com/abc", "Changed 3 links", "Imported 120 links from a.csv". */
export function summaryOf(row: Pick<OperationRow, 'kind' | 'object' | 'label' | 'count'>): string {
  if (row.kind === 'import') return `Imported ${linksInWords(row.count)}${row.label ? ` from ${row.label}` : ''}`;
  if (row.label === null && row.object !== 'link') return `${VERB[row.kind]} ${/^[aeiou]/.test(row.object) ? 'an' : 'a'} ${row.object}`;
  if (row.label === null) return `${VERB[row.kind]} ${linksInWords(row.count)}`;
  return `${VERB[row.kind]} ${row.object} ${row.label}`;
}

export function presentOperation(row: OperationRow, now = new Date().toISOString(), may?: ScopeCheck, jobRow?: JobRow): Operation {
  const job = presentJob(jobRow);
  if (may && !may(OPERATION_READ_SCOPES[row.object])) row = { ...row, label: null };
  // A label quotes text from elsewhere (an import's file name, a webhook's URL): shown, never obeyed.
  else if (row.label !== null) row = { ...row, label: neutraliseShownText(row.label) };
  const selection = JSON.parse(row.selection) as Record<string, unknown>;
  // Only what the caller chose: defaults (search_by, status 0) and absent filters say nothing.
  for (const [k, v] of Object.entries(selection)) if (v === undefined || v === null || (k === 'status' && v === 0)) delete selection[k];
  if (!selection.search) delete selection.search_by;
  return {
    id: row.id,
    type: row.kind,
    object: row.object,
    object_id: row.object_id,
    label: row.label,
    summary: summaryOf(row),
    count: row.count,
    selection,
    changes: JSON.parse(row.changes) as Record<string, unknown>,
    created_at: row.created_at,
    undo_until: row.undo_until,
    undone_at: row.undone_at,
    undoable: row.undone_at === null && !row.purged && now < row.undo_until && job?.state !== 'running',
    state: job?.state ?? 'done',
    progress: job ? { done: job.done, total: job.total } : { done: row.count, total: row.count },
    job,
  };
}
