import { describe, expect, it } from 'vitest';
import { domainListQuerySchema } from '../../../shared/domain.schema';
import { ID_NAME_SORT_OPTIONS, idNameColumnSort, pageAfterDelete, parseSortKey, pastEndPage, patchListSearch, sortKey, toggleColumnSort, SIMPLE_LIST_DEFAULTS } from './list-url';

const meta = (over: Partial<{ current_page: number; last_page: number; per_page: number; total: number }>) => ({
  current_page: 1,
  from: 1,
  last_page: 1,
  path: '/api/v1/domains',
  per_page: 10,
  to: 10,
  total: 10,
  ...over,
});

describe('patchListSearch', () => {
  it('sends a filter change back to page 1 and keeps the rest', () => {
    expect(patchListSearch({ page: 3, sort: 'asc', search: 'a' }, { search: 'b' })).toEqual({ page: 1, sort: 'asc', search: 'b' });
  });
  it('keeps a page change as it is', () => {
    expect(patchListSearch({ page: 3, search: 'a' }, { page: 4 })).toEqual({ page: 4, search: 'a' });
  });
  it('drops emptied values instead of putting empty strings in the URL', () => {
    expect(patchListSearch({ page: 2, search: 'x', type: 'bing' }, { search: '', type: undefined })).toEqual({ page: 1 });
  });
});

describe('sort keys', () => {
  it('round-trips column and direction', () => {
    expect(parseSortKey(sortKey('name', 'asc'), ['id', 'name'])).toEqual({ sort_by: 'name', sort: 'asc' });
  });
  it('refuses columns and directions that are not allowed', () => {
    expect(parseSortKey('clicks:asc', ['id', 'name'])).toBeNull();
    expect(parseSortKey('name:up', ['id', 'name'])).toBeNull();
    expect(parseSortKey('garbage', ['id', 'name'])).toBeNull();
  });
  it('every option of the id/name sort select is a valid sort', () => {
    for (const o of ID_NAME_SORT_OPTIONS) expect(parseSortKey(o.value, ['id', 'name'])).not.toBeNull();
    expect(new Set(ID_NAME_SORT_OPTIONS.map((o) => o.value)).size).toBe(4);
  });
  it('flips the current column and starts another at its natural direction', () => {
    expect(toggleColumnSort({ sort_by: 'name', sort: 'asc' }, 'name', 'asc')).toEqual({ sort_by: 'name', sort: 'desc' });
    expect(toggleColumnSort({ sort_by: 'name', sort: 'desc' }, 'name', 'asc')).toEqual({ sort_by: 'name', sort: 'asc' });
    expect(toggleColumnSort({ sort_by: 'id', sort: 'asc' }, 'name', 'asc')).toEqual({ sort_by: 'name', sort: 'asc' });
  });
});

describe('defaults', () => {
  it('are exactly what the shared list schema fills in for an empty URL', () => {
    const parsed = domainListQuerySchema.parse({});
    expect(parsed).toEqual({ ...SIMPLE_LIST_DEFAULTS, search: undefined });
  });
});

describe('pageAfterDelete', () => {
  it('stays on the page while it still has rows', () => {
    expect(pageAfterDelete(meta({ current_page: 2, total: 15 }))).toBe(2);
  });
  it('steps back when the last row of the last page goes', () => {
    expect(pageAfterDelete(meta({ current_page: 3, total: 21 }))).toBe(2);
  });
  it('never goes below page 1', () => {
    expect(pageAfterDelete(meta({ current_page: 1, total: 1 }))).toBe(1);
  });
});

describe('pastEndPage', () => {
  it('gives the last page when the page is past the end of a list with rows', () => {
    expect(pastEndPage(meta({ current_page: 99, last_page: 3, total: 30 }))).toBe(3);
    expect(pastEndPage(meta({ current_page: 4, last_page: 3, total: 21 }))).toBe(3);
  });
  it('is null on a page that exists and on an empty list', () => {
    expect(pastEndPage(meta({ current_page: 3, last_page: 3, total: 30 }))).toBeNull();
    expect(pastEndPage(meta({ current_page: 1, last_page: 1, total: 0 }))).toBeNull();
    expect(pastEndPage(meta({ current_page: 99, last_page: 1, total: 0 }))).toBeNull();
  });
});

describe('idNameColumnSort', () => {
  it('passes the current sort to the headers', () => {
    const h = idNameColumnSort({ sort_by: 'id', sort: 'desc' }, () => undefined);
    expect({ sortBy: h.sortBy, sort: h.sort }).toEqual({ sortBy: 'id', sort: 'desc' });
  });
  it('starts names A–Z and dates newest first, and flips the active column', () => {
    const calls: unknown[] = [];
    const go = (s: unknown) => calls.push(s);
    idNameColumnSort({ sort_by: 'id', sort: 'desc' }, go).onSort('name');
    idNameColumnSort({ sort_by: 'name', sort: 'asc' }, go).onSort('id');
    idNameColumnSort({ sort_by: 'name', sort: 'asc' }, go).onSort('name');
    idNameColumnSort({ sort_by: 'id', sort: 'desc' }, go).onSort('id');
    expect(calls).toEqual([
      { sort_by: 'name', sort: 'asc' },
      { sort_by: 'id', sort: 'desc' },
      { sort_by: 'name', sort: 'desc' },
      { sort_by: 'id', sort: 'asc' },
    ]);
  });
});
