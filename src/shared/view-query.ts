// Saved views: a view's query is the links list's query string, the same text GET /api/v1/links and the
// dashboard's /dashboard/links take. It is read here as the API reads a query string (query-params.ts), checked
// with the list's own schema (link-list.schema.ts), and written back in one normal form: without `page` (a view
// is the list, not a place in it), without the parameters that have their default value, in the schema's order,
// tags joined with commas (`tag=a,b`), values encoded but for the characters a query may show as they are. Two
// views of the same list therefore have the same text.
import { linkListQuerySchema, type LinkListQuery } from './link-list.schema';
import { fieldsOf } from './read-only';
import { queryParams, queryValue } from './query-params';

/** The list's parameters, in its schema's order. */
const PARAMETERS = fieldsOf(linkListQuerySchema) as (keyof LinkListQuery)[];
const DEFAULTS: Readonly<LinkListQuery> = linkListQuerySchema.parse({});
/** Left out of a view: where the list was paged to. */
const LEFT_OUT: ReadonlySet<string> = new Set(['page']);

export type ViewQuery = { ok: true; query: string; list: LinkListQuery } | { ok: false; message: string };

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The normal form of a list query (see above): the text a view stores. */
export function listQueryString(list: Partial<LinkListQuery>): string {
  const parts: string[] = [];
  for (const name of PARAMETERS) {
    const value = list[name];
    if (LEFT_OUT.has(name) || value === undefined || value === null || sameValue(value, DEFAULTS[name])) continue;
    parts.push(`${name}=${queryValue(Array.isArray(value) ? value.join(',') : String(value))}`);
  }
  return parts.join('&');
}

/**
 * A view's query as sent (a leading `?` allowed), checked and normalised. Refused, with a predicate naming the
 * parameter ("has an invalid status parameter: must be one of: 0, 1, 2, 3."): a value the list refuses, and a
 * parameter the list does not take (the list ignores one, but a view would silently lose it, e.g. a typo).
 */
export function normaliseViewQuery(text: string): ViewQuery {
  const params = queryParams(text);
  const unknown = Object.keys(params).find((name) => !(PARAMETERS as string[]).includes(name));
  if (unknown !== undefined) {
    return { ok: false, message: `has an unknown parameter "${unknown}": the links list takes ${PARAMETERS.join(', ')}.` };
  }
  const parsed = linkListQuerySchema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `has an invalid ${String(issue?.path[0] ?? 'list')} parameter: ${issue?.message ?? 'is invalid.'}` };
  }
  return { ok: true, query: listQueryString(parsed.data), list: parsed.data };
}

/** The dashboard's links list with a view's query: the view's link (`baseUrl`: BASE_URL). */
export function viewUrl(baseUrl: string, query: string): string {
  return `${baseUrl}/dashboard/links${query ? `?${query}` : ''}`;
}

/** The API's links list with a view's query. */
export function viewApiUrl(query: string): string {
  return `/api/v1/links${query ? `?${query}` : ''}`;
}
