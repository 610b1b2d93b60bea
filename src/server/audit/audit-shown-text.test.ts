// Bidirectional controls (shared/bidi.ts): refused with a 422 naming the field in every URL that comes in (a
// link's url, expiration_url, og_image and target values, a webhook's url, a domain's pages), and neutralised in
// what the audit log shows of text from elsewhere (an import's file name), so `invoice\u202Egpj.exe` never reads
// as `invoiceexe.jpg` and no markup passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { expect422, get, json } from '../test-utils/api';
import { finished, postFile } from '../imports/import-test-helpers';
import { neutraliseShownText } from '../../shared/bidi';
import type { AuditEntry } from '../../shared/audit.schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const RLO = '\u202e';
const send = (url: string, body: Record<string, unknown>) => t.as(t.userKey, { method: 'POST', url, ...json(body) });

describe('URLs with bidirectional controls', () => {
  it('are refused with the field named, wherever a URL comes in', async () => {
    const bad = `https://example.com/invoice${RLO}gpj.exe`;
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/v1/links', { url: bad }, 'url'],
      ['/api/v1/links', { url: 'https://example.com/', expiration_url: bad }, 'expiration_url'],
      ['/api/v1/links', { url: 'https://example.com/', og_image: bad }, 'og_image'],
      ['/api/v1/links', { url: 'https://example.com/', targets_type: 'countries', targets: [{ key: 'US', value: bad }] }, 'targets.0.value'],
      ['/api/v1/webhooks', { url: `https://hooks.example/${RLO}`, events: ['link.created'] }, 'url'],
      ['/api/v1/domains', { name: 'pages.example.com', not_found_url: `https://x.example/\u2066a` }, 'not_found_url'],
    ];
    for (const [url, body, field] of cases) {
      const errors = expect422(await send(url, body), field);
      expect(errors[field]?.[0], `${url} ${field}`).toMatch(/bidirectional control characters/);
    }
    // Percent-encoded, the same bytes are plain text in a URL.
    expect((await send('/api/v1/links', { url: 'https://example.com/invoice%E2%80%AEgpj.exe' })).statusCode).toBe(201);
  });
});

describe('the audit log', () => {
  it("shows an import's file name with its bidirectional controls and markup neutralised", async () => {
    const job = await finished(t, t.userKey, await postFile(t, t.userKey, 'url\nhttps://imp.example/1', '', `invoice${RLO}gpj<b>.csv`));
    expect(job.status).toBe('completed');
    await t.app.audit.idle();
    const entries = (await get(t, t.userKey, '/api/v1/audit-log?action=importLinks')).json().data as AuditEntry[];
    expect(entries.map((e) => e.summary)).toEqual(['Started importing 1 row from invoice[U+202E]gpj‹b›.csv']);
  });

  it('neutralises every listed control, and leaves other text as it is', () => {
    expect(neutraliseShownText('a\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061cb')).toBe(
      'a[U+202A][U+202B][U+202C][U+202D][U+202E][U+2066][U+2067][U+2068][U+2069][U+200E][U+200F][U+061C]b',
    );
    expect(neutraliseShownText('Café 日本 مرحبا')).toBe('Café 日本 مرحبا');
  });
});
