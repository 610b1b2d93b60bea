// Turning validation messages into what a form shows under its fields.
import { ApiError } from '../../lib/api-client';

/** "must be a URL." -> "Must be a URL."; "The homepage_url field must be..." -> "Must be...". */
export function fieldMessage(message: string, field?: string): string {
  let m = message.trim();
  const prefix = /^The [A-Za-z0-9_.]+ field /.exec(m);
  if (prefix && (!field || prefix[0] === `The ${field} field `)) m = m.slice(prefix[0].length);
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/**
 * Splits a 422's errors bag into messages for the form's own fields and the rest (shown above the form).
 * Nested keys (`targets.0.value`) stay as they are, since react-hook-form names fields with dots too.
 */
export function splitServerErrors(
  errors: Record<string, string[]>,
  fields: readonly string[],
): { fieldErrors: Record<string, string>; other: string[] } {
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    if (fields.includes(key)) fieldErrors[key] = fieldMessage(first, key);
    else other.push(first);
  }
  return { fieldErrors, other };
}

/** Puts a failed save's field errors on the form; returns the message to show above it (or null). */
export function applyServerErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { type: string; message: string }, options?: { shouldFocus: boolean }) => void,
): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Saving failed.';
  if (error.status !== 422) return error.message;
  const { fieldErrors, other } = splitServerErrors(error.errors, fields);
  let first = true;
  for (const [field, message] of Object.entries(fieldErrors)) {
    setError(field as F, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  if (other.length) return other.join(' ');
  return Object.keys(fieldErrors).length ? null : error.message;
}

/** A react-hook-form field error as the field shows it (see fieldMessage); nothing without one. */
export function fieldError(error: { message?: string } | undefined): string | undefined {
  return error?.message && fieldMessage(error.message);
}
