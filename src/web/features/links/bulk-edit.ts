// The bulk edit of the links page: the fields PATCH /links/bulk can set on many links at once, in the
// editor's form values (the same widgets, link-form-fields.tsx), turned into the request's `set` by the editor's
// own conversion and checked by the API's own schema; then the dry run's answer in words.
import dayjs from 'dayjs';
import { bulkSetSchema, type BulkField } from '../../../shared/bulk.schema';
import type { Link } from '../../../shared/link.schema';
import { ApiError } from '../../lib/api-client';
import { fieldPredicate } from '../../lib/field-errors';
import { emptyLinkForm, toPayload, type LinkFormValues } from './link-form-values';
import { linkFieldLabel, linkFieldMessage } from './link-field-messages';

/** The fields set with the editor's widgets, in the order the dialog shows them (tags are added or taken off by name). */
export const BULK_EDIT_FIELDS = ['active_period_end_at', 'clicks_limit', 'expiration_url', 'pixel_ids', 'space_id', 'disabled'] as const satisfies readonly BulkField[];
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number];

export type BulkEditValues = Pick<LinkFormValues, BulkEditField> & {
  add_tags: string[];
  remove_tags: string[];
  /** Whether each field is set: a ticked field left empty clears it. */
  change: Record<BulkEditField, boolean>;
};

export const isBulkEditField = (name: string | undefined): name is BulkEditField => (BULK_EDIT_FIELDS as readonly string[]).includes(name ?? '');

export function emptyBulkEdit(): BulkEditValues {
  const form = emptyLinkForm();
  const change = Object.fromEntries(BULK_EDIT_FIELDS.map((f) => [f, false])) as Record<BulkEditField, boolean>;
  return { ...(Object.fromEntries(BULK_EDIT_FIELDS.map((f) => [f, form[f]])) as Pick<LinkFormValues, BulkEditField>), add_tags: [], remove_tags: [], change };
}

export type BulkSet = Partial<Record<BulkField, unknown>>;

/** The `set` of PATCH /links/bulk: each ticked field as the editor sends it (empty clears), and the tag names to add or take off. */
export function bulkSetOf(v: BulkEditValues): BulkSet {
  const payload = toPayload({ ...emptyLinkForm(), ...Object.fromEntries(BULK_EDIT_FIELDS.map((f) => [f, v[f]])) }, 'edit');
  const set: BulkSet = {};
  for (const f of BULK_EDIT_FIELDS) if (v.change[f]) set[f] = payload[f];
  if (v.add_tags.length) set.add_tags = v.add_tags;
  if (v.remove_tags.length) set.remove_tags = v.remove_tags;
  return set;
}

const NO_CONTEXT = { targetsType: null, targets: [] };

/** The API's rules on a `set` (shared/bulk.schema.ts), each broken one on its form field in the editor's words. */
export function bulkSetErrors(set: BulkSet): Partial<Record<keyof BulkEditValues, string>> {
  const parsed = bulkSetSchema.safeParse(set);
  const out: Partial<Record<keyof BulkEditValues, string>> = {};
  for (const iss of parsed.success ? [] : parsed.error.issues) {
    const field = String(iss.path[0] ?? '') as keyof BulkEditValues;
    out[field] ??= linkFieldMessage(field, iss.message, NO_CONTEXT);
  }
  return out;
}

/** A refused dry run's 422 with the fields as the form names them (`set.clicks_limit` -> `clicks_limit`), for applyApiErrors. */
export function withoutSetPrefix(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.status !== 422) return err;
  const errors = Object.fromEntries(
    Object.entries(err.errors).map(([field, messages]) => (field.startsWith('set.') ? [field.slice(4), messages.map((m) => fieldPredicate(field, m))] : [field, messages])),
  );
  return new ApiError(err.status, err.message, errors, err.body);
}

/** A selected link the change cannot be made to (the dry run's `invalid`). */
export interface BulkInvalidLink {
  id: number;
  alias: string;
  short_url: string;
  errors: Record<string, string[]>;
}

/** What PATCH /links/bulk?dry_run=1 answers. */
export interface BulkEditPreview {
  count: number;
  dry_run: true;
  links: Link[];
  changed: number;
  invalid_count: number;
  invalid: BulkInvalidLink[];
}

const links = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'link' : 'links'}`;

/** "Will change 212 links; 3 would be invalid:" */
export function previewHeadline(p: Pick<BulkEditPreview, 'changed' | 'invalid_count'>): string {
  const invalid = p.invalid_count ? `; ${p.invalid_count.toLocaleString('en')} would be invalid:` : '.';
  return p.changed === 0 && !p.invalid_count ? 'Nothing would change: the selected links already have these values.' : `Will change ${links(p.changed)}${invalid}`;
}

/** Selected links the change leaves as they are because they already have these values. */
export const alreadySo = (p: Pick<BulkEditPreview, 'count' | 'changed' | 'invalid_count'>) => Math.max(0, p.count - p.changed - p.invalid_count);

/** Why a link cannot take the change, in the editor's words: "End must be after the link's Start." */
export function invalidReasons(link: BulkInvalidLink): string[] {
  return Object.entries(link.errors).flatMap(([field, messages]) => messages.map((m) => linkFieldMessage(field.replace(/^set\./, ''), m, NO_CONTEXT)));
}

/** Names of the spaces and pixels, for saying what a `set` does. */
export interface Names {
  spaces: ReadonlyMap<number, string>;
  pixels: ReadonlyMap<number, string>;
}

const quoted = (names: unknown) => (names as string[]).map((n) => `“${n}”`).join(', ');

/** What a `set` does, field by field: ["End: 2031-01-01 10:00", "Clicks limit: none (no limit)", ...]. */
export function describeSet(set: BulkSet, names: Names): { label: string; value: string }[] {
  const value = (f: BulkField, v: unknown): string => {
    switch (f) {
      case 'active_period_end_at':
        return v ? `${dayjs(v as string).format('YYYY-MM-DD HH:mm')} (your time zone)` : 'none (cleared)';
      case 'clicks_limit':
        return v === '' ? 'none (no limit)' : Number(v).toLocaleString('en');
      case 'expiration_url':
        return v ? String(v) : 'none (cleared)';
      case 'pixel_ids':
        return (v as number[]).length ? (v as number[]).map((id) => names.pixels.get(id) ?? `#${id}`).join(', ') : 'none (cleared)';
      case 'space_id':
        return v === '' ? 'no space' : (names.spaces.get(Number(v)) ?? `#${String(v)}`);
      case 'disabled':
        return v === 1 ? 'disabled (the short URLs answer 404)' : 'enabled';
      case 'add_tags':
      case 'remove_tags':
        return quoted(v);
    }
  };
  const label = (f: BulkField) => (f === 'add_tags' ? 'Add tags' : f === 'remove_tags' ? 'Remove tags' : linkFieldLabel(f, null));
  return (Object.keys(set) as BulkField[]).map((f) => ({ label: label(f), value: value(f, set[f]) }));
}
