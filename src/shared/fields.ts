// Field schemas that accept both form-encoded strings and JSON values. Empty strings clear (null);
// absent stays undefined so that updates change only what was sent.
import { z } from 'zod';
import { LIMITS } from './enums';
import './zod-messages';
import { BIDI_RULE, hasBidiControls } from './bidi';

const isEmpty = (v: unknown) => v === '' || v === null;

/** "must be an integer." for a wrong type; the default wording for range errors. */
const intError = { error: (iss: { code: string }) => (iss.code === 'invalid_type' ? 'must be an integer.' : undefined) };
const idError = 'must be an id (a positive integer).';

/** The largest id a row can have (a 32-bit integer column on PostgreSQL); a larger one names nothing. */
export const MAX_ID = 2_147_483_647;

export function httpUrl() {
  return z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.urlMax)
    .refine((v) => !CONTROL_CHARS.test(v), { error: 'must not contain control characters (such as line breaks or tabs).', abort: true })
    .refine((v) => !hasBidiControls(v), { error: BIDI_RULE, abort: true })
    .refine((v) => isHttpUrl(v), { error: 'must be a valid http or https URL.' });
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * What a person typed as a web address, with `https://` in front when they left the scheme out
 * (`example.com/page`, `www.example.com`, `localhost:8080`, `//cdn.example.com`). Anything with a scheme of its
 * own (`http:`, `mailto:`, `javascript:`) or that does not start like a host name is returned as it was, for the
 * URL rule to judge. The dashboard shows the result in the field before saving; the API itself stays strict.
 */
export function withDefaultScheme(typed: string): string {
  const v = typed.trim();
  if (v === '') return typed;
  if (v.startsWith('//')) return `https:${v}`;
  // A scheme is letters then ':' not followed by a digit ("localhost:8080" is a host and a port).
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(v)) return typed;
  const host = /^[^\s/?#@:]+/.exec(v)?.[0] ?? '';
  if (!/^localhost$/i.test(host) && !/^[^.]+(\.[^.]+)+$/.test(host)) return typed;
  return `https://${v}`;
}

/** URL or null; '' and null clear. */
export function nullableUrl() {
  return z.preprocess((v) => (isEmpty(v) ? null : v), httpUrl().nullable());
}

/**
 * The one rule for every name and title a person types (links' texts, domains, spaces, pixels, tags, UTM
 * templates, users): no bidirectional control characters, which could make `moc.elgoog` read as `google.com`,
 * and no NUL, which no text column of PostgreSQL can hold (SQLite would keep it and cut the text short on show).
 */
export function typedText<T extends z.ZodType<string>>(schema: T): T {
  return schema
    .refine((v: string) => !v.includes('\u0000'), { error: 'must not contain the NUL character (U+0000).' })
    .refine((v: string) => !hasBidiControls(v), { error: BIDI_RULE });
}

/** A name a person types: trimmed, 1 to `max` characters. */
export function nameText(max: number) {
  return typedText(z.string().trim().min(1).max(max));
}

/** Text or null; '', null and blanks only clear (a blank title is no title: it sorts with the untitled). */
export function nullableText(max: number) {
  return z.preprocess((v) => (isEmpty(v) || (typeof v === 'string' && v.trim() === '') ? null : v), typedText(z.string().trim().max(max)).nullable());
}

const INT_RE = /^-?\d+$/;

function toInt(v: unknown): unknown {
  if (typeof v === 'string' && INT_RE.test(v.trim())) return Number(v.trim());
  return v;
}

export function intField(min: number, max: number) {
  return z.preprocess(toInt, z.number(intError).int({ error: 'must be an integer.' }).min(min).max(max));
}

/** A link's clicks limit: '' or 0 clears (no limit); otherwise 1 to 999999999. */
export const clicksLimitField = z.preprocess(
  (v) => (v === '' || v === null || v === 0 || v === '0' ? null : v),
  intField(1, LIMITS.clicksLimitMax).nullable(),
);

/** 0 or 1 from '0', '1', 0, 1, true, false. */
export const flag01 = z.preprocess(
  (v) => (v === true || v === 'true' ? 1 : v === false || v === 'false' ? 0 : toInt(v)),
  z.union([z.literal(0), z.literal(1)], { error: 'must be 0 or 1.' }),
);

/** A reference to another resource: a positive id, or ''/null/0 to clear. */
export const idRef = z.preprocess(
  (v) => (isEmpty(v) || v === 0 || v === '0' ? null : toInt(v)),
  z.number({ error: idError }).int({ error: idError }).positive({ error: idError }).max(MAX_ID, { error: idError }).nullable(),
);

/** A list of ids: pixel_ids[]=1&pixel_ids[]=2; an empty value clears. */
export const idList = z.preprocess(
  (v) => {
    if (isEmpty(v)) return [];
    const arr = Array.isArray(v) ? v : typeof v === 'object' && v !== null ? Object.values(v) : [v];
    return arr.filter((x) => !isEmpty(x)).map(toInt);
  },
  z.array(z.number({ error: idError }).int({ error: idError }).positive({ error: idError }).max(MAX_ID, { error: idError })).max(100),
);

const DT_RE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses the timestamps the API accepts (`Y-m-dTH:i:s`, `Y-m-d H:i`, `Y-m-d H:i:s`, ISO 8601 with Z or
 * an offset). A time without zone is UTC. Returns the ISO string, or null when the value is not one.
 */
export function parseTimestamp(value: string): string | null {
  const m = DT_RE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', frac = '0', zone] = m;
  const ms = Math.round(Number(`0.${frac}`) * 1000);
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const utc = Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], Math.min(ms, 999));
  const check = new Date(utc);
  if (
    check.getUTCFullYear() !== parts[0] ||
    check.getUTCMonth() !== parts[1] ||
    check.getUTCDate() !== parts[2] ||
    check.getUTCHours() !== parts[3] ||
    check.getUTCMinutes() !== parts[4] ||
    check.getUTCSeconds() !== parts[5]
  ) {
    return null;
  }
  let offsetMin = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2, 4));
    if (oh > 23 || om > 59) return null;
    offsetMin = sign * (oh * 60 + om);
  }
  return new Date(utc - offsetMin * 60_000).toISOString();
}

export const timestampField = z.preprocess(
  (v) => (isEmpty(v) ? null : v),
  z
    .string()
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const iso = parseTimestamp(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: 'must be a date and time like 2026-11-22T09:30:00.' });
        return z.NEVER;
      }
      return iso;
    }),
);

/** A password: '' or null clears; at most 128 characters. */
export const passwordField = z.preprocess(
  (v) => (isEmpty(v) ? null : v),
  z.string().max(LIMITS.passwordMax).nullable(),
);

/** Number from a query string, one of the listed values. */
export function queryNumberEnum<const T extends readonly number[]>(values: T, fallback: T[number]) {
  return z
    .preprocess(
      (v) => (v === undefined || v === '' ? undefined : toInt(v)),
      z.union(values.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<T[number]>], {
        error: `must be one of: ${values.join(', ')}.`,
      }).optional(),
    )
    .transform((v) => (v ?? fallback) as T[number]);
}

export function queryEnum<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: `must be one of: ${values.join(', ')}.` }).optional())
    .transform((v) => (v ?? fallback) as T[number]);
}

export function queryInt(min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : toInt(v)),
    z.number(intError).int({ error: 'must be an integer.' }).min(min).max(max).optional(),
  );
}

export const querySearch = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().max(LIMITS.searchMax).optional(),
);
