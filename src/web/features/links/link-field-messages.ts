// The one place that puts the link editor's validation messages in the user's words: field paths become the
// labels on screen ("End must be after Start.", "Country is required.", "Germany is used twice (rule 1 has it
// too)."), never `targets.0.key` or `active_period_start_at`. The shared rules word their messages as predicates
// ("must be ..."), for the API's "The url field must be ..."; this module gives them a subject.
import type { TargetsType } from '../../../shared/enums';
import { CONTINENTS } from '../../../shared/enums';
import { COUNTRIES, LANGUAGES } from '../../../shared/geo-data';

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

const LABELS: Record<string, string> = LINK_FIELD_LABELS;

/** What a rule's key is, per targeting type. */
const KEY_LABELS: Record<TargetsType, string> = {
  countries: 'Country',
  languages: 'Language',
  continents: 'Continent',
  operating_systems: 'Operating system',
  browsers: 'Browser',
  devices: 'Device',
  rotations: 'Weight',
};

export interface MessageContext {
  targetsType: TargetsType | null;
  targets: readonly { key: string }[];
}

const ROW = /^targets\.(\d+)\.(key|value)$/;

/**
 * The label of a field path: `alias` -> "Alias"; a rule's key -> "Country" (its type's word), its destination ->
 * "Destination"; with `withRule`, "Rule 2 country" / "Rule 2 destination" (for lists of fields).
 */
export function linkFieldLabel(path: string, type: TargetsType | null, withRule = false): string {
  const row = ROW.exec(path);
  if (row) {
    const word = row[2] === 'value' ? 'Destination' : type ? KEY_LABELS[type] : 'Key';
    return withRule ? `Rule ${Number(row[1]) + 1} ${word.toLowerCase()}` : word;
  }
  return LABELS[path] ?? path.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** The plain name of a rule's key: "DE" -> "Germany", "fr" -> "French", "EU" -> "Europe"; others as they are. */
export function keyName(type: TargetsType | null, key: string): string {
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

// API names inside a message (`active_period_start_at`); plain words such as "password" or "url" stay as they are.
const FIELD_NAME = new RegExp(`\\b(${Object.keys(LINK_FIELD_LABELS).filter((k) => k.includes('_')).join('|')})\\b`, 'g');
const PREDICATE = /^(must|is|are|has|have|does|cannot|should|may)\b/;

/**
 * A validation message as a sentence in the user's words: a predicate (the shared rules', or the API's once
 * lib/field-errors.ts took its subject off) gets the field's label; a whole sentence stays as it is.
 */
export function linkFieldMessage(path: string, message: string, ctx: MessageContext): string {
  let m = message.trim();
  const row = ROW.exec(path);
  if (row?.[2] === 'key') {
    const index = Number(row[1]);
    const key = ctx.targets[index]?.key.trim() ?? '';
    const dup = /^duplicates targets\.(\d+)\.key/.exec(m);
    if (dup) return `${keyName(ctx.targetsType, key)} is used twice (rule ${Number(dup[1]) + 1} has it too).`;
    if (ctx.targetsType !== 'rotations') {
      if (key === '') return `${linkFieldLabel(path, ctx.targetsType)} is required.`;
      // A key outside the type's list: the picker offers only valid ones, so say where to choose from.
      if (/^must be (an? |one of)/.test(m)) return `Choose a ${linkFieldLabel(path, ctx.targetsType).toLowerCase()} from the list.`;
    }
  }
  m = m
    .replace('must be a date after', 'must be after')
    .replace('when privacy is 2 (password)', 'when the statistics page asks for a password')
    .replace(FIELD_NAME, (name) => LABELS[name] ?? name);
  if (PREDICATE.test(m)) return `${linkFieldLabel(path, ctx.targetsType)} ${m}`;
  return m.charAt(0).toUpperCase() + m.slice(1);
}

interface ErrorNode {
  message?: unknown;
  type?: unknown;
  [k: string]: unknown;
}

/** Rewrites every message of a react-hook-form errors tree in place (see linkFieldMessage). */
export function rewriteErrorMessages(errors: Record<string, unknown>, ctx: MessageContext, base = ''): void {
  for (const [k, node] of Object.entries(errors)) {
    if (!node || typeof node !== 'object' || k === 'ref') continue;
    const path = base ? `${base}.${k}` : k;
    const n = node as ErrorNode;
    if (typeof n.message === 'string' && typeof n.type === 'string') n.message = linkFieldMessage(path, n.message, ctx);
    rewriteErrorMessages(n as Record<string, unknown>, ctx, path);
  }
}
