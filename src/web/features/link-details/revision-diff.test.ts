import { describe, expect, it } from 'vitest';
import type { LinkRevision } from '../../../shared/objects/revision.object';
import { actorText, canRestore, describeChanges, describeValue, restoreErrorMessages, sourceText, type DiffContext } from './revision-diff';

const ctx: DiffContext = {
  names: { spaces: new Map([[3, 'Spring campaign']]), pixels: new Map([[7, 'Meta pixel'], [8, 'GA4']]), domains: new Map([[2, 'go.example.com']]) },
  tz: 'Europe/Berlin',
  targetsType: 'countries',
};

const change = (field: string, old: unknown, now: unknown, redacted = false) => ({ field, old, new: now, redacted });

describe('revision diff', () => {
  it('words the path, naming the revision a restore brought back', () => {
    expect(sourceText({ source: 'bulk_edit', restored_from: null })).toBe('Bulk edit');
    expect(sourceText({ source: 'import', restored_from: null })).toBe('Import');
    expect(sourceText({ source: 'undo', restored_from: null })).toBe('Undo');
    expect(sourceText({ source: 'restore', restored_from: 12 })).toBe('Restore of revision #12');
  });

  it('calls the signed-in account "You" and a deleted user so', () => {
    expect(actorText({ id: 4, name: 'Ada' }, 4)).toBe('You');
    expect(actorText({ id: 5, name: 'Grace' }, 4)).toBe('Grace');
    expect(actorText(null, 4)).toBe('A deleted user');
  });

  it('offers a restore on every revision but the newest and a deletion', () => {
    expect(canRestore({ action: 'update' }, false)).toBe(true);
    expect(canRestore({ action: 'create' }, false)).toBe(true);
    expect(canRestore({ action: 'update' }, true)).toBe(false);
    expect(canRestore({ action: 'delete' }, false)).toBe(false);
  });

  it('formats values: a dash for nothing, Yes/No for flags, names for ids, times in the zone', () => {
    expect(describeValue('title', null, ctx)).toEqual({ kind: 'none' });
    expect(describeValue('title', '', ctx)).toEqual({ kind: 'none' });
    expect(describeValue('tags', [], ctx)).toEqual({ kind: 'none' });
    expect(describeValue('disabled', 1, ctx)).toEqual({ kind: 'text', text: 'Yes' });
    expect(describeValue('sensitive_content', 0, ctx)).toEqual({ kind: 'text', text: 'No' });
    expect(describeValue('space_id', 3, ctx)).toEqual({ kind: 'text', text: 'Spring campaign' });
    expect(describeValue('space_id', 9, ctx)).toEqual({ kind: 'text', text: 'Space #9 (deleted)' });
    expect(describeValue('space_id', 9, { ...ctx, names: {} })).toEqual({ kind: 'text', text: 'Space #9' });
    expect(describeValue('domain_id', 2, ctx)).toEqual({ kind: 'text', text: 'go.example.com' });
    expect(describeValue('pixel_ids', [7, 8], ctx)).toEqual({ kind: 'text', text: 'Meta pixel, GA4' });
    expect(describeValue('tags', ['spring', 'sale'], ctx)).toEqual({ kind: 'badges', items: ['spring', 'sale'] });
    expect(describeValue('url', 'https://example.com/a', ctx)).toEqual({ kind: 'url', url: 'https://example.com/a' });
    expect(describeValue('privacy', 2, ctx)).toEqual({ kind: 'text', text: 'Public with a password' });
    expect(describeValue('clicks_limit', 12000, ctx)).toEqual({ kind: 'text', text: '12,000' });
    expect(describeValue('targets_type', 'rotations', ctx)).toEqual({ kind: 'text', text: 'Rotations (split traffic)' });
    expect(describeValue('active_period_start_at', '2026-11-24T08:00:00.000Z', ctx)).toEqual({ kind: 'text', text: 'Nov 24, 2026, 9:00 AM' });
    // Text the account typed stays text, as typed (React escapes it when shown).
    expect(describeValue('title', '<img src=x onerror=alert(1)>', ctx)).toEqual({ kind: 'text', text: '<img src=x onerror=alert(1)>' });
  });

  it('words rules by the type they had', () => {
    expect(describeValue('targets', [{ key: 'DE', value: 'https://example.de' }], ctx)).toEqual({ kind: 'rules', items: [{ key: 'Germany', url: 'https://example.de' }] });
    const rows = describeChanges(
      { action: 'update', changes: [change('targets_type', 'countries', 'rotations'), change('targets', [{ key: 'FR', value: 'https://a.fr' }], [{ key: '3', value: 'https://b.example' }])] },
      ctx,
    );
    expect(rows[1]).toEqual({
      field: 'targets',
      label: 'Targeting rules',
      old: { kind: 'rules', items: [{ key: 'France', url: 'https://a.fr' }] },
      new: { kind: 'rules', items: [{ key: 'Weight 3', url: 'https://b.example' }] },
    });
  });

  it('labels fields as the editor does and shows a password only as changed', () => {
    const r: Pick<LinkRevision, 'action' | 'changes'> = {
      action: 'update',
      changes: [change('url', 'https://a.example', 'https://b.example'), change('redirect_password', null, null, true), change('og_title', null, 'Sale')],
    };
    expect(describeChanges(r, ctx)).toEqual([
      { field: 'url', label: 'Destination URL', old: { kind: 'url', url: 'https://a.example' }, new: { kind: 'url', url: 'https://b.example' } },
      { field: 'redirect_password', label: 'Redirect password', new: { kind: 'secret' } },
      { field: 'og_title', label: 'Card headline', old: { kind: 'none' }, new: { kind: 'text', text: 'Sale' } },
    ]);
  });

  it('leaves out the old side of a creation and the new side of a deletion', () => {
    expect(describeChanges({ action: 'create', changes: [change('alias', null, 'spring')] }, ctx)).toEqual([
      { field: 'alias', label: 'Alias', new: { kind: 'text', text: 'spring' } },
    ]);
    expect(describeChanges({ action: 'delete', changes: [change('alias', 'spring', null)] }, ctx)).toEqual([
      { field: 'alias', label: 'Alias', old: { kind: 'text', text: 'spring' } },
    ]);
  });

  it("words a refused restore's field errors with the field's label", () => {
    expect(
      restoreErrorMessages({
        alias: ['"spring" has been taken by another link since.'],
        domain_id: ['no longer exists: the domain of this revision was deleted.'],
        revision_id: ['The revision_id field is the deletion of the link: restore one of its earlier revisions.'],
      }),
    ).toEqual([
      'Alias "spring" has been taken by another link since.',
      'Domain no longer exists: the domain of this revision was deleted.',
      'This revision is the deletion of the link: restore one of its earlier revisions.',
    ]);
    expect(restoreErrorMessages({ alias: ['Something else went wrong.'] })).toEqual(['Something else went wrong.']);
  });
});
