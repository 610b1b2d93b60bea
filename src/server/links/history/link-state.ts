// A link's writable state, as history sees it: every field an API body can set (the UTM fields are part of
// the url), with pixels and tags as sorted lists and the two passwords as their hashes. Read for many links
// at once (before and after a write, within its transaction) and compared field by field.
import type { Insertable, Kysely } from 'kysely';
import type { Database, LinksTable } from '../../db/schema';
import { inIds } from '../core/link-sql';
import { parseStoredTargets, type Target } from '../../../shared/targets';

export interface LinkState {
  url: string;
  alias: string;
  domain_id: number | null;
  title: string | null;
  space_id: number | null;
  pixel_ids: number[];
  tags: string[];
  redirect_password: string | null;
  sensitive_content: number;
  privacy: number;
  password: string | null;
  active_period_start_at: string | null;
  active_period_end_at: string | null;
  clicks_limit: number | null;
  expiration_url: string | null;
  targets_type: string | null;
  targets: Target[];
  disabled: number;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
}

/** The fields of a state, in the order of the link object; a revision lists its changes in this order. */
export const STATE_FIELDS = [
  'url', 'alias', 'domain_id', 'title', 'space_id', 'pixel_ids', 'tags', 'redirect_password', 'sensitive_content', 'privacy',
  'password', 'active_period_start_at', 'active_period_end_at', 'clicks_limit', 'expiration_url', 'targets_type', 'targets',
  'disabled', 'og_title', 'og_description', 'og_image',
] as const satisfies readonly (keyof LinkState)[];

export type StateField = (typeof STATE_FIELDS)[number];

/** A stored state with its owner (the account whose history it is); only the fields that were read. */
export interface OwnedState {
  owner_id: number;
  state: Partial<LinkState>;
}

/** The links column of each field kept in the row (pixels and tags have their own tables). */
const COLUMN_OF = {
  url: 'url',
  alias: 'alias',
  domain_id: 'domain_id',
  title: 'title',
  space_id: 'space_id',
  redirect_password: 'redirect_password_hash',
  sensitive_content: 'sensitive_content',
  privacy: 'privacy',
  password: 'password_hash',
  active_period_start_at: 'active_period_start_at',
  active_period_end_at: 'active_period_end_at',
  clicks_limit: 'clicks_limit',
  expiration_url: 'expiration_url',
  targets_type: 'targets_type',
  targets: 'targets',
  disabled: 'disabled',
  og_title: 'og_title',
  og_description: 'og_description',
  og_image: 'og_image',
} as const satisfies Record<Exclude<StateField, 'pixel_ids' | 'tags'>, keyof LinksTable>;

type RowField = keyof typeof COLUMN_OF;
const isRowField = (f: StateField): f is RowField => f in COLUMN_OF;

/** The links columns of a whole state, by the same map readStates reads them with (pixels and tags have their own tables). */
export function columnsOf(state: LinkState): Pick<Insertable<LinksTable>, (typeof COLUMN_OF)[RowField]> {
  const out: Record<string, unknown> = {};
  for (const f of STATE_FIELDS.filter(isRowField)) out[COLUMN_OF[f]] = f === 'targets' ? JSON.stringify(state.targets) : state[f];
  return out as unknown as Pick<Insertable<LinksTable>, (typeof COLUMN_OF)[RowField]>;
}

/** Links read per query: one bound parameter holds the ids on both databases. */
const CHUNK = 5000;

/**
 * The states of the links `ids` that exist (missing ids are absent from the map), with the `fields` asked
 * for (a bulk edit reads only those it sets).
 */
export async function readStates(db: Kysely<Database>, ids: number[], fields: readonly StateField[] = STATE_FIELDS): Promise<Map<number, OwnedState>> {
  const out = new Map<number, OwnedState>();
  const rowFields = fields.filter(isRowField);
  const columns = [...new Set(rowFields.map((f) => COLUMN_OF[f]))];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const [rows, pixels, tags] = await Promise.all([
      db.selectFrom('links').select(['id', 'user_id', ...columns]).where(inIds(db, 'id', part)).execute(),
      fields.includes('pixel_ids') ? db.selectFrom('link_pixels').select(['link_id', 'pixel_id']).where(inIds(db, 'link_id', part)).execute() : [],
      fields.includes('tags')
        ? db.selectFrom('link_tags as lt').innerJoin('tags as t', 't.id', 'lt.tag_id').select(['lt.link_id', 't.name']).where(inIds(db, 'lt.link_id', part)).execute()
        : [],
    ]);
    const pixelsOf = group(pixels.map((p) => [p.link_id, p.pixel_id] as const));
    const tagsOf = group(tags.map((t) => [t.link_id, t.name] as const));
    for (const r of rows as unknown as (Record<string, unknown> & { id: number; user_id: number })[]) {
      const state: Record<string, unknown> = {};
      for (const f of rowFields) state[f] = f === 'targets' ? parseStoredTargets(r.targets as string) : r[COLUMN_OF[f]];
      if (fields.includes('pixel_ids')) state.pixel_ids = (pixelsOf.get(r.id) ?? []).sort((a, b) => a - b);
      if (fields.includes('tags')) state.tags = (tagsOf.get(r.id) ?? []).sort((a, b) => a.localeCompare(b));
      out.set(r.id, { owner_id: r.user_id, state: state as Partial<LinkState> });
    }
  }
  return out;
}

function group<K, V>(pairs: readonly (readonly [K, V])[]): Map<K, V[]> {
  const out = new Map<K, V[]>();
  for (const [k, v] of pairs) {
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

export interface StoredChange {
  field: StateField;
  old: unknown;
  new: unknown;
}

/** A field's value when the link does not exist (before its creation, after its deletion). */
export function emptyValue(field: StateField): unknown {
  return field === 'pixel_ids' || field === 'tags' || field === 'targets' ? [] : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between two states (undefined: the link did not exist), in STATE_FIELDS order. */
export function diffStates(before: Partial<LinkState> | undefined, after: Partial<LinkState> | undefined, fields: readonly StateField[] = STATE_FIELDS): StoredChange[] {
  const out: StoredChange[] = [];
  const wanted = new Set<StateField>(fields);
  for (const field of STATE_FIELDS) {
    if (!wanted.has(field)) continue;
    const old = before ? (before[field] ?? emptyValue(field)) : emptyValue(field);
    const now = after ? (after[field] ?? emptyValue(field)) : emptyValue(field);
    if (!same(old, now)) out.push({ field, old, new: now });
  }
  return out;
}

/** The fields a bulk edit's `set` (or its undo) can change: add_tags and remove_tags change `tags`. */
export function fieldsOfBulkChanges(changes: object): StateField[] {
  const keys = Object.keys(changes).map((k) => (k === 'add_tags' || k === 'remove_tags' ? 'tags' : k));
  return STATE_FIELDS.filter((f) => keys.includes(f));
}
