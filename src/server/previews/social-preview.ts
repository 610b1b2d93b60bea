// Link previews for social crawlers: the crawlers of X/Twitter, Facebook, LinkedIn, Slack, Discord,
// WhatsApp and Telegram (by User-Agent) get a small page with the link's Open Graph tags instead of the redirect,
// when the link has any of them. People, and every link without a preview, are redirected as before. A gated
// link's card (password, warning, clicks limit) has no destination (redirect.engine.ts visit()).
import { esc, renderPage } from '../redirect/pages/layout';

const CRAWLERS = /Twitterbot|facebookexternalhit|Facebot|facebookcatalog|LinkedInBot|Slackbot|Slack-ImgProxy|Discordbot|WhatsApp|TelegramBot/i;

export function isSocialCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && CRAWLERS.test(userAgent);
}

export interface Preview {
  title: string | null;
  description: string | null;
  image: string | null;
}

/** The preview of a stored link, or null when it has none (the fast path's test: one null check). */
export function previewOf(row: { og_title: string | null; og_description: string | null; og_image: string | null }): Preview | null {
  return row.og_title || row.og_description || row.og_image ? { title: row.og_title, description: row.og_description, image: row.og_image } : null;
}

/**
 * The page a crawler gets: Open Graph and Twitter card tags (escaped), the short URL as og:url, and a link to the
 * destination for anything that shows the page itself. `destination` null: a gated link (password, warning,
 * clicks limit), whose card must not tell it in any form. `fallbackTitle`: the link's title, else its
 * destination (or, gated, the short URL).
 */
export function previewPage(p: Preview, shortUrl: string, destination: string | null, fallbackTitle: string): string {
  const title = p.title ?? fallbackTitle;
  const meta = (attr: 'property' | 'name', key: string, value: string | null) => (value ? `<meta ${attr}="${key}" content="${esc(value)}">` : '');
  const head = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', shortUrl),
    meta('property', 'og:title', title),
    meta('property', 'og:description', p.description),
    meta('property', 'og:image', p.image),
    meta('name', 'twitter:card', p.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', p.description),
    meta('name', 'twitter:image', p.image),
    meta('name', 'description', p.description),
  ].join('');
  const go = destination === null ? '' : `<p><a class="btn" href="${esc(destination)}">Continue</a></p>`;
  const body = `<h1 class="break">${esc(title)}</h1>${p.description ? `<p class="break">${esc(p.description)}</p>` : ''}${go}`;
  return renderPage({ title, body, head });
}
