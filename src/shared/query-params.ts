// How the API reads a query string's parameters: fastify's parser (a repeated name gives a list, `+` is a space),
// then the list filters' bracket notation folded in. The server's hook (api.ts) and whoever reads a query string
// kept as text (a saved view's query, view-query.ts) read it the same way through these two functions.

/** The list filters' `tag[]=a&tag[]=b` (bracket notation, as in form bodies) is `tag`, after any plain `tag`. */
export function foldBrackets<T extends Record<string, unknown>>(query: T): T {
  if (!('tag[]' in query)) return query;
  const { 'tag[]': bracketed, ...rest } = query;
  return { ...rest, tag: [rest.tag ?? [], bracketed].flat() } as unknown as T;
}

/** The parameters of a query string (a leading `?` allowed), as a request's `query` holds them. */
export function queryParams(text: string): Record<string, string | string[]> {
  // No prototype: a parameter named `__proto__` or `constructor` is a parameter like any other.
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text.startsWith('?') ? text.slice(1) : text)) {
    const before = out[name];
    out[name] = before === undefined ? value : [before, value].flat();
  }
  return foldBrackets(out);
}

/**
 * A parameter's value as a URL shows it readably: `+` for a space; `,` (between tags), `:` (a search's field
 * prefixes), `/` and `@` as they are. Every parser of query strings (fastify's, URLSearchParams) reads them back
 * the same. Written so by a saved view's query (view-query.ts) and the dashboard's URL (web lib/search-params.ts).
 */
export function queryValue(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/%(2C|3A|2F|40)/gi, (escaped) => decodeURIComponent(escaped));
}
