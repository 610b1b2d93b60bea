// One search box over every field: the links list's `search` may carry field prefixes
// (`tag:spring url:shop.example title:"spring sale"`), read here into terms that the server filters by, each
// one a condition of its own (all must hold), and that the dashboard shows as chips. A search without any known
// prefix is one term, exactly as typed, searched in `search_by`.
import type { LinkListQuery } from './link-list.schema';

/** The prefixes a search may use, and the field each searches. */
export const SEARCH_PREFIXES = ['title', 'alias', 'url', 'tag', 'domain'] as const;
export type SearchPrefix = (typeof SEARCH_PREFIXES)[number];

const isPrefix = (word: string): word is SearchPrefix => (SEARCH_PREFIXES as readonly string[]).includes(word);

export interface SearchTerm {
  /** Where: `all` (alias, destination, title, tags and domain), a column, a tag name or the domain. */
  by: LinkListQuery['search_by'] | SearchPrefix;
  /** The text as typed (a substring to find; a tag's whole name). */
  text: string;
}

const TOKEN = /(?:^|\s)([a-z]+):(?:"([^"]*)"|(\S+))/gi;

/** The terms of a search (none: no search). */
export function searchTerms(search: string | undefined, by: LinkListQuery['search_by']): SearchTerm[] {
  if (!search) return [];
  const terms: SearchTerm[] = [];
  let rest = '';
  let last = 0;
  for (const m of search.matchAll(TOKEN)) {
    const prefix = (m[1] ?? '').toLowerCase();
    if (!isPrefix(prefix)) continue;
    const text = m[2] ?? m[3] ?? '';
    rest += search.slice(last, m.index);
    last = m.index + m[0].length;
    if (text) terms.push({ by: prefix, text });
  }
  if (!terms.length && last === 0) return [{ by, text: search }];
  rest = (rest + search.slice(last)).trim().replace(/\s+/g, ' ');
  return rest ? [{ by, text: rest }, ...terms] : terms;
}

/** A search text from terms (the dashboard's chips back into the box): the inverse of searchTerms. */
export function searchText(terms: readonly SearchTerm[], by: LinkListQuery['search_by']): string {
  return terms
    .map((t) => (t.by === by && !isPrefix(t.by) ? t.text : `${t.by}:${/\s/.test(t.text) ? `"${t.text}"` : t.text}`))
    .join(' ');
}
