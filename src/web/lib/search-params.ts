// The dashboard's URL query is the API's list query (issue 25): read as the server reads a query string
// (shared/query-params.ts: every value text, a repeated name a list, `tag[]` is `tag`) so that `search=2024` stays
// the text 2024 and each route's shared zod schema parses it exactly as the API would; written readably (`+` for a
// space; `,` `:` `/` `@` as they are), lists comma-joined (`tag=a,b`), absent values left out.
import { queryParams } from '../../shared/query-params';

export function parseSearch(text: string): Record<string, unknown> {
  return { ...queryParams(text) };
}

function encodeValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/%(2C|3A|2F|40)/gi, (escaped) => decodeURIComponent(escaped));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(`${encodeURIComponent(name)}=${encodeValue(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
