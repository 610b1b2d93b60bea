// What POST, PATCH and DELETE /links/bulk answer, as named schemas of the API document.
import { z } from 'zod';
import { linkObject } from './link.object';
import { operationObject } from './operation.object';

/** A row that would be created (POST /links/bulk?dry_run=1): a link without what only storing gives it. */
export const linkPreviewObject = linkObject
  .extend({
    id: z.null(),
    alias: z.string().nullable().meta({ description: 'null when one would be generated.' }),
    short_url: z.string().nullable().meta({ description: 'null when the alias would be generated.' }),
    tags: z
      .array(z.object({ id: z.number().int().nonnegative().meta({ description: '0 for a tag that would be created.' }), name: z.string(), color: z.number().int() }))
      .meta({ description: 'As sent (tags that would be created have id 0).' }),
    created_at: z.null(),
    updated_at: z.null(),
  })
  .meta({ id: 'LinkPreview', description: 'A link as it would be created (dry run): no id, dates or generated alias yet.' });

const createMeta = {
  created: z.number().int().nonnegative().meta({ description: 'Links created (0 on a dry run).' }),
  failed: z.number().int().nonnegative().meta({ description: 'Rows refused (with `partial=1`; their messages are in `errors`).' }),
  rows: z.array(z.number().int().nonnegative()).meta({ description: 'The request index of each link in `data`, in order.' }),
};
const rowErrors = z
  .record(z.string(), z.array(z.string()))
  .optional()
  .meta({ description: 'With `partial=1` and refused rows: the messages by field, as in a 422 (`links.3.url`).' });

export const bulkCreateResultObject = z
  .object({ data: z.array(linkObject), meta: z.object(createMeta), errors: rowErrors, status: z.literal(200) })
  .meta({ id: 'BulkCreateResult', description: 'The links created, in the order of the request.' });

export const bulkCreateDryRunObject = z
  .object({
    data: z.array(linkPreviewObject),
    meta: z.object({ ...createMeta, dry_run: z.literal(true) }),
    errors: rowErrors,
    status: z.literal(200),
  })
  .meta({ id: 'BulkCreateDryRun', description: 'What `dry_run=1` would create; nothing is stored.' });

export const bulkResultObject = z
  .object({
    count: z.number().int().nonnegative().meta({ description: 'Links changed.' }),
    operation: operationObject.nullable().meta({ description: 'The recorded operation (to undo it); null when nothing was selected.' }),
  })
  .meta({ id: 'BulkResult', description: 'What a bulk update or delete changed.' });

export const bulkDryRunObject = z
  .object({
    count: z.number().int().nonnegative().meta({ description: 'Links the selection names.' }),
    dry_run: z.literal(true),
    links: z.array(linkObject).meta({ description: 'The first 10 of them.' }),
  })
  .meta({ id: 'BulkDryRun', description: 'What a bulk update or delete would change (`dry_run=1`); nothing is changed.' });

/** A selected link that a bulk PATCH cannot change as asked (PATCH /links/bulk?dry_run=1). */
export const bulkInvalidLinkObject = z
  .object({
    id: z.number().int().positive(),
    alias: z.string(),
    short_url: z.string(),
    errors: z
      .record(z.string(), z.array(z.string()))
      .meta({ description: 'Why, by field of the body, as in a 422 (`set.active_period_end_at`: "must be a date after the link\'s active_period_start_at.").' }),
  })
  .meta({ id: 'BulkInvalidLink', description: 'A selected link that the change would make invalid, and why.' });

export const bulkUpdateResultObject = bulkResultObject
  .extend({
    skipped: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Selected links left as they were because the change would make them invalid (with `partial=1`; 0 otherwise).' }),
  })
  .meta({ id: 'BulkUpdateResult', description: 'What a bulk update changed.' });

export const bulkUpdateDryRunObject = bulkDryRunObject
  .extend({
    changed: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Links whose stored values would change: the selected links less those already as asked and those in `invalid_count`.' }),
    invalid_count: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Selected links the change would make invalid (an end date before their start, more than 20 tags): the update refuses them all with a 422, or with `partial=1` leaves them as they are.' }),
    invalid: z.array(bulkInvalidLinkObject).meta({ description: 'The first 10 of them (lowest ids first), with why.' }),
  })
  .meta({ id: 'BulkUpdateDryRun', description: 'What a bulk update would change (`dry_run=1`), found by making the change in a transaction that is rolled back: nothing is changed.' });
