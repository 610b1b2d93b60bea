// The one place that puts the link editor's validation messages in the user's words: field paths become the
// labels on screen ("End must be after Start.", "Country is required.", "Germany is used twice (rule 1 has it
// too)."), never `targets.0.key` or `active_period_start_at`; the labels are the one map of
// shared/link-field-labels.ts, which the import's words use too. The shared rules word their messages as predicates
// ("must be ..."), for the API's "The url field must be ..."; this module gives them a subject.
import type { TargetsType } from '../../../shared/enums';
import { duplicateRuleSentence, namesInWords, pathParts, pathWords } from '../../../shared/link-field-labels';

// The editor's pages take the labels and key names from here (they are the shared map's).
export { LINK_FIELD_LABELS, keyName } from '../../../shared/link-field-labels';

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
  if (!ROW.test(path)) return pathWords(path);
  // ["Targeting rules", "rule 2", "country"]: under its row the part alone, in a list with its rule.
  const [, rule = '', part = ''] = pathParts(path, { targetsType: type });
  const words = withRule ? `${rule} ${part}` : part;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
    const dup = duplicateRuleSentence(m, ctx.targetsType, key);
    if (dup) return dup;
    if (ctx.targetsType !== 'rotations') {
      if (key === '') return `${linkFieldLabel(path, ctx.targetsType)} is required.`;
      // A key outside the type's list: the picker offers only valid ones, so say where to choose from.
      if (/^must be (an? |one of)/.test(m)) return `Choose a ${linkFieldLabel(path, ctx.targetsType).toLowerCase()} from the list.`;
    }
  }
  m = namesInWords(m, { targetsType: ctx.targetsType });
  if (PREDICATE.test(m)) return `${linkFieldLabel(path, ctx.targetsType)} ${m}`;
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/** A message about no field of the form (the API's whole sentence), with its field names in words. */
export const linkOtherMessage = (message: string, type: TargetsType | null) => namesInWords(message, { targetsType: type });

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
