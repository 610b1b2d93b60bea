// The one place that puts a refused save's field errors on a form. The API answers a 422 with
// `{ message, errors: { field: [message, …] } }`, fields named with dots (`targets.0.value`, `pixel_ids.1`), each
// message a sentence about its field ("The url field must be a valid URL."). Each error lands on the form's field
// by its react-hook-form path, as the predicate that the field's label completes ("must be a valid URL."); an
// error on no field of the form is shown above it, whole.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { sentence } from '../../shared/zod-messages';
import { ApiError } from './api-client';

/** How a form names the API's fields. */
export interface FieldMap<P extends string = string> {
  /** The form's fields (react-hook-form names): an API field of the same name lands there. */
  fields: readonly P[];
  /** API fields the form names otherwise: { domain: 'domain_id' }. */
  renamed?: Readonly<Record<string, P>>;
  /**
   * List fields whose items have fields of their own, shown on each row: { targets: ['key', 'value'] } keeps
   * `targets.0.value`. An error on any other item lands on its list (`pixel_ids.1` on `pixel_ids`).
   */
  rows?: Readonly<Partial<Record<P, readonly string[]>>>;
}

export interface MappedErrors {
  /** One error per form path (the first the API gave), as a predicate. */
  fields: { path: string; message: string }[];
  /** Messages about no field of the form, whole. */
  other: string[];
}

/**
 * An API message about `field` without its subject: "The url field must be a URL." -> "must be a URL.". The prefix
 * is the one the API's own sentence() writes (shared/zod-messages.ts), not a copy of it; other messages stay whole.
 */
export function fieldPredicate(field: string, message: string): string {
  const prefix = sentence(field, 'is').slice(0, -'is'.length);
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

const isIndex = (s: string | undefined): s is string => s !== undefined && s !== '' && Number.isInteger(Number(s));

/** The form path of an API field (`targets.0.value`, `pixel_ids.1` -> `pixel_ids`, `domain` -> `domain_id`), or null. */
export function formPath<P extends string>(apiField: string, map: FieldMap<P>): string | null {
  const [head = '', index, sub, ...deeper] = apiField.split('.');
  const field: string = map.renamed?.[head] ?? head;
  if (!(map.fields as readonly string[]).includes(field)) return null;
  const rowFields = map.rows?.[field as P];
  if (rowFields && isIndex(index) && sub !== undefined && deeper.length === 0 && rowFields.includes(sub)) return `${field}.${index}.${sub}`;
  return field;
}

/** Splits a 422's `errors` into errors on the form's fields and the rest. */
export function mapApiErrors<P extends string>(errors: Readonly<Record<string, readonly string[]>>, map: FieldMap<P>): MappedErrors {
  const fields = new Map<string, string>();
  const other: string[] = [];
  for (const [apiField, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    const path = formPath(apiField, map);
    if (path === null) other.push(first);
    else if (!fields.has(path)) fields.set(path, fieldPredicate(apiField, first));
  }
  return { fields: [...fields].map(([path, message]) => ({ path, message })), other };
}

/** "must be a URL." -> "Must be a URL.": a field's message under its label. */
export function capitalised(message: string): string {
  const m = message.trim();
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/** A react-hook-form field error as the field shows it; nothing without one. */
export function fieldError(error: { message?: string } | undefined): string | undefined {
  return error?.message ? capitalised(error.message) : undefined;
}

export interface AppliedErrors {
  /** The form paths that got an error. */
  fields: string[];
  /** What to show above the form: messages about no field, or the failure itself (never empty when fields is). */
  other: string[];
}

/**
 * Puts a failed save's field errors on the form (the first field focused); `word` turns a path and its predicate
 * into the message shown (by default the predicate, capitalised). Anything but a 422 is a message above the form.
 */
export function applyApiErrors<V extends FieldValues>(
  error: unknown,
  map: FieldMap<FieldPath<V>>,
  setError: UseFormSetError<V>,
  word: (path: string, predicate: string) => string = (_path, predicate) => capitalised(predicate),
): AppliedErrors {
  if (!(error instanceof ApiError)) return { fields: [], other: [error instanceof Error ? error.message : 'Saving failed.'] };
  if (error.status !== 422) return { fields: [], other: [error.message] };
  const mapped = mapApiErrors(error.errors, map);
  mapped.fields.forEach(({ path, message }, i) => setError(path as FieldPath<V>, { type: 'server', message: word(path, message) }, { shouldFocus: i === 0 }));
  return { fields: mapped.fields.map((f) => f.path), other: mapped.other.length || mapped.fields.length ? mapped.other : [error.message] };
}
