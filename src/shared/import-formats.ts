// Which format an import file is, from its content: the layout (CSV, TSV or JSON, shared/import-records.ts)
// and the columns (a CSV's header row, a JSON file's keys), or named with `source=`. Shared by the import
// API (server/imports/formats.ts reads each format's rows) and the dashboard's Import page, which shows its
// guess as soon as a file is dropped. Headers match case-insensitively, ignoring spaces and punctuation
// ("Long URL" is longurl, `visitsSummary.total` is visitssummarytotal).
import { CsvError } from './csv';
import type { ImportSource } from './import.schema';
import { layoutOf, readRecords, type FileLayout } from './import-records';

export const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface FormatSignature {
  source: ImportSource;
  /** Alternatives: a file named as this source must have every header of one of them. */
  required: readonly (readonly string[])[];
  /** Whether a header set (normalized) is this format, when none is named. */
  detect(h: Set<string>): boolean;
}

const any = (h: Set<string>, names: readonly string[]) => names.some((n) => h.has(n));

/** Bitly's short-link columns: the dashboard's (Link, Custom Link), the older export's and the API's. */
const BITLY_LINKS = ['link', 'customlink', 'bitlink', 'bitlylink', 'custombitlinks', 'id', 'shortlink'];

/** In the order detection tries them: the most specific first (linkdeck's `url` alone matches a lot). */
export const FORMAT_SIGNATURES: readonly FormatSignature[] = [
  // Shlink's web client export (shortCode, shortUrl, longUrl), shlink-importer's CSV (Long URL with Short code
  // or Short URL) and Shlink's API answer.
  { source: 'shlink', required: [['longurl', 'shortcode'], ['longurl', 'shorturl']], detect: (h) => h.has('longurl') && any(h, ['shortcode', 'shorturl']) },
  {
    source: 'bitly',
    required: [['destinationurl'], ['longurl']],
    detect: (h) => any(h, ['destinationurl', 'longurl']) && any(h, BITLY_LINKS),
  },
  // YOURLS: its yourls_url table (dumps as CSV or TSV) and the Import-Export plugin's source,target,hits.
  { source: 'yourls', required: [['keyword', 'url'], ['source', 'target']], detect: (h) => (h.has('keyword') && h.has('url')) || (h.has('source') && h.has('target') && h.has('hits')) },
  { source: 'kutt', required: [['target']], detect: (h) => h.has('target') && any(h, ['address', 'link']) },
  { source: 'linkdeck', required: [['url']], detect: (h) => h.has('url') },
];

/** The source of a header list: the named one (when its columns are there) or the first that recognizes it. */
export function detectSource(headers: readonly string[], named: ImportSource | 'auto'): ImportSource | undefined {
  const set = new Set(headers.map(normalizeHeader));
  if (named !== 'auto') {
    const f = FORMAT_SIGNATURES.find((x) => x.source === named);
    return f && f.required.some((names) => names.every((r) => set.has(r))) ? f.source : undefined;
  }
  return FORMAT_SIGNATURES.find((f) => f.detect(set))?.source;
}

/** A file's layout and headers (a CSV's first record, a JSON file's keys); null when it has none or is malformed. */
export function headerRow(text: string): { layout: FileLayout; headers: string[] } | null {
  const layout = layoutOf(text);
  try {
    const { headers } = readRecords(text, layout);
    return headers.length ? { layout, headers } : null;
  } catch (err) {
    if (err instanceof CsvError) return null;
    throw err;
  }
}
