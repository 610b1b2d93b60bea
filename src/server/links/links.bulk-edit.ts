// The bulk PATCH's checks of each selected link and its dry run. A change that is valid for the
// body can still be one that some links cannot take: an end date not after their start, more tags than a link
// may carry. The checks are the bulk repository's own (the ones the write relies on), run on the selection;
// the dry run makes the change in a transaction that it rolls back, so "would change" is what a write changes.
import type { BulkChanges, Selection } from '../../shared/bulk.schema';
import { DRY_RUN_SAMPLE } from '../../shared/bulk.schema';
import type { Link } from '../../shared/link.schema';
import { TAGS_PER_LINK_MAX } from '../../shared/tag.schema';
import { RuleError } from '../rule-error';
import { endBeforeStart, tooManyTags, type LinksBulkRepo, type Trx } from './links.bulk.repo';
import { diffStates, fieldsOfBulkChanges, readStates } from './history/link-state';

/** The selected links that cannot take the change: by id (lowest first), their errors by field of the body. */
export type InvalidLinks = Map<number, Record<string, string[]>>;

/** The per-link reasons, as predicates of the field (the body's field, as in a 422). */
const END_REASON = "must be a date after the link's active_period_start_at.";
const TAGS_REASON = `would give the link more than ${TAGS_PER_LINK_MAX} tags.`;

/** Every selected link the change cannot be made to, with why. */
export async function invalidLinks(bulk: LinksBulkRepo, trx: Trx, userId: number, ids: number[], changes: BulkChanges): Promise<InvalidLinks> {
  const out: InvalidLinks = new Map();
  const add = (field: string, message: string, bad: number[]) => {
    for (const id of bad) {
      const errors = out.get(id) ?? {};
      errors[field] = [...(errors[field] ?? []), message];
      out.set(id, errors);
    }
  };
  if (!ids.length) return out;
  const end = changes.active_period_end_at;
  if (end) add('set.active_period_end_at', END_REASON, await bulk.startsNotBefore(trx, ids, end));
  if (changes.add_tags?.length) add('set.add_tags', TAGS_REASON, await bulk.tagsOverLimit(trx, userId, ids, changes.add_tags, changes.remove_tags ?? []));
  return new Map([...out].sort(([a], [b]) => a - b));
}

/** The 422 of a change that some links cannot take (without partial=1): each field names the first of them. */
export function invalidError(invalid: InvalidLinks): RuleError {
  const of = (field: string) => [...invalid].filter(([, errors]) => errors[field]).map(([id]) => id);
  const issues = [
    { field: 'set.active_period_end_at', ids: of('set.active_period_end_at'), message: endBeforeStart },
    { field: 'set.add_tags', ids: of('set.add_tags'), message: tooManyTags },
  ];
  return new RuleError(issues.filter((i) => i.ids.length).map((i) => ({ field: i.field, message: `${i.message(i.ids)} Send partial=1 to change the other links.` })));
}

export interface UpdatePreview {
  /** The selected links, newest first. */
  ids: number[];
  invalid: InvalidLinks;
  /** Links whose stored values the change would change. */
  changed: number;
}

class RolledBack extends Error {
  constructor(readonly preview: UpdatePreview) {
    super('dry run');
  }
}

/** What the change would do to the selection: made in a transaction that is then rolled back. */
export async function previewUpdate(bulk: LinksBulkRepo, userId: number, s: Selection, changes: BulkChanges, now: string): Promise<UpdatePreview> {
  const fields = fieldsOfBulkChanges(changes);
  try {
    await bulk.transaction(async (trx) => {
      const ids = await bulk.selectIds(trx, userId, s, now);
      const invalid = await invalidLinks(bulk, trx, userId, ids, changes);
      const valid = ids.filter((id) => !invalid.has(id));
      let changed = 0;
      if (valid.length) {
        const before = await readStates(trx, valid, fields);
        await bulk.update(trx, userId, s, changes, valid, now);
        const after = await readStates(trx, valid, fields);
        changed = valid.filter((id) => diffStates(before.get(id)?.state, after.get(id)?.state, fields).length > 0).length;
      }
      throw new RolledBack({ ids, invalid, changed });
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.preview;
    throw err;
  }
  throw new Error('A dry run committed.');
}

/** The dry run's answer: the count, the first links, and what the change would do. */
export async function dryRunAnswer(preview: UpdatePreview, present: (ids: number[]) => Promise<Link[]>) {
  const invalidIds = [...preview.invalid.keys()].slice(0, DRY_RUN_SAMPLE);
  const [links, invalidLinks] = await Promise.all([present(preview.ids.slice(0, DRY_RUN_SAMPLE)), present(invalidIds)]);
  const invalid = invalidLinks.map((l) => ({ id: l.id, alias: l.alias, short_url: l.short_url, errors: preview.invalid.get(l.id) ?? {} }));
  return {
    count: preview.ids.length,
    dry_run: true as const,
    links,
    changed: preview.changed,
    invalid_count: preview.invalid.size,
    invalid,
  };
}
