// Operations (GET /api/v1/operations: bulk changes, single deletes, imports) and their undo (POST
// /operations/{id}/undo, force=1 past conflicts).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, toQueryString } from '../../lib/api-client';
import { OPERATIONS_KEY } from '../../lib/resource-queries';
import type { Operation } from '../../../shared/bulk.schema';

export interface UndoResult extends Operation {
  restored: number;
  skipped: number[];
}

export interface OperationListQuery {
  page: number;
  per_page: number;
}

/** A refused undo: 409 with the ids of the links it would overwrite (or cannot bring back), when there are any. */
export class UndoError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly conflicts: number[],
    readonly conflictsCount: number,
  ) {
    super(status, message);
  }
}

export const operationKeys = {
  all: OPERATIONS_KEY,
  list: (query: OperationListQuery) => [...operationKeys.all, 'list', query] as const,
};

export const operationsListQueryOptions = (query: OperationListQuery) =>
  queryOptions({
    queryKey: operationKeys.list(query),
    queryFn: () => api.list<Operation>('/operations', { ...query }),
    placeholderData: keepPreviousData,
  });

async function undo(id: number, force: boolean): Promise<UndoResult> {
  try {
    return await api.post<UndoResult>(`/operations/${id}/undo${toQueryString({ force: force ? 1 : undefined })}`);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const conflicts = Array.isArray(err.body.conflicts) ? (err.body.conflicts as number[]) : [];
    const count = typeof err.body.conflicts_count === 'number' ? err.body.conflicts_count : conflicts.length;
    throw new UndoError(err.status, err.message, conflicts, count);
  }
}

/** What an undo can bring back or change: the operations, and every resource a delete or an import touched. */
const UNDONE = [operationKeys.all, ['links'], ['spaces'], ['tags'], ['pixels'], ['domains'], ['webhooks'], ['imports']] as const;

/** Undo; afterwards the operations, every links list and link, and the resources' lists and counts are fetched again. */
export function useUndoOperation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) => undo(id, force),
    onSettled: () => Promise.all(UNDONE.map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

/** The job of a long operation (a large bulk change or its undo, answered 202): how far it got. */
export interface OperationJob {
  kind: 'apply' | 'undo';
  state: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  error: string | null;
}

/** An operation's job; a server that answers without the field has no jobs (null). */
export function jobOf(op: unknown): OperationJob | null {
  if (!op || typeof op !== 'object' || !('job' in op)) return null;
  const job = (op as { job?: unknown }).job;
  return job && typeof job === 'object' && 'state' in job ? (job as OperationJob) : null;
}

/** The operation in an answer: the undo's own (an operation) or a 202's `{ count, operation }`. */
export function operationIn(answer: unknown): Operation | null {
  if (answer && typeof answer === 'object' && 'operation' in answer) return (answer as { operation: Operation | null }).operation;
  return null;
}

/** Asks GET /operations/{id} every second while its job runs; each answer goes to `onProgress`; the last is returned. */
export async function waitForJob(id: number, onProgress: (job: OperationJob) => void, signal?: { stopped: boolean }): Promise<Operation> {
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const op = await api.get<Operation>(`/operations/${id}`);
    const job = jobOf(op);
    if (job) onProgress(job);
    if (!job || job.state !== 'running' || signal?.stopped) return op;
  }
}
