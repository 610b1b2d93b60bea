// Linkdeck's own export, CSV or JSON (GET /api/v1/links/export, shared/export.schema.ts): only `url` is
// required. Every writable field comes back from the column that LINK_EXPORT_CARRIERS names for it (the
// JSON file's link objects flatten to the same names: `domain.name` is domain_name); passwords never do. The
// clicks column is the link's starting count.
import { unescapeCell } from '../../shared/csv';
import { normalizeHeader } from '../../shared/import-formats';
import { LINK_EXPORT_CARRIERS, LINK_EXPORT_COLUMNS } from '../../shared/export.schema';
import type { Cells, ColumnUse, Format, RowInput } from './formats';
import { defined, flagOn, tagNames } from './format-cells';

/** The writable fields that travel in a column of their own name (read as text; the shared schema parses them). */
const OWN_COLUMN_FIELDS = Object.entries(LINK_EXPORT_CARRIERS)
  .filter(([field, column]) => field === column)
  .map(([field]) => field);

/** Names in a cell: a JSON list of names, or of objects with a name (the JSON export's `pixels`, `tags`). */
function namesOf(raw: string | undefined, column: string, issues: RowInput['issues']): string[] | undefined {
  if (!raw) return undefined;
  try {
    const list: unknown = JSON.parse(raw);
    if (Array.isArray(list)) {
      const names = list.map((n: unknown) => (typeof n === 'string' ? n : typeof n === 'object' && n !== null && 'name' in n && typeof n.name === 'string' ? n.name : null));
      if (names.every((n) => n !== null)) return names.length ? names : undefined;
    }
  } catch {
    // reported below
  }
  issues.push({ field: column, message: 'must be a JSON list of names (as the export writes it).' });
  return undefined;
}

function readLinkdeck(get: Cells): RowInput {
  const cell = (n: string) => {
    const v = get.text(normalizeHeader(n));
    return v === undefined ? undefined : unescapeCell(v);
  };
  const issues: RowInput['issues'] = [];
  const notes: RowInput['notes'] = [];
  let targets: unknown;
  const rawTargets = cell('targets')?.trim();
  if (rawTargets) {
    try {
      targets = JSON.parse(rawTargets);
    } catch {
      issues.push({ field: 'targets', message: 'must be a JSON list of {"key", "value"} (as the export writes it).' });
    }
  }
  // Passwords never leave Linkdeck: a link whose statistics needed one (privacy 2) comes in private (1), and
  // one whose redirect needed one comes in disabled, so that nothing protected becomes public.
  let privacy: unknown = cell('privacy');
  if (typeof privacy === 'string' && privacy.trim() === '2') {
    privacy = '1';
    notes.push({ field: 'privacy', message: 'Its statistics had a password, which no export carries: they come in private.' });
  }
  const locked = flagOn(cell('redirect_password'));
  if (locked) notes.push({ field: 'disabled', message: 'It had a redirect password, which no export carries: it comes in disabled. Set a password, then enable it.' });
  const pixels = cell('pixel_ids')?.trim();
  // The JSON export's tags are objects ({id, name, color}); the CSV's are names joined with ", ".
  const rawTags = cell('tags')?.trim();
  const tags = rawTags?.startsWith('[') ? namesOf(rawTags, 'tags', issues) : tagNames(get, 'tags', ',', notes);
  const pixelNames = cell(LINK_EXPORT_CARRIERS.pixel_ids)?.trim() ?? cell('pixels')?.trim();
  return {
    fields: defined({
      ...Object.fromEntries(OWN_COLUMN_FIELDS.map((f) => [f, cell(f)])),
      // The fields whose cells need more than the schema's parsing (these replace the plain reading above).
      disabled: locked ? '1' : cell('disabled') || undefined,
      targets: targets ?? (rawTargets === '' ? [] : undefined),
      sensitive_content: cell('sensitive_content') || undefined,
      privacy: privacy || undefined,
      pixel_ids: pixels && !pixelNames ? pixels.split(/[\s,|;]+/) : undefined,
      tags,
    }),
    created_at: cell('created_at')?.trim() || undefined,
    clicks: cell('clicks')?.trim() || undefined,
    // References travel by name, which the import matches in the importing account (import-rows.ts).
    space_name: cell(LINK_EXPORT_CARRIERS.space_id)?.trim() || undefined,
    domain_name: cell(LINK_EXPORT_CARRIERS.domain_id)?.trim() || undefined,
    pixel_names: namesOf(pixelNames, LINK_EXPORT_CARRIERS.pixel_ids, issues),
    issues,
    notes,
  };
}

const NOT_READ: Partial<Record<string, ColumnUse>> = {
  id: { field: null, note: 'Not kept: each link gets a new id.' },
  short_url: { field: null, note: 'Not read: the alias and domain columns carry it.' },
  status: { field: null, note: 'Not read: it follows from the other fields.' },
  password: { field: null, note: 'Passwords are never exported: a link whose statistics had one comes in private.' },
  redirect_password: { field: 'disabled', note: 'Passwords are never exported: a link that had one comes in disabled.' },
  space_id: { field: null, note: 'Not read: spaces are matched by name (space_name).' },
  domain_id: { field: null, note: 'Not read: domains are matched by name (domain_name).' },
  pixel_ids: { field: 'pixel_ids', note: 'Read only when the file has no pixel names (ids differ between accounts).' },
  pixels: { field: 'pixel_ids', note: 'Matched with your pixels by name.' },
  clicks: { field: 'clicks', note: 'Kept as the starting click count (analytics shows it as imported).' },
  created_at: { field: 'created_at', note: 'Kept as the creation time.' },
  updated_at: { field: null, note: 'Not read: Linkdeck sets its own.' },
  space_name: { field: 'space_name', note: 'Matched with your spaces by name.' },
  domain_name: { field: 'domain_name', note: 'Matched with your domains by name.' },
  pixel_names: { field: 'pixel_ids', note: 'Matched with your pixels by name.' },
  imported_clicks: { field: null, note: 'Not read: the clicks column is the starting count (it includes these).' },
  imported_at: { field: null, note: 'Not read: the import dates the imported clicks itself.' },
};

const COLUMNS: Record<string, ColumnUse> = Object.fromEntries(
  [...LINK_EXPORT_COLUMNS, 'pixels', 'imported_clicks', 'imported_at'].map((c) => [normalizeHeader(c), NOT_READ[c] ?? (OWN_COLUMN_FIELDS.includes(c) || c === 'tags' ? { field: c } : { field: null })]),
);

export const LINKDECK_FORMAT: Format = { source: 'linkdeck', columns: COLUMNS, read: readLinkdeck };
