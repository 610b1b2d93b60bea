// The read-only rule of every write: what a client chose once stays, and saying otherwise is an
// error; what the server computes is not the client's to send. A resource's read-only fields are those fixed
// when it was created: its id, owner and creation time, and the fields its update body cannot take although
// its create body could (a domain's `name`, a link's `domain_id`). A PUT or PATCH may send one with the value
// the resource has (a client may send back what it read); with another value it is refused: 422 naming the
// field, "cannot be changed: <why>". What the server computes or derives (counters, `status`, `short_url`,
// `updated_at`, the objects behind `space_id` or `pixel_ids`) changes on its own, so a value sent for it is
// ignored, as an unknown field is (contract 2): comparing it would refuse a GET sent back after a click.
import type { z } from 'zod';
import { parseTimestamp } from './fields';

/** Why most read-only fields cannot change. */
export const SERVER_SETS = 'the server sets it';
const OWNER = 'it stays with the account that created it';

export interface ReadOnlySpec {
  /** Each read-only field and why it cannot change (the 422 says "cannot be changed: <why>."). */
  fields: Record<string, string>;
  /** How a field's sent value is read before it is compared (a domain name in another spelling). */
  normalise?: Record<string, (sent: unknown) => unknown>;
}

export interface ReadOnlyOptions {
  /** Fields set on create only, with why: also read-only when the object does not show them (`domain_id`). */
  createOnly?: Record<string, string>;
  /** Why a field cannot change when it is not SERVER_SETS (`space` shows `space_id`: send that). */
  reasons?: Record<string, string>;
  /** A resource of an account: its `user_id`, which the object does not show, is read-only too. */
  owned?: boolean;
  normalise?: ReadOnlySpec['normalise'];
}

type Def = { type?: string; shape?: Record<string, unknown>; in?: unknown; out?: unknown; innerType?: unknown };
const defOf = (schema: unknown): Def => ((schema as { _zod?: { def?: Def } })._zod?.def ?? {}) as Def;

/** The field names an object schema takes, also through its refinements, transforms and preprocessing. */
export function fieldsOf(schema: z.ZodType): string[] {
  const seen = new Set<string>();
  const walk = (s: unknown): void => {
    const def = defOf(s);
    if (def.type === 'object' && def.shape) for (const k of Object.keys(def.shape)) seen.add(k);
    if (def.type === 'pipe') {
      walk(def.in);
      walk(def.out);
    }
  };
  walk(schema);
  return [...seen];
}

/** Fixed at creation for every resource that shows them. */
const IDENTITY: Record<string, string> = { id: 'it names the resource', created_at: 'it is when the resource was created' };

/** The read-only fields of a resource: its identity (id, created_at, owner) and its create-only fields. */
export function readOnlySpec(object: z.ZodType, update: z.ZodType, opts: ReadOnlyOptions = {}): ReadOnlySpec {
  const writable = new Set(fieldsOf(update));
  const fields: Record<string, string> = {};
  for (const k of fieldsOf(object)) {
    if (!writable.has(k) && k in IDENTITY) fields[k] = opts.reasons?.[k] ?? IDENTITY[k] ?? SERVER_SETS;
  }
  if (opts.owned) fields.user_id = OWNER;
  for (const [k, why] of Object.entries(opts.createOnly ?? {})) fields[k] = why;
  return { fields, normalise: opts.normalise };
}

/** The rule in a sentence, for an update operation's description. */
export function readOnlyNote(spec: ReadOnlySpec): string {
  const names = Object.keys(spec.fields).map((k) => `\`${k}\``);
  return `Read-only fields (${names.join(', ')}) are accepted with the value they have and refused with any other (422 "cannot be changed").`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlank = (v: unknown) => v === null || v === '' || (Array.isArray(v) && (v.length === 0 || (v.length === 1 && v[0] === '')));
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * Whether a sent value is the current one, as a form or JSON body would carry it: "7" is 7, "" is null, a
 * time is compared as a time, a reference may be sent as its id (`domain=3` for `{"id": 3, ...}`), and an
 * object or list as it was read (a form's `space[id]=3`).
 */
export function sameValue(sent: unknown, current: unknown): boolean {
  // An id reference of 0 means none, as the write fields read it.
  if (current === undefined || current === null) return isBlank(sent) || sent === 0 || sent === '0';
  if (isBlank(sent)) return Array.isArray(current) ? current.length === 0 : current === '';
  if (Array.isArray(current)) {
    const list = Array.isArray(sent) ? sent : isRecord(sent) ? Object.values(sent) : [sent];
    return list.length === current.length && list.every((v, i) => sameValue(v, current[i]));
  }
  if (isRecord(current)) {
    if (!isRecord(sent)) return 'id' in current && sameValue(sent, current.id);
    return Object.keys(sent).every((k) => k in current && sameValue(sent[k], current[k]));
  }
  if (isRecord(sent) || Array.isArray(sent)) return false;
  const text = typeof sent === 'string' ? sent.trim() : String(sent);
  if (typeof current === 'boolean') return current ? ['true', '1'].includes(text) : ['false', '0'].includes(text);
  if (typeof current === 'string' && ISO_TIME.test(current) && ISO_TIME.test(text)) {
    // Times are read as every write reads them (the contract's formats; no zone is UTC).
    const sentAt = parseTimestamp(text);
    return sentAt !== null && sentAt === parseTimestamp(current);
  }
  return text === String(current);
}

/** The read-only fields a body carries (any value but absent), as sent. */
export function pickReadOnly(body: unknown, spec: ReadOnlySpec): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  if (!isRecord(body)) return sent;
  for (const k of Object.keys(spec.fields)) if (body[k] !== undefined) sent[k] = body[k];
  return sent;
}

/** One issue per read-only field sent with a value other than the current one, named as sent. */
export function readOnlyIssues(sent: Record<string, unknown>, current: Record<string, unknown>, spec: ReadOnlySpec): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  for (const [field, value] of Object.entries(sent)) {
    const why = spec.fields[field];
    if (why === undefined) continue;
    const read = spec.normalise?.[field]?.(value) ?? value;
    if (!sameValue(read, current[field])) issues.push({ field, message: `cannot be changed: ${why}.` });
  }
  return issues;
}
