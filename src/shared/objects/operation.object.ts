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

/** A long operation runs as a job that commits in chunks (server/jobs/): applying it, or undoing it. */
export const operationJobObject = z
  .object({
    kind: z.enum(['apply', 'undo']).meta({ description: '`apply`: the bulk change or delete itself; `undo`: its undo.' }),
    state: z.enum(['running', 'done', 'failed']).meta({ description: '`running` until every chunk is committed; `failed` with `error` (the chunks done stay done and can be undone).' }),
    done: z.number().int().nonnegative().meta({ description: 'Links done so far.' }),
    total: z.number().int().nonnegative().meta({ description: 'Links it goes through.' }),
    error: z.string().nullable().meta({ description: 'Why it failed; null otherwise.' }),
  })
  .meta({
    id: 'OperationJob',
    description:
      'The job of a long operation: a bulk PATCH or DELETE of many links, or the undo of one, answers 202 and goes on in chunks; poll `GET /operations/{id}` while `state` is `running`.',
  });
export type OperationJob = z.output<typeof operationJobObject>;

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
      description: 'Its name when the operation was made, kept after it is gone: the space\'s, pixel\'s, tag\'s or domain\'s name, the short URL of a link without its scheme, the webhook\'s URL, the imported file\'s name. Null for a bulk operation, and for a caller without the read scope of what it names (`webhooks:read` for a webhook, `spaces:read`, `pixels:read`, `tags:read`, `domains:read`): its `summary` then says only what it was ("Deleted a webhook").',
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
    undoable: z.boolean().meta({ description: 'Not undone yet, still inside its undo window, and no job of it running.' }),
    state: z.enum(['running', 'done', 'failed']).meta({
      description: "`running` while its job (`job`) applies or undoes it in chunks; `done` once whole; `failed` when its job stopped (what it did so far can be undone). The job's own state.",
    }),
    progress: z
      .object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
      .meta({ description: "How far its job got (links done of total); for an operation without a job, its count of its count." }),
    job: operationJobObject.nullable().meta({ description: 'The job that applies or undoes it (the latest), or null for an operation made within its request.' }),
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

/** 202: a bulk change or delete of many links, or an undo, goes on as a job (`operation.job`); poll GET /operations/{id}. */
export const operationStartedObject = <T extends z.ZodType>(data: T) =>
  z
    .object({ data, status: z.literal(202) })
    .meta({
      description:
        'Past a few thousand links the change goes on as a job that commits in chunks: `operation.state` is `running`, `operation.progress` and `operation.job` say how far it got. Poll `GET /operations/{id}` every second or so until `job.state` is `done` (or `failed`). Until then the selected links show the change partly; the operation can be undone once its job is done or failed.',
    });
