// An import that created links is an operation (GET /operations: object `import`, object_id the job's id): once it
// has completed, the page offers its Undo in the usual undo notice, as after a delete or a bulk change.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { ImportJob } from '../../../shared/import.schema';
import type { Operation } from '../../../shared/bulk.schema';
import { plural } from '../../components/resource-list/format';
import { operationKeys } from '../operations/operations.queries';
import { showUndoNotice } from '../operations/undo-notice';

/** The operations whose notice this browser session has shown: a job seen again does not bring it back. */
const offered = new Set<number>();

/** The import's own operation, among the latest ones, while it can be undone. */
export const importOperation = (ops: Operation[], jobId: number): Operation | undefined =>
  ops.find((o) => o.object === 'import' && o.object_id === jobId && o.undoable);

export function useImportUndo(job: ImportJob | undefined): void {
  const jobId = job && job.status === 'completed' && job.created > 0 ? job.id : null;
  const ops = useQuery({
    queryKey: [...operationKeys.all, 'import', jobId],
    queryFn: () => api.list<Operation>('/operations', { page: 1, per_page: 25 }),
    enabled: jobId !== null,
  });
  const op = jobId !== null && ops.data ? importOperation(ops.data.data, jobId) : undefined;
  const created = job?.created ?? 0;
  useEffect(() => {
    if (!op || offered.has(op.id)) return;
    offered.add(op.id);
    showUndoNotice(op, { title: `Imported ${plural(created, 'link')}` });
  }, [op, created]);
}
