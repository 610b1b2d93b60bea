// A saved view's query (view-query.ts): read as the API reads a query string, refused naming the parameter,
// written in one normal form that reads back as the same list.
import { describe, expect, it } from 'vitest';
import { linkListQuerySchema } from './link-list.schema';
import { queryParams } from './query-params';
import { listQueryString, normaliseViewQuery, viewApiUrl, viewUrl } from './view-query';

const normal = (text: string) => {
  const read = normaliseViewQuery(text);
  if (!read.ok) throw new Error(read.message);
  return read.query;
};

describe('view queries', () => {
  it('reads parameters as the API does: + is a space, repeats are a list, tag[] is tag', () => {
    expect(queryParams('?search=a+b%2Bc&tag=x&tag[]=y&tag=z')).toEqual({ search: 'a b+c', tag: ['x', 'z', 'y'] });
    expect(Object.keys(queryParams('__proto__=1&constructor=2'))).toEqual(['__proto__', 'constructor']);
  });

  it('leaves out page and defaults, orders by the schema, joins tags, and reads back as the same list', () => {
    const cases = [
      ['sort=asc&page=9&status=3&sort_by=clicks&per_page=10', 'status=3&sort_by=clicks&sort=asc'],
      ['tag=b&tag=a,B&tag_mode=any&space_id=0', 'space_id=0&tag=b,a'],
      ['search=tag:spring url:shop.example/x&search_by=title', 'search=tag:spring+url:shop.example/x'],
      ['search=50%25 off %26 more', 'search=50%25+off+%26+more'],
      ['', ''],
    ] as const;
    for (const [sent, stored] of cases) {
      expect(normal(sent), sent).toBe(stored);
      expect(normal(stored), stored).toBe(stored);
      const { page: _a, ...sentList } = linkListQuerySchema.parse(queryParams(sent));
      const { page: _b, ...storedList } = linkListQuerySchema.parse(queryParams(stored));
      expect(storedList, sent).toEqual(sentList);
    }
  });

  it('writes a dashboard query object the same way', () => {
    expect(listQueryString({ status: 2, sort: 'desc', page: 3, tag: ['a', 'b'] })).toBe('status=2&tag=a,b');
  });

  it('refuses a bad value or an unknown parameter, naming it', () => {
    expect(normaliseViewQuery('status=7')).toEqual({ ok: false, message: 'has an invalid status parameter: must be one of: 0, 1, 2, 3.' });
    expect(normaliseViewQuery('sort_by=clicks&sortby=id')).toMatchObject({ ok: false, message: expect.stringMatching(/^has an unknown parameter "sortby": the links list takes search, /) });
    expect(normaliseViewQuery('__proto__=x')).toMatchObject({ ok: false, message: expect.stringContaining('"__proto__"') });
  });

  it("makes the view's links", () => {
    expect(viewUrl('https://go.example', 'status=1')).toBe('https://go.example/dashboard/links?status=1');
    expect(viewUrl('https://go.example', '')).toBe('https://go.example/dashboard/links');
    expect(viewApiUrl('status=1')).toBe('/api/v1/links?status=1');
  });
});
