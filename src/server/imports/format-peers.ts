// The other shorteners' exports, as their own code and docs write them (fixtures in imports/fixtures/):
// - Bitly: the dashboard's export (Link, Custom Link, Date created, Title, Destination URL, Engagements,
//   Status; a BOM and CRLF), the older one (Bitlink, Long URL, Created, Custom Bitlinks, Tags) and the API's
//   bitlink fields (id, link, custom_bitlinks, long_url, title, created_at, tags, archived), CSV or JSON.
// - Shlink: shlink-web-client's export (createdAt, domain, shortCode, shortUrl, longUrl, title, tags joined
//   with |, visits), shlink-importer's CSV (Long URL, Short code or Short URL, Domain, Title, Tags) and the
//   API's list answer (JSON: shortUrls.data, with meta.validSince/validUntil/maxVisits, visitsSummary).
// - Kutt: its API's links (JSON `data`: address, target, description, domain, link, password (a flag),
//   banned, expire_in, visit_count, created_at); Kutt exports no CSV.
// - YOURLS: its yourls_url table (keyword, url, title, timestamp, ip, clicks) dumped as CSV or TSV, with
//   NULL and backslash escapes, and the Import-Export plugin's source, target, hits.
// A row's domain is the host of its source: a `domain` column when the format has one (empty: the
// source's default domain), else the host of its short URL; the shorteners' shared hosts (bit.ly, kutt.it)
// mean "no domain of yours".
import type { ColumnUse, Format, RowInput } from './formats';
import { defined, first, firstNamed, flagOn, mysqlText, shlinkTagSeparator, shortUrlParts, tagNames } from './format-cells';

const SHARED_HOSTS = new Set(['bit.ly', 'j.mp', 'bitly.is', 'bitly.com', 'kutt.it']);

const ownHost = (host: string | undefined) => (host && !SHARED_HOSTS.has(host) ? host : undefined);

const ID_DROPPED: ColumnUse = { field: null, note: "The source's ids are not kept: Linkdeck gives each link its own." };
const CLICKS: ColumnUse = { field: 'clicks', note: 'Kept as the starting click count (analytics shows it as imported).' };
const CREATED: ColumnUse = { field: 'created_at', note: 'Kept as the creation time.' };
const BITLY_API_LINKS: ColumnUse = { field: null, note: "Not imported: addresses in Bitly's API (the link's group), not part of the link." };
/** A JSON object whose parts are columns of their own (listed one by one). */
const PARTS: ColumnUse = { field: null, note: 'Not imported as a whole: its parts are read one by one.' };

function bitly(get: Parameters<Format['read']>[0]): RowInput {
  const notes: RowInput['notes'] = [];
  // A custom back-half is the link people shared; the bitlink itself is the fallback.
  const listed = (name: string) => {
    const value = get.list(name, /[\s,|;]+/)?.[0];
    return value === undefined ? undefined : { name, value };
  };
  const custom = listed('customlink') ?? listed('custombitlinks') ?? firstNamed(get, 'custombitlink', 'custombackhalf');
  const short = custom ?? firstNamed(get, 'link', 'bitlink', 'bitlylink', 'shortlink', 'id');
  const parts = short ? shortUrlParts(short.value) : undefined;
  return {
    fields: defined({ url: first(get, 'destinationurl', 'longurl'), alias: parts?.alias || undefined, title: first(get, 'title'), tags: tagNames(get, 'tags', ',', notes) }),
    created_at: first(get, 'datecreated', 'createdat', 'created', 'createddate'),
    clicks: first(get, 'engagements', 'clicks', 'totalclicks', 'userclicks'),
    domain_name: ownHost(parts?.host),
    from: short ? { alias: short.name } : undefined,
    issues: [],
    notes,
  };
}

export const BITLY_FORMAT: Format = {
  source: 'bitly',
  columns: {
    link: { field: 'alias', note: 'The alias and domain come from the custom link when there is one, else from this bitlink.' },
    bitlink: { field: 'alias' }, id: { field: 'alias' }, bitlylink: { field: 'alias' }, shortlink: { field: 'alias' },
    customlink: { field: 'alias', note: 'Its path is the alias; its host the domain (bit.ly: your default domain).' },
    custombitlinks: { field: 'alias' }, custombitlink: { field: 'alias' }, custombackhalf: { field: 'alias' },
    destinationurl: { field: 'url' }, longurl: { field: 'url' }, title: { field: 'title' }, tags: { field: 'tags' },
    datecreated: CREATED, createdat: CREATED, created: CREATED, createddate: CREATED,
    engagements: { field: 'clicks', note: "Kept as the starting click count, shown in analytics as imported clicks (Bitly's engagements: clicks and QR scans together)." },
    clicks: CLICKS, totalclicks: CLICKS, userclicks: CLICKS,
    status: { field: null, note: 'Not imported: a hidden (archived) Bitly link still redirects, so every link comes in active.' },
    archived: { field: null, note: 'Not imported: a hidden (archived) Bitly link still redirects, so every link comes in active.' },
    createdby: { field: null, note: 'Not imported: links belong to the account that imports them.' },
    clientid: ID_DROPPED, deeplinks: { field: null, note: 'Not imported: Linkdeck has no app deep links.' },
    references: BITLY_API_LINKS, referencesgroup: BITLY_API_LINKS,
  },
  absent: {
    clicks:
      "This export has no click counts (Bitly's older export and its API's list of links carry none): every link starts at 0 clicks. Bitly's dashboard export (Links, Export) has them as Engagements.",
  },
  read: bitly,
};

function shlink(get: Parameters<Format['read']>[0]): RowInput {
  const notes: RowInput['notes'] = [];
  const parts = shortUrlParts(first(get, 'shorturl') ?? '');
  // A `domain` column wins, even empty (the default domain), as shlink-importer reads it.
  const domain = get.has('domain') ? first(get, 'domain') : parts.host;
  const code = firstNamed(get, 'shortcode');
  return {
    fields: defined({
      url: first(get, 'longurl'),
      alias: code?.value ?? (parts.alias || undefined),
      title: first(get, 'title'),
      tags: tagNames(get, 'tags', shlinkTagSeparator(get, 'tags'), notes),
      active_period_start_at: first(get, 'metavalidsince', 'validsince'),
      active_period_end_at: first(get, 'metavaliduntil', 'validuntil'),
      clicks_limit: first(get, 'metamaxvisits', 'maxvisits'),
    }),
    created_at: first(get, 'createdat', 'datecreated'),
    clicks: first(get, 'visits', 'visitssummarytotal', 'visitscount'),
    domain_name: domain,
    from: { alias: code ? 'shortcode' : 'shorturl' },
    issues: [],
    notes,
  };
}

const SHLINK_DROPPED = (what: string): ColumnUse => ({ field: null, note: `Not imported: Linkdeck has no ${what}.` });

export const SHLINK_FORMAT: Format = {
  source: 'shlink',
  columns: {
    longurl: { field: 'url' }, shortcode: { field: 'alias' },
    shorturl: { field: 'alias', note: 'Read for the alias (and the domain when the file has no domain column).' },
    domain: { field: 'domain_name', note: 'Matched with your domains by name; empty: your default domain.' },
    title: { field: 'title' }, tags: { field: 'tags' },
    createdat: CREATED, datecreated: CREATED,
    visits: CLICKS, visitssummarytotal: CLICKS, visitscount: CLICKS,
    visitssummarynonbots: { field: null, note: 'Not imported: the total (visitsSummary.total) is kept.' },
    visitssummarybots: { field: null, note: 'Not imported: the total (visitsSummary.total) is kept.' },
    metavalidsince: { field: 'active_period_start_at' }, validsince: { field: 'active_period_start_at' },
    metavaliduntil: { field: 'active_period_end_at' }, validuntil: { field: 'active_period_end_at' },
    metamaxvisits: { field: 'clicks_limit' }, maxvisits: { field: 'clicks_limit' },
    crawlable: SHLINK_DROPPED('crawlable flag (short links are never indexed)'), forwardquery: SHLINK_DROPPED('forward-query flag'),
    devicelongurls: SHLINK_DROPPED('per-device URLs here: add operating-system targeting rules after the import'),
    devicelongurlsandroid: SHLINK_DROPPED('per-device URLs'), devicelongurlsios: SHLINK_DROPPED('per-device URLs'), devicelongurlsdesktop: SHLINK_DROPPED('per-device URLs'),
    meta: PARTS, visitssummary: PARTS,
  },
  read: shlink,
};

function kutt(get: Parameters<Format['read']>[0]): RowInput {
  const notes: RowInput['notes'] = [];
  const link = shortUrlParts(first(get, 'link') ?? '');
  const address = firstNamed(get, 'address');
  // Passwords never leave Kutt (its API says only whether one is set): such a link is not made public.
  const locked = flagOn(get.text('password'));
  const banned = flagOn(get.text('banned'));
  if (locked) notes.push({ field: 'disabled', message: 'It had a password in Kutt, which no export carries: it comes in disabled. Set a redirect password, then enable it.' });
  if (banned) notes.push({ field: 'disabled', message: 'It was banned in Kutt: it comes in disabled.' });
  return {
    fields: defined({
      url: first(get, 'target'),
      alias: address?.value ?? (link.alias || undefined),
      title: first(get, 'description'),
      active_period_end_at: first(get, 'expirein'),
      disabled: locked || banned ? '1' : undefined,
    }),
    created_at: first(get, 'createdat'),
    clicks: first(get, 'visitcount'),
    domain_name: ownHost(get.has('domain') ? first(get, 'domain') : link.host),
    from: { alias: address ? 'address' : 'link' },
    issues: [],
    notes,
  };
}

export const KUTT_FORMAT: Format = {
  source: 'kutt',
  columns: {
    target: { field: 'url' }, address: { field: 'alias' }, link: { field: 'alias', note: 'Read for the alias when there is no address.' },
    description: { field: 'title' }, domain: { field: 'domain_name', note: 'Matched with your domains by name; empty: your default domain.' },
    expirein: { field: 'active_period_end_at' }, visitcount: CLICKS, createdat: CREATED,
    password: { field: 'disabled', note: 'A link that had a password comes in disabled: Kutt never exports passwords.' },
    banned: { field: 'disabled', note: 'A banned link comes in disabled.' },
    id: ID_DROPPED, uuid: ID_DROPPED, updatedat: { field: null, note: 'Not imported: Linkdeck sets its own.' },
  },
  read: kutt,
};

/**
 * The keyword of the Import-Export plugin's `source` cell, which is a path (`/keyword/`, or a whole short
 * URL): its last path segment.
 */
export function keywordOfSource(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const path = value.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '').replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1) || undefined;
}

function yourls(get: Parameters<Format['read']>[0]): RowInput {
  const text = (...names: string[]) => mysqlText(first(get, ...names));
  const keyword = text('keyword');
  return {
    fields: defined({ url: text('url', 'target'), alias: keyword ?? keywordOfSource(text('source')), title: text('title') }),
    created_at: text('timestamp'),
    clicks: text('clicks', 'hits'),
    from: { alias: keyword !== undefined ? 'keyword' : 'source' },
    issues: [],
    notes: [],
  };
}

export const YOURLS_FORMAT: Format = {
  source: 'yourls',
  columns: {
    keyword: { field: 'alias' }, source: { field: 'alias', note: 'A path (/keyword/): its last segment is the alias.' }, url: { field: 'url' }, target: { field: 'url' }, title: { field: 'title' },
    timestamp: { field: 'created_at', note: 'Kept as the creation time (YOURLS stores it without a zone: read as UTC).' },
    clicks: CLICKS, hits: CLICKS,
    ip: { field: null, note: 'Not imported: Linkdeck keeps no IP addresses.' },
  },
  read: yourls,
};
