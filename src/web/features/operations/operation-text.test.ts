import { describe, expect, it } from 'vitest';
import { describeChanges, describeSelection, undoState } from './operation-text';

describe('operation text', () => {
  it('describes what an update set, and a delete', () => {
    expect(describeChanges({ type: 'update', changes: { disabled: 1, space_id: 3 } })).toBe('Disable, space → 3');
    expect(describeChanges({ type: 'update', changes: { disabled: 0, pixel_ids: [] } })).toBe('Enable, pixels → none');
    expect(describeChanges({ type: 'update', changes: { clicks_limit: null } })).toBe('Clicks limit → none');
    expect(describeChanges({ type: 'delete', changes: {} })).toBe('Delete');
  });
  it('describes the selection', () => {
    expect(describeSelection({ ids: [4, 5] })).toBe('ids 4, 5');
    expect(describeSelection({ ids: [1, 2, 3, 4, 5, 6] })).toBe('6 chosen links');
    expect(describeSelection({ search: 'shop', search_by: 'url', space_id: 0 })).toBe('search “shop” in url, space 0');
    expect(describeSelection({})).toBe('all links');
  });
  it('tells whether it can be undone', () => {
    expect(undoState({ undone_at: '2026-11-23T10:00:00Z', undoable: false })).toBe('undone');
    expect(undoState({ undone_at: null, undoable: true })).toBe('undoable');
    expect(undoState({ undone_at: null, undoable: false })).toBe('expired');
  });
});
