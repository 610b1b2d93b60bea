// The dashboard's URL query is the API's list query: read as the server reads a query string
// (shared/query-params.ts: every value text, a repeated name a list, `tag[]` is `tag`) so that `search=2024` stays
// the text 2024 and each route's shared zod schema parses it exactly as the API would; written readably (`+` for a
// space; `,` `:` `/` `@` as they are), lists comma-joined (`tag=a,b`), absent values left out.
import { queryParams, queryValue } from '../../shared/query-params';

export function parseSearch(text: string): Record<string, unknown> {
  return { ...queryParams(text) };
}

export function stringifySearch(search: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(`${encodeURIComponent(name)}=${queryValue(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
