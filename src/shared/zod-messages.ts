// One place that words validation errors. Messages are predicates ("must be ...") so that the API can
// prefix the field ("The url field must be ...") and a form can show them under the field as they are.
import { z } from 'zod';

function describeType(expected: string): string {
  switch (expected) {
    case 'string':
      return 'a string';
    case 'number':
    case 'int':
      return 'a number';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    case 'boolean':
      return 'true or false';
    default:
      return `a valid ${expected}`;
  }
}

let installed = false;

export function installZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({
    customError: (iss) => {
      switch (iss.code) {
        case 'invalid_type':
          if (iss.input === undefined || iss.input === null) return 'is required.';
          return `must be ${describeType(String(iss.expected))}.`;
        case 'too_big':
          if (iss.origin === 'string') return `must not be longer than ${iss.maximum} characters.`;
          if (iss.origin === 'array') return `must not have more than ${iss.maximum} items.`;
          return `must not be greater than ${iss.maximum}.`;
        case 'too_small':
          if (iss.origin === 'string') return Number(iss.minimum) <= 1 ? 'is required.' : `must be at least ${iss.minimum} characters.`;
          if (iss.origin === 'array') return `must have at least ${iss.minimum} items.`;
          return `must be at least ${iss.minimum}.`;
        case 'invalid_value':
          return `must be one of: ${iss.values.map(String).join(', ')}.`;
        case 'invalid_format':
          return `has an invalid format.`;
        case 'invalid_union':
          return 'is invalid.';
        default:
          return undefined;
      }
    },
  });
}

installZodMessages();

/** Dotted path of an issue, as the API's `errors` object names fields (`targets.0.value`). */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Laravel-style errors bag: field -> messages, plus the first message in full. */
export function errorsBag(issues: readonly z.core.$ZodIssue[], prefix?: string): {
  message: string;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  for (const iss of issues) {
    const field = issuePath(iss.path) || prefix || 'input';
    (errors[field] ??= []).push(sentence(field, iss.message));
  }
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return { message: first, errors };
}

/** "must be a string." on field url -> "The url field must be a string." */
export function sentence(field: string, message: string): string {
  if (/^(must|is|has|does|duplicates|cannot|should|may)\b/.test(message)) return `The ${field} field ${message}`;
  return message;
}
