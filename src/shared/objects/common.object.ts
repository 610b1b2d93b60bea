// The shapes every answer of the API shares (contract section 2): the `{data, status}` envelope, the list
// page, the delete result and the error bodies. Each named schema carries an `id` (zod's global registry),
// which makes it a named component of the OpenAPI document; the server's response schemas are built from
// these, so the document, the handlers' types and the answers cannot drift apart (tests validate answers).
import { z } from 'zod';

/** A timestamp as the API writes it: ISO 8601 in UTC. */
export const timestamp = () => z.string().meta({ format: 'date-time', examples: ['2026-11-20T09:30:00.000Z'] });
/** A 0/1 flag (the seed's booleans). */
export const flag = () => z.union([z.literal(0), z.literal(1)]);
export const rowId = () => z.number().int().positive().meta({ examples: [7] });

/** `{"data": …, "status": 200}`: show, store and update. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, status: z.literal(200) });

export const pageLinksObject = z
  .object({
    first: z.string(),
    last: z.string(),
    prev: z.string().nullable(),
    next: z.string().nullable(),
  })
  .meta({ id: 'PageLinks', description: "URLs of the list's first, last, previous and next pages; they keep the request's other query parameters." });

export const pageMetaObject = z
  .object({
    current_page: z.number().int(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    path: z.string(),
    per_page: z.number().int(),
    to: z.number().int().nullable(),
    total: z.number().int().meta({ description: 'Every row matching the query, exactly (unless `total_is_estimate`).' }),
    total_is_estimate: z.boolean().optional().meta({
      description: 'Links list only, and only past 10,000 matches: `total` is an estimate (a search whose exact count would take too long). Absent: exact.',
    }),
  })
  .meta({ id: 'PageMeta', description: 'Where this page sits in the list; an empty page has `from` and `to` null.' });

/** A list page of `item`, named `<Name>Page` in the document; `label` names the item in words ("webhook delivery"). */
export function pageOf<T extends z.ZodType>(item: T, name: string, label = name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase()) {
  return z
    .object({ data: z.array(item), links: pageLinksObject, meta: pageMetaObject, status: z.literal(200) })
    .meta({ id: `${name}Page`, description: `One page of ${label} objects (1-based \`page\`, \`per_page\` rows).` });
}

export const DELETED_OBJECTS = ['domain', 'link', 'space', 'pixel', 'user', 'utm_template', 'webhook', 'tag', 'view', 'workspace', 'member', 'api_key'] as const;

export const deleteResultObject = z
  .object({
    id: rowId(),
    object: z.enum(DELETED_OBJECTS),
    deleted: z.literal(true),
    status: z.literal(200),
  })
  .meta({ id: 'DeleteResult', description: 'What a delete answers.', examples: [{ id: 7, object: 'link', deleted: true, status: 200 }] });

export const errorObject = z
  .object({
    message: z.string().meta({ description: 'A sentence for people; for a 422, the first error.' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'A 422 only: the messages of each field; nested fields use dots (`targets.0.value`).' }),
    status: z.number().int().meta({ description: 'The HTTP status, repeated.' }),
    scope: z.string().optional().meta({ description: 'A 403 for a missing scope only: the scope the request needs (`links:write`).' }),
  })
  .meta({ id: 'Error', description: 'Every 4xx and 5xx answer of the API.', examples: [{ message: 'Resource not found.', status: 404 }] });
