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
