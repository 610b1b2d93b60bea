// Which CSV format a file is, from its header row (or named with `source=`): shared by the import API
// (server/imports/formats.ts reads each format's rows) and the dashboard's Import page, which shows its
// guess as soon as a file is dropped. Headers match case-insensitively, ignoring spaces and punctuation
// ("Long URL" is longurl). The columns of each format are described in server/imports/formats.ts.
import { CsvError, detectDelimiter, parseCsv } from './csv';
import type { ImportSource } from './import.schema';

export const normalizeHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface FormatSignature {
  source: ImportSource;
  /** The normalized headers a file named as this source must have. */
  required: string[];
  /** Whether a header row (normalized) is this format, when none is named. */
  detect(h: Set<string>): boolean;
}

/** In the order detection tries them: the most specific first (linkdeck's `url` alone matches a lot). */
export const FORMAT_SIGNATURES: readonly FormatSignature[] = [
  { source: 'shlink', required: ['longurl', 'shortcode'], detect: (h) => h.has('longurl') && h.has('shortcode') },
  {
    source: 'bitly',
    required: ['longurl'],
    detect: (h) => h.has('longurl') && ['bitlink', 'link', 'bitlylink', 'id', 'shortlink'].some((n) => h.has(n)),
  },
  { source: 'yourls', required: ['keyword', 'url'], detect: (h) => h.has('keyword') && h.has('url') },
  { source: 'kutt', required: ['target'], detect: (h) => h.has('target') && (h.has('address') || h.has('link')) },
  { source: 'linkdeck', required: ['url'], detect: (h) => h.has('url') },
];

/** The source of a header row: the named one (when its columns are there) or the first that recognizes it. */
export function detectSource(headers: readonly string[], named: ImportSource | 'auto'): ImportSource | undefined {
  const set = new Set(headers.map(normalizeHeader));
  if (named !== 'auto') {
    const f = FORMAT_SIGNATURES.find((x) => x.source === named);
    return f && f.required.every((r) => set.has(r)) ? f.source : undefined;
  }
  return FORMAT_SIGNATURES.find((f) => f.detect(set))?.source;
}

/** The header row of a file's text (first record) and its delimiter; null when there is none or it is malformed. */
export function headerRow(text: string): { delimiter: ',' | ';' | '\t'; headers: string[] } | null {
  const delimiter = detectDelimiter(text);
  try {
    const first = parseCsv(text, delimiter).next();
    return first.done ? null : { delimiter, headers: first.value.fields };
  } catch (err) {
    if (err instanceof CsvError) return null;
    throw err;
  }
}
