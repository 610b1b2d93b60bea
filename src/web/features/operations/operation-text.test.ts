import { describe, expect, it } from 'vitest';
import { conflictText, describeChanges, describeSelection, isBulk, undoState, undoWhat, undoneText } from './operation-text';

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
  it('tells a bulk operation from the delete of one resource and an import', () => {
    expect(isBulk({ type: 'delete', object: 'link', label: null })).toBe(true);
    expect(isBulk({ type: 'delete', object: 'link', label: 'go.example.com/a' })).toBe(false);
    expect(isBulk({ type: 'delete', object: 'space', label: 'Launch' })).toBe(false);
    expect(isBulk({ type: 'import', object: 'import', label: null })).toBe(false);
  });
  it('says what an undo does and did, by kind, naming the resource', () => {
    const space = { type: 'delete', object: 'space', label: 'Launch', count: 2 } as const;
    expect(undoWhat(space)).toBe('Space Launch comes back, and its 2 links go back into it (those moved to another space since stay there).');
    expect(undoWhat({ type: 'delete', object: 'link', label: 'go.example.com/a', count: 1 })).toBe('Link go.example.com/a comes back, with its clicks and statistics.');
    expect(undoWhat({ type: 'delete', object: 'link', label: null, count: 2 })).toBe('The 2 links this operation deleted come back, with their clicks and statistics.');
    expect(undoWhat({ type: 'import', object: 'import', label: 'a.csv', count: 1 })).toBe('The link this import created is deleted, with any clicks it got since.');
    expect(undoWhat({ type: 'import', object: 'import', label: 'a.csv', count: 3 })).toBe('The 3 links this import created are deleted, with any clicks they got since.');
    expect(undoneText(space, { restored: 1, skipped: [7] })).toBe('Space Launch is back; 1 link left as it is.');
    expect(undoneText({ type: 'delete', object: 'link', label: null }, { restored: 2, skipped: [] })).toBe('2 links restored.');
    expect(undoneText({ type: 'import', object: 'import', label: null }, { restored: 3, skipped: [] })).toBe('3 links deleted.');
    expect(conflictText({ type: 'import' }, 2)).toBe('2 links this import created changed since. Nothing was undone. Undo anyway deletes the others and leaves those.');
  });
});
