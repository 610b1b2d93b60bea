import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';
import { searchIssues } from './search-issues';

describe('safeRedirect', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeRedirect('/links?status=1&sort=asc')).toBe('/links?status=1&sort=asc');
  });
  it('refuses other origins, protocol-relative URLs and sign-in itself', () => {
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '/sign-in?redirect=/x', '', undefined, null]) {
      expect(safeRedirect(bad)).toBe('/links');
    }
  });
});

describe('searchIssues', () => {
  it('reads the validator issues the router puts in the message', () => {
    const msg = JSON.stringify([{ path: ['per_page'], message: 'must be one of: 10, 25, 50, 100.' }]);
    expect(searchIssues(msg)).toEqual(['per_page must be one of: 10, 25, 50, 100.']);
    expect(searchIssues('plain text')).toEqual(['plain text']);
  });
});
