// Which routes the audit log records and what its entries say (audit-route.ts, audit-summary.ts): every write the
// API document lists is either recorded with an object the log knows, or one of the two kinds it leaves out (the
// instance's users, the person's sign-in key); a route added later is checked here without new code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { auditOfRoute, type AuditedRoute } from './audit-route';
import { describeWrite, SUMMARY_MAX } from './audit-summary';
import { AUDIT_OBJECTS } from '../../shared/objects/audit.object';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const route = (action: string, object: AuditedRoute['object'], idParam: string | null = 'id'): AuditedRoute => ({ kind: 'audited', action, object, idParam });

describe('the routes the audit log records', () => {
  it('maps every documented write to an object it knows, and leaves out only the users and the sign-in key', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { operationId?: string }>> };
    const skipped: string[] = [];
    let audited = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        const url = path.replace(/\{([^}]+)\}/g, ':$1');
        const audit = auditOfRoute({ method: method.toUpperCase(), url, schema: { operationId: op.operationId } });
        expect(audit.kind, `${method} ${path}: ${JSON.stringify(audit)}`).not.toBe('unmapped');
        if (audit.kind === 'skipped') skipped.push(`${method.toUpperCase()} ${path}`);
        if (audit.kind !== 'audited') continue;
        audited++;
        expect(audit.action).toBe(op.operationId);
        expect(AUDIT_OBJECTS).toContain(audit.object);
        // An id in the path is the object's (the last one of a nested path), or the path names none.
        if (audit.idParam) expect(url).toContain(`:${audit.idParam}`);
      }
    }
    expect(audited).toBeGreaterThan(40);
    expect(skipped.every((s) => /\/api\/v1\/(users|account\/api-key)(\/|$)/.test(s)), skipped.join(', ')).toBe(true);
  });

  it('leaves out reads, hidden routes and routes outside the API, and says which write names no known object', () => {
    expect(auditOfRoute({ method: 'GET', url: '/api/v1/links', schema: { operationId: 'listLinks' } }).kind).toBe('skipped');
    expect(auditOfRoute({ method: ['GET', 'HEAD'], url: '/api/v1/links/:id', schema: { operationId: 'getLink' } }).kind).toBe('skipped');
    expect(auditOfRoute({ method: 'POST', url: '/api/v1/*', schema: { hide: true } }).kind).toBe('skipped');
    expect(auditOfRoute({ method: 'POST', url: '/dashboard/x', schema: { operationId: 'x' } }).kind).toBe('skipped');
    expect(auditOfRoute({ method: 'DELETE', url: '/api/v1/users/:id', schema: { operationId: 'deleteUser' } }).kind).toBe('skipped');
    expect(auditOfRoute({ method: 'POST', url: '/api/v1/gadgets', schema: { operationId: 'createGadget' } })).toMatchObject({ kind: 'unmapped' });
    expect(auditOfRoute({ method: 'POST', url: '/api/v1/links', schema: {} })).toMatchObject({ kind: 'unmapped' });
    expect(auditOfRoute({ method: 'POST', url: '/api/v1/links/:id/revisions/:revision_id/restore', schema: { operationId: 'restoreLinkRevision' } })).toEqual(
      route('restoreLinkRevision', 'link'),
    );
    expect(auditOfRoute({ method: 'POST', url: '/api/v1/workspaces/:id/members/:user_id', schema: { operationId: 'updateMember' } })).toEqual(
      route('updateMember', 'member', 'user_id'),
    );
    expect(auditOfRoute({ method: 'POST', url: '/api/v1/links/import', schema: { operationId: 'importLinks' } })).toEqual(route('importLinks', 'import', null));
  });
});

describe('what an entry says', () => {
  const link = { id: 7, short_url: 'https://go.example.com/abc', url: 'https://example.com/' };

  it('names the object by its short URL, name or URL, and a delete by the operation that names what went', () => {
    expect(describeWrite(route('createLink', 'link', null), {}, { data: link, status: 200 })).toEqual({ objectId: 7, summary: 'Created link go.example.com/abc' });
    expect(describeWrite(route('updateUtmTemplate', 'utm_template'), { id: '4' }, { data: { id: 4, name: 'Spring' }, status: 200 })).toEqual({
      objectId: 4,
      summary: 'Updated UTM template Spring',
    });
    const deleted = { id: 7, object: 'link', deleted: true, status: 200, operation: { label: 'go.example.com/abc' } };
    expect(describeWrite(route('deleteLink', 'link'), { id: '7' }, deleted)).toEqual({ objectId: 7, summary: 'Deleted link go.example.com/abc' });
    // No name to tell: the id.
    expect(describeWrite(route('deleteView', 'view'), { id: '3' }, { id: 3, object: 'view', deleted: true, status: 200 })).toEqual({
      objectId: 3,
      summary: 'Deleted saved view #3',
    });
  });

  it('says what the other writes did: a restore, a test event, an upload, a workspace named by the request', () => {
    expect(describeWrite(route('restoreLinkRevision', 'link'), { id: '7', revision_id: '12' }, { data: link })).toEqual({
      objectId: 7,
      summary: 'Restored link go.example.com/abc to revision 12',
    });
    expect(describeWrite(route('sendWebhookTestEvent', 'webhook'), { id: '3' }, { data: { id: 99 } })).toEqual({ objectId: 3, summary: 'Sent a test event to webhook #3' });
    expect(describeWrite(route('uploadOgImage', 'og_image', null), {}, { data: { key: 'k3y' } })).toEqual({ objectId: null, summary: 'Uploaded preview image k3y' });
    expect(describeWrite(route('deleteWorkspace', 'workspace'), { id: '5' }, { id: 5, object: 'workspace', deleted: true }, 'Team')).toEqual({
      objectId: 5,
      summary: 'Deleted workspace Team',
    });
  });

  it('counts what bulk changes, imports and undos did', () => {
    expect(describeWrite(route('createLinksInBulk', 'link', null), {}, { data: [link], meta: { created: 1200, failed: 2, rows: [] } }).summary).toBe(
      'Created 1,200 links in bulk; 2 rows refused',
    );
    expect(describeWrite(route('updateLinksInBulk', 'link', null), {}, { data: { count: 3, skipped: 1, operation: null } })).toEqual({
      objectId: null,
      summary: 'Changed 3 links in bulk; 1 link left unchanged',
    });
    expect(describeWrite(route('deleteLinksInBulk', 'link', null), {}, { data: { count: 1, operation: null } }).summary).toBe('Deleted 1 link in bulk');
    expect(describeWrite(route('importLinks', 'import', null), {}, { data: { id: 5, file_name: 'bitly.csv', rows_total: 120 } })).toEqual({
      objectId: 5,
      summary: 'Started importing 120 rows from bitly.csv',
    });
    expect(describeWrite(route('undoOperation', 'operation'), { id: '9' }, { data: { id: 9, type: 'import', summary: 'Imported 3 links', restored: 3 } })).toEqual({
      objectId: 9,
      summary: 'Undid "Imported 3 links": 3 links deleted',
    });
  });

  it('stays short whatever the names, and survives an answer it did not expect', () => {
    const long = describeWrite(route('createWebhook', 'webhook', null), {}, { data: { id: 1, url: `https://example.com/${'x'.repeat(2000)}` } }).summary;
    expect(Array.from(long)).toHaveLength(SUMMARY_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(describeWrite(route('setQrStyle', 'qr_style', null), {}, undefined)).toEqual({ objectId: null, summary: 'Changed the default QR style' });
    expect(describeWrite(route('verifyDomain', 'domain'), { id: 'abc' }, 'not json')).toEqual({ objectId: null, summary: 'Checked domain' });
    expect(describeWrite(route('frobnicateSpace', 'space'), { id: '2' }, null)).toEqual({ objectId: 2, summary: 'frobnicateSpace space #2' });
  });
});
