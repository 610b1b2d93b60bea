// Bulk work on links: POST/PATCH/DELETE /api/v1/links/bulk and the operations that undo them.
// A selection names links by `ids`, by the filters of GET /api/v1/links, or all of them with `all=1`;
// ids and filters together select the ids that also match the filters.
import { z } from 'zod';
import { MAX_ID, clicksLimitField, flag01, idList, idRef, nullableUrl, timestampField } from './fields';
import { linkFilterFields } from './link-list.schema';
import { tagNamesField } from './tag.schema';
import type { operationObject } from './objects/operation.object';

/** Rows per POST /links/bulk. */
export const BULK_CREATE_MAX = 1000;
/** Ids per selection. */
export const BULK_IDS_MAX = 10_000;
/** How long an operation can be undone. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Links a dry run shows. */
export const DRY_RUN_SAMPLE = 10;

/** A query flag: flag01's values (1/0, true/false); absent or empty is off. */
export const queryFlag = z.preprocess((v) => (v === '' ? undefined : v), flag01.optional()).transform((v) => v === 1);

export const bulkCreateQuerySchema = z.object({ dry_run: queryFlag, partial: queryFlag });

/** A form body's `links[0][url]=...` past 200 rows arrives as an object keyed by index: a list again. */
function indexedList(v: unknown): unknown {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  if (!keys.length || !keys.every((k) => /^\d+$/.test(k))) return v;
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => (v as Record<string, unknown>)[k]);
}

/** Rows are checked one by one in the handler (a bad row must not hide the others, nor stop ?partial=1). */
export const bulkCreateBodySchema = z.object({
  links: z
    .preprocess(
      indexedList,
      z
        .array(z.unknown(), { error: (iss) => (iss.input === undefined ? 'is required.' : 'must be a list of links.') })
        .min(1, { error: 'must have at least 1 link.' })
        .max(BULK_CREATE_MAX, { error: `must not have more than ${BULK_CREATE_MAX} links per request.` }),
    )
    .meta({ description: `1 to ${BULK_CREATE_MAX} links, each with the fields of POST /api/v1/links.` }),
});

/** The selection: ids and/or the list filters of GET /links, or all=1. */
export const selectionFields = {
  ids: z
    .preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : Array.isArray(v) ? v : typeof v === 'object' ? Object.values(v) : [v]),
      z
        .array(z.preprocess((x) => (typeof x === 'string' && /^\d+$/.test(x.trim()) ? Number(x) : x), z.number({ error: 'must be an id (a positive integer).' }).int({ error: 'must be an id (a positive integer).' }).positive({ error: 'must be an id (a positive integer).' }).max(MAX_ID, { error: 'must be an id (a positive integer).' })))
        .max(BULK_IDS_MAX, { error: `must not have more than ${BULK_IDS_MAX} ids; select by filters instead.` })
        .optional(),
    )
    .meta({ description: `Link ids (at most ${BULK_IDS_MAX}); with filters, only the ids that match them.` }),
  ...linkFilterFields,
  all: flag01.optional().meta({ description: '1 selects every link of the account when no ids or filters are sent.' }),
};

export const selectionSchema = z.object(selectionFields);
export type Selection = z.output<typeof selectionSchema>;

/** Whether a selection names links explicitly (ids, a filter, or all=1). */
export function isExplicit(s: Selection): boolean {
  return (
    (s.ids !== undefined && s.ids.length > 0) ||
    !!s.search ||
    s.status !== 0 ||
    s.space_id !== undefined ||
    s.domain_id !== undefined ||
    s.pixel_id !== undefined ||
    (s.tag !== undefined && s.tag.length > 0) ||
    s.all === 1
  );
}

export const SELECTION_REQUIRED =
  'Select links by ids or by filters (search, status, space_id, domain_id, pixel_id, tag), or send all=1 to select every link.';

/** The fields a bulk PATCH can set. */
export const BULK_FIELDS = ['space_id', 'disabled', 'pixel_ids', 'active_period_end_at', 'clicks_limit', 'expiration_url', 'add_tags', 'remove_tags'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** What a bulk PATCH sets, each field with the rule of the link's own field (the dashboard's bulk edit checks it too). */
export const bulkSetSchema = z.object({
  space_id: idRef.optional(),
  disabled: flag01.optional(),
  pixel_ids: idList.optional(),
  active_period_end_at: timestampField.optional(),
  clicks_limit: clicksLimitField.optional(),
  expiration_url: nullableUrl().optional(),
  /** Tag names to add to every selected link (unknown names are created). */
  add_tags: tagNamesField.optional(),
  /** Tag names to take off every selected link (unknown names are ignored). */
  remove_tags: tagNamesField.optional(),
});

/** The selection, flat (as DELETE's), and what to set under `set` (its space_id is not the filter's). */
export const bulkUpdateBodySchema = z.object({
  ...selectionFields,
  set: bulkSetSchema
    .optional()
    .meta({ description: `What to change: ${BULK_FIELDS.join(', ')}. An empty value clears (space, pixels, end, limit, expiration URL); add_tags and remove_tags are tag names.` }),
});

/** PATCH: `dry_run=1` changes nothing and says what would change; `partial=1` leaves the links the change would make invalid as they are. */
export const bulkUpdateQuerySchema = z.object({ dry_run: queryFlag, partial: queryFlag });
/** DELETE's selection may travel in the query: `ids=1&ids=2`, or `ids[]=1&ids[]=2` as in form bodies. */
export const bulkDeleteQuerySchema = z.preprocess(
  (v) => {
    if (typeof v !== 'object' || v === null || !('ids[]' in v)) return v;
    const { 'ids[]': bracketed, ...rest } = v as Record<string, unknown>;
    return { ...rest, ids: rest.ids ?? bracketed };
  },
  z.object({ ...selectionFields, dry_run: queryFlag }),
);
export const undoQuerySchema = z.object({ force: queryFlag });

export type BulkUpdateBody = z.output<typeof bulkUpdateBodySchema>;
export type BulkChanges = NonNullable<BulkUpdateBody['set']>;

/** An operation as GET /api/v1/operations shows it (the schema lives in objects/operation.object.ts, named `Operation` in the API document). */
export type Operation = z.output<typeof operationObject>;
