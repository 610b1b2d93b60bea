// Bulk operations (GET /api/v1/operations) and their undo (POST /operations/{id}/undo, force=1 past conflicts).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, auth, toQueryString } from '../../lib/api-client';

/** An operation as GET /operations shows it. */
export interface Operation {
  id: number;
  type: 'update' | 'delete';
  count: number;
  selection: Record<string, unknown>;
  changes: Record<string, unknown>;
  created_at: string;
  undo_until: string;
  undone_at: string | null;
  undoable: boolean;
}

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
  all: ['operations'] as const,
  list: (query: OperationListQuery) => [...operationKeys.all, 'list', query] as const,
};

export const operationsListQueryOptions = (query: OperationListQuery) =>
  queryOptions({
    queryKey: operationKeys.list(query),
    queryFn: () => api.list<Operation>('/operations', { ...query }),
    placeholderData: keepPreviousData,
  });

async function undo(id: number, force: boolean): Promise<UndoResult> {
  const key = auth.get();
  let res: Response;
  try {
    res = await fetch(`/api/v1/operations/${id}/undo${toQueryString({ force: force ? 1 : undefined })}`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server.');
  }
  const body = (await res.json().catch(() => ({}))) as { data?: UndoResult; message?: string; conflicts?: number[]; conflicts_count?: number };
  if (!res.ok || !body.data) {
    const conflicts = Array.isArray(body.conflicts) ? body.conflicts : [];
    throw new UndoError(res.status, body.message ?? `Request failed (${res.status})`, conflicts, body.conflicts_count ?? conflicts.length);
  }
  return body.data;
}

/** Undo; afterwards the operations and every links list and link are fetched again. */
export function useUndoOperation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) => undo(id, force),
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: operationKeys.all }), qc.invalidateQueries({ queryKey: ['links'] })]),
  });
}
