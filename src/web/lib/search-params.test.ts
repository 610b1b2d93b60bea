import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search-params';
import { linkListQuerySchema } from '../../shared/link-list.schema';

describe('the dashboard URL query is the API query', () => {
  it('keeps every value text, as the server reads it, so that the shared schema parses it the same', () => {
    expect(parseSearch('?search=2024&tag=a,b&page=3')).toEqual({ search: '2024', tag: 'a,b', page: '3' });
    expect(linkListQuerySchema.parse(parseSearch('?search=2024&tag=a,b&page=3'))).toMatchObject({ search: '2024', tag: ['a', 'b'], page: 3 });
    expect(parseSearch('?tag[]=x&tag[]=y')).toEqual({ tag: ['x', 'y'] });
  });

  it('writes readably: spaces as +, tags comma-joined, prefixes and hosts as they are, absent values left out', () => {
    expect(stringifySearch({ search: 'tag:spring url:shop.example/a sale', search_by: 'all', tag: ['a', 'b'], page: 2, x: undefined })).toBe(
      '?search=tag:spring+url:shop.example/a+sale&search_by=all&tag=a,b&page=2',
    );
    expect(stringifySearch({})).toBe('');
    const round = parseSearch(stringifySearch({ search: 'a&b=c+d %' }));
    expect(round).toEqual({ search: 'a&b=c+d %' });
  });
});
