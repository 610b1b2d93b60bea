// Social crawlers get a link's Open Graph card instead of the redirect; people, links without a preview, and
// disabled or expired links are answered as before. Everything the account typed is escaped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-utils/test-app';
import { createLink } from '../test-utils/api';
import { isSocialCrawler } from './social-preview';
import { dbClicks, flush } from '../redirect/test-helpers';

const CRAWLERS = [
  'Twitterbot/1.0',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'WhatsApp/2.23.20.0 A',
  'TelegramBot (like TwitterBot)',
];
const PERSON = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const visit = (alias: string, ua: string) => t.app.inject({ method: 'GET', url: `/${alias}`, headers: { host: 'short.test', 'user-agent': ua } });

describe('link previews for social crawlers', () => {
  it('recognises the crawlers of the big networks and chat apps, not browsers', () => {
    for (const ua of CRAWLERS) expect(isSocialCrawler(ua), ua).toBe(true);
    expect(isSocialCrawler(PERSON)).toBe(false);
    expect(isSocialCrawler(undefined)).toBe(false);
  });

  it('serves the card to every crawler, escaped, without counting a click; people are redirected', async () => {
    const link = await createLink(t, t.userKey, {
      url: 'https://shop.example/sale',
      alias: 'card',
      og_title: 'Spring "sale" <script>alert(1)</script>',
      og_description: 'Everything 30% off & more',
      og_image: 'https://cdn.example/card.png?a=1&b=2',
    });
    for (const ua of CRAWLERS) {
      const res = await visit('card', ua);
      expect(res.statusCode, ua).toBe(200);
      expect(res.body).toContain('<meta property="og:title" content="Spring &quot;sale&quot; &lt;script&gt;alert(1)&lt;/script&gt;">');
      expect(res.body).toContain('<meta property="og:description" content="Everything 30% off &amp; more">');
      expect(res.body).toContain('<meta property="og:image" content="https://cdn.example/card.png?a=1&amp;b=2">');
      expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(res.body).toContain('<meta property="og:url" content="http://short.test/card">');
      expect(res.body).not.toContain('<script>');
    }
    const person = await visit('card', PERSON);
    expect(person.statusCode).toBe(302);
    expect(person.headers.location).toBe('https://shop.example/sale');
    // Only the person's visit was counted.
    await flush(t);
    expect(await dbClicks(t, link.id)).toBe(1);
  });

  it('redirects crawlers of a link without a preview, and shows no card for a disabled link', async () => {
    await createLink(t, t.userKey, { url: 'https://plain.example/', alias: 'plain' });
    const plain = await visit('plain', CRAWLERS[0]!);
    expect(plain.statusCode).toBe(302);
    await createLink(t, t.userKey, { url: 'https://off.example/', alias: 'off', og_title: 'Off', disabled: 1 });
    const off = await visit('off', CRAWLERS[0]!);
    expect(off.statusCode).toBe(404);
    expect(off.body).not.toContain('og:title');
  });

  it('falls back to the link title for og:title and a small card without an image', async () => {
    await createLink(t, t.userKey, { url: 'https://d.example/', alias: 'desc-only', title: 'The title', og_description: 'Only a description' });
    const res = await visit('desc-only', 'Twitterbot/1.0');
    expect(res.body).toContain('<meta property="og:title" content="The title">');
    expect(res.body).toContain('<meta name="twitter:card" content="summary">');
    expect(res.body).not.toContain('og:image');
  });

  it('stops serving the card once the preview is removed', async () => {
    const link = await createLink(t, t.userKey, { url: 'https://e.example/', alias: 'was-card', og_title: 'Card' });
    expect((await visit('was-card', 'Twitterbot/1.0')).statusCode).toBe(200);
    await t.as(t.userKey, { method: 'PATCH', url: `/api/v1/links/${link.id}`, payload: { og_title: '' }, headers: { 'content-type': 'application/json' } });
    expect((await visit('was-card', 'Twitterbot/1.0')).statusCode).toBe(302);
  });
});
