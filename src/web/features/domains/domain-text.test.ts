import { describe, expect, it } from 'vitest';
import { deleteDomainWarning } from './domain-text';
import { deleteSpaceWarning, spaceColorLabel } from '../spaces/space-text';

describe('delete warnings', () => {
  it('say how many links go with a domain', () => {
    expect(deleteDomainWarning({ name: 'go.example.com', links_count: 12 })).toContain('12 links will be deleted');
    expect(deleteDomainWarning({ name: 'go.example.com', links_count: 1 })).toContain('1 link will be deleted');
    expect(deleteDomainWarning({ name: 'go.example.com', links_count: 0 })).toContain('has no links');
  });
  it('say that a space keeps its links', () => {
    expect(deleteSpaceWarning({ name: 'Spring', links_count: 3 })).toContain('3 links will stay');
  });
  it('name every space colour', () => {
    expect([1, 2, 3, 4, 5, 6].map(spaceColorLabel)).toEqual(['Blue', 'Teal', 'Yellow', 'Orange', 'Red', 'Grape']);
  });
});
