import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/audit.schema';
import { actionGroups, actionOptions, keyLabel, keyName, objectWord, personName, throughText } from './audit-text';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor_user_id: 2,
  actor_name: 'Ana',
  via: 'api',
  key_id: 5,
  key_name: 'CI deploys',
  action: 'createLink',
  object: 'link',
  object_id: 9,
  summary: 'Created link go.example.com/a',
  at: '2026-11-22T10:00:00.000Z',
  ...over,
});

describe('audit log text', () => {
  it('says through what: the dashboard, or the key by its name, else its id', () => {
    expect(throughText(entry({ via: 'dashboard', key_id: null, key_name: null }))).toBe('Dashboard');
    expect(throughText(entry({}))).toBe('API key CI deploys');
    expect(throughText(entry({ key_name: null }))).toBe('API key #5');
    expect(keyLabel({ key_id: null, key_name: null })).toBe('unknown');
  });

  it('names the person and the key filtered by from the entries, else by id', () => {
    const rows = [entry({ id: 1 }), entry({ id: 2, actor_user_id: 3, actor_name: 'Bo <b>', key_id: 6, key_name: null })];
    expect(personName(rows, 3)).toBe('Bo <b>');
    expect(personName(rows, 7)).toBe('person #7');
    expect(keyName(rows, 5)).toBe('CI deploys');
    expect(keyName(rows, 6)).toBe('#6');
    expect(keyName([], 8)).toBe('#8');
  });

  it('starts an object’s word with a capital', () => {
    expect(objectWord('link')).toBe('Link');
    expect(objectWord('utm_template')).toBe('UTM template');
    expect(objectWord('view')).toBe('Saved view');
  });

  it('offers the document’s writes by tag, named by their summaries, without reads or the instance’s users', () => {
    const doc = {
      paths: {
        '/api/v1/links': {
          get: { operationId: 'listLinks', summary: 'List links', tags: ['Links'] },
          post: { operationId: 'createLink', summary: 'Create a link', tags: ['Links'], 'x-linkdeck-access': { kind: 'workspace' } },
        },
        '/api/v1/links/bulk': { delete: { operationId: 'deleteLinksInBulk', summary: 'Delete links in bulk', tags: ['Bulk'] } },
        '/api/v1/links/{id}': { put: { operationId: 'updateLink', tags: ['Links'] }, parameters: [{ name: 'id' }] },
        '/api/v1/users': { post: { operationId: 'createUser', summary: 'Create a user', tags: ['Users'], 'x-linkdeck-access': { kind: 'instance' } } },
        '/api/v1/odd': { post: { summary: 'No id' }, patch: { operationId: 'patchOdd', summary: 'Odd' } },
      },
    };
    expect(actionGroups(doc)).toEqual([
      {
        group: 'Links',
        items: [
          { value: 'createLink', label: 'Create a link' },
          { value: 'updateLink', label: 'updateLink' },
        ],
      },
      { group: 'Bulk', items: [{ value: 'deleteLinksInBulk', label: 'Delete links in bulk' }] },
      { group: 'Other', items: [{ value: 'patchOdd', label: 'Odd' }] },
    ]);
    expect(actionGroups(null)).toEqual([]);
    expect(actionGroups({ paths: 'nope' })).toEqual([]);
  });

  it('keeps the chosen action among the options when the document does not have it', () => {
    const groups = [{ group: 'Links', items: [{ value: 'createLink', label: 'Create a link' }] }];
    expect(actionOptions(groups, 'createLink')).toEqual(groups);
    expect(actionOptions(groups, undefined)).toEqual(groups);
    expect(actionOptions([], 'undoOperation')).toEqual([{ group: 'Chosen', items: [{ value: 'undoOperation', label: 'undoOperation' }] }]);
  });
});
