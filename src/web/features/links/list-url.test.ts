import { describe, expect, it } from 'vitest';
import { linkListQuerySchema } from '../../../shared/link-list.schema';
import { LINK_LIST_DEFAULTS, filterCount, toggleSort, urlForm, withFilter } from './list-url';

describe('links list URL state', () => {
  it('the defaults are exactly what the shared schema fills in for an empty query', () => {
    const parsed = linkListQuerySchema.parse({});
    expect(parsed).toMatchObject(LINK_LIST_DEFAULTS);
    for (const [k, v] of Object.entries(parsed)) {
      if (v !== undefined) expect(LINK_LIST_DEFAULTS).toHaveProperty(k, v);
    }
  });

  it('a filter change goes back to page 1; a page change keeps the filters', () => {
    const prev = linkListQuerySchema.parse({ page: '3', status: '2', search: 'x' });
    expect(withFilter(prev, { status: 1 })).toMatchObject({ page: 1, status: 1, search: 'x' });
    expect(withFilter(prev, { page: 4 })).toMatchObject({ page: 4, status: 2, search: 'x' });
  });

  it('clearing a filter removes it from the query', () => {
    const prev = linkListQuerySchema.parse({ space_id: '4', search: 'abc' });
    const next = withFilter(prev, { space_id: undefined, search: undefined });
    expect(next).not.toHaveProperty('space_id');
    expect(next).not.toHaveProperty('search');
  });

  it('space_id 0 (no space) is a value, not a cleared filter', () => {
    expect(withFilter({}, { space_id: 0 })).toMatchObject({ space_id: 0 });
  });

  it('header clicks: a new column starts in its natural direction, the same column flips', () => {
    expect(toggleSort({ sort_by: 'id', sort: 'desc' }, 'alias')).toEqual({ sort_by: 'alias', sort: 'asc' });
    expect(toggleSort({ sort_by: 'id', sort: 'asc' }, 'clicks')).toEqual({ sort_by: 'clicks', sort: 'desc' });
    expect(toggleSort({ sort_by: 'alias', sort: 'asc' }, 'alias')).toEqual({ sort_by: 'alias', sort: 'desc' });
    expect(toggleSort({ sort_by: 'alias', sort: 'desc' }, 'alias')).toEqual({ sort_by: 'alias', sort: 'asc' });
  });

  it('a URL the schema refuses is an error, not a silent fallback', () => {
    expect(linkListQuerySchema.safeParse({ per_page: '7' }).success).toBe(false);
    expect(linkListQuerySchema.safeParse({ sort_by: 'nope' }).success).toBe(false);
  });
});

describe('the URL form of the list query', () => {
  it('writes tags comma-separated, which the shared schema reads back', () => {
    const parsed = linkListQuerySchema.parse({ tag: 'spring,Sale 2031', tag_mode: 'all', search: 'x', search_by: 'all' });
    expect(urlForm(parsed)).toMatchObject({ tag: 'spring,Sale 2031', search: 'x', search_by: 'all' });
    expect(linkListQuerySchema.parse(urlForm(parsed))).toEqual(parsed);
    expect(urlForm({ tag: [] })).toEqual({ tag: undefined });
    expect(urlForm({ tag: 'a,b' })).toEqual({ tag: 'a,b' });
  });

  it('keeps search_by only with a search', () => {
    expect(urlForm({ search_by: 'all' })).toEqual({});
    expect(urlForm({ search: '', search_by: 'all' })).toEqual({ search: '' });
    expect(urlForm({ search: 'tag:spring', search_by: 'all' })).toEqual({ search: 'tag:spring', search_by: 'all' });
  });

  it('counts the filters on (the phone\'s "Filters (n)"), not the search, sort or page', () => {
    const none = linkListQuerySchema.parse({ search: 'x', sort_by: 'clicks', page: 3 });
    expect(filterCount(none)).toBe(0);
    expect(filterCount(linkListQuerySchema.parse({ status: 2 }))).toBe(1);
    // "No space" is space 0: a filter too.
    expect(filterCount(linkListQuerySchema.parse({ space_id: 0, domain_id: 4, pixel_id: 2, tag: 'a,b' }))).toBe(4);
    expect(filterCount(linkListQuerySchema.parse({ status: 1, space_id: 3, domain_id: 4, pixel_id: 2, tag: 'a' }))).toBe(5);
  });
});
