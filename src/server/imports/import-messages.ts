// A row's problem in words a person reads next to their own file: it names the file's column ("The "Long
// URL" column must be a valid URL."), and a part of a list by its number ("rule 2, destination"), never a path
// such as `targets.1.value`; `field` keeps the API's path for programs. The words are the shared map's
// (shared/link-field-labels.ts), which the dashboard's editor and import page use too.
import type { ImportFailure } from '../../shared/import.schema';
import { duplicateRuleSentence, fieldLabel, inSentence, namesInWords, partWords } from '../../shared/link-field-labels';
import { columnOf, type Format, type RowNote } from './formats';

const PREDICATE = /^(must|is|are|has|have|does|duplicates|cannot|should|may|names)\b/;

/** `from`: the column (normalized header) each field of the row was read from, when the format chose one. */
/**
 * `words` applied to a message whose request parameters (`domain_id=`, `domain_map=`) are kept as they are
 * written: they are what the user sends, not fields to put in words ("Domain=" names no parameter).
 */
function keepParameters(message: string, words: (m: string) => string): string {
  const kept: string[] = [];
  // Held as ⟦0⟧, ⟦1⟧ ... (characters no message has) while the rest is put in words.
  const held = message.replace(/\b[a-z_]+=/g, (p) => `\u27e6${kept.push(p) - 1}\u27e7`);
  return words(held).replace(/\u27e6(\d+)\u27e7/g, (_m, i: string) => kept[Number(i)] ?? '');
}

export function importMessage(format: Format, headers: readonly string[], line: number, note: RowNote, from?: Record<string, string>): ImportFailure {
  const root = note.field.split('.')[0] ?? note.field;
  const column = columnOf(format, headers, note.field, from?.[root]) ?? null;
  const part = partWords(note.field, { place: 'import' });
  const subject = column ? `The "${column}" column` : `The ${inSentence(fieldLabel(root, 'import'))}`;
  const whole = part ? `${subject} (${part})` : subject;
  // A rule's key used twice names the key and the rule that has it ("DE is used twice (rule 1 has it too).").
  const text = duplicateRuleSentence(note.message, null) ?? keepParameters(note.message, (m) => namesInWords(m, { place: 'import' }));
  const message = PREDICATE.test(text) ? `${whole} ${text}` : `${whole}: ${text}`;
  return { line, field: note.field, column, message };
}
