// Saved views: a named query of the links list per account (GET /api/v1/views). One schema for the API
// and the dashboard's form; the query's rules are view-query.ts's.
import { z } from 'zod';
import { nameText } from './fields';
import { listQuery } from './list-query';
import { normaliseViewQuery } from './view-query';
import type { viewObject } from './objects/view.object';

export const VIEW_NAME_MAX = 64;
/** The longest query text taken (the list's own parameters fit many times over). */
export const VIEW_QUERY_MAX = 2048;

const nameField = nameText(VIEW_NAME_MAX).meta({ description: `1 to ${VIEW_NAME_MAX} characters, unique among your views ignoring case.`, examples: ['Expired in Launch'] });

/** The list's query string as sent, stored in its normal form (view-query.ts). */
const queryField = z
  .string()
  .max(VIEW_QUERY_MAX)
  .transform((text, ctx) => {
    const read = normaliseViewQuery(text);
    if (read.ok) return read.query;
    ctx.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  })
  .meta({
    description:
      'The query string of `GET /api/v1/links` (or of the dashboard\'s links page), e.g. `status=2&space_id=5&sort_by=clicks`; a leading `?` is allowed. Stored normalised: without `page` and the parameters at their default, in a fixed order.',
    examples: ['status=2&space_id=5&sort_by=clicks'],
  });

export const viewCreateSchema = z.object({ name: nameField, query: queryField });
export const viewUpdateSchema = z.object({ name: nameField.optional(), query: queryField.optional() });
export const viewListQuerySchema = z.object(listQuery(['name'], ['id', 'name']));

export type ViewCreate = z.output<typeof viewCreateSchema>;
export type ViewCreateBody = z.input<typeof viewCreateSchema>;
export type ViewUpdate = z.output<typeof viewUpdateSchema>;
export type ViewUpdateBody = z.input<typeof viewUpdateSchema>;
export type ViewListQuery = z.output<typeof viewListQuerySchema>;

export type View = z.output<typeof viewObject>;
