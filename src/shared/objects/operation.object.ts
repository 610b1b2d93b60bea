// An operation as the API answers it (GET /operations, the PATCH/DELETE /links/bulk results, a DELETE of one
// resource, undo); `Operation` (bulk.schema.ts) is this schema's type.
import { z } from 'zod';
import { deleteResultObject, rowId, timestamp } from './common.object';

/** What an operation did: a bulk PATCH, a delete (bulk, or of one resource), an import. */
export const OPERATION_TYPES = ['update', 'delete', 'import'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
/** What it acted on: links (one or many), one space, pixel, tag, domain or webhook, or an import job. */
export const OPERATION_OBJECTS = ['link', 'space', 'pixel', 'tag', 'domain', 'webhook', 'import'] as const;
export type OperationObject = (typeof OPERATION_OBJECTS)[number];

export const operationObject = z
  .object({
    id: rowId(),
    type: z.enum(OPERATION_TYPES).meta({
      description:
        '`update`: a bulk PATCH of links. `delete`: a bulk DELETE of links, or the DELETE of one link, space, pixel, tag, domain or webhook. `import`: an import job (POST /links/import) that created links.',
    }),
    object: z.enum(OPERATION_OBJECTS).meta({
      description:
        'What it acted on: `link` (one or many links), `space`, `pixel`, `tag`, `domain`, `webhook` (one of those, deleted), or `import` (the job). The undo of a deleted space, pixel, tag, domain or webhook brings it back with the same id, and what its delete changed: the links\' space, pixels or tags, the domain\'s links with their statistics, the webhook\'s secret and delivery log. The undo of an import deletes the links it created.',
    }),
    object_id: rowId().nullable().meta({ description: 'The id of that link, space, pixel, tag, domain, webhook or import job; null for a bulk operation.' }),
    label: z.string().nullable().meta({
      description: 'Its name when the operation was made, kept after it is gone: the space\'s, pixel\'s, tag\'s or domain\'s name, the short URL of a link without its scheme, the webhook\'s URL, the imported file\'s name. Null for a bulk operation.',
      examples: ['Launch'],
    }),
    summary: z.string().meta({ description: 'The operation in words, e.g. "Deleted space Launch", "Deleted link go.example.com/abc", "Changed 3 links", "Imported 120 links from bitly.csv".' }),
    count: z.number().int().nonnegative().meta({ description: 'Links it changed, deleted or created (for a space, pixel or tag: the links that carried it).' }),
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
  .meta({ id: 'Operation', description: 'A recorded change that can be undone for 24 hours: a bulk update or delete, the delete of one resource, an import. What it selected and changed, and whether it can still be undone.' });

export const undoableDeleteResultObject = deleteResultObject
  .extend({ operation: operationObject })
  .meta({
    id: 'UndoableDeleteResult',
    description: 'What a delete answers (`DeleteResult`), with the `operation` it recorded: `POST /operations/{id}/undo` brings the resource back within 24 hours.',
  });

export const undoneOperationObject = operationObject
  .extend({
    restored: z.number().int().nonnegative().meta({ description: 'Links reverted, brought back, put back into the space (or given back the pixel or tag), or, for an import, deleted.' }),
    skipped: z
      .array(rowId())
      .meta({
        description:
          'Ids of the links left as they are (at most 1,000): with `force=1` those gone, changed or whose alias was taken meanwhile; for a space, those moved to another space since; for a tag, those that carry 20 tags now.',
      }),
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
    description:
      'The operation cannot be undone: already undone, past its 24 hours, an import still running, a name taken meanwhile (a space, tag or domain of that name exists now), or (without `force=1`) links changed or taken since. Nothing was undone.',
    examples: [{ message: '1 of the links changed after this operation or are gone; nothing was undone.', conflicts: [8], conflicts_count: 1, status: 409 }],
  });
