// The History tab's words: a revision of a link (shared/objects/revision.object.ts) as a person reads it: who,
// through which path, and each changed field with the editor's label and its old and new value in plain words
// (names for ids, Yes/No for flags, a dash for nothing, passwords only as "changed"). Pure: the card renders it.
import type { LinkRevision, LinkRevisionChange, RevisionAction, RevisionSource } from '../../../shared/objects/revision.object';
import { TARGETS_TYPES, type TargetsType } from '../../../shared/enums';
import { fieldPredicate } from '../../lib/field-errors';
import { keyName, linkFieldLabel } from '../links/link-field-messages';
import { TARGETS_TYPE_LABELS } from '../targets/target-keys';
import { PRIVACY_LABEL, formatInZone } from './settings-view';

/** A value as the History tab shows it. */
export type DiffValue =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'url'; url: string }
  | { kind: 'badges'; items: string[] }
  | { kind: 'rules'; items: { key: string; url: string }[] }
  | { kind: 'secret' };

export interface DiffRow {
  field: string;
  label: string;
  /** Absent: the field had no value before (a new link) or has none after (a deleted one). */
  old?: DiffValue;
  new?: DiffValue;
}

/** Names of the account's spaces, pixels and domains by id; a missing map: not loaded (yet). */
export interface RefNames {
  spaces?: ReadonlyMap<number, string>;
  pixels?: ReadonlyMap<number, string>;
  domains?: ReadonlyMap<number, string>;
}

export interface DiffContext {
  names: RefNames;
  /** The viewer's time zone (the Settings card's). */
  tz: string;
  /** The link's targeting type now: the key words of rules whose revision did not change the type. */
  targetsType: TargetsType | null;
}

export const ACTION_WORDS: Record<RevisionAction, string> = { create: 'Created', update: 'Changed', delete: 'Deleted', restore: 'Restored' };

const SOURCE_WORDS: Record<RevisionSource, string> = {
  api: 'Editor or API',
  bulk_create: 'Bulk create',
  bulk_edit: 'Bulk edit',
  bulk_delete: 'Bulk delete',
  import: 'Import',
  undo: 'Undo',
  restore: 'Restore',
};

/** The path that made a revision, in words: "Bulk edit", "Import", "Restore of revision #12". */
export function sourceText(r: Pick<LinkRevision, 'source' | 'restored_from'>): string {
  if (r.source === 'restore' && r.restored_from !== null) return `Restore of revision #${r.restored_from}`;
  return SOURCE_WORDS[r.source];
}

/** Who made it: "You" for the signed-in account, a name, or a deleted user. */
export function actorText(actor: LinkRevision['actor'], meId: number | undefined): string {
  if (!actor) return 'A deleted user';
  return actor.id === meId ? 'You' : actor.name;
}

/** A revision can be restored unless it is the deletion, or the newest (the link's current state). */
export function canRestore(r: Pick<LinkRevision, 'action'>, isNewest: boolean): boolean {
  return !isNewest && r.action !== 'delete';
}

const URL_FIELDS = new Set(['url', 'expiration_url', 'og_image']);
const FLAG_FIELDS = new Set(['sensitive_content', 'disabled']);
const TIME_FIELDS = new Set(['active_period_start_at', 'active_period_end_at']);
const NONE: DiffValue = { kind: 'none' };
const text = (t: string): DiffValue => ({ kind: 'text', text: t });

const isTargetsType = (v: unknown): v is TargetsType => typeof v === 'string' && (TARGETS_TYPES as readonly string[]).includes(v);

function refName(map: ReadonlyMap<number, string> | undefined, id: number, noun: string): string {
  const name = map?.get(id);
  if (name !== undefined) return name;
  return map ? `${noun} #${id} (deleted)` : `${noun} #${id}`;
}

function rules(value: unknown[], type: TargetsType | null): DiffValue {
  return {
    kind: 'rules',
    items: value.map((t) => {
      const { key = '', value: url = '' } = (t ?? {}) as { key?: string; value?: string };
      return { key: type === 'rotations' ? `Weight ${key || 1}` : keyName(type, String(key)), url: String(url) };
    }),
  };
}

/** One value of `field` in words; `type`: the targeting type the value's rules belong to. */
export function describeValue(field: string, value: unknown, ctx: DiffContext, type: TargetsType | null = ctx.targetsType): DiffValue {
  if (value === null || value === undefined || value === '') return NONE;
  if (Array.isArray(value)) {
    if (!value.length) return NONE;
    if (field === 'tags') return { kind: 'badges', items: value.map(String) };
    if (field === 'pixel_ids') return text(value.map((id) => refName(ctx.names.pixels, Number(id), 'Pixel')).join(', '));
    if (field === 'targets') return rules(value, type);
    return text(value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', '));
  }
  if (field === 'domain_id') return text(refName(ctx.names.domains, Number(value), 'Domain'));
  if (field === 'space_id') return text(refName(ctx.names.spaces, Number(value), 'Space'));
  if (URL_FIELDS.has(field) && typeof value === 'string') return { kind: 'url', url: value };
  if (FLAG_FIELDS.has(field) || typeof value === 'boolean') return text(value === true || Number(value) === 1 ? 'Yes' : 'No');
  if (field === 'privacy' && (value === 0 || value === 1 || value === 2)) return text(PRIVACY_LABEL[value]);
  if (TIME_FIELDS.has(field) && typeof value === 'string') return text(formatInZone(value, ctx.tz));
  if (field === 'targets_type' && isTargetsType(value)) return text(TARGETS_TYPE_LABELS[value]);
  if (field === 'clicks_limit' && typeof value === 'number') return text(value.toLocaleString('en'));
  return text(typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** The revision's changes as rows: a new link's fields have no old side, a deleted link's no new side. */
export function describeChanges(r: Pick<LinkRevision, 'action' | 'changes'>, ctx: DiffContext): DiffRow[] {
  // Rules are worded by the type they had: the type changed in the same revision, or the link's type now.
  const typeChange = r.changes.find((c) => c.field === 'targets_type');
  const typeOf = (side: 'old' | 'new') => (typeChange ? (isTargetsType(typeChange[side]) ? typeChange[side] : null) : ctx.targetsType);
  return r.changes.map((c: LinkRevisionChange) => {
    const row: DiffRow = { field: c.field, label: linkFieldLabel(c.field, null) };
    if (c.redacted) return { ...row, new: { kind: 'secret' } };
    if (r.action !== 'create') row.old = describeValue(c.field, c.old, ctx, typeOf('old'));
    if (r.action !== 'delete') row.new = describeValue(c.field, c.new, ctx, typeOf('new'));
    return row;
  });
}

/** A refused restore's field errors (422: alias, domain_id, revision_id) as sentences: "Alias "x" has been taken…". */
export function restoreErrorMessages(errors: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.entries(errors).flatMap(([field, messages]) => {
    const first = messages[0];
    if (!first) return [];
    const predicate = fieldPredicate(field, first);
    // A whole sentence of its own (capitalised) stays as it is; a predicate gets the field's name.
    if (/^[A-Z]/.test(predicate)) return [predicate];
    return [`${field === 'revision_id' ? 'This revision' : linkFieldLabel(field, null)} ${predicate}`];
  });
}
