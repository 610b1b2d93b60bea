// Query of GET /api/v1/links (seed's list parameters). Also the URL query of the dashboard's links page.
import { z } from 'zod';
import { MAX_ID, queryEnum, queryInt, queryNumberEnum, querySearch } from './fields';
import { pagingFields } from './list-query';
import { TAG_NAME_MAX, tagKey } from './tag.schema';

/** `created_at`: the creation time (an imported link keeps its source's), the id breaking ties. */
export const LINK_SORT_BY = ['id', 'clicks', 'title', 'alias', 'url', 'created_at'] as const;
/**
 * `all`: alias, destination, title, tag names and the domain's name. The seed's default stays `title`.
 * A search may also carry field prefixes (`tag:spring url:shop.example`): shared/search-terms.ts.
 */
export const LINK_SEARCH_BY = ['title', 'alias', 'url', 'all'] as const;
export const TAG_MODES = ['any', 'all'] as const;
/** Tag names one list filter takes at most. */
export const TAG_FILTER_MAX = 20;

/**
 * `tag`: one or several tag names, comma-separated (`tag=a,b`) and/or repeated (`tag=a&tag=b`; `tag[]=a` is
 * read as `tag` by the server). Names are trimmed, repeats (ignoring case) dropped; absent or empty: no filter.
 */
export const tagFilterField = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return undefined;
    const list = Array.isArray(v) ? v : [v];
    if (!list.every((x) => typeof x === 'string')) return v;
    const seen = new Set<string>();
    const names = (list as string[]).flatMap((x) => x.split(',')).map((x) => x.trim()).filter((x) => {
      if (!x || seen.has(tagKey(x))) return false;
      seen.add(tagKey(x));
      return true;
    });
    return names.length ? names : undefined;
  },
  z
    .array(z.string().max(TAG_NAME_MAX, { error: `must be tag names of at most ${TAG_NAME_MAX} characters.` }), { error: 'must be tag names.' })
    .max(TAG_FILTER_MAX, { error: `must not have more than ${TAG_FILTER_MAX} tag names.` })
    .optional(),
);

/** The list's filters: also the selection of the bulk API and of the export. */
export const linkFilterFields = {
  search: querySearch,
  search_by: queryEnum(LINK_SEARCH_BY, 'title'),
  status: queryNumberEnum([0, 1, 2, 3] as const, 0),
  space_id: queryInt(0, MAX_ID),
  domain_id: queryInt(0, MAX_ID),
  pixel_id: queryInt(1, MAX_ID),
  tag: tagFilterField,
  /** any: links with at least one of the tags; all: links with every one of them. */
  tag_mode: queryEnum(TAG_MODES, 'any'),
};

export const linkListQuerySchema = z.object({
  ...linkFilterFields,
  sort_by: queryEnum(LINK_SORT_BY, 'id'),
  ...pagingFields,
});

export type LinkListQuery = z.output<typeof linkListQuerySchema>;
export type LinkListSearch = z.input<typeof linkListQuerySchema>;

