import { describe, expect, it } from 'vitest';
import { workspaceParam, workspaceSearchSchema } from './workspace-search';
import { queryParams } from './query-params';

/** The address's query as the dashboard reads it (every value text), through the layout's schema. */
const read = (query: string) => workspaceSearchSchema.parse({ ...queryParams(query) });

describe('the workspace in the dashboard address', () => {
  it('reads ws as a workspace id, keeping the page’s own parameters out of it', () => {
    expect(read('?ws=12')).toEqual({ ws: 12 });
    expect(read('?ws=12&page=3&search=a')).toEqual({ ws: 12 });
  });

  it('absent is the personal workspace', () => {
    expect(read('')).toEqual({ ws: undefined });
    expect(read('?ws=')).toEqual({ ws: undefined });
  });

  it('reads a value that is no id as absent rather than failing the page', () => {
    for (const bad of ['abc', '0', '-4', '1.5', '12abc', `${Number.MAX_SAFE_INTEGER}0`]) {
      expect(read(`?ws=${bad}`), bad).toEqual({ ws: undefined });
    }
  });

  it('leaves ws out for the person’s own personal workspace only', () => {
    expect(workspaceParam(7, 7)).toBeUndefined();
    expect(workspaceParam(12, 7)).toBe(12);
    // Another person's personal workspace one was invited to is named like any other.
    expect(workspaceParam(3, 7)).toBe(3);
  });
});
