// A row's problem in words a person reads next to their own file: it names the file's column ("The "Long
// URL" column must be a valid URL."), and a part of a list by its number ("rule 2's destination"), never a
// path such as `targets.1.value`. `field` keeps the API's path for programs.
import type { ImportFailure } from '../../shared/import.schema';
import { columnOf, type Format, type RowNote } from './formats';

const PREDICATE = /^(must|is|are|has|have|does|duplicates|cannot|should|may|names)\b/;

/** "targets.1.value" -> "rule 2's destination"; "tags.0" -> "tag 1"; a plain field -> null. */
function partOf(path: string): string | null {
  const [root, index, leaf] = path.split('.');
  if (index === undefined || !/^\d+$/.test(index)) return null;
  const n = Number(index) + 1;
  if (root === 'targets') return leaf === 'key' ? `rule ${n}'s key` : leaf === 'value' ? `rule ${n}'s destination` : `rule ${n}`;
  if (root === 'tags') return `tag ${n}`;
  if (root === 'pixel_names' || root === 'pixel_ids') return `pixel ${n}`;
  return `item ${n}`;
}

const WORDS: Record<string, string> = {
  url: 'destination URL', alias: 'alias', title: 'title', created_at: 'creation date', clicks: 'click count',
  domain_name: 'domain', space_name: 'space', pixel_ids: 'pixels', pixel_names: 'pixels', tags: 'tags', targets: 'targeting rules',
  targets_type: 'targeting type', active_period_start_at: 'start date', active_period_end_at: 'end date', clicks_limit: 'clicks limit',
  expiration_url: 'expiration URL', disabled: 'disabled flag', privacy: 'statistics privacy', sensitive_content: 'sensitive-content flag',
  og_title: 'card headline', og_description: 'card description', og_image: 'card image URL',
};

export function importMessage(format: Format, headers: readonly string[], line: number, note: RowNote): ImportFailure {
  const root = note.field.split('.')[0] ?? note.field;
  const column = columnOf(format, headers, note.field) ?? null;
  const part = partOf(note.field);
  const subject = column ? `The "${column}" column` : `The ${WORDS[root] ?? root.replace(/_/g, ' ')}`;
  const whole = part ? `${subject} (${part})` : subject;
  const message = PREDICATE.test(note.message) ? `${whole} ${note.message}` : `${whole}: ${note.message}`;
  return { line, field: note.field, column, message };
}
