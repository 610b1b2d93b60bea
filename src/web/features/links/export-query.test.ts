import { describe, expect, it } from 'vitest';
import { linkListQuerySchema } from '../../../shared/link-list.schema';
import { exportQuery } from './export-query';

describe('exportQuery', () => {
  it('keeps the filters and drops paging and sort', () => {
    const list = linkListQuerySchema.parse({ search: 'shop', search_by: 'url', status: '2', space_id: '0', domain_id: '4', pixel_id: '7', page: '3', per_page: '50', sort: 'asc', sort_by: 'clicks' });
    expect(exportQuery(list, 'json')).toEqual({ format: 'json', search: 'shop', search_by: 'url', status: 2, space_id: 0, domain_id: 4, pixel_id: 7 });
  });
  it('leaves out filters that are not set', () => {
    const q = exportQuery(linkListQuerySchema.parse({}), 'csv');
    expect(q.format).toBe('csv');
    expect('space_id' in q).toBe(false);
    expect('page' in q).toBe(false);
  });
});
