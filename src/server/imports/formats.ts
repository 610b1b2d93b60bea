// How an import reads the rows of each CSV format. Which format a file is comes from its header row (or
// `source=`), told apart in shared/import-formats.ts. Each format maps a row to the fields of
// POST /api/v1/links plus what the import resolves itself (a creation time, a space or domain by name).
// Headers match case-insensitively, ignoring spaces and punctuation ("Long URL" is longurl). The formats,
// as their tools write them:
// - linkdeck: GET /api/v1/links/export?format=csv (shared/export.schema.ts); only `url` is required. Every
//   writable field comes back from the column that LINK_EXPORT_CARRIERS names for it (passwords never do).
// - bitly: Bitly's links export: Bitlink (or "link"/"id"), Long URL, Title, Created (At), Custom Bitlinks.
//   The alias is the path of the first custom back-half, else of the bitlink.
// - yourls: the yourls_url table as YOURLS export plugins write it: keyword, url, title, timestamp, ip, clicks.
// - kutt: Kutt's link objects: address, target, description, domain, visit_count, created_at, expire_in.
// - shlink: shlink-web-client's export (createdAt, domain, shortCode, shortUrl, longUrl, title, tags,
//   visits) and Shlink's CSV import format (longUrl, shortCode, domain, title, tags).
// Tags come along from linkdeck, bitly and shlink files (names separated by commas); click counts and
// source domains are not imported (see the README).
import { unescapeCell } from '../../shared/csv';
import type { ImportSource } from '../../shared/import.schema';
import { detectSource, normalizeHeader } from '../../shared/import-formats';
import { LINK_EXPORT_CARRIERS } from '../../shared/export.schema';

/** One row's cells by normalized header name. */
export type Cells = (name: string) => string | undefined;

/** What a row says: fields of POST /links (as strings, for the shared schema) and the import's own. */
export interface RowInput {
  fields: Record<string, unknown>;
  created_at?: string;
  space_name?: string;
  domain_name?: string;
  /**
   * Pixels by name (`pixel_names`, which the export writes besides `pixel_ids`): matched against the
   * importing account's pixels, they stand for `pixel_ids`, so that a file moves between accounts.
   */
  pixel_names?: string[];
  /** Issues found while reading the row (before the shared schema). */
  issues: { field: string; message: string }[];
}

export interface Format {
  source: ImportSource;
  read(get: Cells): RowInput;
}

const first = (get: Cells, ...names: string[]) => {
  for (const n of names) {
    const v = get(n)?.trim();
    if (v) return v;
  }
  return undefined;
};

/** The last path segment of a short URL ("bit.ly/abc", "https://bit.ly/abc"), or the text when it has none. */
export function aliasOfShortUrl(value: string): string {
  const path = value.replace(/^[a-z]+:\/\//i, '').replace(/[?#].*$/, '').replace(/\/+$/, '');
  const slash = path.lastIndexOf('/');
  return slash === -1 ? path : path.slice(slash + 1);
}

/** A cell of tag names separated by commas ("finance, reports"); none: undefined. */
export function tagCell(value: string | undefined): string[] | undefined {
  const names = (value ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  return names.length ? names : undefined;
}

const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The writable fields that travel in a column of their own name (read as text; the shared schema parses them). */
const OWN_COLUMN_FIELDS = Object.entries(LINK_EXPORT_CARRIERS)
  .filter(([field, column]) => field === column)
  .map(([field]) => field);

/** A JSON list of names in one cell (`pixel_names`); anything else is an issue of that column. */
function nameList(raw: string | undefined, column: string, issues: RowInput['issues']): string[] | undefined {
  if (!raw) return undefined;
  try {
    const names: unknown = JSON.parse(raw);
    if (Array.isArray(names) && names.every((n) => typeof n === 'string')) return names.length ? names : undefined;
  } catch {
    // reported below
  }
  issues.push({ field: column, message: 'must be a JSON list of names (as the export writes it).' });
  return undefined;
}

function readLinkdeck(get: Cells): RowInput {
  const cell = (n: string) => {
    const v = get(normalizeHeader(n));
    return v === undefined ? undefined : unescapeCell(v);
  };
  const issues: RowInput['issues'] = [];
  let targets: unknown;
  const rawTargets = cell('targets')?.trim();
  if (rawTargets) {
    try {
      targets = JSON.parse(rawTargets);
    } catch {
      issues.push({ field: 'targets', message: 'must be a JSON list of {"key", "value"} (as the export writes it).' });
    }
  }
  const flag = (v: string | undefined) => (v === undefined ? undefined : /^(1|true|yes)$/i.test(v.trim()));
  // Passwords never leave Linkdeck: a link whose statistics needed one (privacy 2) comes in private (1), and
  // one whose redirect needed one comes in disabled, so that nothing protected becomes public.
  let privacy: unknown = cell('privacy');
  if (typeof privacy === 'string' && privacy.trim() === '2') privacy = '1';
  const locked = flag(cell('redirect_password'));
  const pixels = cell('pixel_ids')?.trim();
  return {
    fields: defined({
      ...Object.fromEntries(OWN_COLUMN_FIELDS.map((f) => [f, cell(f)])),
      // The fields whose cells need more than the schema's parsing (these replace the plain reading above).
      disabled: locked ? '1' : cell('disabled') || undefined,
      targets: targets ?? (rawTargets === '' ? [] : undefined),
      sensitive_content: cell('sensitive_content') || undefined,
      privacy: privacy || undefined,
      pixel_ids: pixels ? pixels.split(/[\s,|;]+/) : undefined,
      tags: tagCell(cell('tags')),
    }),
    created_at: cell('created_at')?.trim() || undefined,
    // References travel by name, which the import matches in the importing account (import-rows.ts).
    space_name: cell(LINK_EXPORT_CARRIERS.space_id)?.trim() || undefined,
    domain_name: cell(LINK_EXPORT_CARRIERS.domain_id)?.trim() || undefined,
    pixel_names: nameList(cell(LINK_EXPORT_CARRIERS.pixel_ids)?.trim(), LINK_EXPORT_CARRIERS.pixel_ids, issues),
    issues,
  };
}

const READERS: Record<ImportSource, (get: Cells) => RowInput> = {
  shlink: (get) => ({
    // Shlink separates tags with '|' in its import format, with ',' in the web client's export.
    fields: defined({ url: get('longurl'), alias: first(get, 'shortcode'), title: first(get, 'title'), tags: tagCell(get('tags')?.replace(/\|/g, ',')) }),
    created_at: first(get, 'createdat', 'datecreated'),
    issues: [],
  }),
  bitly: (get) => {
    const custom = first(get, 'custombitlinks', 'custombitlink', 'customlinks', 'customlink', 'custombackhalf')?.split(/[\s,|;]+/)[0];
    const short = custom ?? first(get, 'bitlink', 'link', 'bitlylink', 'shortlink', 'id');
    return {
      fields: defined({ url: get('longurl'), alias: short ? aliasOfShortUrl(short) : undefined, title: first(get, 'title'), tags: tagCell(get('tags')) }),
      created_at: first(get, 'createdat', 'created', 'datecreated', 'createddate'),
      issues: [],
    };
  },
  yourls: (get) => ({
    fields: defined({ url: get('url'), alias: first(get, 'keyword'), title: first(get, 'title') }),
    created_at: first(get, 'timestamp'),
    issues: [],
  }),
  kutt: (get) => {
    const link = first(get, 'link');
    return {
      fields: defined({
        url: get('target'),
        alias: first(get, 'address') ?? (link ? aliasOfShortUrl(link) : undefined),
        title: first(get, 'description'),
        active_period_end_at: first(get, 'expirein'),
      }),
      created_at: first(get, 'createdat'),
      issues: [],
    };
  },
  linkdeck: readLinkdeck,
};

/** The format of a header row (shared/import-formats.ts) with its reader. */
export function detectFormat(headers: string[], named: ImportSource | 'auto'): Format | undefined {
  const source = detectSource(headers, named);
  return source && { source, read: READERS[source] };
}

/** The reader of a named format (a pool thread gets the name, not the function). */
export function formatOf(source: ImportSource): Format {
  return { source, read: READERS[source] };
}

/** Reads one record with the header's positions. */
export function cellsOf(index: Map<string, number>, fields: string[]): Cells {
  return (name) => {
    const i = index.get(name);
    return i === undefined ? undefined : fields[i];
  };
}

export function headerIndex(headers: string[]): Map<string, number> {
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    const n = normalizeHeader(h);
    if (n && !index.has(n)) index.set(n, i);
  });
  return index;
}
