// A bulk operation as the API answers it (GET /operations, the PATCH/DELETE /links/bulk results, undo);
// `Operation` (bulk.schema.ts) is this schema's type.
import { z } from 'zod';
import { rowId, timestamp } from './common.object';

export const operationObject = z
  .object({
    id: rowId(),
    type: z.enum(['update', 'delete']).meta({ description: '`update` a bulk PATCH, `delete` a bulk DELETE.' }),
    count: z.number().int().nonnegative().meta({ description: 'Links it changed.' }),
    selection: z
      .record(z.string(), z.unknown())
      .meta({ description: 'The selection as sent (`ids`, the list filters, `all`); defaults and absent filters are left out.', examples: [{ ids: [7, 8] }] }),
    changes: z
      .record(z.string(), z.unknown())
      .meta({ description: 'What a bulk PATCH set (its `set`); `{}` for a delete.', examples: [{ disabled: 1 }] }),
    created_at: timestamp(),
    undo_until: timestamp().meta({ description: 'It can be undone until then (24 hours).' }),
    undone_at: timestamp().nullable(),
    undoable: z.boolean().meta({ description: 'Not undone yet and still inside its undo window.' }),
  })
  .meta({ id: 'Operation', description: 'A bulk update or delete: what was selected and changed, and whether it can still be undone.' });

export const undoneOperationObject = operationObject
  .extend({
    restored: z.number().int().nonnegative().meta({ description: 'Links reverted (or brought back).' }),
    skipped: z
      .array(rowId())
      .meta({ description: 'With `force=1`: ids of the links left as they are (gone, or their alias taken meanwhile); at most 1,000.' }),
  })
  .meta({ id: 'UndoneOperation', description: 'The operation once undone, with what the undo restored and skipped.' });

export const undoConflictObject = z
  .object({
    message: z.string(),
    conflicts: z
      .array(rowId())
      .optional()
      .meta({ description: 'Ids of the links the undo would overwrite or cannot bring back (at most 1,000); absent when the operation was already undone or is too old.' }),
    conflicts_count: z.number().int().positive().optional().meta({ description: 'How many links conflict in all.' }),
    status: z.literal(409),
  })
  .meta({
    id: 'UndoConflict',
    description: 'The operation cannot be undone: already undone, past its 24 hours, or (without `force=1`) links changed or taken since. Nothing was undone.',
    examples: [{ message: '1 of the links changed after this operation or are gone; nothing was undone.', conflicts: [8], conflicts_count: 1, status: 409 }],
  });
