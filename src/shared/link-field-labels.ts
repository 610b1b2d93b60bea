// The one map of a link's fields (and an import's own) to the words a person reads, and the one function that
// turns an issue's path into words: `targets.0.value` -> "Targeting rules, rule 1, destination", never the path.
// The editor (web/features/links/link-field-messages.ts), the import page (web/features/imports/import-text.ts)
// and the import's own messages (server/imports/import-messages.ts) all word fields with it.
import { CONTINENTS, type TargetsType } from './enums';
import { COUNTRIES, LANGUAGES } from './geo-data';
import { UTM_KEYS, UTM_LABELS } from './utm';

/** Labels of the link's fields, as the editor shows them. */
export const LINK_FIELD_LABELS = {
  url: 'Destination URL',
  alias: 'Alias',
  title: 'Title',
  domain: 'Domain',
  domain_id: 'Domain',
  space_id: 'Space',
  pixel_ids: 'Pixels',
  redirect_password: 'Redirect password',
  sensitive_content: 'Sensitive content',
  privacy: 'Statistics page',
  password: 'Statistics password',
  active_period_start_at: 'Start',
  active_period_end_at: 'End',
  clicks_limit: 'Clicks limit',
  expiration_url: 'Expiration URL',
  disabled: 'Disabled',
  targets_type: 'Targeting',
  targets: 'Targeting rules',
  tags: 'Tags',
  og_title: 'Card headline',
  og_description: 'Card description',
  og_image: 'Card image URL',
} as const satisfies Record<string, string>;

/** The import's own fields, and the link fields whose editor label says too little away from the editor. */
const IMPORT_FIELD_LABELS: Readonly<Record<string, string>> = {
  created_at: 'Creation date',
  clicks: 'Starting click count',
  domain_name: 'Domain',
  space_name: 'Space',
  pixel_names: 'Pixels',
  active_period_start_at: 'Start date',
  active_period_end_at: 'End date',
  disabled: 'Enabled or disabled',
};

/** The UTM fields of a create or update body ("UTM source"), from the UTM builder's own labels. */
const UTM_FIELD_LABELS: Readonly<Record<string, string>> = Object.fromEntries(UTM_KEYS.map((k) => [k, `UTM ${UTM_LABELS[k].toLowerCase()}`]));

const EDITOR_LABELS: Readonly<Record<string, string>> = { ...UTM_FIELD_LABELS, ...LINK_FIELD_LABELS };

/** What a rule's key is, per targeting type. */
export const TARGET_KEY_LABELS: Record<TargetsType, string> = {
  countries: 'Country',
  languages: 'Language',
  continents: 'Continent',
  operating_systems: 'Operating system',
  browsers: 'Browser',
  devices: 'Device',
  rotations: 'Weight',
};

/** Where the words are read: in the link editor, or about an import (its own fields, and "Start date" for Start). */
export type LabelPlace = 'editor' | 'import';

export interface PathContext {
  place?: LabelPlace;
  /** The link's targeting type: a rule's key is then named by it ("country"). */
  targetsType?: TargetsType | null;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Destination URL" -> "destination URL": a label inside a sentence (acronyms stay). */
export const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);

/** A field's label: `url` -> "Destination URL"; an unknown one from its name (`some_field` -> "Some field"). */
export function fieldLabel(field: string, place: LabelPlace = 'editor'): string {
  return (place === 'import' ? IMPORT_FIELD_LABELS[field] : undefined) ?? EDITOR_LABELS[field] ?? capital(field.replace(/_/g, ' '));
}

/** What an item of a list field is called: rule 2, tag 1, pixel 3. */
const ITEM_WORDS: Readonly<Record<string, string>> = { targets: 'rule', tags: 'tag', pixel_ids: 'pixel', pixel_names: 'pixel' };

const isIndex = (s: string | undefined): s is string => s !== undefined && /^\d+$/.test(s);

/** A rule's part: its key by the targeting type ("country"), its destination. */
function rulePart(leaf: string, type: TargetsType | null | undefined): string {
  if (leaf === 'value') return 'destination';
  if (leaf === 'key') return type ? TARGET_KEY_LABELS[type].toLowerCase() : 'key';
  return inSentence(fieldLabel(leaf));
}

/**
 * An issue's path as the parts a person reads: `targets.0.value` -> ["Targeting rules", "rule 1", "destination"],
 * `tags.2` -> ["Tags", "tag 3"], `url` -> ["Destination URL"]. A bulk body's paths too: `links.12.alias` (a row of
 * a bulk create) -> ["Link 13", "Alias"], `set.clicks_limit` (a bulk edit) -> ["Clicks limit"].
 */
export function pathParts(path: string | readonly PropertyKey[], ctx: PathContext = {}): string[] {
  const segments = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((s) => s !== '');
  if (segments[0] === 'set') segments.shift();
  if (segments[0] === 'links' && isIndex(segments[1])) {
    const rest = segments.slice(2);
    return [`Link ${Number(segments[1]) + 1}`, ...(rest.length ? pathParts(rest, ctx) : [])];
  }
  const [root = '', index, leaf, ...deeper] = segments;
  const parts = [fieldLabel(root, ctx.place)];
  if (isIndex(index)) {
    parts.push(`${ITEM_WORDS[root] ?? 'item'} ${Number(index) + 1}`);
    if (leaf !== undefined) parts.push(root === 'targets' ? rulePart(leaf, ctx.targetsType) : inSentence(fieldLabel(leaf, ctx.place)));
    parts.push(...deeper.map((d) => d.replace(/_/g, ' ')));
  } else if (index !== undefined) parts.push(...segments.slice(1).map((d) => d.replace(/_/g, ' ')));
  return parts;
}

/** An issue's path in words: `targets.0.value` -> "Targeting rules, rule 1, destination"; `url` -> "Destination URL". */
export function pathWords(path: string | readonly PropertyKey[], ctx: PathContext = {}): string {
  return pathParts(path, ctx).join(', ');
}

/** The part of a list a path names, without its field: `targets.1.key` -> "rule 2, key"; a plain field -> null. */
export function partWords(path: string, ctx: PathContext = {}): string | null {
  const parts = pathParts(path, ctx);
  return parts.length > 1 && isIndex(path.replace(/^(set|links\.\d+)\./, '').split('.')[1]) ? parts.slice(1).join(', ') : null;
}

/** The plain name of a rule's key: "DE" -> "Germany", "fr" -> "French", "EU" -> "Europe"; others as they are. */
export function keyName(type: TargetsType | null | undefined, key: string): string {
  switch (type) {
    case 'countries':
      return COUNTRIES.find((c) => c.code === key.toUpperCase())?.name ?? key;
    case 'languages':
      return LANGUAGES.find((l) => l.code === key.toLowerCase())?.name ?? key;
    case 'continents':
      return CONTINENTS[key.toUpperCase() as keyof typeof CONTINENTS] ?? key;
    default:
      return key;
  }
}

/** "duplicates targets.0.key (DE)." (shared/targets.ts) -> "Germany is used twice (rule 1 has it too).", or null. */
export function duplicateRuleSentence(message: string, type: TargetsType | null | undefined, key?: string): string | null {
  const dup = /^duplicates targets\.(\d+)\.key(?: \(([^)]*)\))?/.exec(message.trim());
  if (!dup) return null;
  return `${keyName(type, key ?? dup[2] ?? '')} is used twice (rule ${Number(dup[1]) + 1} has it too).`;
}

// A path inside a message (`targets.0.key`, `links.3.alias`), or a known API name with an underscore
// (`active_period_start_at`, `utm_source`); plain words such as "password" or "url", and other names
// (`date_format=dmy`, which the import page words itself), stay as they are.
const NAMES = [...new Set([...Object.keys(EDITOR_LABELS), ...Object.keys(IMPORT_FIELD_LABELS)])].filter((k) => k.includes('_'));
const PATH_IN_TEXT = new RegExp(`\\b((?:${['links', 'targets', 'tags', 'pixel_ids', 'pixel_names'].join('|')})\\.\\d+(?:\\.[a-z_]+)?|(?:${NAMES.join('|')}))\\b`, 'g');
const SENTENCE_FIELD = /\bThe ([a-z_]+(?:\.[a-z0-9_]+)*) field\b/g;

/**
 * A message with every field path and API name in it put in words: "must be a date after active_period_start_at"
 * -> "must be a date after Start", "The targets.0.value field must be …" (the API's sentence) -> "Targeting rules,
 * rule 1, destination must be …", "is required when privacy is 2 (password)" -> "… when the statistics page asks
 * for a password".
 */
export function namesInWords(message: string, ctx: PathContext = {}): string {
  return message
    .replace('must be a date after', 'must be after')
    .replace('when privacy is 2 (password)', 'when the statistics page asks for a password')
    .replace(SENTENCE_FIELD, (_m, path: string) => pathWords(path, ctx))
    .replace(PATH_IN_TEXT, (path: string) => (path.includes('.') ? inSentence(pathWords(path, ctx)) : fieldLabel(path, ctx.place)));
}
